#pragma once
// The receiver side of Algorithm 1 (lines 38-43; paper 1 §II-A2, §II-A3, §II-B2): received
// messages of queries are copied once into staging memory, coalesced into batches of
// k_batch_words, and each batch is handed to the next of
// several execution space instances (CUDA streams on a GPU), where it is copied to the device,
// decoded and counted while the host goes back to communicating. A stream's buffers are reused
// only after its previous batch has finished (two or more streams: double buffering of the
// host/device copies). Host ranks use the same path on their host space (instances are trivial
// there and run in order).
//
// Queries name vertices by their positions in the global order (rank_setup.hpp), so a query
// (m, n) (n after m) is answered from m's oriented row N+(m), ascending positions:
//   flat     [m0, n0, m1, n1, ...]: the lookup kernel, one thread per query (binary search of
//            n in N+(m)), as the paper's GPU variants send;
//   compact  [-(m+1), n1, n2, ..., -(m'+1), ...] (compact_format.hpp): decoded on the receiving
//            space by one prefix scan that locates the runs (no host round trip), then the
//            split-edge kernel: one team per run (grid blocks over the distance-1 items), its
//            threads over the run's candidates (each thread one distance-2 lookup);
//   rows     records [-(k+1), L, list..., indices...] (compact_format.hpp): the same scan finds
//            the records, then one team per record, a thread per parent index, its vector
//            lanes intersecting the list after the parent with N+(parent).
// Queries whose m is not owned here are counted on the device and reported by finish().
#include <Kokkos_Core.hpp>

#include <cstddef>
#include <vector>

#include "core/kokkos_ext/space_instances.hpp"
#include "distributed/mpi/query_messenger.hpp"
#include "distributed/triangle_count/rank_setup.hpp"

namespace tessera::dist::detail {

template <class Space>
class QueryReceiver {
 public:
  using memory = typename Space::memory_space;
  using staging = typename kokkos_ext::StagingMemory<Space>::type;

  // Messages are coalesced into batches of at least this many words (16 MiB): every batch costs
  // a copy and two or three kernel launches on its instance, and on the H200 (2026-12-02, kron22,
  // two ranks sharing the GPU, MPI-only variant) one batch per 6.5 KB message made 29,000
  // batches per rank and 31 s of answering.
  static constexpr std::size_t k_batch_words = std::size_t(1) << 22;

  // `dag`: this rank's oriented rows (vertices [first, last)); `streams` >= 1 instances;
  // `batch_words`: the coalescing threshold (tests lower it to exercise many batches).
  QueryReceiver(const RankDag<memory>& dag, vid_t first, vid_t last, QueryFormat format, int streams,
                std::size_t batch_words = k_batch_words);

  // Appends a received message (`count` words in the receiver's format, starting at a query,
  // run or record boundary) to the open batch; a batch starts counting on its instance once it
  // holds batch_words words (or at finish). Waits only when that instance's previous batch
  // still runs.
  void submit(const vid_t* words, std::size_t count);
  // Waits for every batch; returns the queries answered yes (closed wedges). Throws when a
  // query named a vertex this rank does not own, or a compact batch did not start with a parent.
  count_t finish();

  std::size_t batches() const { return batches_; }

 private:
  struct Slot {
    Kokkos::View<vid_t*, staging> host;
    Kokkos::View<vid_t*, memory> words;      // == host where the space reads host memory
    Kokkos::View<eid_t*, memory> run_start;  // compact: index of each run's parent marker
    bool busy = false;
  };
  void reserve(Slot& slot, std::size_t count);
  void launch_open_batch();

  RankDag<memory> dag_;
  vid_t first_, last_;
  QueryFormat format_;
  kokkos_ext::SpaceInstances<Space> instances_;
  std::vector<Slot> slots_;
  Kokkos::View<unsigned long long*, memory> found_;  // per instance: wedges closed
  Kokkos::View<unsigned long long*, memory> bad_;    // per instance: malformed queries
  Kokkos::View<eid_t*, memory> runs_;                // per instance: runs of its current batch
  std::size_t batch_words_;
  int next_ = 0;            // the instance of the open batch
  std::size_t open_ = 0;    // words in the open batch (slots_[next_].host)
  std::size_t batches_ = 0;
};

}  // namespace tessera::dist::detail

#pragma once
// The rows a rank's kernels read in place (paper 1, §II-B3): its own, and with IPC those of
// the other ranks of its node, mapped through CUDA IPC handles.
#include <algorithm>
#include <memory>
#include <type_traits>
#include <vector>

#include "core/error.hpp"
#include "core/kokkos_ext/ipc_memory.hpp"
#include "distributed/mpi/node_shared_memory.hpp"
#include "distributed/triangle_count/dist_params.hpp"
#include "distributed/triangle_count/rank_setup.hpp"

namespace tessera::dist::detail {

// Which ranks' rows this rank reads in place: itself, and with IPC or node shared memory every
// rank of its node.
std::vector<char> readable_ranks(DistVariant variant, const NodeTopology& topology, int me);

// How node-local ranks' rows are read: not at all, through CUDA IPC in place (ipc, mpi+ipc),
// through CUDA IPC copied once into this GPU's memory (ipc-rows copy), or through an MPI
// shared-memory window on the host (shm).
enum class RowsSharing { none, cuda_ipc, cuda_ipc_copy, node_window };

// The oriented rows (out-lists N+) a rank's kernels read, in Space's memory: its own (copied
// to a device; in an IPC-shared buffer or a node shared-memory window when shared), and
// node-local ranks' mapped through IPC handles exchanged once with an all-gather (paper 1,
// §II-B3) or found in the window.
template <class Space>
class ReadableRows {
 public:
  using memory = typename Space::memory_space;

  ReadableRows(const Communicator& comm, const DistGraph& g, const RankDag<memory>& dag, const std::vector<char>& readable,
               RowsSharing sharing, const NodeTopology& topology) {
    const bool ipc = sharing == RowsSharing::cuda_ipc || sharing == RowsSharing::cuda_ipc_copy;
    const int p = comm.size();
    const vid_t n_local = g.end() - g.begin();
    const eid_t nnz = static_cast<eid_t>(dag.entries.extent(0));
    if (ipc) {
      TESSERA_USER_REQUIRE(kokkos_ext::ipc_supported(),
                           "the ipc and mpi+ipc variants need the CUDA backend (zero-copy CUDA IPC); this build "
                           "runs on "
                               << Space::name() << ": use --variant gpu or cpu");
      shared_ = kokkos_ext::SharedDeviceBuffer(rows_bytes(n_local, nnz));
      place_rows(static_cast<char*>(shared_.data()), dag, n_local, nnz);
    } else if (sharing == RowsSharing::node_window) {
      constexpr bool host_readable = Kokkos::SpaceAccessibility<Kokkos::HostSpace, memory>::accessible;
      TESSERA_REQUIRE(host_readable, "node shared memory holds host rows");
      window_ = std::make_unique<NodeSharedMemory>(comm.get(), topology.node, rows_bytes(n_local, nnz));
      place_rows(static_cast<char*>(window_->mine()), dag, n_local, nnz);
      Space().fence();
      window_->publish();
    } else {
      row_map_ = dag.row_map;
      entries_ = dag.entries;
    }

    std::vector<kokkos_ext::IpcHandle> handles(ipc ? static_cast<std::size_t>(p) : 0);
    if (ipc) {
      const kokkos_ext::IpcHandle mine = shared_.handle();
      TESSERA_MPI_CHECK(MPI_Allgather(&mine, sizeof mine, MPI_BYTE, handles.data(), sizeof mine, MPI_BYTE, comm.get()));
    }
    Kokkos::View<RowsRef*, host_memory> refs("tessera::dist::tc::rows_refs", static_cast<std::size_t>(p));
    for (int r = 0; r < p; ++r) {
      if (!readable[static_cast<std::size_t>(r)]) continue;
      RowsRef& ref = refs(r);
      ref.begin = g.vertex_offsets[static_cast<std::size_t>(r)];
      ref.end = g.vertex_offsets[static_cast<std::size_t>(r) + 1];
      if (r == g.rank) {
        ref.row_map = row_map_.data();
        ref.entries = entries_.data();
      } else {
        const char* base = nullptr;
        if (window_) {
          base = static_cast<const char*>(window_->of(node_rank_of(topology, r)));
        } else {
          mapped_.emplace_back(handles[static_cast<std::size_t>(r)]);
          base = static_cast<const char*>(mapped_.back().data());
          if (sharing == RowsSharing::cuda_ipc_copy) {  // one bulk copy over the GPU link
            const std::size_t bytes = mapped_.back().size();
            Kokkos::View<char*, memory> local(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::peer_rows"),
                                              bytes);
            Kokkos::deep_copy(local, Kokkos::View<const char*, memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(base, bytes));
            copies_.push_back(local);
            base = local.data();
          }
        }
        ref.row_map = reinterpret_cast<const eid_t*>(base);
        ref.entries = reinterpret_cast<const vid_t*>(base + row_map_bytes(ref.end - ref.begin));
      }
    }
    Kokkos::View<vid_t*, host_memory> offsets("tessera::dist::tc::offsets", g.vertex_offsets.size());
    std::copy(g.vertex_offsets.begin(), g.vertex_offsets.end(), offsets.data());
    table_.ranks = Kokkos::create_mirror_view_and_copy(memory{}, refs);
    table_.vertex_offsets = Kokkos::create_mirror_view_and_copy(memory{}, offsets);
  }

  const RowsTable<memory>& table() const { return table_; }
  // This rank's oriented rows in Space's memory (in the IPC-shared buffer for the IPC variants).
  const Kokkos::View<const eid_t*, memory>& own_row_map() const { return row_map_; }
  const Kokkos::View<const vid_t*, memory>& own_entries() const { return entries_; }

 private:
  // Layout of a shared buffer: row_map (n + 1 offsets), then the entries.
  static std::size_t row_map_bytes(vid_t n) { return (static_cast<std::size_t>(n) + 1) * sizeof(eid_t); }
  static std::size_t rows_bytes(vid_t n, eid_t nnz) { return row_map_bytes(n) + static_cast<std::size_t>(nnz) * sizeof(vid_t); }

  // Copies the own rows into a shared buffer at `base` in that layout and reads them from there.
  void place_rows(char* base, const RankDag<memory>& dag, vid_t n_local, eid_t nnz) {
    const Kokkos::View<eid_t*, memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>> row_map(
        reinterpret_cast<eid_t*>(base), static_cast<std::size_t>(n_local) + 1);
    const Kokkos::View<vid_t*, memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>> entries(
        reinterpret_cast<vid_t*>(base + row_map_bytes(n_local)), static_cast<std::size_t>(nnz));
    Kokkos::deep_copy(row_map, dag.row_map);
    Kokkos::deep_copy(entries, dag.entries);
    row_map_ = row_map;
    entries_ = entries;
  }

  // Rank r's index among the ranks of its node (ascending global rank, as the window numbers them).
  static int node_rank_of(const NodeTopology& topology, int r) {
    int k = 0;
    for (int q = 0; q < r; ++q) k += topology.node_of_rank[static_cast<std::size_t>(q)] == topology.node_of_rank[static_cast<std::size_t>(r)];
    return k;
  }

  kokkos_ext::SharedDeviceBuffer shared_;
  std::unique_ptr<NodeSharedMemory> window_;
  std::vector<kokkos_ext::MappedDeviceBuffer> mapped_;
  std::vector<Kokkos::View<char*, memory>> copies_;  // peers' rows copied here (cuda_ipc_copy)
  Kokkos::View<const eid_t*, memory> row_map_;
  Kokkos::View<const vid_t*, memory> entries_;
  RowsTable<memory> table_;
};

}  // namespace tessera::dist::detail

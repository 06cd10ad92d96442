#pragma once
// Deduplication of the oversized neighbour rows without sorting them (paper 3, §V-B and §V-E:
// "both memories are configured as closed-hashing hash-sets"). A row holds every pin of every
// incident net, about fifty times its distinct ids (256k-model: 17.3 G keys for 0.33 G unique),
// so sorting whole rows was most of the partitioner's time. Here one team takes one row and
// inserts its keys into a hash set in team scratch memory; the distinct keys are then written to
// the start of the row and only they are sorted. A key is id << 1 | flag, and the set ORs the flag
// of every occurrence of an id into its slot, which is what the sorted scan of the rows keeps.
//
// A row whose distinct ids overflow the shared-memory table (3/4 of 2^11-2^13 slots, as the
// backend allows) starts again in a table in the team's global scratch (level 1), sized for the
// level: at least twice its node count (a row cannot hold more distinct ids), up to 2^18 slots
// (2 MB a team, about 2 GB over an H100's resident teams). With 2^16 slots, the rows 256k-rand
// streams from its pins on its first levels (75-194 k nodes, tens of thousands of ids a row)
// overflowed it and were sorted whole: 119 s for the level of 75 k nodes (run 19), 23 s now.
// Where we differ from the paper: its insertion is not tried in shared memory first and then in
// global memory key by key, but row by row (simpler; the rows of the Table I networks average
// 200-1,300 distinct ids, so few rows go global); and a row overflowing the global table too is
// sorted whole (the former path, now only for levels of more than 2^17 nodes; the reader of the
// rows handles duplicates) instead of using its oversized segment as a table. Results do not
// depend on the order of insertion, nor on the table sizes: every row ends sorted.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/kokkos_kernels_compat.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/types.hpp"

namespace tessera::partitioning::detail {

// Table sizes (slots of 8 bytes): shared memory takes what the backend gives a team, up to 64
// KiB; the global table up to 2 MB a team (196 k distinct ids).
inline constexpr int k_dedup_max_shared_bits = 13;
inline constexpr int k_dedup_max_table_bits = 18;
inline constexpr std::int64_t k_dedup_empty = -1;

template <class ExecSpace, class RowMap, class Keys, class Ends>
struct HashRowDedup {
  using policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>;
  using member = typename policy::member_type;
  using table_view = Kokkos::View<std::int64_t*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  using counter_view = Kokkos::View<int*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;

  RowMap rows;
  Keys keys;
  Ends ends;  // ends(r): keys[rows(r), ends(r)) are row r's keys, sorted, distinct unless overflowed
  std::int64_t id_bound;  // every id of a row is below it: no row has more distinct ids
  int bits0;  // table bits in team scratch level 0 (shared memory on GPUs)
  int bits1;  // table bits in level 1 (global memory), for rows overflowing level 0
  bool sort_in_team;

  static std::size_t scratch_bytes(int level, int bits) {
    return table_view::shmem_size(std::size_t(1) << bits) + (level == 0 ? counter_view::shmem_size(4) : 0);
  }

  // Table bits for up to `ids` distinct ids at half load: the fewest in [4, max_bits] with
  // 2^bits >= 2 ids (a row's table, and the global table of a level).
  KOKKOS_INLINE_FUNCTION static int half_load_bits(std::int64_t ids, int max_bits) {
    int bits = 4;
    while (bits < max_bits && (std::int64_t(1) << bits) < 2 * ids) ++bits;
    return bits;
  }

  // Inserts key into the table of 2^bits slots; returns false when the row overflows.
  KOKKOS_INLINE_FUNCTION static bool insert(const table_view& table, int bits, const counter_view& counters,
                                            std::int64_t key) {
    const std::uint64_t mask = (std::uint64_t(1) << bits) - 1;
    const std::int64_t id = key >> 1;
    std::uint64_t s = (std::uint64_t(id) * 0x9E3779B97F4A7C15ull) >> (64 - bits);
    const std::int64_t empty = k_dedup_empty;  // a local: the CAS binds a reference to it
    for (std::uint64_t probe = 0; probe <= mask; ++probe, s = (s + 1) & mask) {
      std::int64_t seen = *static_cast<volatile std::int64_t*>(&table(s));
      if (seen == empty) {
        seen = Kokkos::atomic_compare_exchange(&table(s), empty, key);
        if (seen == empty) {  // a new id: stop at 3/4 of the slots
          const int used = Kokkos::atomic_fetch_add(&counters(0), 1) + 1;
          return used <= int(mask - (mask >> 2));
        }
      }
      if ((seen >> 1) != id) continue;
      if ((key & 1) && !(seen & 1)) Kokkos::atomic_fetch_or(&table(s), std::int64_t(1));
      return true;
    }
    return false;
  }

  // Deduplicates row [b, b + len) in `table` (2^max_bits slots, the first 2^bits used); false
  // when its distinct ids overflow the table (the keys are then untouched).
  KOKKOS_INLINE_FUNCTION bool dedup_in(const member& team, const table_view& table, int max_bits,
                                       const counter_view& counters, std::int64_t b, std::int64_t len,
                                       std::int64_t& end) const {
    const std::int64_t most = len < id_bound ? len : id_bound;  // distinct ids the row may hold
    const int bits = half_load_bits(most, max_bits);
    const int slots = 1 << bits;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, slots), [&](const int i) { table(i) = k_dedup_empty; });
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      counters(0) = 0;
      counters(1) = 0;
      counters(2) = 0;
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, len), [&](const std::int64_t i) {
      if (*static_cast<volatile int*>(&counters(1))) return;
      if (!insert(table, bits, counters, keys(b + i))) counters(1) = 1;
    });
    team.team_barrier();
    if (counters(1)) {
      team.team_barrier();  // every thread has read the flag before a retry resets it
      return false;
    }
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, slots), [&](const int i) {
      if (table(i) != k_dedup_empty) keys(b + Kokkos::atomic_fetch_add(&counters(2), 1)) = table(i);
    });
    team.team_barrier();
    end = b + counters(0);
    return true;
  }

  // Shared memory first, then the team's global scratch; a row overflowing both is sorted whole.
  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t r = team.league_rank();
    const std::int64_t b = rows(r), len = rows(r + 1) - b;
    counter_view counters(team.team_scratch(0), 4);  // ids inserted, overflow, ids written
    const table_view fast(team.team_scratch(0), std::size_t(1) << bits0);
    std::int64_t end = b + len;
    if (!dedup_in(team, fast, bits0, counters, b, len, end) && bits1 > bits0) {
      const table_view large(team.team_scratch(1), std::size_t(1) << bits1);
      dedup_in(team, large, bits1, counters, b, len, end);
    }
    if (sort_in_team) kk_compat::team_sort(team, Kokkos::subview(keys, Kokkos::make_pair(b, end)));
    Kokkos::single(Kokkos::PerTeam(team), [&]() { ends(r) = end; });
  }
};

template <class Keys, class RowMap, class Ends>
struct HostRangeSort {  // std::sort of keys[rows(r), ends(r))
  RowMap rows;
  Ends ends;
  Keys keys;
  void operator()(const std::int64_t r) const { std::sort(keys.data() + rows(r), keys.data() + ends(r)); }
};

// For each row r of `rows` (num_rows + 1 offsets into keys; ids below id_bound): keys[rows(r),
// ends(r)) become the row's keys sorted, each id once with the OR of its flags, or, for a row
// whose distinct ids overflow the tables, every key sorted. Smaller table bits than the
// defaults: tests only.
template <class ExecSpace, class RowMap, class Keys, class Ends>
void dedup_neighbor_rows(const ExecSpace& space, std::int64_t num_rows, const RowMap& rows, const Keys& keys,
                         const Ends& ends, std::int64_t id_bound, int shared_bits = k_dedup_max_shared_bits,
                         int global_bits = k_dedup_max_table_bits) {
  if (num_rows == 0) return;
  using body_t = HashRowDedup<ExecSpace, RowMap, Keys, Ends>;
  using policy = typename body_t::policy;
  constexpr bool gpu = tessera::detail::is_gpu_space<ExecSpace>();
  auto fitting_bits = [](int level, int bits) {
    while (bits > 4 && body_t::scratch_bytes(level, bits) > std::size_t(policy::scratch_size_max(level))) --bits;
    return bits;
  };
  const int bits0 = fitting_bits(0, shared_bits);
  const int bits1 = fitting_bits(1, body_t::half_load_bits(id_bound, global_bits));  // every id of the level
  const body_t body{rows, keys, ends, id_bound, bits0, bits1, gpu};
  const auto bytes0 = Kokkos::PerTeam(body_t::scratch_bytes(0, bits0));
  const auto bytes1 = Kokkos::PerTeam(body_t::scratch_bytes(1, bits1));
  int team_size = 1;
  if constexpr (gpu)
    team_size = std::min(256, policy(space, 1, 1).set_scratch_size(0, bytes0).set_scratch_size(1, bytes1)
                                  .team_size_max(body, Kokkos::ParallelForTag()));
  Kokkos::parallel_for("tessera::part::nbr_dedup",
                       policy(space, num_rows, team_size).set_scratch_size(0, bytes0).set_scratch_size(1, bytes1), body);
  if constexpr (!gpu)
    Kokkos::parallel_for("tessera::part::nbr_dedup_sort", tessera::detail::HostRowPolicy<ExecSpace>(space, 0, num_rows),
                         HostRangeSort<Keys, RowMap, Ends>{rows, ends, keys});
}

}  // namespace tessera::partitioning::detail

#include "distributed/triangle_count/gathered_dag.hpp"

#include <cstdint>

#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::dist::detail {

template <class Space>
CsrGraph<typename Space::memory_space> gather_dag(const RowsTable<typename Space::memory_space>& table,
                                                 const Kokkos::View<const vid_t*, typename Space::memory_space>& vertex) {
  using memory = typename Space::memory_space;
  using range = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;
  using team_policy = Kokkos::TeamPolicy<Space>;
  using member = typename team_policy::member_type;
  const std::int64_t n = static_cast<std::int64_t>(vertex.extent(0));
  CsrGraph<memory> out;
  out.directed = true;
  out.row_map = Kokkos::View<eid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::gathered_row_map"),
                                             static_cast<std::size_t>(n) + 1);
  const auto row_map = out.row_map;
  // Where the out-list of the vertex at position k lives: its owner's rows.
  auto row_of = KOKKOS_LAMBDA(const std::int64_t k, eid_t& length) -> const vid_t* {
    const vid_t v = vertex(k);
    const RowsRef rows = table.ranks(table.owner(v));
    const eid_t begin = rows.row_map[v - rows.begin];
    length = rows.row_map[v - rows.begin + 1] - begin;
    return rows.entries + begin;
  };
  const eid_t total = tessera::detail::chunked_scan<Space, eid_t>(
      "tessera::dist::tc::gathered_row_map", Space(), n + 1,
      KOKKOS_LAMBDA(const std::int64_t k, eid_t& sum, const bool final) {
        eid_t length = 0;
        if (k < n) row_of(k, length);
        if (final) row_map(k) = sum;
        sum += length;
      });
  out.entries = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::gathered_entries"),
                                             total);
  const auto entries = out.entries;
  // Rows of a team's threads copied by their vector lanes (a hub row is not one thread's loop).
  constexpr bool gpu = tessera::detail::is_gpu_space<Space>();
  const int rows_per_team = gpu ? 8 : 1;
  Kokkos::parallel_for(
      "tessera::dist::tc::gather_rows",
      team_policy(Space(), static_cast<int>((n + rows_per_team - 1) / rows_per_team), rows_per_team, gpu ? 32 : 1),
      KOKKOS_LAMBDA(const member& team) {
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, rows_per_team), [&](const int r) {
          const std::int64_t k = static_cast<std::int64_t>(team.league_rank()) * rows_per_team + r;
          if (k >= n) return;
          eid_t length = 0;
          const vid_t* in = row_of(k, length);
          vid_t* to = entries.data() + row_map(k);
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, static_cast<int>(length)), [&](const int i) { to[i] = in[i]; });
        });
      });
  Space().fence();
  return out;
}

#define TESSERA_INST(Space)                                                                                \
  template CsrGraph<Space::memory_space> gather_dag<Space>(const RowsTable<Space::memory_space>&,          \
                                                           const Kokkos::View<const vid_t*, Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::dist::detail

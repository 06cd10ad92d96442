// GPU bench (measurements/2026-12-02-nbr-speed): the former per-row sort against the hash
// deduplication on synthetic rows; bench_run.sh builds it with nvcc_wrapper against a Kokkos CUDA install.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>
#include "algorithms/partitioning/coarsening/neighbor_dedup.hpp"
#include "core/kokkos_ext/row_sort.hpp"
using tessera::eid_t;
using S = Kokkos::DefaultExecutionSpace; using M = S::memory_space;
KOKKOS_INLINE_FUNCTION std::uint64_t mix(std::uint64_t x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdull; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ull; x ^= x >> 33; return x; }
struct Sig { std::int64_t n = 0, s = 0, f = 0; };
// (distinct ids, sum of ids, sum of flagged ids) of each row's sorted range, summed over rows
std::int64_t signature(const Kokkos::View<eid_t*, M>& rows, const Kokkos::View<eid_t*, M>& ends, const Kokkos::View<std::int64_t*, M>& keys, std::int64_t R) {
  std::int64_t total = 0;
  Kokkos::parallel_reduce("sig", Kokkos::RangePolicy<S>(0, R), KOKKOS_LAMBDA(const std::int64_t r, std::int64_t& acc) {
    std::int64_t i = rows(r), e = ends(r);
    while (i < e) { const std::int64_t id = keys(i) >> 1; bool f = false; std::int64_t j = i;
      for (; j < e && (keys(j) >> 1) == id; ++j) { f = f || (keys(j) & 1); if (j > i && keys(j) < keys(j-1)) acc += 1000000007; }
      if (j < e && keys(j) < keys(j-1)) acc += 1000000007;
      acc += 1 + (id % 9973) * 7 + (f ? (id % 101) * 13 : 0); i = j; }
  }, total);
  return total;
}
int main(int argc, char** argv) {
  Kokkos::ScopeGuard g(argc, argv);
  const std::int64_t configs[][3] = {{16384, 65536, 1300}, {65536, 8192, 300}, {131072, 2600, 1300}, {4096, 65536, 6000}, {1024, 131072, 60000}};
  for (auto& c : configs) {
    const std::int64_t R = c[0], L = c[1], D = c[2];
    Kokkos::View<eid_t*, M> rows("rows", R + 1), ends("ends", R), fullends("fe", R);
    Kokkos::parallel_for(Kokkos::RangePolicy<S>(0, R + 1), KOKKOS_LAMBDA(const std::int64_t r) { rows(r) = r * L; if (r < R) fullends(r) = (r + 1) * L; });
    Kokkos::View<std::int64_t*, M> a(Kokkos::view_alloc(Kokkos::WithoutInitializing, "a"), R * L), b(Kokkos::view_alloc(Kokkos::WithoutInitializing, "b"), R * L);
    Kokkos::parallel_for(Kokkos::RangePolicy<S>(0, R * L), KOKKOS_LAMBDA(const std::int64_t i) {
      const std::int64_t r = i / L; const std::uint64_t h = mix(i * 31 + 7);
      const std::int64_t id = (r * 17 + std::int64_t(h % D) * 5) % 300000000;
      a(i) = (id << 1) | std::int64_t((h >> 40) % 997 == 0); b(i) = a(i); });
    S{}.fence();
    Kokkos::Timer t;
    tessera::detail::sort_each_row(S{}, rows, a); S{}.fence();
    const double t_sort = t.seconds(); t.reset();
    tessera::partitioning::detail::dedup_neighbor_rows(S{}, R, rows, b, ends, 300000000); S{}.fence();
    const double t_hash = t.seconds(); t.reset();
    tessera::partitioning::detail::dedup_neighbor_rows(S{}, R, rows, b, ends, 300000000); S{}.fence();  // again on deduplicated-prefix rows (same result)
    const std::int64_t sa = signature(rows, fullends, a, R), sb = signature(rows, ends, b, R);
    std::printf("rows %ld x %ld keys, %ld ids: sort %.3f s, hash %.3f s, speedup %.1fx, signature %s\n", (long)R, (long)L, (long)D, t_sort, t_hash, t_sort / t_hash, sa == sb ? "equal" : "DIFFERENT");
  }
}

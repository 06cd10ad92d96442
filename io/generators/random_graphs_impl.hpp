#pragma once
// Definitions of the random generators. random_graphs.cpp instantiates them for the enabled
// execution spaces; tests include this file to instantiate extra spaces (e.g. Kokkos::Serial)
// and check that the output does not depend on the backend.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "io/generators/counter_hash.hpp"
#include "io/generators/random_graphs.hpp"

namespace tessera::gen {
namespace detail {

// Uniform double in [0, 1) from the top 53 bits.
KOKKOS_INLINE_FUNCTION double to_unit(std::uint64_t bits) {
  return static_cast<double>(bits >> 11) * (1.0 / 9007199254740992.0);
}

// Uniform integer in [0, n) for n < 2^32 (multiply-high; bias below 2^-32 * n).
KOKKOS_INLINE_FUNCTION std::uint64_t bounded(std::uint64_t bits, std::uint64_t n) {
  return ((bits >> 32) * n) >> 32;
}

// A seed-derived bijection of [0, 2^bits): every step (add, multiply by an odd constant,
// xor with a right shift) is invertible modulo 2^bits, so the composition is too; no cycle
// walking is needed because the domain is a power of two.
struct IdScrambler {
  static constexpr int k_rounds = 3;
  std::uint64_t mask = 0;
  int shift = 1;
  std::uint64_t add[k_rounds] = {};
  std::uint64_t mul[k_rounds] = {};

  IdScrambler() = default;
  IdScrambler(int bits, std::uint64_t seed) {
    mask = (std::uint64_t{1} << bits) - 1;
    shift = (bits + 1) / 2;
    for (int r = 0; r < k_rounds; ++r) {
      add[r] = hash2(seed, 0x5c7a3b1e00000000ULL + 2 * r) & mask;
      mul[r] = (hash2(seed, 0x5c7a3b1e00000000ULL + 2 * r + 1) | 1ULL) & mask;
      if (mul[r] == 0) mul[r] = 1;  // bits == 0 cannot happen (scale >= 1); keep it odd anyway
    }
  }
  KOKKOS_INLINE_FUNCTION std::uint64_t operator()(std::uint64_t x) const {
    for (int r = 0; r < k_rounds; ++r) {
      x = (x + add[r]) & mask;
      x = (x * mul[r]) & mask;
      x ^= x >> shift;
    }
    return x;
  }
};

// Salts keep the streams of different generators (and of src/dst) apart for equal seeds.
inline constexpr std::uint64_t k_kronecker_salt = 0x4b524f4e45434b52ULL;  // "KRONECKR"
inline constexpr std::uint64_t k_scramble_salt = 0x5343524d424c4553ULL;   // "SCRMBLES"
inline constexpr std::uint64_t k_er_salt = 0x4552444f5352454eULL;         // "ERDOSREN"

}  // namespace detail

template <class ExecSpace>
EdgeArrays<typename ExecSpace::memory_space> kronecker(const ExecSpace& space, const KroneckerParams& p) {
  validate(p);
  return kronecker(space, p, 0, (eid_t{1} << p.scale) * static_cast<eid_t>(p.edge_factor));
}

template <class ExecSpace>
EdgeArrays<typename ExecSpace::memory_space> kronecker(const ExecSpace& space, const KroneckerParams& p, eid_t first,
                                                       eid_t last) {
  using memory_space = typename ExecSpace::memory_space;
  validate(p);
  const eid_t num_vertices = eid_t{1} << p.scale;
  TESSERA_USER_REQUIRE(first >= 0 && first <= last && last <= num_vertices * static_cast<eid_t>(p.edge_factor),
                       "kronecker: edge range [" << first << ", " << last << ") outside the stream");
  const eid_t m = last - first;

  EdgeArrays<memory_space> out;
  out.num_vertices = static_cast<vid_t>(num_vertices);
  out.src = Kokkos::View<vid_t*, memory_space>(
      Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::gen::kronecker::src"), m);
  out.dst = Kokkos::View<vid_t*, memory_space>(
      Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::gen::kronecker::dst"), m);

  // Cumulative quadrant thresholds.
  const double t_a = p.a, t_ab = p.a + p.b, t_abc = p.a + p.b + p.c;
  const int scale = p.scale;
  const std::uint64_t key = detail::mix64(p.seed ^ detail::k_kronecker_salt);
  const bool scramble = p.scramble_ids;
  const detail::IdScrambler scrambler(p.scale, detail::mix64(p.seed ^ detail::k_scramble_salt));
  auto src = out.src;
  auto dst = out.dst;

  Kokkos::parallel_for(
      "tessera::gen::kronecker", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space, 0, m),
      KOKKOS_LAMBDA(const eid_t e) {
        const std::uint64_t edge_key = detail::hash2(key, static_cast<std::uint64_t>(first + e));
        std::uint64_t u = 0, v = 0;
        for (int level = 0; level < scale; ++level) {
          const double r = detail::to_unit(detail::hash2(edge_key, static_cast<std::uint64_t>(level)));
          const std::uint64_t row_bit = r >= t_ab ? 1 : 0;                  // quadrants c, d
          const std::uint64_t col_bit = (r >= t_a && r < t_ab) || r >= t_abc ? 1 : 0;  // b, d
          u |= row_bit << level;
          v |= col_bit << level;
        }
        if (scramble) {
          u = scrambler(u);
          v = scrambler(v);
        }
        src(e) = static_cast<vid_t>(u);
        dst(e) = static_cast<vid_t>(v);
      });
  space.fence();
  return out;
}

template <class ExecSpace>
EdgeArrays<typename ExecSpace::memory_space> erdos_renyi(const ExecSpace& space, const ErdosRenyiParams& p) {
  using memory_space = typename ExecSpace::memory_space;
  validate(p);
  EdgeArrays<memory_space> out;
  out.num_vertices = p.n;
  out.src = Kokkos::View<vid_t*, memory_space>(
      Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::gen::erdos_renyi::src"), p.m);
  out.dst = Kokkos::View<vid_t*, memory_space>(
      Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::gen::erdos_renyi::dst"), p.m);
  const std::uint64_t key = detail::mix64(p.seed ^ detail::k_er_salt);
  const std::uint64_t n = static_cast<std::uint64_t>(p.n);
  auto src = out.src;
  auto dst = out.dst;
  Kokkos::parallel_for(
      "tessera::gen::erdos_renyi", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space, 0, p.m),
      KOKKOS_LAMBDA(const eid_t e) {
        const std::uint64_t i = static_cast<std::uint64_t>(e);
        src(e) = static_cast<vid_t>(detail::bounded(detail::hash2(key, 2 * i), n));
        dst(e) = static_cast<vid_t>(detail::bounded(detail::hash2(key, 2 * i + 1), n));
      });
  space.fence();
  return out;
}

// The enabled spaces are instantiated in random_graphs.cpp only; includers instantiate other
// spaces (core/kokkos_ext/instantiate.hpp says why a kernel must not be compiled twice).
#define TESSERA_GEN_EXTERN(Space)                                                                      \
  extern template EdgeArrays<Space::memory_space> kronecker<Space>(const Space&, const KroneckerParams&); \
  extern template EdgeArrays<Space::memory_space> erdos_renyi<Space>(const Space&, const ErdosRenyiParams&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_GEN_EXTERN)
#undef TESSERA_GEN_EXTERN

}  // namespace tessera::gen

#include "algorithms/pattern_mining/problems/motifs.hpp"

#include <cstdint>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera::mining {

count_t MotifCounts::at(const std::string& name) const {
  for (const auto& [n, c] : induced)
    if (n == name) return c;
  throw UserError("no motif named '" + name + "' among the " + std::to_string(k) + "-motifs");
}

namespace {

// Σ_v C(d_v, 2), Σ_v C(d_v, 3) and Σ_{uv ∈ E} (d_u − 1)(d_v − 1).
struct DegreeSums {
  count_t wedges = 0, stars = 0, paths_through_edges = 0;
};

template <class ExecSpace>
DegreeSums degree_sums(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g) {
  using range = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>;
  const auto rows = g.row_map;
  const auto entries = g.entries;
  const eid_t n = g.num_vertices();
  DegreeSums s;
  Kokkos::parallel_reduce(
      "tessera::mining::wedges", range(space, 0, n),
      KOKKOS_LAMBDA(const eid_t v, count_t& sum) {
        const count_t d = static_cast<count_t>(rows(v + 1) - rows(v));
        sum += d * (d - (d > 0 ? 1 : 0)) / 2;
      },
      s.wedges);
  Kokkos::parallel_reduce(
      "tessera::mining::stars", range(space, 0, n),
      KOKKOS_LAMBDA(const eid_t v, count_t& sum) {
        const count_t d = static_cast<count_t>(rows(v + 1) - rows(v));
        if (d >= 3) sum += d * (d - 1) * (d - 2) / 6;
      },
      s.stars);
  Kokkos::parallel_reduce(
      "tessera::mining::edge_paths", range(space, 0, n),
      KOKKOS_LAMBDA(const eid_t u, count_t& sum) {
        const count_t du = static_cast<count_t>(rows(u + 1) - rows(u));
        for (eid_t j = rows(u); j < rows(u + 1); ++j) {
          const vid_t v = entries(j);
          if (v <= u) continue;  // each edge once
          const count_t dv = static_cast<count_t>(rows(v + 1) - rows(v));
          sum += (du - 1) * (dv - 1);
        }
      },
      s.paths_through_edges);
  space.fence();
  return s;
}

// Σ_v t(v) (d_v − 2): every triangle through v extended by one more neighbour of v is one
// tailed triangle (non-induced), with t(v) from the triangle counter's per-vertex counts (whose
// total is kept to cross-check the engine's triangles).
template <class ExecSpace>
void tailed_triangles(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g, count_t& triangles,
                      count_t& tailed) {
  TriangleCountParams params;
  params.per_vertex = true;
  const auto tc = triangle_count(space, g, params);
  triangles = tc.triangles;
  const auto per_vertex = tc.per_vertex;
  const auto rows = g.row_map;
  count_t sum = 0;
  Kokkos::parallel_reduce(
      "tessera::mining::tailed_triangles", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space, 0, g.num_vertices()),
      KOKKOS_LAMBDA(const eid_t v, count_t& s) {
        const count_t d = static_cast<count_t>(rows(v + 1) - rows(v));
        if (d > 2) s += per_vertex(v) * (d - 2);
      },
      sum);
  space.fence();
  tailed = sum;
}

// a − b for counts that must not go negative (a failed identity is a bug, not bad input).
count_t minus(count_t a, count_t b, const char* what) {
  TESSERA_REQUIRE(a >= b, "motif identity gave a negative count for " << what);
  return a - b;
}

}  // namespace

std::vector<count_t> MotifTerms::as_vector() const {
  return {degree_wedges, degree_stars, edge_paths, triangles, counter_triangles, tailed, cliques4, diamonds, cycles4};
}

MotifTerms MotifTerms::from_vector(int k, const std::vector<count_t>& terms) {
  TESSERA_REQUIRE(terms.size() == 9, "nine motif terms");
  MotifTerms t;
  t.k = k;
  t.degree_wedges = terms[0];
  t.degree_stars = terms[1];
  t.edge_paths = terms[2];
  t.triangles = terms[3];
  t.counter_triangles = terms[4];
  t.tailed = terms[5];
  t.cliques4 = terms[6];
  t.diamonds = terms[7];
  t.cycles4 = terms[8];
  return t;
}

template <class ExecSpace>
MotifTerms count_motif_terms(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, int k,
                             const MineParams& params) {
  TESSERA_USER_REQUIRE(k == 3 || k == 4, "motif counting supports k = 3 and k = 4 (got k = " << k << ")");
  TESSERA_USER_REQUIRE(!graph.directed, "motif counting needs an undirected (symmetric) graph");
  Kokkos::Timer timer;
  MotifTerms t;
  t.k = k;
  // The 4-cycle plan counts by wedge aggregation on the degree-ranked graph when chosen.
  const MineParams resolved = k == 4 ? resolve_wedge(space, graph, pattern_by_name("4-cycle"), params, t.wedge_choice) : params;
  const bool ranked = k == 4 && resolved.engine.optimizations.wedge && params.plan.allow_wedge_counting;
  const auto g = prepare_mining_graph(space, graph, params.plan.allow_oriented_dag, ranked);
  auto count = [&](const Pattern& p) {
    const MineResult r = mine(space, g, p, resolved);
    t.share_units += r.stats.share_units;
    t.kernel_seconds += r.stats.mine_seconds;
    t.launches.emplace_back(p.name(), r.stats.launch);
    return r.count;
  };
  const bool closed_forms = params.engine.share.rank == 0;  // one rank computes them
  if (closed_forms) {
    const DegreeSums sums = degree_sums(space, graph);
    t.degree_wedges = sums.wedges;
    t.degree_stars = sums.stars;
    t.edge_paths = sums.paths_through_edges;
  }
  t.triangles = count(clique(3));
  if (k == 4) {
    t.cliques4 = count(clique(4));
    t.diamonds = count(pattern_by_name("diamond"));
    t.cycles4 = count(pattern_by_name("4-cycle"));
    if (closed_forms) tailed_triangles(space, graph, t.counter_triangles, t.tailed);
  }
  t.seconds = timer.seconds();
  return t;
}

MotifCounts motifs_from_terms(const MotifTerms& t) {
  MotifCounts r;
  r.k = t.k;
  r.launches = t.launches;
  r.wedge_choice = t.wedge_choice;
  const count_t triangles = t.triangles;
  if (t.k == 3) {
    r.non_induced = {{"wedge", t.degree_wedges}, {"triangle", triangles}};
    r.induced = {{"wedge", minus(t.degree_wedges, 3 * triangles, "wedge")}, {"triangle", triangles}};
    return r;
  }
  TESSERA_REQUIRE(t.counter_triangles == triangles,
                  "triangle counter (" << t.counter_triangles << ") and mining engine (" << triangles << ") disagree");
  const count_t k4 = t.cliques4, diamond = t.diamonds, cycle = t.cycles4, tailed = t.tailed;
  const count_t path = minus(t.edge_paths, 3 * triangles, "4-path");
  const count_t star = t.degree_stars;
  r.non_induced = {{"3-star", star}, {"4-path", path},    {"tailed-triangle", tailed},
                   {"4-cycle", cycle}, {"diamond", diamond}, {"4-clique", k4}};
  const count_t i_k4 = k4;
  const count_t i_diamond = minus(diamond, 6 * i_k4, "diamond");
  const count_t i_cycle = minus(cycle, i_diamond + 3 * i_k4, "4-cycle");
  const count_t i_tailed = minus(tailed, 4 * i_diamond + 12 * i_k4, "tailed-triangle");
  const count_t i_path = minus(path, 2 * i_tailed + 4 * i_cycle + 6 * i_diamond + 12 * i_k4, "4-path");
  const count_t i_star = minus(star, i_tailed + 2 * i_diamond + 4 * i_k4, "3-star");
  r.induced = {{"3-star", i_star},   {"4-path", i_path},       {"tailed-triangle", i_tailed},
               {"4-cycle", i_cycle}, {"diamond", i_diamond}, {"4-clique", i_k4}};
  return r;
}

template <class ExecSpace>
MotifCounts count_motifs(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, int k,
                         const MineParams& params) {
  Kokkos::Timer timer;
  MotifCounts r = motifs_from_terms(count_motif_terms(space, graph, k, params));
  r.seconds = timer.seconds();
  return r;
}

#define TESSERA_INST(Space)                                                                                         \
  template MotifCounts count_motifs<Space>(const Space&, const CsrGraph<Space::memory_space>&, int, const MineParams&); \
  template MotifTerms count_motif_terms<Space>(const Space&, const CsrGraph<Space::memory_space>&, int, const MineParams&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining

#include "algorithms/pattern_mining/engine/wedge_rule.hpp"

#include <sstream>

#include "core/kokkos_ext/instantiate.hpp"
#include "core/set_ops/intersect.hpp"

namespace tessera::mining {

template <class ExecSpace>
WedgePlanWork wedge_plan_work(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph) {
  const eid_t n = graph.num_vertices();
  WedgePlanWork w;
  if (n <= 0) return w;
  const auto rows = graph.row_map;
  const auto entries = graph.entries;
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>;
  // Sums in doubles: the rule compares magnitudes only (kron20's products pass 2^64 / n).
  double prefixes = 0, steps = 0;
  Kokkos::parallel_reduce(
      "tessera::mining::plain_prefixes", policy(space, 0, n),
      KOKKOS_LAMBDA(const eid_t v, double& sum) {
        const eid_t b = rows(v);
        const auto below = static_cast<double>(set_ops::lower_bound(entries.data() + b, rows(v + 1) - b, static_cast<vid_t>(v)));
        sum += below * (below - 1) / 2;
      },
      prefixes);
  Kokkos::parallel_reduce(
      "tessera::mining::wedge_steps", policy(space, 0, n),
      KOKKOS_LAMBDA(const eid_t v, double& sum) {
        const eid_t b = rows(v), d = rows(v + 1) - b;
        eid_t up = 0;
        for (eid_t k = 0; k < d; ++k) {
          const vid_t u = entries(b + k);
          const eid_t du = rows(u + 1) - rows(u);
          if (du > d || (du == d && static_cast<eid_t>(u) > v)) ++up;
        }
        sum += static_cast<double>(d) * static_cast<double>(up);
      },
      steps);
  w.plain_prefixes = prefixes;
  w.wedge_steps = steps;
  return w;
}

WedgeChoice choose_wedge(bool gpu, const WedgePlanWork& work, double min_prefix_ratio) {
  WedgeChoice c;
  if (!gpu) {
    c.note = "on: host backend";
    return c;
  }
  const double ratio = work.wedge_steps > 0 ? work.plain_prefixes / work.wedge_steps : 0;
  c.wedge = ratio >= min_prefix_ratio;
  std::ostringstream note;
  note << (c.wedge ? "on" : "off") << ": plain prefixes / wedge steps " << ratio << (c.wedge ? " >= " : " < ")
       << min_prefix_ratio;
  c.note = note.str();
  return c;
}

#define TESSERA_INST(Space) \
  template WedgePlanWork wedge_plan_work<Space>(const Space&, const CsrGraph<Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining

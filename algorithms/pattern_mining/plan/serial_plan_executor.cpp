#include "algorithms/pattern_mining/plan/serial_plan_executor.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <vector>

#include "core/error.hpp"

namespace tessera::mining {

namespace {

struct Span {
  const vid_t* begin = nullptr;
  const vid_t* end = nullptr;
};

class Interpreter {
 public:
  Interpreter(const HostGraph& g, const SearchPlan& plan, bool dag) : g_(g), plan_(plan), dag_(dag) {
    const vid_t n = g.num_vertices();
    if (dag_) {
      // Out-lists of the (degree, id) orientation, still sorted by id.
      auto degree = [&](vid_t v) { return g.row_map(v + 1) - g.row_map(v); };
      out_offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
      for (vid_t u = 0; u < n; ++u) {
        for (eid_t j = g.row_map(u); j < g.row_map(u + 1); ++j) {
          const vid_t v = g.entries(j);
          if (degree(u) < degree(v) || (degree(u) == degree(v) && u < v)) out_entries_.push_back(v);
        }
        out_offsets_[static_cast<std::size_t>(u) + 1] = static_cast<eid_t>(out_entries_.size());
      }
    }
    const auto levels = static_cast<std::size_t>(plan.num_levels());
    matched_.assign(levels, invalid_vid);
    buffers_.resize(levels);
    scratch_.resize(levels);
  }

  count_t run() {
    count_t total = 0;
    for (vid_t v = 0; v < g_.num_vertices(); ++v) {
      if (!label_ok(plan_.levels[0], v)) continue;
      matched_[0] = v;
      total += plan_.num_levels() == 1 ? 1 : extend(1);
    }
    return total;
  }

 private:
  Span neighbours(vid_t v) const {
    if (dag_)
      return {out_entries_.data() + out_offsets_[static_cast<std::size_t>(v)],
              out_entries_.data() + out_offsets_[static_cast<std::size_t>(v) + 1]};
    const vid_t* base = g_.entries.data();
    return {base + g_.row_map(v), base + g_.row_map(v + 1)};
  }
  Span symmetric_neighbours(vid_t v) const {
    const vid_t* base = g_.entries.data();
    return {base + g_.row_map(v), base + g_.row_map(v + 1)};
  }

  bool label_ok(const LevelPlan& level, vid_t v) const {
    return level.label == k_no_label || g_.labels(v) == level.label;
  }

  // Calls f(rank, c) for every admissible candidate c of level i (in id order), rank being
  // c's position among the level's raw candidates (set operations only, before bounds).
  template <class F>
  void for_each_candidate(level_t i, F&& f) {
    const auto& level = plan_.levels[static_cast<std::size_t>(i)];
    auto& candidates = buffers_[static_cast<std::size_t>(i)];
    auto& tmp = scratch_[static_cast<std::size_t>(i)];
    TESSERA_REQUIRE(!level.intersect.empty(), "every level after the first has a back-edge");
    // Intersections of the back-edge neighbourhoods.
    const Span first = neighbours(matched_[static_cast<std::size_t>(level.intersect[0])]);
    candidates.assign(first.begin, first.end);
    for (std::size_t k = 1; k < level.intersect.size(); ++k) {
      const Span other = neighbours(matched_[static_cast<std::size_t>(level.intersect[k])]);
      tmp.clear();
      std::set_intersection(candidates.begin(), candidates.end(), other.begin, other.end, std::back_inserter(tmp));
      candidates.swap(tmp);
    }
    // Differences (vertex-induced non-edges): always against the symmetric lists.
    for (const level_t l : level.subtract) {
      const Span other = symmetric_neighbours(matched_[static_cast<std::size_t>(l)]);
      tmp.clear();
      std::set_difference(candidates.begin(), candidates.end(), other.begin, other.end, std::back_inserter(tmp));
      candidates.swap(tmp);
    }
    // Bounds (skipped on the oriented DAG, whose orientation replaces them), inequalities, labels.
    vid_t above = invalid_vid;  // candidate > above
    vid_t below = g_.num_vertices();  // candidate < below
    if (!dag_) {
      for (const level_t l : level.lower_bounds) above = std::max(above, matched_[static_cast<std::size_t>(l)]);
      for (const level_t l : level.upper_bounds) below = std::min(below, matched_[static_cast<std::size_t>(l)]);
    }
    for (std::size_t rank = 0; rank < candidates.size(); ++rank) {
      const vid_t c = candidates[rank];
      if (c <= above) continue;
      if (c >= below) break;  // sorted: the rest is bounded out too
      bool ok = label_ok(level, c);
      for (std::size_t k = 0; ok && k < level.distinct.size(); ++k)
        ok = c != matched_[static_cast<std::size_t>(level.distinct[k])];
      if (ok) f(rank, c);
    }
  }

  count_t extend(level_t i) {
    const level_t n = plan_.num_levels();
    // SearchPlan::count_last_wedges: level i is y; every admissible x below an admissible y
    // gets one wedge, and each x closes C(wedges, 2) matches (its pairs y, z).
    if (plan_.count_last_wedges && i + 3 == n) {
      std::map<vid_t, count_t> wedges;
      for_each_candidate(i, [&](std::size_t, vid_t y) {
        matched_[static_cast<std::size_t>(i)] = y;
        for_each_candidate(i + 1, [&](std::size_t, vid_t x) { ++wedges[x]; });
      });
      count_t total = 0;
      for (const auto& [x, c] : wedges) total += c * (c - 1) / 2;
      return total;
    }
    const bool last = i + 1 == n;
    // SearchPlan::count_last_pair: level i is the pair's first level; every admissible
    // candidate c pairs with each raw candidate below it (upper bound) or above it (lower).
    const bool pair = plan_.count_last_pair && i + 2 == n;
    const bool pair_below = pair && !plan_.levels.back().upper_bounds.empty();
    count_t total = 0;
    for_each_candidate(i, [&](std::size_t rank, vid_t c) {
      if (pair) {
        const std::size_t size = buffers_[static_cast<std::size_t>(i)].size();
        total += pair_below ? rank : size - 1 - rank;
      } else if (last) {
        ++total;
      } else {
        matched_[static_cast<std::size_t>(i)] = c;
        total += extend(i + 1);
      }
    });
    return total;
  }

  const HostGraph& g_;
  const SearchPlan& plan_;
  bool dag_;
  std::vector<eid_t> out_offsets_;
  std::vector<vid_t> out_entries_;
  std::vector<vid_t> matched_;
  std::vector<std::vector<vid_t>> buffers_;
  std::vector<std::vector<vid_t>> scratch_;
};

}  // namespace

count_t serial_plan_count(const HostGraph& g, const SearchPlan& plan, const SerialPlanOptions& options) {
  TESSERA_USER_REQUIRE(!g.directed, "pattern mining needs an undirected (symmetric) graph");
  TESSERA_USER_REQUIRE(!plan.pattern.is_labelled() || g.has_labels(),
                       "pattern '" << plan.pattern.name() << "' is labelled but the data graph has no vertex labels");
  TESSERA_REQUIRE(plan.num_levels() == plan.pattern.num_vertices(), "one plan level per pattern vertex");
  if (g.num_vertices() == 0) return 0;
  Interpreter interpreter(g, plan, options.use_oriented_dag && plan.use_oriented_dag);
  return interpreter.run();
}

}  // namespace tessera::mining

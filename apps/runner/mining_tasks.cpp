#include "apps/runner/mining_tasks.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <climits>
#include <filesystem>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/engine/engine_options.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "algorithms/pattern_mining/fsm/fsm.hpp"
#include "algorithms/pattern_mining/fsm/fsm_json.hpp"
#include "algorithms/pattern_mining/fsm/fsm_options.hpp"
#include "algorithms/pattern_mining/problems/mining_json.hpp"
#include "core/error.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/path_exists.hpp"

namespace tessera::runner {

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using namespace tessera::mining;

long long parse_integer(const std::string& name, const std::string& value) {
  if (const auto v = parse_whole_integer(value)) return *v;
  throw UserError("parameter '" + name + "' must be an integer, got '" + value + "'");
}

// The engine's parameters, declared in engine_options.hpp (the CLI reads the same table).
MineParams mine_params(const Params& p) {
  MineParams m;
  for (const auto& o : engine_options()) o.apply(m.engine, p.at(o.name));
  return m;
}

PreparedTask mine_task(const Params& p) {
  const std::string& spec = p.at("pattern");
  TESSERA_USER_REQUIRE(!spec.empty(), "task 'mine' needs a pattern (a built-in name or a pattern file)");
  const Induced induced = parse_induced(p.at("induced"));
  const Pattern pattern = path_exists(spec) ? read_pattern_file(spec, induced) : pattern_by_name(spec, induced);
  return [pattern, params = mine_params(p)](const io::LoadedGraph& input) {
    return to_json(mine(Space{}, input.graph, pattern, params), params);
  };
}

int parse_k(const std::string& task, const Params& p, int lo, int hi) {
  const long long k = parse_integer("k", p.at("k"));
  TESSERA_USER_REQUIRE(k >= lo && k <= hi, "task '" << task << "': k must be between " << lo << " and " << hi
                                                    << " (got " << k << ")");
  return static_cast<int>(k);
}

PreparedTask cliques_task(const Params& p) {
  return [k = parse_k("cliques", p, 3, 8), params = mine_params(p)](const io::LoadedGraph& input) {
    return to_json(count_cliques(Space{}, input.graph, k, params), params);
  };
}

PreparedTask motifs_task(const Params& p) {
  return [k = parse_k("motifs", p, 3, 4), params = mine_params(p)](const io::LoadedGraph& input) {
    return to_json(count_motifs(Space{}, input.graph, k, params), params);
  };
}

// Frequent subgraph mining; the input needs labels (input `labels:` file, HDF5, labels=L).
PreparedTask fsm_task(const Params& p) {
  FsmParams params;
  for (const auto& o : fsm_options()) {
    const std::string& value = p.at(yaml_name(o.name));
    TESSERA_USER_REQUIRE(!value.empty(), "task 'fsm' needs parameter '" << yaml_name(o.name) << "' (" << o.help << ")");
    o.apply(params, value);
  }
  return [params](const io::LoadedGraph& input) {
    return to_json(frequent_subgraphs(Space{}, input.graph, params));
  };
}

Params fsm_defaults() {
  Params defaults;
  for (const auto& o : fsm_options()) defaults[yaml_name(o.name)] = o.default_value;
  return defaults;
}

}  // namespace

std::vector<TaskDefinition> mining_tasks() {
  Params engine;
  for (const auto& o : engine_options()) engine[o.name] = o.default_value;
  auto with = [&](Params extra) {
    extra.insert(engine.begin(), engine.end());
    return extra;
  };
  return {
      {"mine", "count the distinct subgraphs matching a pattern (paper 2)",
       with({{"pattern", "triangle"}, {"induced", "edge"}}), mine_task},
      {"cliques", "count k-cliques on the oriented DAG (paper 2)", with({{"k", "4"}}), cliques_task},
      {"motifs", "count every k-vertex motif, k = 3 or 4, vertex-induced (paper 2)", with({{"k", "3"}}), motifs_task},
      {"fsm", "frequent labelled patterns of 1..max_edges edges with MNI support >= support (paper 2)", fsm_defaults(),
       fsm_task},
  };
}

}  // namespace tessera::runner

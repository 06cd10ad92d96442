// Partitioner options of the k-way balanced mode: initial partitions, hierarchies, V-cycles, level FM, flows.
#include "algorithms/partitioning/multilevel/partition_option_tables.hpp"

#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/switch_value.hpp"

namespace tessera::partition_options_detail {

namespace {

partitioning::KwayObjective parse_objective(const std::string& text) {
  for (auto o : {partitioning::KwayObjective::cut, partitioning::KwayObjective::km1})
    if (same_name(text, partitioning::to_string(o))) return o;
  throw UserError("option 'objective' expects cut or km1, got '" + text + "'");
}

KwayInitial parse_initial(const std::string& text) {
  if (same_name(text, "direct")) return KwayInitial::direct;
  if (same_name(text, "rb")) return KwayInitial::bisection;
  if (same_name(text, "mixed")) return KwayInitial::mixed;
  throw UserError("option 'initial' expects direct, rb or mixed, got '" + text + "'");
}

std::string initial_name(KwayInitial i) {
  return i == KwayInitial::direct ? "direct" : i == KwayInitial::bisection ? "rb" : "mixed";
}

}  // namespace

std::vector<PartitionOption> kway_mode_options() {
  return {
    {"trials", "T", "k-way: initial partitions tried at the coarsest level",
     "",
     [](PartitionParams& p, const std::string& v) { p.initial_trials = static_cast<int>(option_integer("trials", v, 1, k_int_max)); },
     [](const PartitionParams& p) { return std::to_string(p.initial_trials); },
     /*required=*/false, k_kway_mode},
    {"level-fm", "N", "k-way: sequential FM after the parallel refinement of every level of at most N nodes (0: none)",
     "",
     [](PartitionParams& p, const std::string& v) {
       p.level_fm_nodes = static_cast<vid_t>(option_integer("level-fm", v, 0, k_int_max));
     },
     [](const PartitionParams& p) { return std::to_string(p.level_fm_nodes); },
     /*required=*/false, k_kway_mode},
    {"vcycles", "N",
     "k-way: V-cycles after the first: coarsen again with pairs only within a block of the current partition "
     "(another seed each), refine every level again",
     "",
     [](PartitionParams& p, const std::string& v) { p.vcycles = static_cast<int>(option_integer("vcycles", v, 0, 64)); },
     [](const PartitionParams& p) { return std::to_string(p.vcycles); },
     /*required=*/false, k_kway_mode},
    {"flow-alpha", "A",
     "k-way: flow refinement between block pairs after the level FM, regions of at most (1 + A eps) ceil(W / k) "
     "minus the other block per side (0: off)",
     "",
     [](PartitionParams& p, const std::string& v) {
       const auto a = parse_whole_number(v);
       TESSERA_USER_REQUIRE(a && *a >= 0 && *a <= 1024, "option 'flow-alpha' expects a number in [0, 1024], got '" << v << "'");
       p.flow_alpha = *a;
     },
     [](const PartitionParams& p) { return shortest(p.flow_alpha); },
     /*required=*/false, k_kway_mode},
    {"objective", "cut|km1",
     "k-way: what the sequential FM minimises and the initial trials are chosen by: cut (cut-net, connectivity "
     "breaking ties) or km1 (connectivity)",
     "",
     [](PartitionParams& p, const std::string& v) { p.objective = parse_objective(v); },
     [](const PartitionParams& p) { return partitioning::to_string(p.objective); },
     /*required=*/false, k_kway_mode},
    {"scheme", "auto|direct|rb",
     "k-way, k > 2: one k-way multilevel run (direct) or multilevel recursive bisection (rb; k a power of two, "
     "other k run direct); auto: rb from k = 8 on",
     "",
     [](PartitionParams& p, const std::string& v) {
       if (same_name(v, "auto")) p.scheme = KwayScheme::automatic;
       else if (same_name(v, "direct")) p.scheme = KwayScheme::direct;
       else if (same_name(v, "rb")) p.scheme = KwayScheme::bisection;
       else throw UserError("option 'scheme' expects auto, direct or rb, got '" + v + "'");
     },
     [](const PartitionParams& p) {
       return std::string(p.scheme == KwayScheme::automatic ? "auto" : p.scheme == KwayScheme::direct ? "direct" : "rb");
     },
     /*required=*/false, k_kway_mode},
    {"rb-vcycles", "N", "k-way, --scheme rb: k-way V-cycles on the recursive bisection's partition",
     "",
     [](PartitionParams& p, const std::string& v) { p.rb_vcycles = static_cast<int>(option_integer("rb-vcycles", v, 0, 64)); },
     [](const PartitionParams& p) { return std::to_string(p.rb_vcycles); },
     /*required=*/false, k_kway_mode},
    {"initial", "direct|rb|mixed",
     "k-way, k > 2: initial partitions by direct k-way greedy growing, by recursive bisection, or both "
     "(alternate trials)",
     "",
     [](PartitionParams& p, const std::string& v) { p.initial = parse_initial(v); },
     [](const PartitionParams& p) { return initial_name(p.initial); },
     /*required=*/false, k_kway_mode},
    {"bisection-trials", "N", "k-way, recursive bisection: seeded growings, each polished by 2-way FM, per bisection",
     "",
     [](PartitionParams& p, const std::string& v) {
       p.bisection_trials = static_cast<int>(option_integer("bisection-trials", v, 1, 1024));
     },
     [](const PartitionParams& p) { return std::to_string(p.bisection_trials); },
     /*required=*/false, k_kway_mode},
    {"candidates-kept", "M",
     "k-way: the best M distinct initial trials are each refined down to the first level of at least "
     "--candidate-level R times the coarsest level's nodes, where the best goes on (1: the best trial)",
     "",
     [](PartitionParams& p, const std::string& v) {
       p.initial_candidates = static_cast<int>(option_integer("candidates-kept", v, 1, 64));
     },
     [](const PartitionParams& p) { return std::to_string(p.initial_candidates); },
     /*required=*/false, k_kway_mode},
    {"hierarchies", "H|auto",
     "k-way, direct scheme: coarsen the input H times (other seeds), each with its initial trials and candidates, "
     "and go on with the best at its decision level (see --candidates-kept); auto: 1 at k = 2, 4 otherwise",
     "",
     [](PartitionParams& p, const std::string& v) {
       if (same_name(v, "auto")) p.hierarchies.reset();
       else p.hierarchies = static_cast<int>(option_integer("hierarchies", v, 1, 64));
     },
     [](const PartitionParams& p) { return p.hierarchies ? std::to_string(*p.hierarchies) : std::string("auto"); },
     /*required=*/false, k_kway_mode},
    {"candidate-level", "R", "k-way: where --candidates-kept decides: the first level of at least R times the coarsest level's nodes",
     "",
     [](PartitionParams& p, const std::string& v) { p.candidate_level_ratio = parse_ratio("candidate-level", v); },
     [](const PartitionParams& p) { return shortest(p.candidate_level_ratio); },
     /*required=*/false, k_kway_mode},
    {"initial-fm", "0|1", "k-way: polish initial partitions with sequential FM",
     "",
     [](PartitionParams& p, const std::string& v) { p.initial_fm = parse_switch("initial-fm", v); },
     [](const PartitionParams& p) { return std::string(p.initial_fm ? "1" : "0"); },
     /*required=*/false, k_kway_mode},
  };
}

}  // namespace tessera::partition_options_detail

#include "algorithms/partitioning/multilevel/partition_options.hpp"

#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/switch_value.hpp"

namespace tessera {

namespace {

double parse_fraction(const std::string& name, const std::string& text) {
  const auto value = parse_whole_number(text);
  TESSERA_USER_REQUIRE(value && *value >= 0 && *value <= 1,
                       "option '" << name << "' expects a number in [0, 1], got '" << text << "'");
  return *value;
}

// A ratio of node counts: a number in [1, 1e9].
double parse_ratio(const std::string& name, const std::string& text) {
  const auto value = parse_whole_number(text);
  TESSERA_USER_REQUIRE(value && *value >= 1 && *value <= 1e9,
                       "option '" << name << "' expects a number >= 1, got '" << text << "'");
  return *value;
}

constexpr long long k_int_max = std::numeric_limits<int>::max();
static_assert(k_pair_budget == eid_t(1) << 35, "--pair-window's help names the budget");

// Shortest text that reads back as the same double ("0.01", not "0.010000").
std::string shortest(double x) {
  for (int digits = 1; digits <= 17; ++digits) {
    std::ostringstream out;
    out << std::setprecision(digits) << x;
    if (std::stod(out.str()) == x) return out.str();
  }
  return std::to_string(x);
}

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

// "on" is "search", the switch's meaning before dissolution existed; "auto" unsets it.
std::optional<FewestBlocks> parse_fewest_blocks(const std::string& text) {
  if (same_name(text, "auto")) return std::nullopt;
  if (same_name(text, "off")) return FewestBlocks::off;
  if (same_name(text, "search") || same_name(text, "on")) return FewestBlocks::search;
  if (same_name(text, "dissolve")) return FewestBlocks::dissolve;
  throw UserError("option 'fewest-blocks' expects off, search (or on), dissolve or auto, got '" + text + "'");
}

std::string fewest_blocks_name(const std::optional<FewestBlocks>& f) {
  if (!f) return "auto";
  return *f == FewestBlocks::off ? "off" : *f == FewestBlocks::search ? "search" : "dissolve";
}

// The modes of mode-only options (OptionSpec::only_in_mode), checked by partition_params().
constexpr const char* k_kway_mode = "k-way";
constexpr const char* k_constrained_mode = "constrained";

const char* mode_name(PartitionMode mode) { return mode == PartitionMode::kway ? k_kway_mode : k_constrained_mode; }

// How a mode is chosen on the command line, for the error that names it.
const char* mode_options(const char* mode) {
  return std::string(mode) == k_kway_mode ? "k" : "max-size, max-inbound or preset";
}

}  // namespace

std::string to_string(PartitionAlgorithm algorithm) {
  switch (algorithm) {
    case PartitionAlgorithm::multilevel: return "multilevel";
    case PartitionAlgorithm::one_pass: return "one-pass";
    case PartitionAlgorithm::overlap: return "overlap";
  }
  return "?";
}

PartitionAlgorithm parse_partition_algorithm(const std::string& text) {
  for (auto a : {PartitionAlgorithm::multilevel, PartitionAlgorithm::one_pass, PartitionAlgorithm::overlap})
    if (same_name(text, to_string(a))) return a;
  throw UserError("option 'algorithm' expects multilevel, one-pass or overlap, got '" + text + "'");
}

const std::vector<PartitionOption>& partition_options() {
  static const std::vector<PartitionOption> options = with_defaults<PartitionParams>({
      {"algorithm", "multilevel|one-pass|overlap",
       "multilevel (paper 3), or the paper's sequential baselines: one-pass (fill blocks in node order) or overlap "
       "(greedy growing by incidence-set overlap); the baselines are constrained-mode only",
       "",
       [](PartitionParams& p, const std::string& v) { p.algorithm = parse_partition_algorithm(v); },
       [](const PartitionParams& p) { return to_string(p.algorithm); }},
      {"seed", "S", "seed of the coarsening noise and initial partitions",
       "",
       [](PartitionParams& p, const std::string& v) {
         p.seed = static_cast<std::uint64_t>(option_integer("seed", v, 0, std::numeric_limits<long long>::max()));
       },
       [](const PartitionParams& p) { return std::to_string(p.seed); }},
      {"runs", "N", "independent multilevel runs (seeds S, S+1, ...); the best is kept",
       "",
       [](PartitionParams& p, const std::string& v) {
         p.runs = static_cast<int>(option_integer("runs", v, 1, k_int_max));  // (the partitioner checks it too)
       },
       [](const PartitionParams& p) { return std::to_string(p.runs); }},
      {"candidates", "1..8", "Pi: candidate pairs proposed per node and level (matching rounds)",
       "",
       [](PartitionParams& p, const std::string& v) {
         p.coarsening.candidates = static_cast<int>(option_integer("candidates", v, 1, partitioning::k_max_candidates));
       },
       [](const PartitionParams& p) { return std::to_string(p.coarsening.candidates); }},
      {"repetitions", "R", "Theta: refinement repetitions per level",
       "",
       [](PartitionParams& p, const std::string& v) {
         p.refinement.repetitions = static_cast<int>(option_integer("repetitions", v, 0, 4096));
       },
       [](const PartitionParams& p) { return std::to_string(p.refinement.repetitions); }},
      {"matching", "optimal|greedy", "ablation: exact pseudo-forest matching (paper) or the greedy root-first heuristic",
       "",
       [](PartitionParams& p, const std::string& v) {
         if (same_name(v, "optimal")) p.coarsening.matching = partitioning::MatchingKind::optimal;
         else if (same_name(v, "greedy")) p.coarsening.matching = partitioning::MatchingKind::greedy;
         else throw UserError("option 'matching' expects optimal or greedy, got '" + v + "'");
       },
       [](const PartitionParams& p) {
         return std::string(p.coarsening.matching == partitioning::MatchingKind::optimal ? "optimal" : "greedy");
       }},
      {"neighbors", "on|off|auto",
       "neighbourhoods materialised once and derived level to level (on, paper), rebuilt from the pins at every level "
       "batch after batch (off: least memory; Fig. 16's ablation), or on when both copies of the rows fit in 3/8 of "
       "the free device memory, else off (auto; the JSON's neighbor_rows says which ran)",
       "",
       [](PartitionParams& p, const std::string& v) {
         const auto on = parse_switch_or_auto("neighbors", v);
         p.coarsening.neighbors = !on ? NeighborRows::automatic : *on ? NeighborRows::materialised : NeighborRows::streamed;
       },
       [](const PartitionParams& p) {
         const NeighborRows m = p.coarsening.neighbors;
         return std::string(m == NeighborRows::automatic ? "auto" : m == NeighborRows::materialised ? "on" : "off");
       }},
      {"neighbor-batch", "N",
       "nodes per coarsening batch (neighbourhood construction and pair proposals); 0: as many as an eighth of "
       "the free device memory holds (TESSERA_MEMORY_BUDGET_MB caps it). The partition does not depend on it",
       "",
       [](PartitionParams& p, const std::string& v) {
         p.coarsening.neighbor_batch_nodes =
             static_cast<vid_t>(option_integer("neighbor-batch", v, 0, std::numeric_limits<vid_t>::max()));
       },
       [](const PartitionParams& p) { return std::to_string(p.coarsening.neighbor_batch_nodes); }},
      {"pair-window", "N|off|auto",
       "in nets of more than N + 1 pins, each pin pairs (neighbourhoods and pair scores) with the N pins nearest it "
       "in the net, N/2 on each side (N even); off: with every pin; auto: off on levels of at most 2^35 pair visits "
       "(sum of |e|(|e| - 1)), else the largest power of two within that (rewired SNNs such as 64k-rand; the JSON's "
       "pair_window says which ran)",
       "",
       [](PartitionParams& p, const std::string& v) {
         if (same_name(v, "auto")) p.coarsening.pair_window = k_pair_window_auto;
         else if (same_name(v, "off")) p.coarsening.pair_window = 0;
         else {
           const long long w = option_integer("pair-window", v, 2, std::numeric_limits<vid_t>::max());
           TESSERA_USER_REQUIRE(w % 2 == 0, "option 'pair-window' expects an even N (N/2 pins on each side), got " << w);
           p.coarsening.pair_window = w;
         }
       },
       [](const PartitionParams& p) {
         const eid_t w = p.coarsening.pair_window;
         return w == k_pair_window_auto ? std::string("auto") : w == 0 ? std::string("off") : std::to_string(w);
       }},
      {"chaining", "on|off", "ablation: chain refinement moves into paths and cycles (on, paper) or order them by gain only",
       "",
       [](PartitionParams& p, const std::string& v) {
         p.refinement.chain_rounds = parse_switch("chaining", v) ? partitioning::RefinementParams{}.chain_rounds : 0;
       },
       [](const PartitionParams& p) { return on_off(p.refinement.chain_rounds > 0); }},
      {"stall-fraction", "F",
       "coarsening tail detector: a level pairing fewer than F of its nodes stalls (two in a row end coarsening)",
       "",
       [](PartitionParams& p, const std::string& v) { p.coarsening.stall_fraction = parse_fraction("stall-fraction", v); },
       [](const PartitionParams& p) { return shortest(p.coarsening.stall_fraction); }},
      {"fewest-blocks", "off|search|dissolve|auto",
       "constrained mode: initial packing searches finer levels until it needs no more blocks than one-pass "
       "(search, also 'on'), or packs the coarsest level only (off: sometimes a block more, often lower "
       "connectivity), then after refinement dissolves the lightest blocks down to one-pass's count (dissolve); "
       "auto: dissolve for directed inputs (SNNs), off for undirected ones (hMETIS)",
       "",
       [](PartitionParams& p, const std::string& v) { p.fewest_blocks = parse_fewest_blocks(v); },
       [](const PartitionParams& p) { return fewest_blocks_name(p.fewest_blocks); },
       /*required=*/false, k_constrained_mode},
      {"spread-saving", "on|off|auto",
       "refinement, first half of the repetitions: a node leaving a block scores w(e)/c^2 for each net e with c "
       "pins there (on: groups of nodes leave a net's minority blocks together) or only the nets it disconnects "
       "(off, paper Eq. 13); a level that ends at a higher connectivity is restored; auto: on in constrained mode",
       "",
       [](PartitionParams& p, const std::string& v) { p.spread_saving = parse_switch_or_auto("spread-saving", v); },
       [](const PartitionParams& p) { return p.spread_saving ? on_off(*p.spread_saving) : std::string("auto"); }},
      {"constrained-fm", "off|finest|all|auto",
       "constrained mode: sequential FM with exact Omega/Delta checks and rollback to the best valid prefix "
       "(then passes whose moves may overload one block until moves out of it make it fit) after the parallel "
       "refinement of every level (all), of the finest level (finest) or none (off); auto: finest",
       "",
       [](PartitionParams& p, const std::string& v) {
         if (same_name(v, "auto")) p.constrained_fm.reset();
         else if (same_name(v, "off")) p.constrained_fm = ConstrainedFm::off;
         else if (same_name(v, "finest")) p.constrained_fm = ConstrainedFm::finest;
         else if (same_name(v, "all")) p.constrained_fm = ConstrainedFm::all;
         else throw UserError("option 'constrained-fm' expects off, finest, all or auto, got '" + v + "'");
       },
       [](const PartitionParams& p) {
         if (!p.constrained_fm) return std::string("auto");
         return std::string(*p.constrained_fm == ConstrainedFm::off      ? "off"
                            : *p.constrained_fm == ConstrainedFm::finest ? "finest"
                                                                         : "all");
       },
       /*required=*/false, k_constrained_mode},
      {"constrained-fm-max-work", "PAIRS",
       "constrained mode: the constrained FM skips a level where one evaluation of every node visits more than "
       "PAIRS (net, block) pairs (sum over nets of pins x blocks touched; JSON constrained_fm_skipped)",
       "",
       [](PartitionParams& p, const std::string& v) {
         p.constrained_fm_max_work = option_integer("constrained-fm-max-work", v, 0, std::numeric_limits<long long>::max());
       },
       [](const PartitionParams& p) { return std::to_string(p.constrained_fm_max_work); },
       /*required=*/false, k_constrained_mode},
      {"refine-level-ratio", "R",
       "constrained mode: uncoarsening refines a level only when it has at least R times the nodes of the last "
       "level refined (the coarsest, the finest and the spread/exact decision level always); 1: every level (paper)",
       "",
       [](PartitionParams& p, const std::string& v) { p.refine_level_ratio = parse_ratio("refine-level-ratio", v); },
       [](const PartitionParams& p) { return shortest(p.refine_level_ratio); },
       /*required=*/false, k_constrained_mode},
      {"weight-penalty", "0|1|2|auto",
       "coarsening score divided by 1 (paper) / w(n)+w(m) / w(n)w(m); auto: 1 until a level pairs fewer than a "
       "tenth of its nodes, w(n)w(m) from the next level on",
       "",
       [](PartitionParams& p, const std::string& v) {
         p.coarsening.weight_penalty =
             v == "auto" ? k_weight_penalty_auto : static_cast<int>(option_integer("weight-penalty", v, 0, 2));
       },
       [](const PartitionParams& p) {
         const int w = p.coarsening.weight_penalty;
         return w == k_weight_penalty_auto ? std::string("auto") : std::to_string(w);
       }},
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
      {"fm-stop", "N|auto",
       "a sequential FM pass (k-way initial and level FM, constrained FM) ends after N moves without a new best "
       "prefix; auto: 100 for directed inputs in constrained mode (SNNs), 1000 otherwise",
       "",
       [](PartitionParams& p, const std::string& v) {
         if (same_name(v, "auto")) p.fm_stop_moves.reset();
         else p.fm_stop_moves = static_cast<int>(option_integer("fm-stop", v, 1, k_int_max));
       },
       [](const PartitionParams& p) { return p.fm_stop_moves ? std::to_string(*p.fm_stop_moves) : std::string("auto"); }},
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
  });
  return options;
}

const std::vector<ConstraintOption>& partition_constraint_options() {
  static const std::vector<ConstraintOption> options = {
      {"max-size", "OMEGA", "constrained mode: largest block weight (node count for unit weights)"},
      {"max-inbound", "DELTA", "constrained mode: most distinct inbound nets per block"},
      {"preset", "NAME", "constrained mode: TrueNorth (256/256/4096), Loihi-64 (1024/4096/4096), Loihi-84 (4096/65536/7056)"},
      {"k", "K", "k-way balanced mode: number of blocks"},
      {"epsilon", "EPS", "k-way balanced mode: imbalance (KaHyPar: w(p) <= (1+eps) ceil(W/k)); default 0.03"},
  };
  return options;
}

namespace {


PartitionParams constraints_from(const GivenOption& given, bool require_mode) {
  const auto max_size = given("max-size"), max_inbound = given("max-inbound"), preset = given("preset");
  const auto k = given("k"), epsilon = given("epsilon");
  const int ways = int(max_size || max_inbound) + int(preset.has_value()) + int(k.has_value());
  TESSERA_USER_REQUIRE(ways <= 1, "give one of max-size/max-inbound, preset or k, not several");
  TESSERA_USER_REQUIRE(ways == 1 || !require_mode,
                       "give the constraints: max-size OMEGA [max-inbound DELTA], preset NAME, or k K [epsilon EPS]");
  TESSERA_USER_REQUIRE(k || !epsilon, "option 'epsilon' belongs to the k-way mode (k)");
  PartitionParams p;
  if (preset) {
    p = params_for_preset(find_constraint_preset(*preset));
  } else if (max_size || max_inbound) {
    TESSERA_USER_REQUIRE(max_size, "option 'max-inbound' needs 'max-size' as well");
    p.mode = PartitionMode::constrained;
    p.max_block_weight = option_integer("max-size", *max_size, 1, k_max_total_node_weight);
    if (max_inbound) p.max_inbound_nets = option_integer("max-inbound", *max_inbound, 0, k_max_total_node_weight);
  } else if (k) {
    p.mode = PartitionMode::kway;
    p.k = static_cast<part_t>(option_integer("k", *k, 1, k_int_max));
    if (epsilon) {
      const auto value = parse_whole_number(*epsilon);
      // Beyond 1e6 the balanced limit (1 + eps) * ceil(W / k) no longer means anything.
      TESSERA_USER_REQUIRE(value && *value >= 0 && *value <= 1e6,
                           "option 'epsilon' expects a number in [0, 1e6], got '" << *epsilon << "'");
      p.epsilon = *value;
    }
  }
  return p;
}

}  // namespace

PartitionParams partition_params(const GivenOption& given, bool require_mode) {
  PartitionParams params = constraints_from(given, require_mode);
  for (const auto& o : partition_options()) {
    const auto value = given(o.name);
    if (!value) continue;
    TESSERA_USER_REQUIRE(o.only_in_mode == nullptr || o.only_in_mode == std::string(mode_name(params.mode)) ||
                             *value == o.default_value,
                         "option '" << o.name << "' belongs to the " << o.only_in_mode << " mode ("
                                    << mode_options(o.only_in_mode) << ")");
    o.apply(params, *value);
  }
  TESSERA_USER_REQUIRE(params.algorithm == PartitionAlgorithm::multilevel || params.mode != PartitionMode::kway,
                       "algorithm " << to_string(params.algorithm)
                                    << " partitions under max-size/preset only, not k-way (k)");
  return params;
}

void apply_partition_option(PartitionParams& params, const std::string& name, const std::string& value) {
  apply_option(partition_options(), params, name, value, "partitioner");
}

}  // namespace tessera

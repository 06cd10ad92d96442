// Partitioner options of both modes: runs, coarsening, parallel refinement, FM stop rule.
#include "algorithms/partitioning/multilevel/partition_option_tables.hpp"

#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/switch_value.hpp"

namespace tessera::partition_options_detail {

namespace {

// A fraction: a number in [0, 1].
double parse_fraction(const std::string& name, const std::string& text) {
  const auto value = parse_whole_number(text);
  TESSERA_USER_REQUIRE(value && *value >= 0 && *value <= 1,
                       "option '" << name << "' expects a number in [0, 1], got '" << text << "'");
  return *value;
}

static_assert(k_pair_budget == eid_t(1) << 35, "--pair-window's help names the budget");

}  // namespace

std::vector<PartitionOption> options_of_both_modes() {
  return {
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
    {"spread-saving", "on|off|auto",
     "refinement, first half of the repetitions: a node leaving a block scores w(e)/c^2 for each net e with c "
     "pins there (on: groups of nodes leave a net's minority blocks together) or only the nets it disconnects "
     "(off, paper Eq. 13); a level that ends at a higher connectivity is restored; auto: on in constrained mode",
     "",
     [](PartitionParams& p, const std::string& v) { p.spread_saving = parse_switch_or_auto("spread-saving", v); },
     [](const PartitionParams& p) { return p.spread_saving ? on_off(*p.spread_saving) : std::string("auto"); }},
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
    {"fm-stop", "N|auto",
     "a sequential FM pass (k-way initial and level FM, constrained FM) ends after N moves without a new best "
     "prefix; auto: 100 for directed inputs in constrained mode (SNNs), 1000 otherwise",
     "",
     [](PartitionParams& p, const std::string& v) {
       if (same_name(v, "auto")) p.fm_stop_moves.reset();
       else p.fm_stop_moves = static_cast<int>(option_integer("fm-stop", v, 1, k_int_max));
     },
     [](const PartitionParams& p) { return p.fm_stop_moves ? std::to_string(*p.fm_stop_moves) : std::string("auto"); }},
  };
}

}  // namespace tessera::partition_options_detail

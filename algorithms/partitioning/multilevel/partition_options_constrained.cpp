// Partitioner options of the constrained mode (Omega/Delta, presets): block count, constrained FM, levels refined.
#include "algorithms/partitioning/multilevel/partition_option_tables.hpp"

#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/util/parse_number.hpp"

namespace tessera::partition_options_detail {

namespace {

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

}  // namespace

std::vector<PartitionOption> constrained_mode_options() {
  return {
    {"fewest-blocks", "off|search|dissolve|auto",
     "constrained mode: initial packing searches finer levels until it needs no more blocks than one-pass "
     "(search, also 'on'), or packs the coarsest level only (off: sometimes a block more, often lower "
     "connectivity), then after refinement dissolves the lightest blocks down to one-pass's count (dissolve); "
     "auto: dissolve for directed inputs (SNNs), off for undirected ones (hMETIS)",
     "",
     [](PartitionParams& p, const std::string& v) { p.fewest_blocks = parse_fewest_blocks(v); },
     [](const PartitionParams& p) { return fewest_blocks_name(p.fewest_blocks); },
     /*required=*/false, k_constrained_mode},
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
     "level refined (the coarsest, the finest and the spread/exact decision level always); 1: every level (paper); "
     "after two refined levels in a row without a move, at least 2 until a level moves again",
     "",
     [](PartitionParams& p, const std::string& v) { p.refine_level_ratio = parse_ratio("refine-level-ratio", v); },
     [](const PartitionParams& p) { return shortest(p.refine_level_ratio); },
     /*required=*/false, k_constrained_mode},
  };
}

}  // namespace tessera::partition_options_detail

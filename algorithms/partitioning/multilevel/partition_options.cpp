#include "algorithms/partitioning/multilevel/partition_options.hpp"

#include <iomanip>
#include <sstream>

#include "algorithms/partitioning/multilevel/partition_option_tables.hpp"
#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "core/util/parse_number.hpp"

namespace tessera {

namespace {

using namespace partition_options_detail;

const char* mode_name(PartitionMode mode) { return mode == PartitionMode::kway ? k_kway_mode : k_constrained_mode; }

// How a mode is chosen on the command line, for the error that names it.
const char* mode_options(const char* mode) {
  return std::string(mode) == k_kway_mode ? "k" : "max-size, max-inbound or preset";
}

}  // namespace

double partition_options_detail::parse_ratio(const std::string& name, const std::string& text) {
  const auto value = parse_whole_number(text);
  TESSERA_USER_REQUIRE(value && *value >= 1 && *value <= 1e9,
                       "option '" << name << "' expects a number >= 1, got '" << text << "'");
  return *value;
}

std::string partition_options_detail::shortest(double x) {
  for (int digits = 1; digits <= 17; ++digits) {
    std::ostringstream out;
    out << std::setprecision(digits) << x;
    if (std::stod(out.str()) == x) return out.str();
  }
  return std::to_string(x);
}

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
  static const std::vector<PartitionOption> options = [] {
    std::vector<PartitionOption> all = partition_options_detail::options_of_both_modes();
    for (auto part : {partition_options_detail::constrained_mode_options(), partition_options_detail::kway_mode_options()})
      all.insert(all.end(), part.begin(), part.end());
    return with_defaults<PartitionParams>(std::move(all));
  }();
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

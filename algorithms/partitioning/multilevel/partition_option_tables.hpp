#pragma once
// Private to partition_options*.cpp: the option table of partition_options.hpp in three parts
// (options of both modes, constrained-mode options, k-way options; one file each) and the value
// helpers they share. partition_options() joins the parts in this order.
#include <limits>
#include <string>
#include <vector>

#include "algorithms/partitioning/multilevel/partition_options.hpp"

namespace tessera::partition_options_detail {

constexpr long long k_int_max = std::numeric_limits<int>::max();

// The modes of mode-only options (OptionSpec::only_in_mode), checked by partition_params().
constexpr const char* k_kway_mode = "k-way";
constexpr const char* k_constrained_mode = "constrained";

// A ratio of node counts: a number in [1, 1e9]; throws UserError naming the option.
double parse_ratio(const std::string& name, const std::string& text);

// Shortest text that reads back as the same double ("0.01", not "0.010000").
std::string shortest(double x);

std::vector<PartitionOption> options_of_both_modes();
std::vector<PartitionOption> constrained_mode_options();
std::vector<PartitionOption> kway_mode_options();

}  // namespace tessera::partition_options_detail

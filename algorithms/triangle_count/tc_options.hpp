#pragma once
// Single-node triangle counting's options, declared once beside TriangleCountParams: name,
// value syntax, help, default and validation. `tessera tc --NAME VALUE`, the YAML task `tc`
// (parameter NAME) and the benchmark (TESSERA_BENCH_TC_OPTIONS) all read this table.
// (--per-vertex is the CLI's own: it names an output file.)
#include <string>
#include <vector>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/util/option_spec.hpp"

namespace tessera {

using TriangleCountOption = OptionSpec<TriangleCountParams>;

const std::vector<TriangleCountOption>& triangle_count_options();

}  // namespace tessera

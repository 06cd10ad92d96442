#pragma once
// Single-node triangle counting's options, declared once beside TriangleCountParams: name,
// value syntax, help, default and validation. `tessera tc --NAME VALUE`, the YAML task `tc`
// (parameter NAME) and the benchmark (TESSERA_BENCH_TC_OPTIONS) all read this table.
// (--per-vertex is the CLI's own: it names an output file.)
#include <string>
#include <vector>

#include "algorithms/triangle_count/triangle_count.hpp"

namespace tessera {

struct TriangleCountOption {
  std::string name;        // CLI option and YAML parameter, e.g. "intersection"
  std::string value_name;  // e.g. "I"
  std::string help;
  std::string default_value;
  // Sets the field from its text form; throws UserError naming the value on a bad one.
  void (*apply)(TriangleCountParams& params, const std::string& value);
};

const std::vector<TriangleCountOption>& triangle_count_options();

// Applies one option by name; UserError on an unknown name or a bad value.
void apply_triangle_count_option(TriangleCountParams& params, const std::string& name, const std::string& value);

}  // namespace tessera

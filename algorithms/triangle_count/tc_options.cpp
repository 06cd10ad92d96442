#include "algorithms/triangle_count/tc_options.hpp"

#include "core/graph/orientation.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/switch_value.hpp"

namespace tessera {

const std::vector<TriangleCountOption>& triangle_count_options() {
  static const std::vector<TriangleCountOption> options = {
      {"variant", "V",
       "masked | split | auto: the counting kernel (auto: split when the oriented graph's mean candidate list is long)",
       "auto",
       [](TriangleCountParams& p, const std::string& v) { p.variant = parse_triangle_variant(v); }},
      {"intersection", "I", "binary | merge | hash | auto: how two neighbour lists are intersected", "auto",
       [](TriangleCountParams& p, const std::string& v) { p.intersection = parse_intersection(v); }},
      {"orientation", "O", "degree | id: the order that orients each edge from its lower end", "degree",
       [](TriangleCountParams& p, const std::string& v) { p.orientation = parse_orientation(v); }},
      {"lane-sums", "on|off",
       "masked kernel: each vector lane keeps its share of its thread's tasks, one reduction per thread (off: one per task)",
       "on", [](TriangleCountParams& p, const std::string& v) { p.lane_sums = parse_switch("lane-sums", v); }},
      {"grid-waves", "N",
       "masked and split kernels: teams launched, as a multiple of the threads the device keeps resident (0: auto)", "0",
       [](TriangleCountParams& p, const std::string& v) { p.grid_waves = static_cast<int>(option_integer("grid-waves", v, 0, 64)); }},
  };
  return options;
}

}  // namespace tessera

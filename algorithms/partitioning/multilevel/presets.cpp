#include <algorithm>
#include <cctype>

#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "core/error.hpp"
#include "core/util/names.hpp"

namespace tessera {

const std::vector<ConstraintPreset>& constraint_presets() {
  // Omega / Delta / partition limit, as listed in issue 5 from the neuromorphic-mapping literature.
  static const std::vector<ConstraintPreset> presets = {
      {"TrueNorth", 256, 256, 4096},
      {"Loihi-64", 1024, 4096, 4096},
      {"Loihi-84", 4096, 65536, 7056},
  };
  return presets;
}

ConstraintPreset find_constraint_preset(const std::string& name) {
  std::string names;
  for (const auto& p : constraint_presets()) {
    if (same_name(name, p.name)) return p;
    names += (names.empty() ? "" : ", ") + p.name;
  }
  throw UserError("unknown constraint preset '" + name + "' (known: " + names + ")");
}

PartitionParams params_for_preset(const ConstraintPreset& preset) {
  PartitionParams p;
  p.mode = PartitionMode::constrained;
  p.max_block_weight = preset.max_block_weight;
  p.max_inbound_nets = preset.max_inbound_nets;
  p.max_parts = preset.max_parts;
  return p;
}

}  // namespace tessera

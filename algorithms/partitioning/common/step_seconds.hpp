#pragma once
// Where a partitioner run spends its time, step by step (coarsening fills the first four,
// the driver the rest).

namespace tessera {

// Seconds per algorithm step (the paper's Fig. 8 breakdown), summed over levels and repetitions.
// Each step ends with a fence, so the times are device times on GPUs.
struct StepSeconds {
  double neighbors = 0;    // first neighbourhood construction (§V-B)
  double proposal = 0;     // candidate pairs proposal and isolated pairing (§V-C)
  double matching = 0;     // pseudo-forest matching rounds (§V-D)
  double contraction = 0;  // coarse hypergraph and coarse neighbourhoods (§V-E)
  double initial = 0;      // initial packing / k-way initial partitioning; the baselines
  double gains = 0;        // refinement: pins(p, e) runs, block state, move proposal (§VI-B)
  double sequence = 0;     // refinement: move sort, chaining, ranking, in-sequence gains (§VI-C)
  double validity = 0;     // refinement: events-based validity, best prefix, apply (§VI-D)
  double level_fm = 0;     // k-way: sequential FM of the uncoarsened levels on the host (part of refinement)
  double flow = 0;         // k-way: flow refinement of the uncoarsened levels on the host (part of refinement)
  double dissolve = 0;     // constrained, --fewest-blocks dissolve: block dissolution on the host (part of refinement)
};

// The steps by name, in the order above: the one list the CLI's JSON and the YAML records use.
struct StepField {
  const char* name;
  double StepSeconds::*seconds;
};
inline constexpr StepField k_step_fields[] = {
    {"neighbors", &StepSeconds::neighbors}, {"proposal", &StepSeconds::proposal},
    {"matching", &StepSeconds::matching},   {"contraction", &StepSeconds::contraction},
    {"initial", &StepSeconds::initial},     {"gains", &StepSeconds::gains},
    {"sequence", &StepSeconds::sequence},   {"validity", &StepSeconds::validity},
    {"level_fm", &StepSeconds::level_fm},   {"flow", &StepSeconds::flow},
    {"dissolve", &StepSeconds::dissolve}};

}  // namespace tessera

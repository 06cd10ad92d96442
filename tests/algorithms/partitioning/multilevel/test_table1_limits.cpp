// Table I's limits (paper 3, §VII-A): lenet, alexnet, 16k-rand and the -model networks are
// partitioned under Omega = 2^10, Delta = 2^12 (Loihi-64's), the others — vgg11 among them —
// under Omega = 2^12, Delta = 2^16 (Loihi-84's; AxonCUDA's hgraphs/run_snns.sh runs VGG11 with
// `-c loihi84`). A VGG11 has nodes beyond Delta = 4096: a 3x3 convolution over 512 channels has
// 9 x 512 = 4,608 inputs, ours (nn:table1=vgg11, widths x 1.375) 9 x 704 = 6,336, and its dense
// layers 4,096 (ours 5,632). So Loihi-64 rejects it and Loihi-84 does not.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "algorithms/partitioning/multilevel/partition_report.hpp"
#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "io/generators/nn_hypergraph.hpp"

using namespace tessera;

TEST_CASE("Table I limits: a VGG11 of our widths needs Delta > 4096 and fits Loihi-84's Delta") {
  // nn:table1=vgg11's widths at a small input: the dense layers of 4096 x 1.375 = 5,632 neurons
  // give the largest inbound sets (the 3x3 convolutions see at most 2 x 2 positions here).
  const auto h = build_hypergraph(gen::generate_nn_hypergraph("nn:vgg,input=4,width=1.375,blocks=4"));
  nid_t max_inbound = 0;
  for (vid_t v = 0; v < h.num_nodes; ++v) max_inbound = std::max(max_inbound, h.node_num_inbound(v));
  CHECK(max_inbound == 5632);
  try {
    partition_and_evaluate(h, params_for_preset(find_constraint_preset("Loihi-64")));
    FAIL("Loihi-64 accepted a node with 5,632 inbound nets");
  } catch (const UserError& e) {
    const std::string what = e.what();
    CHECK(what.find("a node has 5632 inbound nets, more than the limit Delta = 4096") != std::string::npos);
    CHECK(what.find("Loihi-84") != std::string::npos);  // the hint names Table I's preset
  }
  PartitionParams p = params_for_preset(find_constraint_preset("Loihi-84"));
  p.algorithm = PartitionAlgorithm::one_pass;  // feasibility, in linear time
  const auto report = partition_and_evaluate(h, p);
  CHECK(report.quality.valid);
  CHECK(report.quality.max_inbound_nets <= 65536);
  CHECK(report.num_parts == (h.num_nodes + 4095) / 4096);  // Omega binds first, block after block
}

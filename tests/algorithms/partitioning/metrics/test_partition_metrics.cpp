// evaluate_partition and the balance helpers: hand-checked directed and undirected examples on
// every execution space, a random cross-check against a serial std::set reference, bad input,
// and (real-data) the TILOS best-known ISPD98 partitions re-evaluated against their leaderboard.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/partitioning/metrics/balance.hpp"
#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "io/graph_io.hpp"
#include "io/text/text_formats.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

template <class Space>
PartitionQuality evaluate_on(const HostHypergraph& host, const std::vector<part_t>& parts,
                             const PartitionConstraints& c = {}) {
  using mem = typename Space::memory_space;
  auto h = mirror_hypergraph<mem>(host);
  Kokkos::View<part_t*, mem> p("test::parts", parts.size());
  auto p_host = Kokkos::create_mirror_view(p);
  std::copy(parts.begin(), parts.end(), p_host.data());
  Kokkos::deep_copy(p, p_host);
  return evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(p), c);
}

// Six nodes (weights 1..6), blocks {0,1} {2,3} {4,5}; nets as (sources | destinations, weight):
//   e0 (0 | 1 2, 2)  lambda 2, inbound to blocks 0 and 1
//   e1 (3 | 4 5, 1)  lambda 2, inbound to block 2 only (its source sits in block 1)
//   e2 (2 | 3, 5)    lambda 1, inbound to block 1
//   e3 ( | 0 5, 3)   no sources: every pin a destination; lambda 2, inbound to 0 and 2
//   e4 (1 4 | , 7)   sources only: lambda 2, inbound to no block
//   e5 (0 | 3 4, 4)  lambda 3, inbound to 1 and 2
// km1 = 2 + 1 + 0 + 3 + 7 + 2*4 = 21, cut-net = 2 + 1 + 3 + 7 + 4 = 17, 5 cut nets.
HostHypergraph directed_example() {
  HypergraphInput in;
  in.num_nodes = 6;
  in.add_net({0}, {1, 2}, 2);
  in.add_net({3}, {4, 5}, 1);
  in.add_net({2}, {3}, 5);
  in.add_net({}, {0, 5}, 3);
  in.add_net({1, 4}, {}, 7);
  in.add_net({0}, {3, 4}, 4);
  in.node_weights = {1, 2, 3, 4, 5, 6};
  return build_hypergraph(in);
}
const std::vector<part_t> directed_parts{0, 0, 1, 1, 2, 2};

// Serial reference: lambda and inbound blocks per net with std::set.
PartitionQuality reference_quality(const HypergraphInput& in, const std::vector<part_t>& parts) {
  PartitionQuality q;
  q.k = *std::max_element(parts.begin(), parts.end()) + 1;
  q.block_weights.assign(q.k, 0);
  q.block_inbound_nets.assign(q.k, 0);
  for (vid_t n = 0; n < in.num_nodes; ++n) q.block_weights[parts[n]] += in.node_weights.empty() ? 1 : in.node_weights[n];
  for (nid_t e = 0; e < in.num_nets(); ++e) {
    std::set<part_t> blocks, inbound;
    for (eid_t j = in.net_offsets[e]; j < in.net_offsets[e + 1]; ++j) {
      blocks.insert(parts[in.pins[j]]);
      if (j - in.net_offsets[e] >= in.net_num_sources[e]) inbound.insert(parts[in.pins[j]]);
    }
    const double w = in.net_weights.empty() ? 1.0 : in.net_weights[e];
    q.connectivity += w * (static_cast<double>(blocks.size()) - 1);
    if (blocks.size() > 1) {
      q.cut_net += w;
      ++q.num_cut_nets;
    }
    for (auto p : inbound) ++q.block_inbound_nets[p];
  }
  return q;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("partition metrics: hand-checked directed hypergraph", Space, partition_directed_cases) {
  const auto h = directed_example();
  const auto q = evaluate_on<Space>(h, directed_parts);
  CHECK(q.k == 3);
  CHECK(q.total_weight == 21);
  CHECK(q.block_weights == std::vector<node_weight_t>{3, 7, 11});
  CHECK(q.block_inbound_nets == std::vector<std::int64_t>{2, 3, 3});
  CHECK(q.connectivity == 21.0);
  CHECK(q.cut_net == 17.0);
  CHECK(q.num_cut_nets == 5);
  CHECK(q.max_block_weight == 11);
  CHECK(q.max_inbound_nets == 3);
  CHECK(q.imbalance == doctest::Approx(11.0 / 7.0 - 1.0));  // ceil(21 / 3) = 7
  CHECK(q.valid);  // no constraints given
  CHECK(q.violating_blocks.empty());

  SUBCASE("violations of Omega, Delta and epsilon are listed per constraint") {
    PartitionConstraints c;
    c.max_block_weight = 7;  // block 2 weighs 11
    c.max_inbound_nets = 2;  // blocks 1 and 2 have 3 inbound nets
    c.epsilon = 0.5;         // floor(1.5 * 7) = 10 < 11
    const auto v = evaluate_on<Space>(h, directed_parts, c);
    CHECK_FALSE(v.valid);
    CHECK(v.over_weight_blocks == std::vector<part_t>{2});
    CHECK(v.over_inbound_blocks == std::vector<part_t>{1, 2});
    CHECK(v.imbalanced_blocks == std::vector<part_t>{2});
    CHECK(v.violating_blocks == std::vector<part_t>{1, 2});
  }
  SUBCASE("limits equal to the maxima are respected") {
    PartitionConstraints c;
    c.max_block_weight = 11;
    c.max_inbound_nets = 3;
    c.epsilon = 0.58;  // floor(1.58 * 7) = 11
    const auto v = evaluate_on<Space>(h, directed_parts, c);
    CHECK(v.valid);
    CHECK(v.violating_blocks.empty());
  }
  SUBCASE("one block: nothing is cut, every net with a destination is inbound") {
    const auto one = evaluate_on<Space>(h, std::vector<part_t>(6, 0));
    CHECK(one.k == 1);
    CHECK(one.connectivity == 0.0);
    CHECK(one.cut_net == 0.0);
    CHECK(one.num_cut_nets == 0);
    CHECK(one.block_inbound_nets == std::vector<std::int64_t>{5});  // all but e4
    CHECK(one.imbalance == 0.0);
  }
  SUBCASE("every node alone") {
    const auto all = evaluate_on<Space>(h, {0, 1, 2, 3, 4, 5});
    CHECK(all.k == 6);
    // lambda = |e|: km1 = 2*2 + 1*2 + 5*1 + 3*1 + 7*1 + 4*2 = 29
    CHECK(all.connectivity == 29.0);
    CHECK(all.cut_net == 22.0);
    CHECK(all.block_inbound_nets == std::vector<std::int64_t>{1, 1, 1, 2, 2, 2});
  }
}
TEST_CASE_TEMPLATE_APPLY(partition_directed_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("partition metrics: undirected hypergraph, empty block, fractional weights", Space,
                          partition_undirected_cases) {
  HypergraphInput in;
  in.num_nodes = 4;
  in.add_net({}, {0, 1}, 0.5);
  in.add_net({}, {1, 2, 3}, 0.25);
  in.add_net({}, {0, 3}, 1);
  const auto h = build_hypergraph(in);
  // Block 1 is unused: k = 3 with an empty block.
  const auto q = evaluate_on<Space>(h, {0, 0, 2, 2});
  CHECK(q.k == 3);
  CHECK(q.block_weights == std::vector<node_weight_t>{2, 0, 2});
  CHECK(q.block_inbound_nets == std::vector<std::int64_t>{3, 0, 2});  // undirected: nets touching the block
  CHECK(q.connectivity == 1.25);
  CHECK(q.cut_net == 1.25);
  CHECK(q.num_cut_nets == 2);
  CHECK(q.imbalance == doctest::Approx(2.0 / 2.0 - 1.0));
  PartitionConstraints c;
  c.epsilon = 0.0;  // ceil(4 / 3) = 2: blocks of weight 2 are fine
  CHECK(evaluate_on<Space>(h, {0, 0, 2, 2}, c).valid);
  CHECK(evaluate_on<Space>(h, {0, 0, 0, 2}, c).imbalanced_blocks == std::vector<part_t>{0});
}
TEST_CASE_TEMPLATE_APPLY(partition_undirected_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("partition metrics: random directed hypergraph matches a serial reference", Space,
                          partition_random_cases) {
  std::mt19937 rng(12345);
  HypergraphInput in;
  in.num_nodes = 3000;
  const part_t k = 7;
  // Net sizes from 1 to 2500 so that every row-sorting path (thread, small team, large team) runs.
  for (int e = 0; e < 400; ++e) {
    const int size = e % 50 == 0 ? 1100 + static_cast<int>(rng() % 1400) : 1 + static_cast<int>(rng() % 60);
    std::set<vid_t> chosen;
    while (static_cast<int>(chosen.size()) < size) chosen.insert(static_cast<vid_t>(rng() % in.num_nodes));
    std::vector<vid_t> all(chosen.begin(), chosen.end());
    std::shuffle(all.begin(), all.end(), rng);
    const std::size_t num_sources = e % 5 == 0 ? 0 : rng() % 3;  // some nets with no sources
    const std::size_t s = std::min(num_sources, all.size());
    in.add_net(std::vector<vid_t>(all.begin(), all.begin() + s), std::vector<vid_t>(all.begin() + s, all.end()),
               static_cast<weight_t>(1 + rng() % 9));
  }
  in.node_weights.resize(in.num_nodes);
  for (auto& w : in.node_weights) w = 1 + static_cast<node_weight_t>(rng() % 100);
  std::vector<part_t> parts(in.num_nodes);
  for (auto& p : parts) p = static_cast<part_t>(rng() % k);
  parts[0] = k - 1;
  const auto expected = reference_quality(in, parts);
  const auto q = evaluate_on<Space>(build_hypergraph(in), parts);
  CHECK(q.k == k);
  CHECK(q.block_weights == expected.block_weights);
  CHECK(q.block_inbound_nets == expected.block_inbound_nets);
  CHECK(q.connectivity == expected.connectivity);  // integral weights: exact
  CHECK(q.cut_net == expected.cut_net);
  CHECK(q.num_cut_nets == expected.num_cut_nets);
}
TEST_CASE_TEMPLATE_APPLY(partition_random_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("partition metrics: bad partitions and constraints are user errors", Space,
                          partition_error_cases) {
  const auto h = directed_example();
  CHECK_THROWS_AS(evaluate_on<Space>(h, {0, 0, 1}), UserError);                    // too short
  CHECK_THROWS_AS(evaluate_on<Space>(h, std::vector<part_t>(7, 0)), UserError);    // too long
  CHECK_THROWS_WITH_AS(evaluate_on<Space>(h, {0, 0, 1, -1, 2, 2}), doctest::Contains("node 3"), UserError);
  CHECK_THROWS_AS(evaluate_on<Space>(h, {0, 0, 1, 1, 2, 6}), UserError);           // id >= num_nodes
  PartitionConstraints c;
  c.epsilon = -0.1;
  CHECK_THROWS_AS(evaluate_on<Space>(h, directed_parts, c), UserError);
  c = {};
  c.max_inbound_nets = -1;
  CHECK_THROWS_AS(evaluate_on<Space>(h, directed_parts, c), UserError);
  // An empty hypergraph with an empty partition is fine: no blocks.
  const auto empty = evaluate_on<Space>(build_hypergraph(HypergraphInput{}), {});
  CHECK(empty.k == 0);
  CHECK(empty.connectivity == 0.0);
  CHECK(empty.valid);
}
TEST_CASE_TEMPLATE_APPLY(partition_error_cases, tessera::test::ExecSpaces);

TEST_CASE("partition metrics: hMETIS UBfactor and KaHyPar epsilon balance") {
  // k = 2, UB = 2: each block within 48%..52% of the total.
  CHECK(hmetis_balanced({48, 52}, 2, 2));
  CHECK(hmetis_balanced({52, 48}, 2, 2));
  CHECK_FALSE(hmetis_balanced({47, 53}, 2, 2));
  CHECK(hmetis_balanced({49, 51}, 2, 1));
  CHECK_FALSE(hmetis_balanced({48, 52}, 2, 1));
  // k = 3, UB = 5: 28.33%..38.33%.
  CHECK(hmetis_balanced({33, 33, 34}, 3, 5));
  CHECK_FALSE(hmetis_balanced({30, 30, 40}, 3, 5));
  CHECK_FALSE(hmetis_balanced({28, 34, 38}, 3, 5));
  // Missing trailing blocks weigh 0.
  CHECK_FALSE(hmetis_balanced({100}, 2, 10));
  CHECK(hmetis_balanced({7}, 1, 0));
  CHECK_THROWS_AS(hmetis_balanced({1, 2, 3}, 2, 5), UserError);
  CHECK_THROWS_AS(hmetis_balanced({1}, 0, 5), UserError);
  CHECK_THROWS_AS(hmetis_balanced({1}, 1, -1), UserError);

  CHECK(perfect_block_weight(21, 3) == 7);
  CHECK(perfect_block_weight(22, 3) == 8);
  CHECK(kahypar_max_block_weight(100, 2, 0.03) == 51);  // floor(1.03 * 50)
  CHECK(kahypar_max_block_weight(100, 2, 1e6) == 50000050);
  // Beyond the largest total (2^62) the limit is 2^62: no wrap to a negative limit.
  CHECK(kahypar_max_block_weight(k_max_total_node_weight, 2, 1e6) == k_max_total_node_weight);
  CHECK(kahypar_imbalance({40, 60}, 2) == doctest::Approx(0.2));
}

TEST_SUITE("real-data") {
  namespace {
  // best_known_tilos.csv rows (plain CSV, no quoted fields): column name -> value.
  std::vector<std::map<std::string, std::string>> read_tilos_csv(const std::string& path) {
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    auto split = [](const std::string& line) {
      std::vector<std::string> fields;
      std::stringstream ss(line);
      std::string f;
      while (std::getline(ss, f, ',')) fields.push_back(f);
      if (!line.empty() && line.back() == ',') fields.emplace_back();
      return fields;
    };
    std::string line;
    std::getline(in, line);
    const auto header = split(line);
    std::vector<std::map<std::string, std::string>> rows;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      const auto fields = split(line);
      REQUIRE(fields.size() == header.size());
      std::map<std::string, std::string> row;
      for (std::size_t i = 0; i < header.size(); ++i) row[header[i]] = fields[i];
      rows.push_back(std::move(row));
    }
    return rows;
  }
  }  // namespace

  TEST_CASE("partition metrics: TILOS best-known ISPD98 partitions have their leaderboard cut and balance") {
    using Space = Kokkos::DefaultExecutionSpace;
    using mem = Space::memory_space;
    const std::string root = test::data_path("hypergraphs");
    // Reference partition path (relative to hypergraphs/) -> CSV row.
    std::map<std::string, std::map<std::string, std::string>> by_file;
    for (auto& row : read_tilos_csv(root + "/best_known_tilos.csv"))
      if (!row["reference_partition"].empty()) by_file[row["reference_partition"]] = row;

    std::map<std::string, HostHypergraph> loaded;  // one load per hypergraph file
    std::map<std::string, Hypergraph<mem>> on_device;
    int checked = 0;
    for (const char* suite : {"ispd98", "ispd98_weighted"}) {
      const std::filesystem::path folder = std::filesystem::path(root) / "reference_partitions" / suite;
      REQUIRE(std::filesystem::is_directory(folder));
      std::vector<std::filesystem::path> files;
      for (const auto& entry : std::filesystem::directory_iterator(folder)) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const auto& file : files) {
        const std::string name = file.filename().string();  // ibm01.k2.ub1.part.gz
        const std::string instance = name.substr(0, name.find('.'));
        const std::string hgr = std::string(suite) + "/" + instance +
                                (std::string(suite) == "ispd98" ? ".hgr.gz" : ".weight.hgr.gz");
        if (!std::filesystem::exists(std::filesystem::path(root) / hgr)) continue;  // not shipped
        const std::string key = std::string("reference_partitions/") + suite + "/" + name;
        INFO(key);
        REQUIRE(by_file.count(key) == 1);
        const auto& row = by_file[key];
        CHECK(row.at("suite") == (std::string(suite) == "ispd98" ? "ISPD98-unit" : "ISPD98-weighted"));
        CHECK(row.at("instance") == instance);

        if (!loaded.count(hgr)) {
          loaded[hgr] = io::load_hypergraph(root + "/" + hgr);
          on_device[hgr] = mirror_hypergraph<mem>(loaded[hgr]);
        }
        const auto& h = on_device[hgr];
        const auto parts_vec = io::read_partition(file.string(), h.num_nodes);
        Kokkos::View<part_t*, mem> parts("test::parts", parts_vec.size());
        auto parts_host = Kokkos::create_mirror_view(parts);
        std::copy(parts_vec.begin(), parts_vec.end(), parts_host.data());
        Kokkos::deep_copy(parts, parts_host);

        const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(parts));
        const part_t k = static_cast<part_t>(std::stoi(row.at("k")));
        CHECK(q.k <= k);
        CHECK(q.cut_net == static_cast<double>(std::stoll(row.at("best_known_cut"))));
        CHECK(hmetis_balanced(q.block_weights, k, std::stod(row.at("ubfactor_percent"))));
        if (k == 2) CHECK(q.connectivity == q.cut_net);  // lambda <= 2
        ++checked;
      }
    }
    CHECK(checked == 72);  // 9 instances x 4 UBfactors x (unit, weighted)
  }
}

#include <doctest/doctest.h>

#include "core/error.hpp"
#include "io/config/experiment.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

TEST_CASE("load_experiment resolves inputs and expands parameter grids") {
  test::TempDir dir;
  dir.write("g.el", "0 1\n");
  auto path = dir.write("exp.yaml", R"(name: demo
repetitions: 2
inputs:
  - file: g.el
  - generator: clique:n=4
    name: k4
tasks:
  - task: orient
    params:
      orientation: [degree, id]
      other: 5
  - task: stats
)");
  auto c = io::load_experiment(path);
  CHECK(c.name == "demo");
  CHECK(c.repetitions == 2);
  CHECK(c.warmup == 0);
  REQUIRE(c.inputs.size() == 2);
  CHECK(c.inputs[0].source == dir.file("g.el"));  // relative to the YAML file
  CHECK(c.inputs[0].name == "g.el");
  CHECK(c.inputs[1].source == "gen:clique:n=4");
  CHECK(c.inputs[1].name == "k4");
  CHECK(c.inputs[0].load.build.symmetrize);
  CHECK_FALSE(c.inputs[0].load.format.has_value());
  auto combos = c.tasks[0].combinations();
  REQUIRE(combos.size() == 2);
  CHECK(combos[0] == std::vector<std::pair<std::string, std::string>>{{"orientation", "degree"}, {"other", "5"}});
  CHECK(combos[1][0].second == "id");
  CHECK(c.tasks[1].combinations().size() == 1);
  CHECK(io::to_yaml(c).find("orientation: [degree, id]") != std::string::npos);
}

TEST_CASE("load_experiment rejects bad files with file:line") {
  test::TempDir dir;
  auto check = [&](const std::string& text, const std::string& expected) {
    auto path = dir.write("bad.yaml", text);
    CHECK_THROWS_WITH_AS(io::load_experiment(path), doctest::Contains(expected.c_str()), ParseError);
  };
  check("name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\nbogus: 1\n", "bad.yaml:6: unknown key 'bogus'");
  check("name: x\ninputs: []\ntasks:\n  - task: stats\n", "'inputs' must be a non-empty list");
  check("name: x\ninputs:\n  - file: missing.el\ntasks:\n  - task: stats\n", "bad.yaml:3: input file");
  check("name: x\nrepetitions: zero\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\n", "bad.yaml:2: repetitions must be an integer");
  check("name: x\ninputs:\n  - generator: clique:n=3\n    file: a.el\ntasks:\n  - task: stats\n", "either 'file' or 'generator'");
  check("name: x\ninputs:\n  - generator: clique:n=3\n    format: xyz\ntasks:\n  - task: stats\n", "bad.yaml:4: unknown format 'xyz'");
  check("name: [x\n", "malformed YAML");
  check("inputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\n", "missing 'name'");
  CHECK_THROWS_WITH_AS(io::load_experiment(dir.file("nope.yaml")), doctest::Contains("no such file"), UserError);
}

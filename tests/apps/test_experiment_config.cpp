#include <doctest/doctest.h>

#include <cstdlib>

#include "core/error.hpp"
#include "apps/runner/experiment_config.hpp"
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
  // Found by tests/fuzz (fuzz_experiment): a key that is a list, a mapping or empty ("? ..." in
  // YAML) escaped as yaml-cpp's "bad conversion" instead of a file:line error.
  check("name: x\n? [a, b]\n: 1\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\n",
        "bad.yaml:2: a key in the experiment must be a plain name, not a list, mapping or nothing");
  check("name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: orient\n    ? {a: 1}\n    : 2\n",
        "bad.yaml:6: a key in a task must be a plain name");
  check("name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: orient\n    params:\n      ?\n      : 2\n",
        "a key in params must be a plain name");
  // Found by the fuzzer in CI: a path the system refuses (a name over 255 characters) escaped as
  // std::filesystem_error ("File name too long") instead of the usual missing-file error.
  const std::string too_long(300, 'x');
  check("name: x\ninputs:\n  - file: " + too_long + "\ntasks:\n  - task: stats\n", "bad.yaml:3: input file");
  check("name: x\ninputs:\n  - generator: clique:n=3\n    labels: " + too_long + "\ntasks:\n  - task: stats\n",
        "bad.yaml:4: label file");
  CHECK_THROWS_WITH_AS(io::load_experiment(dir.file(too_long + ".yaml")), doctest::Contains("no such file"), UserError);
  // Also found by the fuzzer: a parameter name of control characters was accepted and written
  // back as a key over YAML's 1024-character limit, so the resolved file did not load again.
  check("name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: orient\n    params:\n      or\x16ient: [id]\n",
        "bad.yaml:7: a key in params must be a name of letters, digits");
  check("name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: orient\n    params:\n      " +
            std::string(129, 'k') + ": 1\n",
        "at most 128 characters");
  check("name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\nplot:\n  where: {\"a b\": 1}\n",
        "bad.yaml:7: a key in 'plot' must be a name");
  // Found by the fuzzer in CI: a file ending in a lone "\r" kept it in the last value, and the
  // resolved YAML read back without it.
  check("name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\r", "bad.yaml:5: task contains a carriage return");
}

TEST_CASE("load_experiment keeps the plot block as written and echoes it") {
  test::TempDir dir;
  const std::string head = "name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\n";
  auto one = io::load_experiment(dir.write("one.yaml", head + "plot:\n  x: input\n  y: time_s\n  log: [y]\n"));
  REQUIRE(one.plot.has_value());
  const std::string echoed = io::to_yaml(one);
  CHECK(echoed.find("plot:\n  x: input\n  y: time_s\n  log: [y]\n") != std::string::npos);
  auto two = io::load_experiment(dir.write("two.yaml", head + "plot:\n  - {x: input, y: time_s}\n  - {x: input, y: m, title: edges}\n"));
  CHECK(io::to_yaml(two).find("title: edges") != std::string::npos);
  CHECK_FALSE(io::load_experiment(dir.write("none.yaml", head)).plot.has_value());
  CHECK(io::to_yaml(io::load_experiment(dir.file("none.yaml"))).find("plot") == std::string::npos);
  CHECK_THROWS_WITH_AS(io::load_experiment(dir.write("bad.yaml", head + "plot: 3\n")),
                       doctest::Contains("bad.yaml:6: 'plot' must be a mapping or a non-empty list of mappings"), ParseError);
  CHECK_THROWS_WITH_AS(io::load_experiment(dir.write("bad2.yaml", head + "plot: [1, 2]\n")),
                       doctest::Contains("'plot' must be a mapping"), ParseError);
}

TEST_CASE("load_experiment reads $TESSERA_DATA_DIR/ paths from the environment") {
  test::TempDir dir;
  dir.write("g.el", "0 1\n");
  dir.write("g.labels", "0 0\n1 1\n");
  // The labels key too (the H200 run of table8-fsm found it taken literally).
  auto path = dir.write("exp.yaml", "name: x\ninputs:\n  - file: $TESSERA_DATA_DIR/g.el\n    labels: $TESSERA_DATA_DIR/g.labels\n"
                                    "tasks:\n  - task: stats\n");
  const char* saved = std::getenv("TESSERA_DATA_DIR");
  const std::string previous = saved ? saved : "";
  setenv("TESSERA_DATA_DIR", dir.path().c_str(), 1);
  CHECK(io::load_experiment(path).inputs[0].source == dir.file("g.el"));
  CHECK(io::load_experiment(path).inputs[0].load.labels == dir.file("g.labels"));
  unsetenv("TESSERA_DATA_DIR");
  CHECK_THROWS_WITH_AS(io::load_experiment(path), doctest::Contains("exp.yaml:3: '$TESSERA_DATA_DIR/g.el' needs the environment variable TESSERA_DATA_DIR"),
                       ParseError);
  if (saved) setenv("TESSERA_DATA_DIR", previous.c_str(), 1);
}

TEST_CASE("load_experiment in quick mode takes the quick block's entries") {
  test::TempDir dir;
  auto path = dir.write("exp.yaml", R"(name: x
repetitions: 5
inputs:
  - file: $TESSERA_DATA_DIR/not-needed-in-quick-mode.el
tasks:
  - task: cliques
    params: {k: [4, 5, 6]}
quick:
  repetitions: 1
  inputs:
    - generator: clique:n=6
)");
  const auto c = io::load_experiment(path, true);
  CHECK(c.quick);
  CHECK(c.repetitions == 1);
  CHECK(c.warmup == 1);  // quick mode warms up unless its block says otherwise (issue 27)
  REQUIRE(c.inputs.size() == 1);
  CHECK(c.inputs[0].source == "gen:clique:n=6");
  REQUIRE(c.tasks.size() == 1);  // not given in quick: the full run's
  CHECK(c.tasks[0].combinations().size() == 3);
  const auto plain = dir.write("plain.yaml", "name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\n");
  CHECK_THROWS_WITH_AS(io::load_experiment(plain, true), doctest::Contains("has no 'quick:' block"), ParseError);
  CHECK_THROWS_WITH_AS(io::load_experiment(dir.write("bad.yaml", "name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\nquick:\n  name: y\n")),
                       doctest::Contains("bad.yaml:7: unknown key 'name' in 'quick'"), ParseError);
  const auto cold = dir.write("cold.yaml", "name: x\nwarmup: 3\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\n"
                                           "quick:\n  warmup: 0\n");
  CHECK(io::load_experiment(cold, true).warmup == 0);
  CHECK(io::load_experiment(cold, false).warmup == 3);
}

TEST_CASE("a task's inputs select the inputs it runs on, by unique name") {
  test::TempDir dir;
  const std::string head = "name: x\ninputs:\n  - generator: clique:n=3\n    name: a\n  - generator: clique:n=4\n    name: b\n"
                           "tasks:\n";
  auto c = io::load_experiment(dir.write("ok.yaml", head + "  - task: stats\n    inputs: [b]\n  - task: orient\n"));
  REQUIRE(c.tasks.size() == 2);
  CHECK(c.tasks[0].inputs == std::vector<std::string>{"b"});
  CHECK_FALSE(c.tasks[0].runs_on("a"));
  CHECK(c.tasks[0].runs_on("b"));
  CHECK(c.tasks[1].runs_on("a"));  // no selection: every input
  CHECK(io::to_yaml(c).find("inputs: [b]") != std::string::npos);
  CHECK(io::load_experiment(dir.write("echo.yaml", io::to_yaml(c))).tasks[0].inputs == c.tasks[0].inputs);
  auto check = [&](const std::string& tasks, const std::string& expected) {
    CHECK_THROWS_WITH_AS(io::load_experiment(dir.write("bad.yaml", head + tasks)), doctest::Contains(expected.c_str()), ParseError);
  };
  check("  - task: stats\n    inputs: [c]\n", "bad.yaml:9: the task's input 'c' is not among the experiment's inputs");
  check("  - task: stats\n    inputs: [a, a]\n", "bad.yaml:9: input 'a' is listed twice");
  check("  - task: stats\n    inputs: []\n", "a task's 'inputs' must be a non-empty list of input names");
  check("  - task: stats\n    inputs: a\n", "a task's 'inputs' must be a non-empty list of input names");
  const std::string twins = "name: x\ninputs:\n  - generator: clique:n=3\n    name: a\n  - generator: clique:n=4\n    name: a\n"
                            "tasks:\n  - task: stats\n    inputs: [a]\n";
  CHECK_THROWS_WITH_AS(io::load_experiment(dir.write("twins.yaml", twins)),
                       doctest::Contains("the task's input 'a' names 2 inputs (give them distinct names)"), ParseError);
}

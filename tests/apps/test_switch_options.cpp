// Every boolean switch of the option tables the CLI and the YAML runner read (engine, FSM,
// triangle counting, partitioner) takes the one spelling of core/util/switch_value.hpp, and rejects anything else
// with a UserError naming the option (the CLI turns it into a usage error, exit 2).
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "algorithms/partitioning/multilevel/partition_options.hpp"
#include "algorithms/pattern_mining/engine/engine_options.hpp"
#include "algorithms/pattern_mining/fsm/fsm_options.hpp"
#include "algorithms/triangle_count/tc_options.hpp"
#include "core/error.hpp"

namespace {

// The table's switches: the options whose values are on|off (or a documented 0|1, true|false).
template <class Params>
int check_switches(const std::vector<tessera::OptionSpec<Params>>& table) {
  int switches = 0;
  for (const auto& o : table) {
    if (o.value_name.rfind("on|off", 0) != 0 && o.value_name != "0|1") continue;
    INFO(o.name);
    ++switches;
    for (const char* value : {"on", "off", "TRUE", "false", "yes", "No", "1", "0"}) {
      Params p;
      CHECK_NOTHROW(o.apply(p, value));
    }
    Params p;
    if (o.value_name == "on|off|auto") CHECK_NOTHROW(o.apply(p, "Auto"));
    const std::string expected = "option '" + o.name + "' expects on or off";
    CHECK_THROWS_WITH_AS(o.apply(p, "maybe"), doctest::Contains(expected.c_str()), tessera::UserError);
  }
  return switches;
}

}  // namespace

TEST_CASE("switch options: one spelling in every table") {
  CHECK(check_switches(tessera::mining::engine_options()) == 5);  // register-cap, wedge, lane-sums, fixed-depth, vote
  CHECK(check_switches(tessera::mining::fsm_options()) == 2);     // bfs, counts
  CHECK(check_switches(tessera::triangle_count_options()) == 1);  // lane-sums
  CHECK(check_switches(tessera::partition_options()) >= 3);       // neighbors, chaining, fewest-blocks, initial-fm
}

TEST_CASE("switch options: the engine's register cap reads on and off") {
  tessera::mining::EngineParams p;
  CHECK_FALSE(p.register_cap.has_value());  // automatic by default (launch_rules.hpp)
  tessera::apply_option(tessera::mining::engine_options(), p, "register-cap", "on", "engine");
  CHECK(p.register_cap == std::optional<bool>(true));
  tessera::apply_option(tessera::mining::engine_options(), p, "register_cap", "off", "engine");  // YAML spelling
  CHECK(p.register_cap == std::optional<bool>(false));
  tessera::apply_option(tessera::mining::engine_options(), p, "register-cap", "auto", "engine");
  CHECK_FALSE(p.register_cap.has_value());
}

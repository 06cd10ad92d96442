// core/util/switch_value.hpp: the one on/off spelling of every boolean switch.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "core/util/switch_value.hpp"

using tessera::parse_switch;
using tessera::parse_switch_or_auto;
using tessera::parse_switch_value;

TEST_CASE("parse_switch_value: on/off, true/false, yes/no, 1/0 in any case; nothing else") {
  for (const char* on : {"on", "ON", "On", "true", "True", "yes", "YES", "1"}) {
    INFO(on);
    CHECK(parse_switch_value(on) == std::optional<bool>(true));
  }
  for (const char* off : {"off", "OFF", "false", "FALSE", "no", "No", "0"}) {
    INFO(off);
    CHECK(parse_switch_value(off) == std::optional<bool>(false));
  }
  for (const char* bad : {"", "maybe", "2", "-1", "o", "onn", " on", "on ", "y", "n", "enable", "00"}) {
    INFO(bad);
    CHECK_FALSE(parse_switch_value(bad).has_value());
  }
}

TEST_CASE("parse_switch: the error names the option, the spellings and the value") {
  CHECK(parse_switch("register-cap", "on"));
  CHECK_FALSE(parse_switch("register-cap", "No"));
  CHECK_THROWS_WITH_AS(parse_switch("register-cap", "maybe"),
                       "option 'register-cap' expects on or off (also true/false, yes/no, 1/0), got 'maybe'", tessera::UserError);
  CHECK(tessera::on_off(true) == "on");
  CHECK(tessera::on_off(false) == "off");
}

TEST_CASE("parse_switch_or_auto: auto in any case is no value; the error names auto too") {
  CHECK_FALSE(parse_switch_or_auto("neighbors", "auto").has_value());
  CHECK_FALSE(parse_switch_or_auto("neighbors", "AUTO").has_value());
  CHECK(parse_switch_or_auto("neighbors", "yes") == std::optional<bool>(true));
  CHECK(parse_switch_or_auto("neighbors", "off") == std::optional<bool>(false));
  CHECK_THROWS_WITH_AS(parse_switch_or_auto("neighbors", "maybe"),
                       "option 'neighbors' expects on or off (also true/false, yes/no, 1/0) or auto, got 'maybe'",
                       tessera::UserError);
}

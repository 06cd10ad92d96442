#include <doctest/doctest.h>

#include "apps/cli/arguments.hpp"

using tessera::cli::Arguments;
using tessera::cli::UsageError;

namespace {
Arguments make() {
  Arguments a("demo", "a demo command");
  a.positional("input", "the input").option("k", "K", "a number", "3").flag("json", "json output");
  return a;
}
}  // namespace

TEST_CASE("Arguments parses positionals, options and flags") {
  auto a = make();
  REQUIRE(a.parse({"file.el", "--k=7", "--json"}));
  CHECK(a.get("input") == "file.el");
  CHECK(a.get_integer("k") == 7);
  CHECK(a.has("json"));
  auto b = make();
  REQUIRE(b.parse({"--k", "9", "g.el"}));
  CHECK(b.get_integer("k") == 9);
  CHECK_FALSE(b.has("json"));
  auto c = make();
  REQUIRE(c.parse({"g.el"}));
  CHECK(c.get_integer("k") == 3);  // default
}

TEST_CASE("Arguments rejects misuse with actionable messages") {
  CHECK_THROWS_WITH_AS(make().parse({"f", "--nope"}), doctest::Contains("unknown option --nope"), UsageError);
  CHECK_THROWS_WITH_AS(make().parse({}), doctest::Contains("missing <input>"), UsageError);
  CHECK_THROWS_WITH_AS(make().parse({"f", "g"}), doctest::Contains("unexpected argument 'g'"), UsageError);
  CHECK_THROWS_WITH_AS(make().parse({"f", "--k"}), doctest::Contains("--k needs a value"), UsageError);
  CHECK_THROWS_WITH_AS(make().parse({"f", "--json=1"}), doctest::Contains("takes no value"), UsageError);
  auto a = make();
  REQUIRE(a.parse({"f", "--k", "x1"}));
  CHECK_THROWS_WITH_AS(a.get_integer("k"), doctest::Contains("expects an integer"), UsageError);
  CHECK(make().help().find("usage: tessera demo <input>") != std::string::npos);
}

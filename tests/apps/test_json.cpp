#include <doctest/doctest.h>

#include <limits>
#include <stdexcept>

#include "core/util/json.hpp"

using tessera::Json;

TEST_CASE("Json writes ordered objects, escapes strings and round-trippable numbers") {
  Json j = Json::object();
  j.set("b", 1).set("a", "x\"y\n").set("c", 0.1).set("d", true).set("e", nullptr);
  j.set("b", 2);  // replaces in place, order kept
  Json arr = Json::array();
  arr.push(1).push("two");
  j.set("f", arr);
  CHECK(j.dump() == R"({"b": 2, "a": "x\"y\n", "c": 0.1, "d": true, "e": null, "f": [1, "two"]})");
  CHECK(Json(1.0 / 3).dump() == "0.3333333333333333");  // shortest text that reads back exactly
  CHECK(Json(std::numeric_limits<double>::quiet_NaN()).dump() == "null");
  CHECK(Json(std::uint64_t(18446744073709551615ull)).dump() == "18446744073709551615");
  CHECK(j.at("a").to_plain() == "x\"y\n");
  CHECK(j.contains("f"));
  CHECK_FALSE(j.contains("zz"));
  CHECK_THROWS_AS(j.at("zz"), std::logic_error);
  CHECK(Json::object().dump(2) == "{}");
}

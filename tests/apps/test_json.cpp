#include <doctest/doctest.h>

#include <limits>
#include <stdexcept>

#include "core/error.hpp"
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
  CHECK(Json(1108683.0).dump() == "1108683");  // whole numbers in digits (%g would write 1.10868e+06)
  CHECK(Json(-2.0).dump() == "-2");
  CHECK(Json(1e300).dump() == "1e+300");
  CHECK(Json(std::numeric_limits<double>::quiet_NaN()).dump() == "null");
  CHECK(Json(std::uint64_t(18446744073709551615ull)).dump() == "18446744073709551615");
  CHECK(j.at("a").to_plain() == "x\"y\n");
  CHECK(j.contains("f"));
  CHECK_FALSE(j.contains("zz"));
  CHECK_THROWS_AS(j.at("zz"), std::logic_error);
  CHECK(Json::object().dump(2) == "{}");
}

TEST_CASE("Json::parse reads back what dump writes, and rejects malformed text") {
  Json j = Json::object();
  Json inner = Json::object();
  inner.set("min", 1.5).set("max", -2);
  j.set("triangles", std::uint64_t(18446744073709551615ull))
      .set("name", "a\"b\\c\n\u00e9")
      .set("metrics", inner)
      .set("list", Json::array().push(1).push("x").push(nullptr).push(true).push(false))
      .set("neg", -7)
      .set("ratio", 0.1);
  const Json back = Json::parse(j.dump());
  CHECK(back.dump() == j.dump());
  CHECK(Json::parse(j.dump(2)).dump() == j.dump());
  CHECK(back.at("metrics").at("min").to_plain() == "1.5");
  CHECK(Json::parse(R"("\u0041\u00e9")").str() == "A\u00e9");
  CHECK(Json::parse(" [ ] ").dump() == "[]");
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "tru", "\"abc", "1 2", "-", "01x", "\"\\q\""})
    CHECK_THROWS_AS(Json::parse(bad), tessera::ParseError);
}

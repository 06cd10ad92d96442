#pragma once
// A small ordered JSON value for results and `--json` output (objects keep insertion order so
// records read naturally), and a strict parser for reading such output back (e.g. the JSON
// line a child `tessera` process prints).
//
// Why not nlohmann-json (issue 27 asked to switch if no output byte changed): its compact dump
// writes `{"a":1,"b":2}` where every committed JSON line, data file and test of ours has
// `{"a": 1, "b": 2}`, and it writes an integral double as `1.0` where we write `1`; neither is
// configurable (dump() takes only an indent, and an indent breaks lines). Keeping our output
// would mean post-processing its text, which is more code than this writer.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace tessera {

class Json {
 public:
  using Object = std::vector<std::pair<std::string, Json>>;
  using Array = std::vector<Json>;

  Json() : value_(nullptr) {}
  Json(std::nullptr_t) : value_(nullptr) {}
  Json(bool b) : value_(b) {}
  Json(int v) : value_(static_cast<std::int64_t>(v)) {}
  Json(long v) : value_(static_cast<std::int64_t>(v)) {}
  Json(long long v) : value_(static_cast<std::int64_t>(v)) {}
  Json(unsigned v) : value_(static_cast<std::uint64_t>(v)) {}
  Json(unsigned long v) : value_(static_cast<std::uint64_t>(v)) {}
  Json(unsigned long long v) : value_(static_cast<std::uint64_t>(v)) {}
  Json(double v) : value_(v) {}
  Json(const char* s) : value_(std::string(s)) {}
  Json(std::string s) : value_(std::move(s)) {}
  Json(Array a) : value_(std::move(a)) {}
  Json(Object o) : value_(std::move(o)) {}

  static Json object() { return Json(Object{}); }
  static Json array() { return Json(Array{}); }
  // Parses one JSON document (RFC 8259; \u escapes outside ASCII are kept as UTF-8). Integers
  // stay integers. Throws tessera::ParseError("<json>", 1, what) on malformed text.
  static Json parse(const std::string& text);

  // Object access: sets (or replaces) a key, keeping first-insertion order.
  Json& set(const std::string& key, Json value);
  // Object access; throws std::logic_error on a missing key or a non-object.
  const Json& at(const std::string& key) const;
  bool contains(const std::string& key) const;
  // Array append.
  Json& push(Json value);

  bool is_object() const { return std::holds_alternative<Object>(value_); }
  bool is_string() const { return std::holds_alternative<std::string>(value_); }
  const Object& items() const { return std::get<Object>(value_); }
  const std::string& str() const { return std::get<std::string>(value_); }

  // Compact single-line text (JSON lines), or indented when indent > 0.
  std::string dump(int indent = 0) const;
  // The value as a CSV/plain-text cell: strings unquoted, containers as compact JSON.
  std::string to_plain() const;

 private:
  void write(std::string& out, int indent, int depth) const;
  std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string, Array, Object> value_;
};

// JSON string escaping (quotes included).
std::string json_quote(const std::string& s);

}  // namespace tessera

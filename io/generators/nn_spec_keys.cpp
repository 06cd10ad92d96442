#include "io/generators/nn_spec_keys.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "core/error.hpp"

namespace tessera::gen::detail {

namespace {

std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(" \t"));
  s.erase(s.find_last_not_of(" \t") + 1);
  return s;
}

}  // namespace

NnSpecKeys parse_nn_spec_keys(const std::string& text) {
  NnSpecKeys keys;
  std::stringstream ss(text);
  std::string item;
  bool first = true;
  while (std::getline(ss, item, ',')) {
    item = trimmed(item);
    if (first) {
      keys.name = item;
      first = false;
      continue;
    }
    const auto eq = item.find('=');
    TESSERA_USER_REQUIRE(eq != std::string::npos, "nn generator: expected key=value, got '" << item << "'");
    const std::string key = trimmed(item.substr(0, eq));
    TESSERA_USER_REQUIRE(keys.values.emplace(key, trimmed(item.substr(eq + 1))).second,
                         "nn generator: key '" << key << "' given twice");
  }
  return keys;
}

void NnSpecKeys::allow_only(const std::vector<std::string>& allowed) const {
  for (const auto& kv : values) {
    if (std::find(allowed.begin(), allowed.end(), kv.first) != allowed.end()) continue;
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    throw UserError("nn generator: unknown key '" + kv.first + "' for " + name + " (valid keys: " + list + ")");
  }
}

double NnSpecKeys::number(const std::string& key, double fallback, bool required) const {
  const auto it = values.find(key);
  if (it == values.end()) {
    TESSERA_USER_REQUIRE(!required, "nn generator: " << name << " needs the key '" << key << "'");
    return fallback;
  }
  const std::string& text = it->second;
  errno = 0;
  char* end = nullptr;
  const double v = text.empty() ? 0 : std::strtod(text.c_str(), &end);
  TESSERA_USER_REQUIRE(!text.empty() && end == text.c_str() + text.size() && errno != ERANGE && std::isfinite(v) &&
                           v >= 0,
                       "nn generator: key '" << key << "' expects a non-negative number, got '" << text << "'");
  return v;
}

double NnSpecKeys::positive(const std::string& key, double fallback, double max) const {
  if (values.count(key) == 0) return fallback;
  double v = -1;
  try {
    v = number(key, 0);
  } catch (const UserError&) {  // reported below, with the range
  }
  TESSERA_USER_REQUIRE(v > 0 && v <= max, "nn generator: key '" << key << "' expects a number in (0, " << max
                                                                << "], got '" << values.at(key) << "'");
  return v;
}

namespace {

// Decimal digits only, in [lo, hi].
std::uint64_t digits_in(const NnSpecKeys& keys, const std::string& key, std::uint64_t lo, std::uint64_t hi) {
  const std::string& text = keys.values.at(key);
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto parsed = std::from_chars(text.data(), end, v);
  TESSERA_USER_REQUIRE(!text.empty() && std::isdigit(static_cast<unsigned char>(text.front())) &&
                           parsed.ec == std::errc() && parsed.ptr == end && v >= lo && v <= hi,
                       "nn generator: key '" << key << "' expects an integer in [" << lo << ", " << hi << "], got '"
                                             << text << "'");
  return v;
}

}  // namespace

std::int64_t NnSpecKeys::integer(const std::string& key, std::int64_t fallback, std::int64_t lo, std::int64_t hi,
                                 bool required) const {
  if (values.count(key) == 0) {
    TESSERA_USER_REQUIRE(!required, "nn generator: " << name << " needs the key '" << key << "'");
    return fallback;
  }
  return static_cast<std::int64_t>(digits_in(*this, key, static_cast<std::uint64_t>(std::max<std::int64_t>(lo, 0)),
                                             static_cast<std::uint64_t>(hi)));
}

std::uint64_t NnSpecKeys::seed(const std::string& key, std::uint64_t fallback) const {
  return values.count(key) == 0 ? fallback : digits_in(*this, key, 0, UINT64_MAX);
}

double NnSpecKeys::probability(const std::string& key, double fallback) const {
  const double p = number(key, fallback);
  TESSERA_USER_REQUIRE(p <= 1, "nn generator: key '" << key << "' is a probability in [0, 1], got " << p);
  return p;
}

}  // namespace tessera::gen::detail

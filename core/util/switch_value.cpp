#include "core/util/switch_value.hpp"

#include <cctype>

namespace tessera {

namespace {

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

}  // namespace

std::optional<bool> parse_switch_value(std::string_view text) {
  for (const char* yes : {"on", "true", "yes", "1"})
    if (equal_ignoring_case(text, yes)) return true;
  for (const char* no : {"off", "false", "no", "0"})
    if (equal_ignoring_case(text, no)) return false;
  return std::nullopt;
}

bool parse_switch(const std::string& name, const std::string& text) {
  const auto value = parse_switch_value(text);
  TESSERA_USER_REQUIRE(value.has_value(), "option '" << name << "' expects " << k_switch_spellings << ", got '" << text << "'");
  return *value;
}

std::optional<bool> parse_switch_or_auto(const std::string& name, const std::string& text) {
  if (equal_ignoring_case(text, "auto")) return std::nullopt;
  const auto value = parse_switch_value(text);
  TESSERA_USER_REQUIRE(value.has_value(),
                       "option '" << name << "' expects " << k_switch_spellings << " or auto, got '" << text << "'");
  return value;
}

}  // namespace tessera

#include "core/util/json.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace tessera {

Json& Json::set(const std::string& key, Json value) {
  if (!is_object()) value_ = Object{};
  auto& obj = std::get<Object>(value_);
  for (auto& kv : obj)
    if (kv.first == key) {
      kv.second = std::move(value);
      return *this;
    }
  obj.emplace_back(key, std::move(value));
  return *this;
}

const Json& Json::at(const std::string& key) const {
  if (!is_object()) throw std::logic_error("Json::at on a non-object");
  for (auto& kv : std::get<Object>(value_))
    if (kv.first == key) return kv.second;
  throw std::logic_error("Json::at: no key '" + key + "'");
}

bool Json::contains(const std::string& key) const {
  if (!is_object()) return false;
  for (auto& kv : std::get<Object>(value_))
    if (kv.first == key) return true;
  return false;
}

Json& Json::push(Json value) {
  if (!std::holds_alternative<Array>(value_)) value_ = Array{};
  std::get<Array>(value_).push_back(std::move(value));
  return *this;
}

std::string json_quote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

namespace {
std::string number(double v) {
  if (!std::isfinite(v)) return "null";  // JSON has no NaN/Inf
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  // Prefer the shortest text that reads back to the same double.
  for (int precision = 6; precision < 17; ++precision) {
    char shorter[32];
    std::snprintf(shorter, sizeof shorter, "%.*g", precision, v);
    if (std::strtod(shorter, nullptr) == v) return shorter;
  }
  return buf;
}
}  // namespace

void Json::write(std::string& out, int indent, int depth) const {
  auto newline = [&](int d) {
    if (indent > 0) {
      out += '\n';
      out.append(static_cast<std::size_t>(indent * d), ' ');
    }
  };
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) {
          out += "null";
        } else if constexpr (std::is_same_v<T, bool>) {
          out += v ? "true" : "false";
        } else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t>) {
          out += std::to_string(v);
        } else if constexpr (std::is_same_v<T, double>) {
          out += number(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          out += json_quote(v);
        } else if constexpr (std::is_same_v<T, Array>) {
          out += '[';
          for (std::size_t i = 0; i < v.size(); ++i) {
            if (i) out += indent > 0 ? "," : ", ";
            newline(depth + 1);
            v[i].write(out, indent, depth + 1);
          }
          if (!v.empty()) newline(depth);
          out += ']';
        } else {
          out += '{';
          for (std::size_t i = 0; i < v.size(); ++i) {
            if (i) out += indent > 0 ? "," : ", ";
            newline(depth + 1);
            out += json_quote(v[i].first);
            out += ": ";
            v[i].second.write(out, indent, depth + 1);
          }
          if (!v.empty()) newline(depth);
          out += '}';
        }
      },
      value_);
}

std::string Json::dump(int indent) const {
  std::string out;
  write(out, indent, 0);
  return out;
}

std::string Json::to_plain() const {
  if (is_string()) return str();
  return dump();
}

}  // namespace tessera

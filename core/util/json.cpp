#include "core/util/json.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "core/error.hpp"

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
  // Whole numbers (connectivities are sums of weights) in plain digits, not %g's 1.10868e+06,
  // up to 2^53 where every integer is still exact.
  if (v == std::floor(v) && std::fabs(v) < 9007199254740992.0) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
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

namespace {

// Recursive descent over the text; depth is bounded so hostile input cannot overflow the stack.
class JsonParser {
 public:
  explicit JsonParser(const std::string& text) : t_(text) {}

  Json document() {
    Json v = value(0);
    skip_space();
    if (i_ != t_.size()) fail("trailing characters");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw ParseError("<json>", 1, what + " at offset " + std::to_string(i_));
  }
  void skip_space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
  }
  bool take(const char* word) {
    const std::size_t n = std::char_traits<char>::length(word);
    if (t_.compare(i_, n, word) != 0) return false;
    i_ += n;
    return true;
  }
  Json value(int depth) {
    if (depth > 256) fail("nesting too deep");
    skip_space();
    if (i_ >= t_.size()) fail("unexpected end");
    const char c = t_[i_];
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '"') return Json(string());
    if (take("true")) return Json(true);
    if (take("false")) return Json(false);
    if (take("null")) return Json(nullptr);
    return number();
  }
  Json object(int depth) {
    ++i_;
    Json out = Json::object();
    skip_space();
    if (i_ < t_.size() && t_[i_] == '}') {
      ++i_;
      return out;
    }
    while (true) {
      skip_space();
      if (i_ >= t_.size() || t_[i_] != '"') fail("expected a key");
      std::string key = string();
      skip_space();
      if (i_ >= t_.size() || t_[i_++] != ':') fail("expected ':'");
      out.set(key, value(depth + 1));
      skip_space();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < t_.size() && t_[i_] == '}') {
        ++i_;
        return out;
      }
      fail("expected ',' or '}'");
    }
  }
  Json array(int depth) {
    ++i_;
    Json out = Json::array();
    skip_space();
    if (i_ < t_.size() && t_[i_] == ']') {
      ++i_;
      return out;
    }
    while (true) {
      out.push(value(depth + 1));
      skip_space();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < t_.size() && t_[i_] == ']') {
        ++i_;
        return out;
      }
      fail("expected ',' or ']'");
    }
  }
  std::string string() {
    ++i_;  // opening quote
    std::string out;
    while (true) {
      if (i_ >= t_.size()) fail("unterminated string");
      const char c = t_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) fail("unterminated escape");
      const char e = t_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': append_utf8(out, hex4()); break;
        default: fail("bad escape");
      }
    }
  }
  unsigned hex4() {
    if (i_ + 4 > t_.size()) fail("short \\u escape");
    unsigned v = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = t_[i_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f') v |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= unsigned(c - 'A' + 10);
      else fail("bad hex digit");
    }
    return v;
  }
  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  Json number() {
    const std::size_t start = i_;
    if (i_ < t_.size() && t_[i_] == '-') ++i_;
    bool integral = true;
    while (i_ < t_.size() && (std::isdigit(static_cast<unsigned char>(t_[i_])) || t_[i_] == '.' || t_[i_] == 'e' ||
                              t_[i_] == 'E' || t_[i_] == '+' || t_[i_] == '-')) {
      if (!std::isdigit(static_cast<unsigned char>(t_[i_]))) integral = false;
      ++i_;
    }
    const std::string text = t_.substr(start, i_ - start);
    if (text.empty() || text == "-") fail("expected a value");
    try {
      std::size_t used = 0;
      if (integral) {
        if (text[0] == '-') {
          const long long v = std::stoll(text, &used);
          if (used == text.size()) return Json(v);
        } else {
          const unsigned long long v = std::stoull(text, &used);
          if (used == text.size()) return Json(v);
        }
      }
      const double d = std::stod(text, &used);
      if (used == text.size()) return Json(d);
    } catch (const std::exception&) {
    }
    fail("bad number '" + text + "'");
  }

  const std::string& t_;
  std::size_t i_ = 0;
};

}  // namespace

Json Json::parse(const std::string& text) { return JsonParser(text).document(); }

}  // namespace tessera

#include "core/error.hpp"

namespace tessera::detail {

std::string printable_message(const std::string& text) {
  constexpr std::size_t k_max_bytes = 1000;
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (const char c : text) {
    if (out.size() >= k_max_bytes) return out + "...";
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

void throw_internal(const char* cond, const char* file, int line, const std::string& msg) {
  std::ostringstream os;
  os << "internal error at " << file << ':' << line << ": " << msg << " (" << cond
     << " is false); please report this as a Tessera bug";
  throw InternalError(os.str());
}

}  // namespace tessera::detail

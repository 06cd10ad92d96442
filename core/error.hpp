#pragma once
// Tessera's four error levels (see STYLE.md):
//   TESSERA_ASSERT(cond)             debug-only check of an internal assumption
//   TESSERA_REQUIRE(cond, msg)       internal invariant, always on; throws tessera::InternalError
//   TESSERA_USER_REQUIRE(cond, msg)  bad input or configuration; throws tessera::UserError with
//                                    a message that says what is wrong and how to fix it
//   TESSERA_KERNEL_ABORT(msg)        inside device code: Kokkos::abort
// `msg` is a stream expression: TESSERA_USER_REQUIRE(k > 0, "k must be positive, got " << k).
// Only `main` catches; library code never exits.
#include <Kokkos_Core.hpp>

#include <sstream>
#include <stdexcept>
#include <string>

namespace tessera {

namespace detail {
// A message as it may be printed: control bytes (NUL, escape sequences, the raw bytes of a binary
// file a message quotes) become \xNN, and a message of more than 1000 bytes is cut with "...".
std::string printable_message(const std::string& text);
}  // namespace detail

// Something the user can fix: a bad file, option or parameter.
class UserError : public std::runtime_error {
 public:
  explicit UserError(const std::string& what) : std::runtime_error(detail::printable_message(what)) {}
  explicit UserError(const char* what) : UserError(std::string(what)) {}
};

// A malformed input file: the message starts with "file:line: ".
class ParseError : public UserError {
 public:
  ParseError(const std::string& file, long long line, const std::string& what)
      : UserError(format(file, line, what)), file_(file), line_(line) {}
  const std::string& file() const noexcept { return file_; }
  long long line() const noexcept { return line_; }

 private:
  static std::string format(const std::string& file, long long line, const std::string& what) {
    std::ostringstream os;
    os << file;
    if (line > 0) os << ':' << line;
    os << ": " << what;
    return os.str();
  }
  std::string file_;
  long long line_;
};

// A broken internal invariant: a bug in Tessera, not in the input.
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

namespace detail {
[[noreturn]] void throw_internal(const char* cond, const char* file, int line, const std::string& msg);
}  // namespace detail

}  // namespace tessera

#define TESSERA_DETAIL_STR(msg) \
  ([&]() {                      \
    std::ostringstream tessera_os_; \
    tessera_os_ << msg;           \
    return tessera_os_.str();     \
  }())

#define TESSERA_REQUIRE(cond, msg)                                                       \
  do {                                                                                   \
    if (!(cond))                                                                         \
      ::tessera::detail::throw_internal(#cond, __FILE__, __LINE__, TESSERA_DETAIL_STR(msg)); \
  } while (false)

#define TESSERA_USER_REQUIRE(cond, msg)                                \
  do {                                                                 \
    if (!(cond)) throw ::tessera::UserError(TESSERA_DETAIL_STR(msg));  \
  } while (false)

#ifdef NDEBUG
#define TESSERA_ASSERT(cond) ((void)0)
#else
#define TESSERA_ASSERT(cond) TESSERA_REQUIRE(cond, "assertion failed")
#endif

#define TESSERA_KERNEL_ABORT(msg) ::Kokkos::abort(msg)

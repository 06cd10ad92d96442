// Error messages are printable and bounded, whatever input bytes they quote.
#include <doctest/doctest.h>

#include <string>

#include "core/error.hpp"

TEST_CASE("UserError: control bytes are escaped, NUL included, and long messages are cut") {
  const std::string binary = std::string("got '\x7f" "ELF\x01\x02", 11) + std::string(1, '\0') + "tail'";
  const tessera::ParseError e("p.txt", 3, binary);
  CHECK(std::string(e.what()) == "p.txt:3: got '\\x7fELF\\x01\\x02\\x00tail'");
  CHECK(std::string(tessera::UserError("caf\xc3\xa9 ok\tno").what()) == "caf\xc3\xa9 ok\\x09no");  // UTF-8 kept
  const std::string cut = tessera::UserError(std::string(5000, 'a')).what();
  CHECK(cut == std::string(1000, 'a') + "...");
}

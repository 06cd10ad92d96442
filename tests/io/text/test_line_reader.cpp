// LineReader: lines from plain files of any size (the buffer starts at the file's size), and the
// reservation a header's count may ask for.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "io/text/line_reader.hpp"
#include "tests/io/text/text_test_util.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::TempDir;

namespace {

std::vector<std::string> all_lines(const std::string& path, std::size_t block_bytes = std::size_t(4) << 20) {
  io::detail::LineReader reader(path, block_bytes);
  std::vector<std::string> lines;
  std::string_view line;
  while (reader.next(line)) lines.emplace_back(line);
  return lines;
}

}  // namespace

TEST_CASE("LineReader: small files, last line without newline, CRLF, lines longer than the block") {
  TempDir dir;
  CHECK(all_lines(dir.write("empty.txt", "")).empty());
  CHECK(all_lines(dir.write("one.txt", "x")) == std::vector<std::string>{"x"});
  CHECK(all_lines(dir.write("three.txt", "a\r\nbb\nccc")) == std::vector<std::string>{"a", "bb", "ccc"});
  const std::string long_line(1000, 'z');
  CHECK(all_lines(dir.write("long.txt", "a\n" + long_line + "\nb\n"), 64) == std::vector<std::string>{"a", long_line, "b"});
}

// Found by tests/fuzz (fuzz_metis): the header "3 2147483647 1" of a 30-byte file reserved 2^27
// adjacency entries (2 GB with weights) before the first vertex line was read.
TEST_CASE("header_reservation: never more than the file can hold") {
  TempDir dir;
  const auto plain = dir.write("h.graph", "3 2147483647 1\n2\n1\n\n");  // 20 bytes
  io::detail::LineReader reader(plain);
  CHECK(io::detail::header_reservation(reader, 4294967294ULL, 2) == 10);
  CHECK(io::detail::header_reservation(reader, 4, 2) == 4);
  test::write_gz(dir.file("h.graph.gz"), "3 2147483647 1\n2\n1\n\n");
  io::detail::LineReader gz(dir.file("h.graph.gz"));
  CHECK(io::detail::header_reservation(gz, 4294967294ULL, 2) == (std::size_t(1) << 20));
}

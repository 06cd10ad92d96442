#pragma once
// Helpers for the io/text tests: gzip fixtures, hypergraph comparison and parse-error assertions.
#include <doctest/doctest.h>
#include <zlib.h>

#include <string>

#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::test {

// Writes `content` gzip-compressed to `path`.
inline void write_gz(const std::string& path, const std::string& content) {
  gzFile gz = gzopen(path.c_str(), "wb");
  REQUIRE(gz != nullptr);
  REQUIRE(gzwrite(gz, content.data(), static_cast<unsigned>(content.size())) == static_cast<int>(content.size()));
  REQUIRE(gzclose(gz) == Z_OK);
}

// Every field of two HypergraphInputs agrees.
inline void check_same(const HypergraphInput& a, const HypergraphInput& b) {
  CHECK(a.num_nodes == b.num_nodes);
  CHECK(a.directed == b.directed);
  CHECK(a.net_offsets == b.net_offsets);
  CHECK(a.pins == b.pins);
  CHECK(a.net_num_sources == b.net_num_sources);
  CHECK(a.net_weights == b.net_weights);
  CHECK(a.node_weights == b.node_weights);
}

// Runs `f` and checks that it throws ParseError whose message starts with `prefix`
// ("file:line: ") and contains `phrase`.
template <class F>
void check_parse_error(F&& f, const std::string& prefix, const std::string& phrase) {
  bool thrown = false;
  try {
    f();
  } catch (const ParseError& e) {
    thrown = true;
    const std::string msg = e.what();
    INFO("message: " << msg);
    CHECK(msg.rfind(prefix, 0) == 0);
    CHECK(msg.find(phrase) != std::string::npos);
  }
  CHECK_MESSAGE(thrown, "expected a ParseError starting with '" << prefix << "'");
}

}  // namespace tessera::test

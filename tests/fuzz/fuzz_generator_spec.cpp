// libFuzzer harness: generator specs ("kronecker:scale=8", "er:n=10,m=20", "nn:lenet,input=8")
// as the CLI and the YAML runner read them. A graph spec must round-trip through to_string; it
// is generated only when small (at most 2^14 requested edges), and a spec asking for more than
// 2^46 edges (a petabyte) must be refused by the memory budget before anything is allocated.
// Neural-network specs are generated only when every size in them is small, or when one is
// absurd (>= 2^40, which must be refused); specs in between would be slow, not wrong.
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "io/generators/generator_spec.hpp"
#include "io/generators/nn_hypergraph.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

using namespace tessera;

// Edges the spec asks for: the formulas of the generator documentation, in long double.
long double requested_edges(const gen::GeneratorSpec& s) {
  const long double n = s.n;
  switch (s.kind) {
    case gen::GeneratorKind::kronecker:
    case gen::GeneratorKind::rmat: return std::ldexp(1.0L, s.kronecker.scale) * s.kronecker.edge_factor;
    case gen::GeneratorKind::erdos_renyi: return static_cast<long double>(s.erdos_renyi.m) + s.erdos_renyi.n;
    case gen::GeneratorKind::clique: return n * n;
    case gen::GeneratorKind::grid: return 2.0L * s.rows * s.cols + s.rows + s.cols;
    case gen::GeneratorKind::complete_bipartite: return static_cast<long double>(s.a) * s.b + s.a + s.b;
    case gen::GeneratorKind::star:
    case gen::GeneratorKind::path:
    case gen::GeneratorKind::cycle: return n;
  }
  return 0;
}

void fuzz_graph_spec(const std::string& text) {
  const auto spec = gen::parse_generator_spec(text);
  const auto canonical = gen::to_string(spec);
  if (gen::to_string(gen::parse_generator_spec(canonical)) != canonical)
    fuzz::finding("generator spec does not round-trip: " + canonical);
  const long double edges = requested_edges(spec);
  if (edges <= std::ldexp(1.0L, 14)) {
    gen::generate(spec);
  } else if (edges >= std::ldexp(1.0L, 46)) {
    gen::generate(spec);  // must throw UserError (memory budget)
    fuzz::finding("a generator spec asking for a petabyte was not refused: " + canonical);
  }
}

// Every `key=value` value that reads as a number: all small (width <= 1, others <= 32), or one
// absurd (>= 2^40, infinite or NaN).
bool nn_spec_worth_generating(const std::string& text) {
  bool small = true, absurd = false;
  std::istringstream items(text);
  std::string item;
  while (std::getline(items, item, ',')) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    if (end == value.c_str()) continue;
    if (!std::isfinite(v) || std::fabs(v) >= std::ldexp(1.0, 40)) absurd = true;
    if (v > (key.find("width") != std::string::npos ? 1.0 : 32.0)) small = false;
  }
  return small || absurd;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(fuzz::as_text(data, size));
  fuzz::expect_clean_or_user_error([&] {
    if (!gen::is_nn_spec(text)) {
      fuzz_graph_spec(text);
    } else if (nn_spec_worth_generating(text)) {
      fuzz::check_hypergraph(build_hypergraph(gen::generate_nn_hypergraph(text)));
    }
  });
  return 0;
}

#include "io/generators/structured.hpp"

#include <cstdint>

#include "core/error.hpp"

namespace tessera::gen {
namespace {

void require_size(const char* what, const char* name, std::int64_t value) {
  TESSERA_USER_REQUIRE(value >= 0, what << ": " << name << " must be non-negative, got " << value);
}

void require_vertices(const char* what, std::int64_t n) {
  TESSERA_USER_REQUIRE(n <= max_vertices, what << ": " << n << " vertices exceed the 32-bit id limit "
                                               << max_vertices);
}

void add(EdgeList& e, std::int64_t u, std::int64_t v) {
  e.src.push_back(static_cast<vid_t>(u));
  e.dst.push_back(static_cast<vid_t>(v));
}

}  // namespace

EdgeList clique(vid_t n) {
  require_size("clique", "n", n);
  const std::int64_t m = static_cast<std::int64_t>(n) * (n - 1) / 2;
  TESSERA_USER_REQUIRE(m <= (std::int64_t{1} << 33),
                       "clique: n = " << n << " gives " << m << " edges, more than this generator allows (2^33)");
  EdgeList e;
  e.num_vertices = n;
  e.reserve(static_cast<std::size_t>(m));
  for (std::int64_t u = 0; u < n; ++u)
    for (std::int64_t v = u + 1; v < n; ++v) add(e, u, v);
  return e;
}

EdgeList star(vid_t leaves) {
  require_size("star", "leaves", leaves);
  require_vertices("star", std::int64_t{leaves} + 1);
  EdgeList e;
  e.num_vertices = leaves + 1;
  e.reserve(static_cast<std::size_t>(leaves));
  for (std::int64_t v = 1; v <= leaves; ++v) add(e, 0, v);
  return e;
}

EdgeList grid(vid_t rows, vid_t cols) {
  require_size("grid", "rows", rows);
  require_size("grid", "cols", cols);
  const std::int64_t n = static_cast<std::int64_t>(rows) * cols;
  require_vertices("grid", n);
  EdgeList e;
  e.num_vertices = static_cast<vid_t>(n);
  if (n == 0) return e;
  e.reserve(static_cast<std::size_t>(std::int64_t{rows} * (cols - 1) + std::int64_t{cols} * (rows - 1)));
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c) {
      const std::int64_t id = r * cols + c;
      if (c + 1 < cols) add(e, id, id + 1);
      if (r + 1 < rows) add(e, id, id + cols);
    }
  return e;
}

EdgeList complete_bipartite(vid_t a, vid_t b) {
  require_size("bipartite", "a", a);
  require_size("bipartite", "b", b);
  require_vertices("bipartite", std::int64_t{a} + b);
  const std::int64_t m = std::int64_t{a} * b;
  TESSERA_USER_REQUIRE(m <= (std::int64_t{1} << 33),
                       "bipartite: a*b = " << m << " edges, more than this generator allows (2^33)");
  EdgeList e;
  e.num_vertices = a + b;
  e.reserve(static_cast<std::size_t>(m));
  for (std::int64_t u = 0; u < a; ++u)
    for (std::int64_t v = 0; v < b; ++v) add(e, u, a + v);
  return e;
}

EdgeList path(vid_t n) {
  require_size("path", "n", n);
  EdgeList e;
  e.num_vertices = n;
  if (n > 1) e.reserve(static_cast<std::size_t>(n - 1));
  for (std::int64_t v = 0; v + 1 < n; ++v) add(e, v, v + 1);
  return e;
}

EdgeList cycle(vid_t n) {
  TESSERA_USER_REQUIRE(n >= 3, "cycle: n must be at least 3 (a simple cycle), got " << n);
  EdgeList e = path(n);
  add(e, 0, n - 1);
  return e;
}

}  // namespace tessera::gen

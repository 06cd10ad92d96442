// Generators: determinism across backends, edge counts, id ranges, scramble bijection,
// structured graphs and the spec parser.
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "io/generators/generator_spec.hpp"
#include "io/generators/random_graphs.hpp"
#include "io/generators/random_graphs_impl.hpp"  // to instantiate extra spaces (Serial)
#include "io/generators/structured.hpp"
#include "io/generators/vertex_labels.hpp"

namespace {

using tessera::EdgeArrays;
using tessera::eid_t;
using tessera::vid_t;
using tessera::UserError;
namespace gen = tessera::gen;

struct HostEdges {
  vid_t n = 0;
  std::vector<vid_t> src, dst;
  bool operator==(const HostEdges& o) const { return n == o.n && src == o.src && dst == o.dst; }
};

template <class MemorySpace>
HostEdges to_host(const EdgeArrays<MemorySpace>& e) {
  HostEdges out;
  out.n = e.num_vertices;
  auto s = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, e.src);
  auto d = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, e.dst);
  out.src.assign(s.data(), s.data() + s.extent(0));
  out.dst.assign(d.data(), d.data() + d.extent(0));
  return out;
}

void check_range(const HostEdges& e) {
  const auto [smin, smax] = std::minmax_element(e.src.begin(), e.src.end());
  const auto [dmin, dmax] = std::minmax_element(e.dst.begin(), e.dst.end());
  if (e.src.empty()) return;
  CHECK(*smin >= 0);
  CHECK(*dmin >= 0);
  CHECK(*smax < e.n);
  CHECK(*dmax < e.n);
}

template <class F>
std::string user_error_message(F&& f) {
  try {
    f();
  } catch (const UserError& e) {
    return e.what();
  }
  FAIL("expected a UserError");
  return {};
}

}  // namespace

TEST_SUITE("io.generators") {
  TEST_CASE("kronecker: sizes, range, determinism across spaces") {
    gen::KroneckerParams p;
    p.scale = 10;
    p.edge_factor = 8;
    p.seed = 7;
    const HostEdges dflt = to_host(gen::kronecker(Kokkos::DefaultExecutionSpace{}, p));
    CHECK(dflt.n == 1024);
    CHECK(dflt.src.size() == 8 * 1024);
    CHECK(dflt.dst.size() == 8 * 1024);
    check_range(dflt);
    CHECK(dflt == to_host(gen::kronecker(Kokkos::DefaultExecutionSpace{}, p)));
    CHECK(dflt == to_host(gen::kronecker(Kokkos::DefaultHostExecutionSpace{}, p)));
#ifdef KOKKOS_ENABLE_SERIAL
    // One thread vs. the (possibly multi-threaded) default space: identical edges.
    CHECK(dflt == to_host(gen::kronecker(Kokkos::Serial{}, p)));
#endif
    gen::KroneckerParams q = p;
    q.seed = 8;
    CHECK_FALSE(dflt == to_host(gen::kronecker(Kokkos::DefaultExecutionSpace{}, q)));

    // Without scrambling the skew puts most edges on low ids: vertex 0 is the top hub.
    q = p;
    q.scramble_ids = false;
    const HostEdges raw = to_host(gen::kronecker(Kokkos::DefaultExecutionSpace{}, q));
    check_range(raw);
    std::vector<int> degree(1024, 0);
    for (vid_t v : raw.src) ++degree[v];
    CHECK(std::max_element(degree.begin(), degree.end()) - degree.begin() == 0);
  }

  TEST_CASE("kronecker: scramble is a bijection") {
    for (int bits : {1, 2, 3, 7, 10, 11}) {
      CAPTURE(bits);
      const gen::detail::IdScrambler s(bits, 12345);
      const std::uint64_t n = std::uint64_t{1} << bits;
      std::vector<char> seen(n, 0);
      for (std::uint64_t x = 0; x < n; ++x) {
        const std::uint64_t y = s(x);
        REQUIRE(y < n);
        CHECK(seen[y] == 0);
        seen[y] = 1;
      }
    }
    // The scrambled graph is the raw graph relabelled: same multiset of degrees (scale 10).
    gen::KroneckerParams p;
    p.scale = 10;
    p.edge_factor = 4;
    gen::KroneckerParams q = p;
    q.scramble_ids = false;
    const HostEdges a = to_host(gen::kronecker(Kokkos::DefaultExecutionSpace{}, p));
    const HostEdges b = to_host(gen::kronecker(Kokkos::DefaultExecutionSpace{}, q));
    std::vector<int> da(1024, 0), db(1024, 0);
    for (std::size_t i = 0; i < a.src.size(); ++i) {
      ++da[a.src[i]], ++da[a.dst[i]];
      ++db[b.src[i]], ++db[b.dst[i]];
    }
    std::sort(da.begin(), da.end());
    std::sort(db.begin(), db.end());
    CHECK(da == db);
  }

  TEST_CASE("kronecker: parameter validation") {
    auto bad = [](auto edit, const std::string& fragment) {
      gen::KroneckerParams p;
      edit(p);
      const std::string msg = user_error_message([&] { (void)gen::kronecker(Kokkos::DefaultExecutionSpace{}, p); });
      INFO(msg);
      CHECK(msg.find(fragment) != std::string::npos);
    };
    bad([](gen::KroneckerParams& p) { p.scale = 0; }, "scale");
    bad([](gen::KroneckerParams& p) { p.scale = 31; }, "scale");
    bad([](gen::KroneckerParams& p) { p.edge_factor = 0; }, "edge_factor");
    bad([](gen::KroneckerParams& p) { p.a = -0.1; }, "non-negative");
    bad([](gen::KroneckerParams& p) { p.a = 0.5, p.b = 0.3, p.c = 0.2; }, "below 1");
  }

  TEST_CASE("erdos_renyi: sizes, range, determinism") {
    gen::ErdosRenyiParams p;
    p.n = 1000;
    p.m = 5000;
    p.seed = 3;
    const HostEdges a = to_host(gen::erdos_renyi(Kokkos::DefaultExecutionSpace{}, p));
    CHECK(a.n == 1000);
    CHECK(a.src.size() == 5000);
    check_range(a);
    CHECK(a == to_host(gen::erdos_renyi(Kokkos::DefaultHostExecutionSpace{}, p)));
#ifdef KOKKOS_ENABLE_SERIAL
    CHECK(a == to_host(gen::erdos_renyi(Kokkos::Serial{}, p)));
#endif
    p.seed = 4;
    CHECK_FALSE(a == to_host(gen::erdos_renyi(Kokkos::DefaultExecutionSpace{}, p)));
    // Every vertex id is hit (5000 draws x 2 over 1000 ids: missing one has probability ~e^-10).
    std::set<vid_t> ids(a.src.begin(), a.src.end());
    ids.insert(a.dst.begin(), a.dst.end());
    CHECK(ids.size() > 990);

    gen::ErdosRenyiParams empty;
    CHECK(to_host(gen::erdos_renyi(Kokkos::DefaultExecutionSpace{}, empty)).src.empty());
    gen::ErdosRenyiParams bad;
    bad.m = 3;
    CHECK_THROWS_AS(gen::erdos_renyi(Kokkos::DefaultExecutionSpace{}, bad), UserError);
  }

  TEST_CASE("structured graphs") {
    auto simple = [](const tessera::EdgeList& e) {
      std::set<std::pair<vid_t, vid_t>> seen;
      for (std::size_t i = 0; i < e.src.size(); ++i) {
        CHECK(e.src[i] < e.dst[i]);
        CHECK(e.src[i] >= 0);
        CHECK(e.dst[i] < e.num_vertices);
        seen.insert({e.src[i], e.dst[i]});
      }
      CHECK(seen.size() == e.src.size());
    };
    auto c = gen::clique(10);
    CHECK(c.num_vertices == 10);
    CHECK(c.size() == 45);
    simple(c);
    CHECK(gen::clique(0).size() == 0);
    CHECK(gen::clique(1).size() == 0);
    auto s = gen::star(10);
    CHECK(s.num_vertices == 11);
    CHECK(s.size() == 10);
    simple(s);
    auto g = gen::grid(3, 4);
    CHECK(g.num_vertices == 12);
    CHECK(g.size() == 3 * 3 + 4 * 2);
    simple(g);
    CHECK(gen::grid(0, 5).size() == 0);
    CHECK(gen::grid(1, 5).size() == 4);
    auto b = gen::complete_bipartite(3, 4);
    CHECK(b.num_vertices == 7);
    CHECK(b.size() == 12);
    simple(b);
    auto p = gen::path(5);
    CHECK(p.num_vertices == 5);
    CHECK(p.size() == 4);
    simple(p);
    CHECK(gen::path(1).size() == 0);
    auto y = gen::cycle(5);
    CHECK(y.num_vertices == 5);
    CHECK(y.size() == 5);
    simple(y);
    CHECK(gen::cycle(3).size() == 3);
    CHECK_THROWS_AS(gen::cycle(2), UserError);
    CHECK_THROWS_AS(gen::clique(-1), UserError);
    CHECK_THROWS_AS(gen::grid(70000, 70000), UserError);
  }

  TEST_CASE("generator spec parser") {
    auto k = gen::parse_generator_spec("kronecker:scale=16,edge_factor=16,seed=1");
    CHECK(k.kind == gen::GeneratorKind::kronecker);
    CHECK(k.kronecker.scale == 16);
    CHECK(k.kronecker.edge_factor == 16);
    CHECK(k.kronecker.seed == 1);
    CHECK(k.kronecker.a == 0.57);
    auto r = gen::parse_generator_spec("rmat:scale=10,a=0.45,b=0.15,c=0.15");
    CHECK(r.kind == gen::GeneratorKind::rmat);
    CHECK(r.kronecker.scale == 10);
    CHECK(r.kronecker.a == 0.45);
    CHECK(r.kronecker.b == 0.15);
    auto e = gen::parse_generator_spec("er:n=1000,m=5000,seed=3");
    CHECK(e.kind == gen::GeneratorKind::erdos_renyi);
    CHECK(e.erdos_renyi.n == 1000);
    CHECK(e.erdos_renyi.m == 5000);
    CHECK(e.erdos_renyi.seed == 3);
    CHECK(gen::parse_generator_spec("clique:n=10").n == 10);
    CHECK(gen::parse_generator_spec("star:n=10").kind == gen::GeneratorKind::star);
    auto gr = gen::parse_generator_spec("grid:rows=3,cols=4");
    CHECK(gr.rows == 3);
    CHECK(gr.cols == 4);
    auto bp = gen::parse_generator_spec("bipartite:a=3,b=4");
    CHECK(bp.kind == gen::GeneratorKind::complete_bipartite);
    CHECK(bp.a == 3);
    CHECK(bp.b == 4);
    CHECK(gen::parse_generator_spec("path:n=5").kind == gen::GeneratorKind::path);
    CHECK(gen::parse_generator_spec("cycle:n=5").n == 5);
    CHECK(gen::parse_generator_spec("kronecker").kronecker.scale == 16);
    CHECK(gen::parse_generator_spec(" kronecker : scale = 5 , scramble = false ").kronecker.scramble_ids == false);

    // Canonical form round-trips.
    for (const char* text : {"kronecker:scale=16,edge_factor=16,seed=1", "rmat:scale=10,a=0.45,b=0.15,c=0.15",
                             "er:n=1000,m=5000,seed=3", "clique:n=10", "star:n=10", "grid:rows=3,cols=4",
                             "bipartite:a=3,b=4", "path:n=5", "cycle:n=5"}) {
      CAPTURE(text);
      const auto spec = gen::parse_generator_spec(text);
      const std::string canon = gen::to_string(spec);
      CHECK(gen::to_string(gen::parse_generator_spec(canon)) == canon);
    }
    CHECK(gen::to_string(k) == "kronecker:scale=16,edge_factor=16,a=0.57,b=0.19,c=0.19,seed=1,scramble=true");
    CHECK(gen::to_string(e) == "er:n=1000,m=5000,seed=3");
    CHECK(gen::to_string(gr) == "grid:rows=3,cols=4");

    auto rejects = [](const std::string& text, const std::string& fragment) {
      CAPTURE(text);
      const std::string msg = user_error_message([&] { (void)gen::parse_generator_spec(text); });
      INFO(msg);
      CHECK(msg.find(fragment) != std::string::npos);
    };
    rejects("foo:n=3", "valid generators");
    rejects("", "unknown generator");
    rejects("clique:k=3", "valid keys for 'clique': n");
    rejects("er:n=10", "missing required key 'm'");
    rejects("grid:rows=3", "missing required key 'cols'");
    rejects("clique:n=abc", "integer");
    rejects("clique:n=-3", "[0,");
    rejects("clique:n=3,n=4", "twice");
    rejects("clique:n", "key=value");
    rejects("clique:n=3,,", "empty");
    rejects("kronecker:scale=40", "scale");
    rejects("kronecker:a=0.5,b=0.3,c=0.3", "below 1");
    rejects("rmat:a=x", "finite number");
    rejects("kronecker:scramble=maybe", "true or false");
    rejects("kronecker:seed=-1", "non-negative");
    rejects("cycle:n=2", "[3,");
    rejects("er:n=0,m=4", "at least one vertex");
    rejects("kronecker:frobnicate=1", "scale, edge_factor, a, b, c, seed, scramble");
  }

  TEST_CASE("generate runs each kind") {
    auto count = [](const std::string& text) { return gen::generate(gen::parse_generator_spec(text)).size(); };
    CHECK(count("kronecker:scale=6,edge_factor=4") == 256);
    CHECK(count("rmat:scale=5,edge_factor=2,a=0.45,b=0.15,c=0.15") == 64);
    CHECK(count("er:n=100,m=300") == 300);
    CHECK(count("clique:n=6") == 15);
    CHECK(count("star:n=7") == 7);
    CHECK(count("grid:rows=2,cols=3") == 7);
    CHECK(count("bipartite:a=2,b=5") == 10);
    CHECK(count("path:n=4") == 3);
    CHECK(count("cycle:n=4") == 4);
    auto g = gen::generate(gen::parse_generator_spec("kronecker:scale=6,edge_factor=4,seed=9"));
    CHECK(g.num_vertices == 64);
    CHECK(to_host(g) == to_host(gen::kronecker(Kokkos::DefaultExecutionSpace{},
                                               gen::parse_generator_spec("kronecker:scale=6,edge_factor=4,seed=9")
                                                   .kronecker)));
  }
}

TEST_CASE("generators: labels=L hashes vertex ids into [0, L) on any generator") {
  const auto spec = gen::parse_generator_spec("kronecker:scale=10,edge_factor=4,labels=29");
  CHECK(spec.labels == 29);
  CHECK(gen::to_string(spec) == "kronecker:scale=10,edge_factor=4,a=0.57,b=0.19,c=0.19,seed=1,scramble=true,labels=29");
  CHECK(gen::to_string(gen::parse_generator_spec(gen::to_string(spec))) == gen::to_string(spec));
  const auto edges = gen::generate(spec);
  REQUIRE(edges.labels.extent(0) == 1024);
  auto labels = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, edges.labels);
  std::vector<int> histogram(29, 0);
  for (vid_t v = 0; v < 1024; ++v) {
    CHECK(labels(v) == gen::generated_label(v, 29));  // device == host, a pure function of v
    REQUIRE(labels(v) >= 0);
    REQUIRE(labels(v) < 29);
    ++histogram[static_cast<std::size_t>(labels(v))];
  }
  // Roughly uniform: 1024 / 29 ≈ 35 per label.
  CHECK(*std::min_element(histogram.begin(), histogram.end()) >= 15);
  CHECK(*std::max_element(histogram.begin(), histogram.end()) <= 60);
  // The seed changes the edges, not the labels; structured graphs take labels too.
  auto other = gen::generate(gen::parse_generator_spec("kronecker:scale=10,edge_factor=4,seed=5,labels=29"));
  auto other_labels = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, other.labels);
  CHECK(std::equal(labels.data(), labels.data() + 1024, other_labels.data()));
  CHECK(gen::generate(gen::parse_generator_spec("cycle:n=5,labels=1")).labels.extent(0) == 5);
  CHECK(gen::generate(gen::parse_generator_spec("cycle:n=5")).labels.extent(0) == 0);
  CHECK_THROWS_AS(gen::parse_generator_spec("er:n=4,m=2,labels=0"), UserError);
  CHECK_THROWS_AS(gen::parse_generator_spec("grid:rows=2,cols=2,labels=x"), UserError);
}

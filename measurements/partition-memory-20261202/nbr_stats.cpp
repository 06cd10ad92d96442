// Neighbourhood statistics of generated hypergraphs, for the memory estimates of issue 23.
// usage: nbr_stats SPEC [samples]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdint>
#include <vector>
#include "core/hypergraph/hypergraph_builder.hpp"
#include "io/generators/nn_hypergraph.hpp"
using namespace tessera;
int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    const std::string spec = argv[1];
    const long samples = argc > 2 ? std::atol(argv[2]) : 2000;
    const auto h = build_hypergraph(gen::generate_nn_hypergraph(spec));
    const std::int64_t n = h.num_nodes, m = h.num_nets(), P = h.num_pins();
    const std::int64_t max_net = 1000;
    long double K = 0;  // oversized entries: sum over nets of at most max_net pins of |e|^2
    std::int64_t max_in = 0;
    for (std::int64_t e = 0; e < m; ++e) {
      const std::int64_t s = h.net_offsets(e + 1) - h.net_offsets(e);
      if (s <= max_net) K += (long double)s * s;
    }
    for (std::int64_t v = 0; v < n; ++v) max_in = std::max<std::int64_t>(max_in, h.node_num_inbound(v));
    std::vector<std::int64_t> stamp(n, -1);
    long double U = 0, Kv = 0;
    const std::int64_t stride = std::max<std::int64_t>(1, n / samples);
    long count = 0;
    for (std::int64_t v = stride / 2; v < n; v += stride, ++count) {
      std::int64_t u = 0;
      for (eid_t i = h.node_offsets(v); i < h.node_offsets(v + 1); ++i) {
        const nid_t e = h.incident_nets(i);
        const eid_t b = h.net_offsets(e), en = h.net_offsets(e + 1);
        if (en - b > max_net) continue;
        Kv += en - b;
        for (eid_t k = b; k < en; ++k) {
          const vid_t w = h.pins(k);
          if (w != v && stamp[w] != v) { stamp[w] = v; ++u; }
        }
      }
      U += u;
    }
    std::printf("{\"spec\": \"%s\", \"nodes\": %lld, \"nets\": %lld, \"pins\": %lld, \"max_inbound\": %lld, "
                "\"oversized\": %.0Lf, \"unique_est\": %.0Lf, \"sampled\": %ld, \"oversized_sampled_est\": %.0Lf}\n",
                spec.c_str(), (long long)n, (long long)m, (long long)P, (long long)max_in, K, U / count * n, count,
                Kv / count * n);
  }
  Kokkos::finalize();
}

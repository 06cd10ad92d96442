// Writers of AxonCUDA's .snn and .axh layouts (axon_formats.hpp, io/README.md).
#include <cstring>
#include <limits>

#include "core/error.hpp"
#include "io/text/axon_formats.hpp"
#include "io/text/axon_layout.hpp"
#include "io/text/hypergraph_checks.hpp"
#include "io/text/output_sink.hpp"

namespace tessera::io {

namespace {

using detail::AxonLayout;

// Everything is checked before the first byte is written: what the layout cannot hold is an
// error, never a silent change (AxonCUDA's own .snn writer turns extra sources into destinations).
void check_writable(const std::string& path, const HypergraphInput& h, AxonLayout layout) {
  detail::check_hypergraph_input(h, path);
  const std::string where = "cannot write '" + path + "' as " + detail::layout_info(layout).name + ": ";
  for (nid_t e = 0; e < h.num_nets(); ++e) {
    const vid_t sources = detail::num_sources(h, e);
    const eid_t pins = h.net_offsets[e + 1] - h.net_offsets[e];
    TESSERA_USER_REQUIRE(sources > 0, where << "net " << e << " has no source; the format needs "
                                            << (layout == AxonLayout::snn ? "exactly one" : "at least one")
                                            << " per net (hMETIS input: --first-pin-is-source)");
    TESSERA_USER_REQUIRE(layout == AxonLayout::axh || sources == 1,
                         where << "net " << e << " has " << sources
                               << " sources; the format stores exactly one per net (.axh stores several)");
    TESSERA_USER_REQUIRE(pins > sources, where << "net " << e
                                               << " has no destination; AxonCUDA refuses nets without one");
    TESSERA_USER_REQUIRE(pins <= std::numeric_limits<std::uint32_t>::max(),
                         where << "net " << e << " has " << pins << " pins, more than a u32 count holds");
  }
  for (std::size_t v = 0; v < h.node_weights.size(); ++v)
    TESSERA_USER_REQUIRE(h.node_weights[v] == 1, where << "node " << v << " has weight " << h.node_weights[v]
                                                       << "; the format stores no node weights (use .dhg or .h5)");
  for (std::size_t e = 0; e < h.net_weights.size(); ++e)
    TESSERA_USER_REQUIRE(h.net_weights[e] <= std::numeric_limits<float>::max(),
                         where << "net " << e << " weight " << h.net_weights[e] << " does not fit a 32-bit float");
}

class WordSink {
 public:
  explicit WordSink(const std::string& path) : out_(path, detail::has_gz_suffix(path)) {}
  void u32(std::uint32_t v) {
    const unsigned char b[4] = {static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
                                static_cast<unsigned char>(v >> 16), static_cast<unsigned char>(v >> 24)};
    out_.put_bytes(b, 4);
  }
  void f32(float f) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    u32(bits);
  }
  void finish() { out_.finish(); }

 private:
  detail::OutputSink out_;
};

void write_axon(const std::string& path, const HypergraphInput& h, AxonLayout layout) {
  check_writable(path, h, layout);
  WordSink out(path);
  out.u32(static_cast<std::uint32_t>(h.num_nodes));
  out.u32(static_cast<std::uint32_t>(h.num_nets()));
  for (nid_t e = 0; e < h.num_nets(); ++e) {
    const eid_t begin = h.net_offsets[e], end = h.net_offsets[e + 1];
    if (layout == AxonLayout::snn) {
      out.u32(static_cast<std::uint32_t>(end - begin - 1));  // dst_count; the source is pins[begin]
    } else {
      out.u32(static_cast<std::uint32_t>(end - begin));
      out.u32(static_cast<std::uint32_t>(detail::num_sources(h, e)));
    }
    for (eid_t i = begin; i < end; ++i) out.u32(static_cast<std::uint32_t>(h.pins[i]));
    out.f32(static_cast<float>(h.net_weights.empty() ? 1.0 : h.net_weights[e]));
  }
  out.finish();
}

}  // namespace

void write_snn(const std::string& path, const HypergraphInput& h) { write_axon(path, h, AxonLayout::snn); }
void write_axh(const std::string& path, const HypergraphInput& h) { write_axon(path, h, AxonLayout::axh); }

}  // namespace tessera::io

#include "io/text/hmetis_format.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "io/text/hypergraph_checks.hpp"
#include "io/text/line_reader.hpp"
#include "io/text/output_sink.hpp"

namespace tessera::io {

using detail::LineReader;
using detail::Tokenizer;

HypergraphInput read_hmetis(const std::string& path, const HmetisReadOptions& opts) {
  LineReader reader(path);
  std::string_view line;

  bool have_header = false;
  std::uint64_t num_nets = 0, num_nodes = 0, fmt = 0;
  while (!have_header && reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '\0' || first == '%') continue;
    Tokenizer tok(line);
    std::string_view t[3];
    int count = 0;
    while (count < 3 && tok.next(t[count])) ++count;
    if (!tok.at_end() || count < 2) reader.fail("hMETIS header must be 'num_nets num_nodes [fmt]'");
    if (!detail::parse_uint(t[0], num_nets))
      reader.fail("net count " + detail::quote(t[0]) + " is not a non-negative integer");
    if (!detail::parse_uint(t[1], num_nodes))
      reader.fail("node count " + detail::quote(t[1]) + " is not a non-negative integer");
    if (count == 3 && (!detail::parse_uint(t[2], fmt) || (fmt != 0 && fmt != 1 && fmt != 10 && fmt != 11)))
      reader.fail("unknown hMETIS fmt " + detail::quote(t[2]) + "; expected 0, 1, 10 or 11");
    have_header = true;
  }
  if (!have_header)
    throw ParseError(path, reader.line_number(), "file has no hMETIS header line 'num_nets num_nodes [fmt]'");
  if (num_nodes > static_cast<std::uint64_t>(max_vertices))
    reader.fail("header declares " + std::to_string(num_nodes) + " nodes, more than 32-bit ids allow");
  if (num_nets > static_cast<std::uint64_t>(std::numeric_limits<nid_t>::max()))
    reader.fail("header declares " + std::to_string(num_nets) + " nets, more than 32-bit net ids allow");
  const bool net_weights = fmt % 10 == 1;
  const bool node_weights = fmt / 10 == 1;

  HypergraphInput h;
  h.num_nodes = static_cast<vid_t>(num_nodes);
  h.directed = opts.first_pin_is_source;
  const std::size_t reserve_nets = header_reservation(reader, num_nets, 2);  // a net line: "1\n"
  h.net_offsets.reserve(reserve_nets + 1);
  h.net_num_sources.reserve(reserve_nets);
  if (net_weights) h.net_weights.reserve(reserve_nets);

  auto parse_weight = [&](std::string_view token, const char* what) -> std::uint64_t {
    std::uint64_t w = 0;
    if (!detail::parse_uint(token, w))
      reader.fail(std::string(what) + " " + detail::quote(token) + " is not a non-negative integer");
    return w;
  };

  std::uint64_t nets = 0;
  std::uint64_t weights_read = 0;
  while (reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '%') continue;
    if (nets < num_nets) {
      if (first == '\0')
        reader.fail("net " + std::to_string(nets + 1) + " has no pins (hMETIS does not allow empty nets)");
      Tokenizer tok(line);
      std::string_view t;
      if (net_weights) {
        tok.next(t);
        h.net_weights.push_back(static_cast<weight_t>(parse_weight(t, "net weight")));
      }
      std::size_t before = h.pins.size();
      while (tok.next(t)) {
        std::uint64_t p = 0;
        if (!detail::parse_uint(t, p)) reader.fail("pin " + detail::quote(t) + " is not a positive integer");
        if (p < 1 || p > num_nodes)
          reader.fail("pin " + std::string(t) + " is outside [1, " + std::to_string(num_nodes) +
                      "] (hMETIS node ids are 1-based)");
        h.pins.push_back(static_cast<vid_t>(p - 1));
      }
      if (h.pins.size() == before)
        reader.fail("net " + std::to_string(nets + 1) + " has a weight but no pins (hMETIS does not allow empty nets)");
      h.net_offsets.push_back(static_cast<eid_t>(h.pins.size()));
      h.net_num_sources.push_back(opts.first_pin_is_source ? 1 : 0);
      ++nets;
      continue;
    }
    if (first == '\0') continue;  // blank lines after the nets are harmless
    if (node_weights && weights_read < num_nodes) {
      Tokenizer tok(line);
      std::string_view t;
      tok.next(t);
      const std::uint64_t w = parse_weight(t, "node weight");
      if (w > static_cast<std::uint64_t>(k_max_total_node_weight))
        reader.fail("node weight " + std::to_string(w) + " is above 2^62, the largest the partitioner can add up");
      h.node_weights.push_back(static_cast<node_weight_t>(w));
      if (!tok.at_end()) reader.fail("node weight line must hold exactly one weight");
      ++weights_read;
      continue;
    }
    reader.fail(node_weights ? "unexpected data after the " + std::to_string(num_nodes) + " node weight lines"
                             : "unexpected data after the " + std::to_string(num_nets) +
                                   " net lines (wrong net count in the header, or node weights without fmt 10/11?)");
  }
  if (nets != num_nets)
    throw ParseError(path, reader.line_number(),
                     "expected " + std::to_string(num_nets) + " net lines, found " + std::to_string(nets) +
                         " (the file is truncated or the header's net count is wrong)");
  if (node_weights && weights_read != num_nodes)
    throw ParseError(path, reader.line_number(),
                     "expected " + std::to_string(num_nodes) + " node weight lines (fmt " + std::to_string(fmt) +
                         "), found " + std::to_string(weights_read));
  return h;
}

void write_hmetis(const std::string& path, const HypergraphInput& h) {
  detail::check_hypergraph_input(h, path);
  const nid_t num_nets = h.num_nets();
  bool net_weighted = false;
  for (weight_t w : h.net_weights) {
    TESSERA_USER_REQUIRE(w >= 0 && w == std::floor(w) && w <= 9.0e15,
                         "cannot write '" << path << "' as hMETIS: net weight " << w
                                          << " is not a non-negative integer (use the .dhg format for real weights)");
    net_weighted = net_weighted || w != 1;
  }
  bool node_weighted = false;
  for (node_weight_t w : h.node_weights) node_weighted = node_weighted || w != 1;
  for (nid_t e = 0; e < num_nets; ++e)
    TESSERA_USER_REQUIRE(h.net_offsets[e + 1] > h.net_offsets[e],
                         "cannot write '" << path << "' as hMETIS: net " << e
                                          << " has no pins, which hMETIS cannot represent (use the .dhg format)");

  const int fmt = (node_weighted ? 10 : 0) + (net_weighted ? 1 : 0);
  detail::OutputSink out(path, detail::has_gz_suffix(path));
  out.put_int(num_nets);
  out.put(' ');
  out.put_int(h.num_nodes);
  if (fmt != 0) {
    out.put(' ');
    out.put_int(fmt);
  }
  out.put('\n');
  for (nid_t e = 0; e < num_nets; ++e) {
    if (net_weighted) {
      out.put_int(static_cast<std::int64_t>(h.net_weights[e]));
      out.put(' ');
    }
    for (eid_t i = h.net_offsets[e]; i < h.net_offsets[e + 1]; ++i) {
      if (i > h.net_offsets[e]) out.put(' ');
      out.put_int(static_cast<std::int64_t>(h.pins[i]) + 1);
    }
    out.put('\n');
  }
  if (node_weighted) {
    for (node_weight_t w : h.node_weights) {
      out.put_int(w);
      out.put('\n');
    }
  }
  out.finish();
}

}  // namespace tessera::io

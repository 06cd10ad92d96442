#include "io/text/directed_hypergraph_format.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/error.hpp"
#include "io/text/hypergraph_checks.hpp"
#include "io/text/line_reader.hpp"
#include "io/text/output_sink.hpp"

namespace tessera::io {

namespace {
using detail::LineReader;
using detail::Tokenizer;

constexpr std::uint64_t k_dhg_version = 1;

struct DhgHeader {
  std::uint64_t nets = 0;
  std::uint64_t nodes = 0;
  bool directed = true;
  bool net_weights = false;
  bool node_weights = false;
};

DhgHeader parse_header(LineReader& reader, std::string_view line) {
  Tokenizer tok(line);
  std::string_view t;
  tok.next(t);
  if (t != "dhg") reader.fail("first line must be the header 'dhg 1 nets=N nodes=M ...'; this is not a .dhg file");
  std::uint64_t version = 0;
  if (!tok.next(t) || !detail::parse_uint(t, version))
    reader.fail("header must give the format version right after 'dhg' (e.g. 'dhg 1 ...')");
  if (version != k_dhg_version)
    reader.fail("unsupported .dhg version " + std::string(t) + "; this build reads version " +
                std::to_string(k_dhg_version));
  DhgHeader h;
  bool have_nets = false, have_nodes = false;
  std::set<std::string_view> seen;
  while (tok.next(t)) {
    auto eq = t.find('=');
    if (eq == std::string_view::npos) reader.fail("header entry " + detail::quote(t) + " is not key=value");
    std::string_view key = t.substr(0, eq), value = t.substr(eq + 1);
    if (!seen.insert(key).second) reader.fail("header key " + detail::quote(key) + " is given twice");
    std::uint64_t v = 0;
    if (!detail::parse_uint(value, v)) reader.fail("header value " + detail::quote(t) + " is not a non-negative integer");
    auto flag = [&]() {
      if (v > 1) reader.fail("header flag " + detail::quote(t) + " must be 0 or 1");
      return v == 1;
    };
    if (key == "nets") {
      h.nets = v;
      have_nets = true;
    } else if (key == "nodes") {
      h.nodes = v;
      have_nodes = true;
    } else if (key == "directed") {
      h.directed = flag();
    } else if (key == "net_weights") {
      h.net_weights = flag();
    } else if (key == "node_weights") {
      h.node_weights = flag();
    } else {
      reader.fail("unknown header key " + detail::quote(key) + "; version 1 knows nets, nodes, directed, net_weights, node_weights");
    }
  }
  if (!have_nets || !have_nodes) reader.fail("header must give both nets=N and nodes=M");
  if (h.nodes > static_cast<std::uint64_t>(max_vertices))
    reader.fail("header declares " + std::to_string(h.nodes) + " nodes, more than 32-bit ids allow");
  if (h.nets > static_cast<std::uint64_t>(std::numeric_limits<nid_t>::max()))
    reader.fail("header declares " + std::to_string(h.nets) + " nets, more than 32-bit net ids allow");
  return h;
}
}  // namespace

HypergraphInput read_directed_hypergraph(const std::string& path) {
  LineReader reader(path);
  std::string_view line;
  bool have_header = false;
  DhgHeader header;
  while (!have_header && reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '\0' || first == '#') continue;
    header = parse_header(reader, line);
    have_header = true;
  }
  if (!have_header)
    throw ParseError(path, reader.line_number(), "file has no header line 'dhg 1 nets=N nodes=M ...'");

  HypergraphInput h;
  h.num_nodes = static_cast<vid_t>(header.nodes);
  h.directed = header.directed;
  const std::size_t reserve_nets = header_reservation(reader, header.nets, 2);  // a net line: ">\n"
  h.net_offsets.reserve(reserve_nets + 1);
  h.net_num_sources.reserve(reserve_nets);

  std::uint64_t nets = 0, weights_read = 0;
  while (reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '\0' || first == '#') continue;
    Tokenizer tok(line);
    std::string_view t;
    if (nets < header.nets) {
      if (header.net_weights) {
        tok.next(t);
        double w = 0;
        if (!detail::parse_real(t, w) || !std::isfinite(w) || w < 0)
          reader.fail("net weight " + detail::quote(t) + " is not a finite non-negative number");
        h.net_weights.push_back(w);
      }
      const std::size_t begin = h.pins.size();
      std::size_t separator = std::string::npos;  // pins before it are sources
      while (tok.next(t)) {
        if (t == ">") {
          if (separator != std::string::npos) reader.fail("net line has more than one '>' separator");
          separator = h.pins.size();
          continue;
        }
        std::uint64_t p = 0;
        if (!detail::parse_uint(t, p))
          reader.fail("pin " + detail::quote(t) +
                      " is not a non-negative integer (write the separator '>' as its own token)");
        if (p >= header.nodes)
          reader.fail("pin " + std::string(t) + " is outside [0, " + std::to_string(header.nodes) +
                      ") (.dhg node ids are 0-based)");
        h.pins.push_back(static_cast<vid_t>(p));
      }
      const auto sources = static_cast<vid_t>(separator == std::string::npos ? 0 : separator - begin);
      if (!header.directed && sources > 0)
        reader.fail("net lists sources before '>' but the header says directed=0");
      h.net_num_sources.push_back(sources);
      h.net_offsets.push_back(static_cast<eid_t>(h.pins.size()));
      ++nets;
      continue;
    }
    if (header.node_weights && weights_read < header.nodes) {
      tok.next(t);
      std::int64_t w = 0;
      if (!detail::parse_int(t, w) || w < 0) reader.fail("node weight " + detail::quote(t) + " is not a non-negative integer");
      if (!tok.at_end()) reader.fail("node weight line must hold exactly one weight");
      h.node_weights.push_back(w);
      ++weights_read;
      continue;
    }
    reader.fail("unexpected data after the " + std::to_string(header.nets) + " nets" +
                (header.node_weights ? " and " + std::to_string(header.nodes) + " node weights" : std::string()) +
                " declared in the header");
  }
  if (nets != header.nets)
    throw ParseError(path, reader.line_number(),
                     "expected " + std::to_string(header.nets) + " net lines, found " + std::to_string(nets) +
                         " (the file is truncated or the header's net count is wrong)");
  if (header.node_weights && weights_read != header.nodes)
    throw ParseError(path, reader.line_number(),
                     "expected " + std::to_string(header.nodes) + " node weight lines, found " +
                         std::to_string(weights_read));
  return h;
}

void write_directed_hypergraph(const std::string& path, const HypergraphInput& h) {
  detail::check_hypergraph_input(h, path);
  const nid_t num_nets = h.num_nets();
  if (!h.directed)
    for (nid_t e = 0; e < num_nets; ++e)
      TESSERA_USER_REQUIRE(detail::num_sources(h, e) == 0,
                           "cannot write '" << path << "': undirected hypergraph has sources in net " << e);
  const bool net_weighted = !h.net_weights.empty();
  const bool node_weighted = !h.node_weights.empty();
  detail::OutputSink out(path, detail::has_gz_suffix(path));
  out.put("dhg 1 nets=");
  out.put_int(num_nets);
  out.put(" nodes=");
  out.put_int(h.num_nodes);
  out.put(h.directed ? " directed=1" : " directed=0");
  out.put(net_weighted ? " net_weights=1" : " net_weights=0");
  out.put(node_weighted ? " node_weights=1\n" : " node_weights=0\n");
  for (nid_t e = 0; e < num_nets; ++e) {
    if (net_weighted) {
      out.put_real(h.net_weights[e]);
      out.put(' ');
    }
    const eid_t begin = h.net_offsets[e], end = h.net_offsets[e + 1];
    const eid_t split = begin + detail::num_sources(h, e);
    for (eid_t i = begin; i < split; ++i) {
      out.put_int(h.pins[i]);
      out.put(' ');
    }
    out.put('>');
    for (eid_t i = split; i < end; ++i) {
      out.put(' ');
      out.put_int(h.pins[i]);
    }
    out.put('\n');
  }
  for (node_weight_t w : h.node_weights) {
    out.put_int(w);
    out.put('\n');
  }
  out.finish();
}

}  // namespace tessera::io

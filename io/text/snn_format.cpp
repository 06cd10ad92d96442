#include "io/text/snn_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/error.hpp"
#include "io/text/hypergraph_checks.hpp"
#include "io/text/input_source.hpp"
#include "io/text/output_sink.hpp"

namespace tessera::io {

namespace {

// Buffered reader of little-endian words that knows its byte offset.
class BinaryReader {
 public:
  explicit BinaryReader(const std::string& path) : source_(path), buffer_(std::size_t(4) << 20) {}

  std::uint64_t offset() const { return consumed_ + pos_; }
  // True at the end of the data (no byte left).
  bool at_end() {
    if (pos_ < end_) return false;
    fill();
    return pos_ == end_;
  }
  // Reads a u32; false when fewer than 4 bytes remain.
  bool read_u32(std::uint32_t& v) {
    if (end_ - pos_ < 4) {
      fill();
      if (end_ - pos_ < 4) return false;
    }
    const auto* b = reinterpret_cast<const unsigned char*>(buffer_.data() + pos_);
    v = std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
    pos_ += 4;
    return true;
  }

 private:
  // Moves the unread tail to the front and reads behind it until the buffer is full or the
  // data ends.
  void fill() {
    std::size_t pending = end_ - pos_;
    if (pending > 0 && pos_ > 0) std::memmove(buffer_.data(), buffer_.data() + pos_, pending);
    consumed_ += pos_;
    pos_ = 0;
    end_ = pending;
    while (end_ < buffer_.size()) {
      std::size_t got = source_.read(buffer_.data() + end_, buffer_.size() - end_);
      if (got == 0) break;
      end_ += got;
    }
  }

  detail::ByteSource source_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  std::uint64_t consumed_ = 0;  // bytes before buffer_[0]
};

float f32_from_bits(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
std::uint32_t bits_from_f32(float f) {
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

}  // namespace

HypergraphInput read_snn(const std::string& path) {
  BinaryReader in(path);
  HypergraphInput h;
  h.directed = true;
  std::int64_t max_id = -1;
  std::uint64_t net = 0;
  auto fail = [&](std::uint64_t offset, const std::string& what) {
    throw ParseError(path, 0, "byte offset " + std::to_string(offset) + " (net " + std::to_string(net) + "): " + what);
  };
  auto truncated = [&](std::uint64_t record_start) {
    fail(record_start, "truncated net record: the file ends at byte offset " + std::to_string(in.offset()) +
                           " inside it (records are u32 dst_count, u32 src, u32 dst[dst_count], f32 weight)");
  };
  auto check_id = [&](std::uint32_t id, std::uint64_t at, const char* what) {
    if (id >= static_cast<std::uint32_t>(max_vertices))
      fail(at, std::string(what) + " id " + std::to_string(id) + " does not fit 32-bit signed node ids");
    max_id = std::max<std::int64_t>(max_id, id);
  };
  while (!in.at_end()) {
    const std::uint64_t start = in.offset();
    std::uint32_t count = 0, src = 0, bits = 0;
    if (!in.read_u32(count)) truncated(start);
    std::uint64_t at = in.offset();
    if (!in.read_u32(src)) truncated(start);
    check_id(src, at, "source");
    h.pins.push_back(static_cast<vid_t>(src));
    // No reservation from `count`: a corrupt count must end in a truncation error, not in an
    // attempt to allocate gigabytes.
    for (std::uint32_t i = 0; i < count; ++i) {
      std::uint32_t dst = 0;
      at = in.offset();
      if (!in.read_u32(dst)) truncated(start);
      check_id(dst, at, "destination");
      h.pins.push_back(static_cast<vid_t>(dst));
    }
    at = in.offset();
    if (!in.read_u32(bits)) truncated(start);
    float w = f32_from_bits(bits);
    if (!std::isfinite(w)) fail(at, "net weight is not finite");
    if (w < 0) fail(at, "net weight " + std::to_string(w) + " is negative; weights must be >= 0");
    h.net_weights.push_back(static_cast<weight_t>(w));
    h.net_num_sources.push_back(1);
    h.net_offsets.push_back(static_cast<eid_t>(h.pins.size()));
    ++net;
    if (net > static_cast<std::uint64_t>(std::numeric_limits<nid_t>::max()))
      fail(in.offset(), "more nets than 32-bit net ids allow");
  }
  h.num_nodes = static_cast<vid_t>(max_id + 1);
  return h;
}

void write_snn(const std::string& path, const HypergraphInput& h) {
  detail::check_hypergraph_input(h, path);
  const nid_t num_nets = h.num_nets();
  for (nid_t e = 0; e < num_nets; ++e)
    TESSERA_USER_REQUIRE(detail::num_sources(h, e) == 1,
                         "cannot write '" << path << "' as .snn: net " << e << " has " << detail::num_sources(h, e)
                                          << " sources; the format stores exactly one source per net");
  detail::OutputSink out(path, detail::has_gz_suffix(path));
  auto put_u32 = [&](std::uint32_t v) {
    unsigned char b[4] = {static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
                          static_cast<unsigned char>(v >> 16), static_cast<unsigned char>(v >> 24)};
    out.put_bytes(b, 4);
  };
  for (nid_t e = 0; e < num_nets; ++e) {
    const eid_t begin = h.net_offsets[e], end = h.net_offsets[e + 1];
    put_u32(static_cast<std::uint32_t>(end - begin - 1));
    for (eid_t i = begin; i < end; ++i) put_u32(static_cast<std::uint32_t>(h.pins[i]));
    const weight_t w = h.net_weights.empty() ? 1.0 : h.net_weights[e];
    const auto w32 = static_cast<float>(w);
    TESSERA_USER_REQUIRE(std::isfinite(w32), "cannot write '" << path << "' as .snn: net " << e << " weight " << w
                                                               << " does not fit a 32-bit float");
    put_u32(bits_from_f32(w32));
  }
  out.finish();
}

}  // namespace tessera::io

// Strict readers of AxonCUDA's .snn and .axh layouts (axon_formats.hpp, io/README.md).
#include <cmath>
#include <cstring>
#include <limits>

#include "core/error.hpp"
#include "io/text/axon_formats.hpp"
#include "io/text/axon_layout.hpp"
#include "io/text/binary_reader.hpp"

namespace tessera::io {

namespace {

using detail::AxonLayout;

// "1 net", "2 nets".
std::string count_of(std::uint64_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

class AxonReader {
 public:
  AxonReader(const std::string& path, AxonLayout layout)
      : path_(path), layout_(layout), info_(detail::layout_info(layout)), in_(path) {}

  HypergraphInput read() {
    read_header();
    reserve();
    for (net_ = 0; net_ < num_nets_; ++net_) read_record();
    check_end();
    return std::move(h_);
  }

 private:
  [[noreturn]] void fail(std::uint64_t offset, const std::string& what) const {
    std::string where = "byte offset " + std::to_string(offset);
    if (in_record_) where += " (net " + std::to_string(net_) + ")";
    throw ParseError(path_, 0, where + ": " + what);
  }

  std::uint32_t header_word(const char* name) {
    const std::uint64_t at = in_.offset();
    std::uint32_t v = 0;
    if (in_.read_u32(v)) return v;
    const std::uint64_t file_end = at + in_.skip_to_end();
    if (file_end == 0)
      fail(0, std::string("empty file; ") + info_.name + " starts with the header u32 node_count, u32 edge_count");
    fail(at, std::string("truncated header: the file ends at byte offset ") + std::to_string(file_end) + ", before " +
                 name + " is complete (" + info_.name + " starts with u32 node_count, u32 edge_count)");
  }

  void read_header() {
    const std::uint32_t nodes = header_word("node_count");
    const std::uint32_t nets = header_word("edge_count");
    if (nodes > static_cast<std::uint64_t>(max_vertices))
      fail(0, "node_count " + std::to_string(nodes) + " does not fit 32-bit signed node ids (at most 2147483647)");
    if (nets > static_cast<std::uint64_t>(std::numeric_limits<nid_t>::max()))
      fail(4, "edge_count " + std::to_string(nets) + " does not fit 32-bit signed net ids (at most 2147483647)");
    h_.num_nodes = static_cast<vid_t>(nodes);
    h_.directed = true;
    num_nets_ = nets;
    // Checked before anything is allocated: a few corrupt header bytes must not ask for gigabytes.
    const std::uint64_t needed = detail::k_axon_header_bytes + num_nets_ * info_.min_record_bytes;
    if (in_.size() && *in_.size() < needed)
      fail(4, "the header announces " + count_of(num_nets_, "net") + ", needing at least " + std::to_string(needed) +
                  " bytes (" + std::to_string(info_.min_record_bytes) + " per net), but the file has " +
                  std::to_string(*in_.size()));
  }

  // Exact sizes from the file size (plain files; a valid file has exactly these many pins).
  void reserve() {
    if (!in_.size()) return;
    const std::uint64_t words = (*in_.size() - detail::k_axon_header_bytes) / 4;
    const std::uint64_t count_words = (layout_ == AxonLayout::snn ? 2 : 3) * num_nets_;  // .snn's src is a pin
    h_.net_offsets.reserve(num_nets_ + 1);
    h_.net_num_sources.reserve(num_nets_);
    h_.net_weights.reserve(num_nets_);
    h_.pins.reserve(words - count_words);
  }

  // The first words of a record: how many pin ids follow and how many of them are sources.
  void read_counts(std::uint64_t& pin_words, std::uint32_t& sources) {
    std::uint32_t first = 0;
    if (!in_.read_u32(first)) {
      if (in_.at_end())
        fail(record_start_, "the file ends after " + std::to_string(net_) + " of the " + count_of(num_nets_, "net") +
                                " the header announces");
      truncated();
    }
    if (layout_ == AxonLayout::snn) {
      if (first == 0) fail(record_start_, "dst_count is 0; AxonCUDA needs at least one destination per net");
      pin_words = std::uint64_t(first) + 1;  // src, then the destinations
      sources = 1;
      return;
    }
    if (!in_.read_u32(sources)) truncated();
    if (sources == 0) fail(record_start_ + 4, "src_count is 0; .axh nets have at least one source");
    if (sources >= first)
      fail(record_start_, "pin_count " + std::to_string(first) + " leaves no destination after src_count " +
                              std::to_string(sources) + "; AxonCUDA needs at least one destination per net");
    pin_words = first;
  }

  void read_record() {
    record_start_ = in_.offset();
    in_record_ = true;
    std::uint64_t pin_words = 0;
    std::uint32_t sources = 0;
    read_counts(pin_words, sources);
    // A count that runs past the end is a truncation, reported before reading on (plain files).
    if (in_.size() && *in_.size() - in_.offset() < 4 * pin_words + 4) truncated(*in_.size());
    for (std::uint64_t i = 0; i < pin_words; ++i) read_pin(i < sources ? "source" : "destination");
    read_weight();
    h_.net_num_sources.push_back(static_cast<vid_t>(sources));
    h_.net_offsets.push_back(static_cast<eid_t>(h_.pins.size()));
    in_record_ = false;
  }

  void read_pin(const char* role) {
    const std::uint64_t at = in_.offset();
    std::uint32_t id = 0;
    if (!in_.read_u32(id)) truncated();
    if (id >= static_cast<std::uint32_t>(h_.num_nodes))
      fail(at, std::string(role) + " id " + std::to_string(id) + " is not below node_count " +
                   std::to_string(h_.num_nodes));
    h_.pins.push_back(static_cast<vid_t>(id));
  }

  void read_weight() {
    const std::uint64_t at = in_.offset();
    std::uint32_t bits = 0;
    if (!in_.read_u32(bits)) truncated();
    float w = 0;
    std::memcpy(&w, &bits, sizeof w);
    if (!std::isfinite(w)) fail(at, "net weight is not finite");
    if (w < 0) fail(at, "net weight " + std::to_string(w) + " is negative; weights must be >= 0");
    h_.net_weights.push_back(static_cast<weight_t>(w));
  }

  [[noreturn]] void truncated() { truncated(in_.offset() + in_.skip_to_end()); }
  [[noreturn]] void truncated(std::uint64_t file_end) {
    fail(record_start_, "truncated net record: the file ends at byte offset " + std::to_string(file_end) +
                            " inside it (records are " + info_.record + ")");
  }

  void check_end() {
    const std::uint64_t at = in_.offset();
    const std::uint64_t extra = in_.skip_to_end();
    if (extra > 0)
      fail(at, count_of(extra, "byte") + " after the last of the " + count_of(num_nets_, "net") +
                   " the header announces");
  }

  const std::string& path_;
  const AxonLayout layout_;
  const detail::AxonLayoutInfo info_;
  detail::BinaryReader in_;
  HypergraphInput h_;
  std::uint64_t num_nets_ = 0, net_ = 0, record_start_ = 0;
  bool in_record_ = false;
};

}  // namespace

HypergraphInput read_snn(const std::string& path) { return AxonReader(path, AxonLayout::snn).read(); }
HypergraphInput read_axh(const std::string& path) { return AxonReader(path, AxonLayout::axh).read(); }

}  // namespace tessera::io

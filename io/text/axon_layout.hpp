#pragma once
// What the reader and the writer of AxonCUDA's two binary layouts (axon_formats.hpp) share.
#include <cstdint>

namespace tessera::io::detail {

enum class AxonLayout { snn, axh };

struct AxonLayoutInfo {
  const char* name;                // ".snn"
  const char* record;              // the record layout, for error messages
  std::uint64_t min_record_bytes;  // the smallest valid record (one source, one destination)
};

// The header `u32 node_count, u32 edge_count`.
constexpr std::uint64_t k_axon_header_bytes = 8;

constexpr AxonLayoutInfo layout_info(AxonLayout layout) {
  switch (layout) {
    case AxonLayout::snn: return {".snn", "u32 dst_count, u32 src, u32 dst[dst_count], f32 weight", 16};
    case AxonLayout::axh: return {".axh", "u32 pin_count, u32 src_count, u32 pins[pin_count], f32 weight", 20};
  }
  return {"?", "?", 0};
}

}  // namespace tessera::io::detail

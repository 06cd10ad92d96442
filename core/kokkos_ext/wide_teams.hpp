#pragma once
// Team sizes for launches of few rows with much work each (GPU backends).
//
// A kernel that gives each row (a node) a warp-sized team leaves a GPU mostly idle when there are
// only a few thousand rows, however much work each holds: the coarse levels of rewired SNNs
// (64k-rand: 200-3,000 nodes sharing 208 k nets, 6-60 k incident nets a node) took 2-3 s a level
// in the partitioner's proposals and gains with 32-thread teams. Such launches take wider teams.
#include <cstdint>

namespace tessera::detail {

// Threads per team for `rows` teams of `mean_items` items each: 32 (a warp), doubled while the
// launch stays within 2^19 threads (about two waves of an H100 or H200) and every thread keeps at
// least 8 items, up to 1024. The caller still caps it by the kernel's team_size_max.
inline int wide_team_size(std::int64_t rows, double mean_items) {
  int threads = 32;
  while (threads < 1024 && rows * 2 * threads <= (std::int64_t(1) << 19) && mean_items >= 8.0 * 2 * threads)
    threads *= 2;
  return threads;
}

}  // namespace tessera::detail

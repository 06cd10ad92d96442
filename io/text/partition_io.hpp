#pragma once
// Partition files: one 0-based block id per line, line i for node i (hMETIS/KaHyPar style),
// plain or gzip. Blank lines and lines starting with '#' or '%' are ignored.
#include <string>
#include <vector>

#include "core/types.hpp"

namespace tessera::io {

// Throws ParseError unless the file holds exactly `num_nodes` non-negative block ids.
std::vector<part_t> read_partition(const std::string& path, vid_t num_nodes);
// gzip when `path` ends in .gz; every id must be >= 0.
void write_partition(const std::string& path, const std::vector<part_t>& parts);

}  // namespace tessera::io

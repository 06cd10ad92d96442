#include "distributed/triangle_count/readable_rows.hpp"

namespace tessera::dist::detail {

std::vector<char> readable_ranks(DistVariant variant, const NodeTopology& topology, int me) {
  std::vector<char> readable(topology.node_of_rank.size(), 0);
  const bool ipc = variant == DistVariant::ipc || variant == DistVariant::mpi_ipc || variant == DistVariant::shm;
  for (std::size_t r = 0; r < readable.size(); ++r)
    readable[r] = static_cast<int>(r) == me || (ipc && topology.same_node(static_cast<int>(r)));
  return readable;
}

}  // namespace tessera::dist::detail

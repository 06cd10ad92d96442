#include "distributed/pattern_mining/share_report.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace tessera::dist {

double ShareReport::imbalance() const {
  if (ranks.empty()) return 0;
  double most = 0, sum = 0;
  for (const auto& r : ranks) {
    most = std::max(most, r.seconds);
    sum += r.seconds;
  }
  return sum > 0 ? most / (sum / static_cast<double>(ranks.size())) : 0.0;
}

mining::TaskShare rank_share(const Communicator& comm, const mining::TaskShare& options) {
  mining::TaskShare share = options;
  share.rank = comm.rank();
  share.ranks = comm.size();
  mining::check_task_share(share);
  return share;
}

ShareReport gather_share_report(const Communicator& comm, eid_t units, double seconds) {
  const double mine[2] = {static_cast<double>(units), seconds};
  std::vector<double> all(2 * static_cast<std::size_t>(comm.size()));
  TESSERA_MPI_CHECK(MPI_Allgather(mine, 2, MPI_DOUBLE, all.data(), 2, MPI_DOUBLE, comm.get()));
  ShareReport report;
  for (int r = 0; r < comm.size(); ++r)
    report.ranks.push_back({r, static_cast<eid_t>(all[2 * static_cast<std::size_t>(r)]), all[2 * static_cast<std::size_t>(r) + 1]});
  return report;
}

count_t sum_over_ranks(const Communicator& comm, count_t partial) { return sum_over_ranks(comm, std::vector<count_t>{partial})[0]; }

std::vector<count_t> sum_over_ranks(const Communicator& comm, const std::vector<count_t>& partial) {
  static_assert(sizeof(count_t) == sizeof(unsigned long long), "count_t is a 64-bit unsigned integer");
  std::vector<count_t> total(partial.size());
  TESSERA_MPI_CHECK(MPI_Allreduce(partial.data(), total.data(), static_cast<int>(partial.size()), MPI_UNSIGNED_LONG_LONG,
                                  MPI_SUM, comm.get()));
  return total;
}

}  // namespace tessera::dist

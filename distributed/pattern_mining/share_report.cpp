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

ShareReport gather_share_report(const Communicator& comm, eid_t units, double seconds, double kernel_seconds) {
  constexpr int k_fields = 3;
  const double mine[k_fields] = {static_cast<double>(units), seconds, kernel_seconds};
  std::vector<double> all(k_fields * static_cast<std::size_t>(comm.size()));
  TESSERA_MPI_CHECK(MPI_Allgather(mine, k_fields, MPI_DOUBLE, all.data(), k_fields, MPI_DOUBLE, comm.get()));
  ShareReport report;
  for (int r = 0; r < comm.size(); ++r) {
    const double* f = all.data() + k_fields * static_cast<std::size_t>(r);
    report.ranks.push_back({r, static_cast<eid_t>(f[0]), f[1], f[2]});
  }
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

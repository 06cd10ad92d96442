#include "apps/commands/distributed_share.hpp"

#include "algorithms/pattern_mining/engine/engine_options.hpp"

namespace tessera::cli {

void add_share_options(Arguments& args) {
  args.flag("distributed", "mine over MPI ranks, one per GPU, each with the whole graph (launch with mpiexec; rank 0 prints)");
  for (const auto& o : mining::share_options())
    args.option(o.name, o.value_name, "--distributed: " + o.help + " (default: " + o.default_value + ")");
}

void apply_share_options(const Arguments& args, const char* command, mining::EngineParams& params) {
  for (const auto& o : mining::share_options()) {
    const auto value = args.given(o.name);
    if (!value) continue;
    if (!args.has("distributed")) throw UsageError(std::string(command) + ": --" + o.name + " needs --distributed");
    try {
      o.apply(params, *value);
    } catch (const UserError& e) {
      throw UsageError(e.what());
    }
  }
}

void set_distributed(Json& j, const mining::TaskShare& share, const DistributedMiningRun& run) {
  Json ranks = Json::array();
  for (const auto& r : run.ranks) {
    Json one = Json::object();
    one.set("rank", r.rank).set("tasks", r.units).set("time_s", r.seconds).set("kernel_s", r.kernel_seconds);
    ranks.push(one);
  }
  j.set("distributed", true)
      .set("schedule", mining::to_string(share.schedule))
      .set("chunk_size", share.chunk_size)
      .set("num_ranks", static_cast<long long>(run.ranks.size()))
      .set("time_s", run.seconds)
      .set("imbalance", run.imbalance)
      .set("ranks", ranks);
}

}  // namespace tessera::cli

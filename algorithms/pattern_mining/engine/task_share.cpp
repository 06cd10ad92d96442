#include "algorithms/pattern_mining/engine/task_share.hpp"

#include "core/error.hpp"
#include "core/util/names.hpp"

namespace tessera::mining {

TaskSchedule parse_task_schedule(const std::string& name) {
  for (auto schedule : {TaskSchedule::round_robin, TaskSchedule::snake, TaskSchedule::even})
    if (same_name(name, to_string(schedule))) return schedule;
  throw UserError("unknown schedule '" + name + "' (expected round-robin, snake or even)");
}

const char* to_string(TaskSchedule schedule) {
  switch (schedule) {
    case TaskSchedule::round_robin: return "round-robin";
    case TaskSchedule::snake: return "snake";
    case TaskSchedule::even: return "even";
  }
  return "?";
}

void check_task_share(const TaskShare& share) {
  TESSERA_USER_REQUIRE(share.ranks >= 1 && share.rank >= 0 && share.rank < share.ranks,
                       "task share: rank " << share.rank << " of " << share.ranks << " ranks");
  TESSERA_USER_REQUIRE(share.chunk_size >= 1, "task share: the chunk size must be >= 1, got " << share.chunk_size);
}

}  // namespace tessera::mining

#pragma once
// Which of the engine's work units one process runs when several processes (one per GPU) mine
// the same replicated graph (G2Miner, paper 2 §7, multi-GPU task scheduling).
//
// Every process builds the same unit sequence: the task list Ω (edges or vertices in CSR
// order), the heavy tasks moved to the front (optimization `order`) and hub tasks split into
// parts (`balance`); all three steps are deterministic, so the sequence is identical on every
// rank of the same backend. The share then deals that sequence:
//   round-robin  fixed-size chunks of chunk_size units dealt in turn: chunk c goes to rank
//                c mod ranks (the paper's chunked round-robin; the heavy head and the parts of
//                one hub spread over all ranks)
//   snake        round-robin with the order of the ranks reversed every other round (0..R-1,
//                R-1..0, ...): where work grows along the sequence (vertex tasks of the
//                degree-ranked graph, ascending degree) plain round-robin always gives the
//                last rank the heavier chunk of each round; snake evens that out
//   even         one contiguous block of ⌊U/ranks⌋ or ⌈U/ranks⌉ units per rank (the paper's
//                even split, the comparison: whoever gets the heavy head finishes last)
// A rank walks its units in their global order through its local index 0..owned-1, so the
// engine's own dynamic chunks and its heavy-first head work unchanged inside the share.
// ranks = 1 (the default) is the whole sequence.
#include <Kokkos_Core.hpp>

#include <string>

#include "core/types.hpp"

namespace tessera::mining {

enum class TaskSchedule { round_robin, snake, even };
TaskSchedule parse_task_schedule(const std::string& name);  // "round-robin" | "snake" | "even"; UserError otherwise
const char* to_string(TaskSchedule schedule);

// Default chunk of the round-robin deal. Smaller deals balance better and cost nothing here
// (every rank holds the whole task list; a unit's position is one division), unlike the paper's
// scheduler, which copies each chunk to its GPU. At 16 the heavy head (thousands of units on a
// GPU) and a split hub's parts (up to 256) spread over the ranks; the top hubs of a vertex-task
// plan do not: 2 CPU ranks, kron13 wedge-counted 4-cycles without splitting, max / mean rank
// time 1.25 with chunks of 64, 1.06 with chunks of 1, 1.75 split evenly.
inline constexpr eid_t k_default_share_chunk = 16;

struct TaskShare {
  int rank = 0;
  int ranks = 1;
  TaskSchedule schedule = TaskSchedule::round_robin;
  eid_t chunk_size = k_default_share_chunk;  // round-robin, snake: units per dealt chunk (>= 1)

  KOKKOS_INLINE_FUNCTION bool whole() const { return ranks == 1; }

  // Units of a sequence of `total` this rank runs.
  KOKKOS_INLINE_FUNCTION eid_t owned(eid_t total) const { return owned_below(total, total); }

  // How many of this rank's units lie in [0, end) of the sequence.
  KOKKOS_INLINE_FUNCTION eid_t owned_below(eid_t end, eid_t total) const {
    if (schedule == TaskSchedule::even) {
      const eid_t begin = block_begin(rank, total);
      const eid_t stop = block_begin(rank + 1, total);
      return end <= begin ? 0 : (end >= stop ? stop - begin : end - begin);
    }
    const eid_t c = chunk(total);
    const eid_t round = c * ranks;  // one chunk for every rank
    const eid_t rounds = end / round;
    const eid_t rest = end - rounds * round - static_cast<eid_t>(slot(rounds)) * c;
    return rounds * c + (rest <= 0 ? 0 : (rest >= c ? c : rest));
  }

  // The sequence position of this rank's local-th unit (0 <= local < owned(total)); increasing
  // in local, so local order is global order.
  KOKKOS_INLINE_FUNCTION eid_t unit(eid_t local, eid_t total) const {
    if (schedule == TaskSchedule::even) return block_begin(rank, total) + local;
    const eid_t c = chunk(total);
    const eid_t k = local / c;  // this rank's k-th chunk is chunk k * ranks + slot(k)
    return (k * ranks + slot(k)) * c + (local - k * c);
  }

  // The rank that runs unit u of a sequence of `total`.
  KOKKOS_INLINE_FUNCTION int owner(eid_t u, eid_t total) const {
    if (schedule != TaskSchedule::even) {
      const eid_t c = u / chunk(total);
      const int s = static_cast<int>(c % ranks);
      return schedule == TaskSchedule::snake && (c / ranks) % 2 == 1 ? ranks - 1 - s : s;
    }
    int r = static_cast<int>(u * ranks / total);  // the block guess, corrected for rounding
    while (r + 1 < ranks && block_begin(r + 1, total) <= u) ++r;
    while (r > 0 && block_begin(r, total) > u) --r;
    return r;
  }

 private:
  // This rank's place among the chunks of round k: its rank, or reversed on odd snake rounds.
  KOKKOS_INLINE_FUNCTION int slot(eid_t k) const {
    return schedule == TaskSchedule::snake && k % 2 == 1 ? ranks - 1 - rank : rank;
  }
  // The chunk size in use: one chunk larger than the sequence deals like one of its length (all
  // to rank 0), and keeps chunk × ranks from overflowing.
  KOKKOS_INLINE_FUNCTION eid_t chunk(eid_t total) const {
    return chunk_size < total ? chunk_size : (total > 0 ? total : 1);
  }
  KOKKOS_INLINE_FUNCTION eid_t block_begin(int r, eid_t total) const { return total / ranks * r + total % ranks * r / ranks; }
};

// UserError unless 0 <= rank < ranks and chunk_size >= 1.
void check_task_share(const TaskShare& share);

}  // namespace tessera::mining

#include "distributed/triangle_count/query_receiver.hpp"

#include <algorithm>

#include <cstring>
#include <type_traits>

#include "core/error.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/set_ops/intersect.hpp"
#include "distributed/triangle_count/compact_format.hpp"

// The receiver kernels are instantiated here only (core/kokkos_ext/instantiate.hpp).
namespace tessera::dist::detail {

namespace {

// m's oriented row, when the position m names a vertex of [first, last); nullptr otherwise.
template <class Memory>
struct OwnedRows {
  Kokkos::View<const eid_t*, Memory> row_map;
  Kokkos::View<const vid_t*, Memory> entries;
  KnownVertices<Memory> vertex;
  vid_t first, last;

  KOKKOS_INLINE_FUNCTION const vid_t* row(vid_t m, eid_t& length) const {
    const vid_t v = vertex(m);  // -1 when m is no position this rank knows
    if (v < first || v >= last) return nullptr;
    const eid_t b = row_map(v - first);
    length = row_map(v - first + 1) - b;
    return entries.data() + b;
  }
};

// Per instance, on its space: wedges closed, malformed queries, runs of the current batch.
template <class Memory>
struct Counters {
  Kokkos::View<unsigned long long*, Memory> found, bad;
  Kokkos::View<eid_t*, Memory> runs;
};

// Flat pairs: one lookup per query; a team sums its chunk and adds it once.
template <class Space>
void count_flat(const Space& space, const OwnedRows<typename Space::memory_space>& rows,
                const Kokkos::View<const vid_t*, typename Space::memory_space>& words, std::size_t count,
                const Counters<typename Space::memory_space>& counters, int k) {
  using policy = tessera::detail::LightTeamPolicy<Space>;
  using member = typename policy::member_type;
  constexpr bool gpu = tessera::detail::is_gpu_space<Space>();
  const int team_size = gpu ? 256 : 1;
  constexpr std::int64_t k_per_team = 1024;
  const std::int64_t queries = static_cast<std::int64_t>(count / 2);
  const int league = static_cast<int>((queries + k_per_team - 1) / k_per_team);
  const auto found = counters.found, bad = counters.bad;
  Kokkos::parallel_for(
      "tessera::dist::tc::receive_flat", policy(space, league, team_size), KOKKOS_LAMBDA(const member& team) {
        const std::int64_t begin = static_cast<std::int64_t>(team.league_rank()) * k_per_team;
        const std::int64_t end = begin + k_per_team < queries ? begin + k_per_team : queries;
        count_t hits = 0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, begin, end),
            [&](const std::int64_t q, count_t& h) {
              eid_t length = 0;
              const vid_t* out = rows.row(words(2 * q), length);
              if (out == nullptr)
                Kokkos::atomic_add(&bad(k), 1ull);
              else if (set_ops::contains(out, length, words(2 * q + 1)))
                ++h;
            },
            hits);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { Kokkos::atomic_add(&found(k), static_cast<unsigned long long>(hits)); });
      });
}

// Compact runs: a prefix scan over the words finds each run's parent marker (and the number of
// runs, left on the device), then one team per run looks its candidates up in N+(m). The grid
// is sized for the most runs a batch can hold (every run has a child); teams past the real
// count return at once, so nothing waits for the scan on the host.
template <class Space>
void count_compact(const Space& space, const OwnedRows<typename Space::memory_space>& rows,
                   const Kokkos::View<const vid_t*, typename Space::memory_space>& words, std::size_t count,
                   const Kokkos::View<eid_t*, typename Space::memory_space>& run_start,
                   const Counters<typename Space::memory_space>& counters, int k) {
  using policy = tessera::detail::LightTeamPolicy<Space>;
  using member = typename policy::member_type;
  constexpr bool gpu = tessera::detail::is_gpu_space<Space>();
  const std::int64_t n_words = static_cast<std::int64_t>(count);
  const auto runs = counters.runs;
  const auto bad = counters.bad, found = counters.found;
  tessera::detail::chunked_scan_no_total<Space, eid_t>(
      "tessera::dist::tc::receive_runs", space, n_words,
      KOKKOS_LAMBDA(const std::int64_t i, eid_t& partial, const bool final) {
        const bool parent = words(i) < 0;
        if (final && parent) run_start(partial) = i;
        if (parent) ++partial;
        if (final && i == 0 && !parent) Kokkos::atomic_add(&bad(k), 1ull);
        if (final && i == n_words - 1) runs(k) = partial;
      });
  const int league = static_cast<int>((n_words + 1) / 2);
  Kokkos::parallel_for(
      "tessera::dist::tc::receive_split", policy(space, league, gpu ? 32 : 1), KOKKOS_LAMBDA(const member& team) {
        const eid_t r = team.league_rank();
        const eid_t num_runs = runs(k);
        if (r >= num_runs) return;
        const eid_t begin = run_start(r);
        const eid_t end = r + 1 < num_runs ? run_start(r + 1) : n_words;
        eid_t length = 0;
        const vid_t* out = rows.row(decode_parent(words(begin)), length);
        if (out == nullptr) {
          Kokkos::single(Kokkos::PerTeam(team), [&]() { Kokkos::atomic_add(&bad(k), 1ull); });
          return;
        }
        count_t hits = 0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, begin + 1, end),
            [&](const eid_t i, count_t& h) {
              if (set_ops::contains(out, length, words(i))) ++h;
            },
            hits);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { Kokkos::atomic_add(&found(k), static_cast<unsigned long long>(hits)); });
      });
}

// Rows records (compact_format.hpp; the messenger validated their structure): the same scan
// finds the records, then one team per record, its threads over the record's parents, each
// parent's vector lanes sharing |list after it ∩ N+(parent)| (both ascending).
template <class Space>
void count_rows(const Space& space, const OwnedRows<typename Space::memory_space>& rows,
                const Kokkos::View<const vid_t*, typename Space::memory_space>& words, std::size_t count,
                const Kokkos::View<eid_t*, typename Space::memory_space>& run_start,
                const Counters<typename Space::memory_space>& counters, int k) {
  using policy = tessera::detail::LightTeamPolicy<Space>;
  using member = typename policy::member_type;
  constexpr bool gpu = tessera::detail::is_gpu_space<Space>();
  const std::int64_t n_words = static_cast<std::int64_t>(count);
  const auto runs = counters.runs;
  const auto bad = counters.bad, found = counters.found;
  tessera::detail::chunked_scan_no_total<Space, eid_t>(
      "tessera::dist::tc::receive_records", space, n_words,
      KOKKOS_LAMBDA(const std::int64_t i, eid_t& partial, const bool final) {
        const bool header = words(i) < 0;
        if (final && header) run_start(partial) = i;
        if (header) ++partial;
        if (final && i == 0 && !header) Kokkos::atomic_add(&bad(k), 1ull);
        if (final && i == n_words - 1) runs(k) = partial;
      });
  const int team_size = gpu ? 4 : 1, lanes = gpu ? 8 : 1;
  Kokkos::parallel_for(
      "tessera::dist::tc::receive_rows", policy(space, static_cast<int>(n_words / 2 + 1), team_size, lanes),
      KOKKOS_LAMBDA(const member& team) {
        const eid_t r = team.league_rank();
        if (r >= runs(k)) return;
        const eid_t begin = run_start(r);
        const vid_t parents = decode_parent(words(begin));
        const vid_t length = words(begin + 1);
        const vid_t* list = words.data() + begin + 2;
        const vid_t* index = list + length;
        count_t team_hits = 0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, parents),
            [&](const vid_t j, count_t& thread_hits) {
              const vid_t i = index[j];
              eid_t out_length = 0;
              const vid_t* out = rows.row(list[i], out_length);
              if (out == nullptr) {
                Kokkos::single(Kokkos::PerThread(team), [&]() { Kokkos::atomic_add(&bad(k), 1ull); });
                return;
              }
              const vid_t* candidates = list + i + 1;
              const eid_t nc = length - 1 - i;
              count_t hits = 0;
              Kokkos::parallel_reduce(
                  Kokkos::ThreadVectorRange(team, lanes),
                  [&](const int lane, count_t& h) {
                    h += set_ops::prefer_binary_search(nc, out_length)
                             ? set_ops::intersect_binary(lane, lanes, candidates, nc, out, out_length, set_ops::NoMatchHook{})
                             : set_ops::intersect_merge(lane, lanes, candidates, nc, out, out_length, set_ops::NoMatchHook{});
                  },
                  hits);
              Kokkos::single(Kokkos::PerThread(team), [&]() { thread_hits += hits; });
            },
            team_hits);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { Kokkos::atomic_add(&found(k), static_cast<unsigned long long>(team_hits)); });
      });
}

}  // namespace

template <class Space>
QueryReceiver<Space>::QueryReceiver(const RankDag<memory>& dag, vid_t first, vid_t last, QueryFormat format,
                                    int streams, std::size_t batch_words)
    : dag_(dag),
      first_(first),
      last_(last),
      format_(format),
      instances_(streams),
      slots_(static_cast<std::size_t>(streams)),
      found_("tessera::dist::tc::received_found", static_cast<std::size_t>(streams)),
      bad_("tessera::dist::tc::received_bad", static_cast<std::size_t>(streams)),
      runs_("tessera::dist::tc::received_runs", static_cast<std::size_t>(streams)),
      batch_words_(std::max<std::size_t>(1, batch_words)) {
  Kokkos::fence();  // the zeroed counters are visible to every instance
}

template <class Space>
void QueryReceiver<Space>::reserve(Slot& slot, std::size_t count) {
  if (slot.host.extent(0) >= count) return;
  const std::size_t capacity = count + count / 4;
  slot.host = Kokkos::View<vid_t*, staging>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::staging"),
                                            capacity);
  if constexpr (std::is_same_v<staging, memory>)
    slot.words = slot.host;
  else
    slot.words = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::batch"),
                                              capacity);
  if (format_ != QueryFormat::flat)
    slot.run_start = Kokkos::View<eid_t*, memory>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::run_start"), capacity / 2 + 1);
}

template <class Space>
void QueryReceiver<Space>::submit(const vid_t* words, std::size_t count) {
  if (count == 0) return;
  TESSERA_REQUIRE(format_ != QueryFormat::flat || count % 2 == 0, "flat message with an odd number of words");
  if (open_ > 0 && open_ + count > slots_[static_cast<std::size_t>(next_)].host.extent(0)) launch_open_batch();
  Slot& slot = slots_[static_cast<std::size_t>(next_)];
  if (open_ == 0) {
    if (slot.busy) instances_[next_].fence();  // its previous batch is copied and counted: buffers free
    slot.busy = false;
    reserve(slot, std::max(count, batch_words_));
  }
  std::memcpy(slot.host.data() + open_, words, count * sizeof(vid_t));
  open_ += count;
  if (open_ >= batch_words_) launch_open_batch();
}

template <class Space>
void QueryReceiver<Space>::launch_open_batch() {
  if (open_ == 0) return;
  const int k = next_;
  const std::size_t count = open_;
  Slot& slot = slots_[static_cast<std::size_t>(k)];
  if constexpr (!std::is_same_v<staging, memory>)
    Kokkos::deep_copy(instances_[k], Kokkos::subview(slot.words, Kokkos::make_pair(std::size_t{0}, count)),
                      Kokkos::subview(slot.host, Kokkos::make_pair(std::size_t{0}, count)));
  const OwnedRows<memory> rows{dag_.row_map, dag_.entries, dag_.vertex, first_, last_};
  const Counters<memory> counters{found_, bad_, runs_};
  const Kokkos::View<const vid_t*, memory> batch(slot.words);
  if (format_ == QueryFormat::flat)
    count_flat(instances_[k], rows, batch, count, counters, k);
  else if (format_ == QueryFormat::compact)
    count_compact(instances_[k], rows, batch, count, slot.run_start, counters, k);
  else
    count_rows(instances_[k], rows, batch, count, slot.run_start, counters, k);
  slot.busy = true;
  ++batches_;
  open_ = 0;
  next_ = (next_ + 1) % instances_.size();
}

template <class Space>
count_t QueryReceiver<Space>::finish() {
  launch_open_batch();
  for (int k = 0; k < instances_.size(); ++k) instances_[k].fence();
  for (auto& slot : slots_) slot.busy = false;
  const auto found = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, found_);
  const auto bad = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, bad_);
  count_t total = 0;
  unsigned long long malformed = 0;
  for (std::size_t k = 0; k < found.extent(0); ++k) {
    total += found(k);
    malformed += bad(k);
  }
  TESSERA_REQUIRE(malformed == 0, malformed << " received queries name vertices not owned by this rank (or a compact "
                                               "batch starts with a child)");
  return total;
}

#define TESSERA_INST(Space) template class QueryReceiver<Space>;
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::dist::detail

#include "algorithms/pattern_mining/fsm/count_support.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "algorithms/pattern_mining/fsm/fsm_params.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera::mining {

namespace {

inline constexpr unsigned k_count_cap = 255;    // counts saturate here (a pattern needs at most 4)
inline constexpr vid_t k_count_vertices = 64;   // vertices per team while counting
inline constexpr vid_t k_chunk_vertices = 256;  // vertices per team while testing domains

enum class DomainKind : int { star_centre, star_leaf, path_end, path_inner };

// One domain to measure, over the vertices labelled class_label. Stars: the centre's or the
// leaves labelled leaf_label. 3-paths p0-p1-p2-p3 labelled path[0..3]: p0's (path_end) or
// p1's (path_inner); p3 and p2 are p0 and p1 of the reversed path.
struct DomainJob {
  DomainKind kind = DomainKind::star_centre;
  int class_label = 0;
  int center_label = 0;
  int leaves = 0;
  int needs = 0;                         // distinct leaf labels
  int need_label[k_fsm_max_edges] = {};  // dense labels
  int need_count[k_fsm_max_edges] = {};  // leaves with that label
  int path[4] = {};
  vid_t begin = 0, end = 0;  // the class: positions in the by-label order
};

// counts(x, l) = min(#neighbours of x labelled l, k_count_cap), and the rows again with each
// row's neighbours grouped by label (ascending; any order inside a group): a team thread per
// vertex, its lanes tallying the row into its slice of team scratch, then placing every
// neighbour at the next free slot of its label's group. The slices are cut here from one team
// allocation (`stride` ints each, a multiple of 8) and the team size is explicit (whole warps):
// on the H200 (round 1) Kokkos' per-thread scratch of 7 ints with an automatic team size gave
// wrong counts on citeseer (6 labels) while 8 ints (cora) and 30 (kron20) were right.
template <class ExecSpace>
struct CountAndGroupByLabel {
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using memory_space = typename ExecSpace::memory_space;
  using Tally = Kokkos::View<vid_t*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  Kokkos::View<const eid_t*, memory_space> row_map;
  Kokkos::View<const vid_t*, memory_space> entries;
  Kokkos::View<const label_t*, memory_space> labels;
  Kokkos::View<unsigned char**, Kokkos::LayoutRight, memory_space> counts;
  Kokkos::View<vid_t*, memory_space> grouped;
  int num_labels = 0;
  int stride = 0;  // ints per team thread: num_labels + 1 rounded up to a multiple of 8
  vid_t n = 0;

  static int stride_for(int labels) { return (labels + 1 + 7) / 8 * 8; }
  static std::size_t team_bytes(int threads, int labels) {
    return Tally::shmem_size(static_cast<std::size_t>(threads) * static_cast<std::size_t>(stride_for(labels)));
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const Tally all(team.team_scratch(0), static_cast<std::size_t>(team.team_size()) * static_cast<std::size_t>(stride));
    vid_t* const next = all.data() + static_cast<std::ptrdiff_t>(team.team_rank()) * stride;
    const vid_t first = static_cast<vid_t>(team.league_rank()) * k_count_vertices;
    const vid_t last = first + k_count_vertices < n ? first + k_count_vertices : n;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, last), [&](const vid_t x) {
      const eid_t begin = row_map(x), end = row_map(x + 1);
      // next[l + 1] = #neighbours labelled l, then next[l] = where group l starts (row offsets).
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, num_labels + 1), [&](const int l) { next[l] = 0; });
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, begin, end),
                           [&](const eid_t j) { Kokkos::atomic_add(&next[labels(entries(j)) + 1], vid_t(1)); });
      Kokkos::single(Kokkos::PerThread(team), [&]() {
        for (int l = 0; l < num_labels; ++l) {
          const vid_t c = next[l + 1];
          counts(x, l) = static_cast<unsigned char>(c < vid_t(k_count_cap) ? c : vid_t(k_count_cap));
          next[l + 1] = next[l] + c;
        }
      });
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, begin, end), [&](const eid_t j) {
        const vid_t y = entries(j);
        grouped(begin + Kokkos::atomic_fetch_add(&next[labels(y)], vid_t(1))) = y;
      });
    });
  }
};

// sizes(job) += the vertices of each chunk that lie in the job's domain (see count_support.hpp).
template <class ExecSpace>
struct DomainSizes {
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using memory_space = typename ExecSpace::memory_space;
  Kokkos::View<const eid_t*, memory_space> row_map;
  Kokkos::View<const label_t*, memory_space> labels;
  Kokkos::View<const unsigned char**, Kokkos::LayoutRight, memory_space> counts;
  Kokkos::View<const vid_t*, memory_space> grouped;  // rows grouped by label (CountAndGroupByLabel)
  Kokkos::View<const vid_t*, memory_space> by_label;
  Kokkos::View<const DomainJob*, memory_space> jobs;
  Kokkos::View<const std::int64_t*, memory_space> first_chunk;  // per job, and the total at the end
  Kokkos::View<count_t*, memory_space> sizes;
  eid_t scan_stride = 1;  // group entries the lanes test between two early-exit checks

  // First position of label l in v's grouped row (its end when absent).
  KOKKOS_INLINE_FUNCTION eid_t lower(const vid_t v, const int l) const {
    eid_t lo = row_map(v), hi = row_map(v + 1);
    while (lo < hi) {
      const eid_t mid = lo + (hi - lo) / 2;
      if (labels(grouped(mid)) < l) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  KOKKOS_INLINE_FUNCTION Kokkos::pair<eid_t, eid_t> group(const vid_t v, const int l) const {
    const eid_t begin = lower(v, l);
    const unsigned c = counts(v, l);
    return {begin, c < k_count_cap ? begin + static_cast<eid_t>(c) : lower(v, l + 1)};
  }
  // A neighbour of v labelled l other than a and b.
  KOKKOS_INLINE_FUNCTION bool has_other(const vid_t v, const int l, const vid_t a, const vid_t b) const {
    const unsigned c = counts(v, l);
    if (c >= 3) return true;
    if (c == 0) return false;
    const Kokkos::pair<eid_t, eid_t> g = group(v, l);
    for (eid_t j = g.first; j < g.second; ++j)
      if (grouped(j) != a && grouped(j) != b) return true;
    return false;
  }
  // The neighbour of v labelled l other than a (there is exactly one).
  KOKKOS_INLINE_FUNCTION vid_t only_other(const vid_t v, const int l, const vid_t a) const {
    const Kokkos::pair<eid_t, eid_t> g = group(v, l);
    for (eid_t j = g.first; j < g.second; ++j)
      if (grouped(j) != a) return grouped(j);
    return invalid_vid;
  }
  // Some neighbour of v labelled l satisfies pred: the lanes scan the group, stopping early.
  template <class Pred>
  KOKKOS_INLINE_FUNCTION bool any_neighbour(const member& team, const vid_t v, const int l, const Pred& pred) const {
    const Kokkos::pair<eid_t, eid_t> g = group(v, l);
    const eid_t end = g.second;
    for (eid_t j = g.first; j < end; j += scan_stride) {
      int hits = 0;
      Kokkos::parallel_reduce(
          Kokkos::ThreadVectorRange(team, j, j + scan_stride < end ? j + scan_stride : end),
          [&](const eid_t i, int& h) { h += pred(grouped(i)) ? 1 : 0; }, hits);
      if (hits > 0) return true;
    }
    return false;
  }

  // x is in a star centre's domain: enough neighbours of every leaf label.
  KOKKOS_INLINE_FUNCTION bool centre(const DomainJob& job, const vid_t x) const {
    bool ok = true;
    for (int k = 0; k < job.needs; ++k) ok = ok && counts(x, job.need_label[k]) >= job.need_count[k];
    return ok;
  }
  // y (a leaf's label) has a neighbour in the centre's domain.
  KOKKOS_INLINE_FUNCTION bool leaf(const member& team, const DomainJob& job, const vid_t y) const {
    if (counts(y, job.center_label) == 0) return false;
    if (job.leaves == 1) return true;
    return any_neighbour(team, y, job.center_label, [&](const vid_t x) { return centre(job, x); });
  }
  // x = p1 of a 3-path p0-p1-p2-p3: some z = p2 in N(x) with p0 in N(x) \ {z}, p3 in
  // N(z) \ {x} and p0 != p3. With a = |N_L0(x) \ {z}|, b = |N_L3(z) \ {x}|: yes when both are
  // >= 1 and one is >= 2; when both are 1, the two single vertices must differ.
  KOKKOS_INLINE_FUNCTION bool path_inner(const member& team, const DomainJob& job, const vid_t x) const {
    const int* L = job.path;
    const int a = static_cast<int>(counts(x, L[0])) - (L[2] == L[0] ? 1 : 0);
    if (a <= 0 || counts(x, L[2]) == 0) return false;
    return any_neighbour(team, x, L[2], [&](const vid_t z) {
      const int b = static_cast<int>(counts(z, L[3])) - (L[1] == L[3] ? 1 : 0);
      if (b <= 0) return false;
      if (a >= 2 || b >= 2) return true;
      return only_other(x, L[0], z) != only_other(z, L[3], x);
    });
  }
  // y = p0 of a 3-path: some x = p1 in N(y) and z = p2 in N(x) \ {y} with a p3 in N(z) \ {x, y}.
  KOKKOS_INLINE_FUNCTION bool path_end(const member& team, const DomainJob& job, const vid_t y) const {
    const int* L = job.path;
    if (counts(y, L[1]) == 0) return false;
    const Kokkos::pair<eid_t, eid_t> g = group(y, L[1]);
    for (eid_t j = g.first; j < g.second; ++j) {
      const vid_t x = grouped(j);
      if (static_cast<int>(counts(x, L[2])) - (L[0] == L[2] ? 1 : 0) <= 0) continue;
      if (any_neighbour(team, x, L[2], [&](const vid_t z) { return z != y && has_other(z, L[3], x, y); })) return true;
    }
    return false;
  }

  KOKKOS_INLINE_FUNCTION bool in_domain(const member& team, const DomainJob& job, const vid_t v) const {
    switch (job.kind) {
      case DomainKind::star_centre: return centre(job, v);
      case DomainKind::star_leaf: return leaf(team, job, v);
      case DomainKind::path_end: return path_end(team, job, v);
      case DomainKind::path_inner: return path_inner(team, job, v);
    }
    return false;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    // The job of this chunk: the last with first_chunk <= rank.
    const std::int64_t rank = team.league_rank();
    int lo = 0, hi = static_cast<int>(first_chunk.extent(0)) - 1;
    while (hi - lo > 1) {
      const int mid = lo + (hi - lo) / 2;
      if (first_chunk(mid) <= rank) lo = mid;
      else hi = mid;
    }
    const DomainJob job = jobs(lo);
    const vid_t begin = job.begin + static_cast<vid_t>(rank - first_chunk(lo)) * k_chunk_vertices;
    const vid_t end = begin + k_chunk_vertices < job.end ? begin + k_chunk_vertices : job.end;
    count_t mine = 0;  // the same in every lane of a team thread
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, begin, end), [&](const vid_t i) {
      if (in_domain(team, job, by_label(i))) ++mine;
    });
    Kokkos::single(Kokkos::PerThread(team), [&]() {
      if (mine > 0) Kokkos::atomic_add(&sizes(lo), mine);
    });
  }
};

std::vector<int> degrees(const LabelledPattern& p) {
  std::vector<int> degree(static_cast<std::size_t>(p.num_vertices()), 0);
  for (const auto& [a, b] : p.edges) ++degree[static_cast<std::size_t>(a)], ++degree[static_cast<std::size_t>(b)];
  return degree;
}

// The jobs of one star: its centre and each leaf label.
std::vector<DomainJob> star_jobs(const LabelledPattern& p, const std::vector<int>& dense) {
  const std::vector<int> degree = degrees(p);
  const int centre = static_cast<int>(std::max_element(degree.begin(), degree.end()) - degree.begin());
  DomainJob job;
  job.center_label = job.class_label = dense[static_cast<std::size_t>(centre)];
  job.leaves = p.num_edges();
  for (int v = 0; v < p.num_vertices(); ++v) {
    if (v == centre) continue;
    const int l = dense[static_cast<std::size_t>(v)];
    int slot = 0;
    while (slot < job.needs && job.need_label[slot] != l) ++slot;
    if (slot == job.needs) job.need_label[job.needs++] = l;
    ++job.need_count[slot];
  }
  std::vector<DomainJob> jobs = {job};
  for (int s = 0; s < job.needs; ++s) {
    DomainJob leaf = job;
    leaf.kind = DomainKind::star_leaf;
    leaf.class_label = job.need_label[s];
    jobs.push_back(leaf);
  }
  return jobs;
}

// The jobs of one 3-path: each end and each inner vertex (p3, p2 as p0, p1 of the reversal).
std::vector<DomainJob> path_jobs(const LabelledPattern& p, const std::vector<int>& dense) {
  const std::vector<int> degree = degrees(p);
  std::vector<int> order = {static_cast<int>(std::find(degree.begin(), degree.end(), 1) - degree.begin())};
  while (order.size() < 4) {  // walk from one end
    for (const auto& [a, b] : p.edges) {
      const int from = order.back(), prev = order.size() > 1 ? order[order.size() - 2] : -1;
      const int to = a == from ? b : b == from ? a : -1;
      if (to >= 0 && to != prev) {
        order.push_back(to);
        break;
      }
    }
  }
  std::vector<DomainJob> jobs;
  for (const bool reversed : {false, true})
    for (const DomainKind kind : {DomainKind::path_end, DomainKind::path_inner}) {
      DomainJob job;
      job.kind = kind;
      for (int i = 0; i < 4; ++i) job.path[i] = dense[static_cast<std::size_t>(order[static_cast<std::size_t>(reversed ? 3 - i : i)])];
      job.class_label = job.path[kind == DomainKind::path_end ? 0 : 1];
      jobs.push_back(job);
    }
  return jobs;
}

}  // namespace

bool is_star(const LabelledPattern& p) {
  const int k = p.num_vertices();
  if (p.num_edges() != k - 1 || k < 2) return false;
  const std::vector<int> degree = degrees(p);
  return *std::max_element(degree.begin(), degree.end()) == k - 1;
}

bool is_three_path(const LabelledPattern& p) {
  if (p.num_vertices() != 4 || p.num_edges() != 3) return false;
  const std::vector<int> degree = degrees(p);
  return *std::max_element(degree.begin(), degree.end()) == 2;
}

bool has_count_support(const LabelledPattern& p) { return is_star(p) || is_three_path(p); }

template <class ExecSpace>
bool CountSupport<ExecSpace>::fits(vid_t n, int labels) {
  return labels <= k_count_max_labels &&
         static_cast<std::size_t>(n) * static_cast<std::size_t>(labels) <= k_count_bytes;
}

template <class ExecSpace>
CountSupport<ExecSpace>::CountSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph,
                                    const DenseLabels<memory_space>& labels)
    : space_(space), graph_(graph), labels_(labels) {
  const vid_t n = graph.num_vertices();
  const int L = labels.count();
  TESSERA_REQUIRE(fits(n, L), "count supports: neighbour label counts beyond their budget");
  Kokkos::Timer timer;
  counts_ = decltype(counts_)(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::fsm::label_counts"),
                              static_cast<std::size_t>(n), static_cast<std::size_t>(L));
  grouped_ = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::fsm::grouped_rows"),
                                                graph.entries.extent(0));
  if (n > 0) {
    using Kernel = CountAndGroupByLabel<ExecSpace>;
    const int lanes = tessera::detail::vector_length_for<ExecSpace>(static_cast<double>(graph.num_entries()) / n);
    const int threads = tessera::detail::is_gpu_space<ExecSpace>() ? std::max(1, 128 / lanes) : 1;
    Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>> policy(space, (n + k_count_vertices - 1) / k_count_vertices,
                                                                          threads, lanes);
    policy.set_scratch_size(0, Kokkos::PerTeam(static_cast<int>(Kernel::team_bytes(threads, L))));
    Kokkos::parallel_for("tessera::fsm::label_counts", policy,
                         Kernel{graph.row_map, graph.entries, labels.of_vertex, counts_, grouped_, L, Kernel::stride_for(L), n});
  }
  // Vertices grouped by label (a counting sort on the host).
  label_begin_.assign(static_cast<std::size_t>(L) + 1, 0);
  for (std::size_t v = 0; v < labels.host_of_vertex.extent(0); ++v) ++label_begin_[static_cast<std::size_t>(labels.host_of_vertex(v)) + 1];
  for (int l = 0; l < L; ++l) label_begin_[static_cast<std::size_t>(l) + 1] += label_begin_[static_cast<std::size_t>(l)];
  Kokkos::View<vid_t*, Kokkos::HostSpace> order("tessera::fsm::by_label", static_cast<std::size_t>(n));
  std::vector<vid_t> next(label_begin_.begin(), label_begin_.end() - 1);
  for (vid_t v = 0; v < n; ++v) order(static_cast<std::size_t>(next[static_cast<std::size_t>(labels.host_of_vertex(v))]++)) = v;
  by_label_ = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::fsm::by_label"),
                                                 static_cast<std::size_t>(n));
  Kokkos::deep_copy(space, by_label_, order);
  space.fence();
  seconds_ += timer.seconds();
}

template <class ExecSpace>
std::vector<count_t> CountSupport<ExecSpace>::supports(const std::vector<LabelledPattern>& patterns) {
  std::vector<count_t> out(patterns.size(), 0);
  std::vector<DomainJob> jobs;
  std::vector<std::size_t> first_job(patterns.size() + 1, 0);
  std::vector<std::int64_t> first_chunk = {0};  // chunks of k_chunk_vertices of each job's class
  for (std::size_t s = 0; s < patterns.size(); ++s) {
    const LabelledPattern& p = patterns[s];
    TESSERA_REQUIRE(has_count_support(p), "count supports of a pattern that is neither a star nor a 3-path");
    std::vector<int> dense;
    for (label_t l : p.labels) dense.push_back(labels_.dense(l));
    const bool occurs = std::find(dense.begin(), dense.end(), -1) == dense.end();  // else support 0, no jobs
    for (const DomainJob& job : !occurs ? std::vector<DomainJob>{} : is_star(p) ? star_jobs(p, dense) : path_jobs(p, dense)) {
      const auto cls = static_cast<std::size_t>(job.class_label);
      jobs.push_back(job);
      jobs.back().begin = label_begin_[cls];
      jobs.back().end = label_begin_[cls + 1];
      first_chunk.push_back(first_chunk.back() + (jobs.back().end - jobs.back().begin + k_chunk_vertices - 1) / k_chunk_vertices);
    }
    first_job[s + 1] = jobs.size();
  }
  if (first_chunk.back() == 0) return out;
  TESSERA_REQUIRE(first_chunk.back() <= std::numeric_limits<int>::max(), "count supports: too many chunks for one launch");
  Kokkos::Timer timer;
  auto to_device = [&](const auto& host, const std::string& label) {
    using T = typename std::decay_t<decltype(host)>::value_type;
    Kokkos::View<T*, memory_space> view(Kokkos::view_alloc(space_, Kokkos::WithoutInitializing, label), host.size());
    Kokkos::deep_copy(space_, view, Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(host.data(), host.size()));
    return view;
  };
  Kokkos::View<count_t*, memory_space> sizes(Kokkos::view_alloc(space_, "tessera::fsm::count_domain_sizes"), jobs.size());
  const int lanes = tessera::detail::vector_length_for<ExecSpace>(static_cast<double>(graph_.num_entries()) /
                                                                  std::max<vid_t>(1, graph_.num_vertices()));
  DomainSizes<ExecSpace> kernel{graph_.row_map, labels_.of_vertex, counts_, grouped_, by_label_,
                                to_device(jobs, "tessera::fsm::count_jobs"), to_device(first_chunk, "tessera::fsm::count_chunks"),
                                sizes, static_cast<eid_t>(4 * lanes)};
  // Whole warps of team threads on GPUs (as the counting kernel), one thread on hosts.
  const int threads = tessera::detail::is_gpu_space<ExecSpace>() ? std::max(1, 128 / lanes) : 1;
  Kokkos::parallel_for("tessera::fsm::count_domains",
                       Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>(space_, static_cast<int>(first_chunk.back()), threads, lanes),
                       kernel);
  const auto host_sizes = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, sizes);
  seconds_ += timer.seconds();
  for (std::size_t s = 0; s < patterns.size(); ++s) {
    if (first_job[s] == first_job[s + 1]) continue;  // a label no vertex carries
    count_t support = std::numeric_limits<count_t>::max();
    for (std::size_t j = first_job[s]; j < first_job[s + 1]; ++j) support = std::min(support, host_sizes(j));
    out[s] = support;
  }
  return out;
}

#define TESSERA_INST(Space) template class CountSupport<Space>;
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining

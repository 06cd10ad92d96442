#include "algorithms/pattern_mining/fsm/star_support.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "algorithms/pattern_mining/fsm/fsm_params.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera::mining {

namespace {

inline constexpr unsigned k_count_cap = 255;    // counts saturate here (a star needs at most 4)
inline constexpr vid_t k_count_vertices = 64;   // vertices per team while counting
inline constexpr vid_t k_chunk_vertices = 256;  // vertices per team while testing domains
inline constexpr int k_past_group = 1024;       // weight of an entry beyond the scanned label group

// One domain to measure: a star's centre (leaf_label < 0) or its leaves labelled leaf_label.
struct StarJob {
  int center_label = 0;
  int leaf_label = -1;
  int leaves = 0;
  int needs = 0;                            // distinct leaf labels
  int need_label[k_fsm_max_edges] = {};     // dense labels
  int need_count[k_fsm_max_edges] = {};     // leaves with that label
};

// A run of vertices of one label class (positions in the by-label order) for one job.
struct StarChunk {
  int job = 0;
  vid_t begin = 0, end = 0;
};

// counts(x, l) = min(#neighbours of x labelled l, k_count_cap), and the rows again with each
// row's neighbours grouped by label (ascending; any order inside a group): a team thread per
// vertex, its lanes tallying the row into thread scratch, then placing every neighbour at the
// next free slot of its label's group.
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
  vid_t n = 0;

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    Tally next(team.thread_scratch(0), static_cast<std::size_t>(num_labels) + 1);
    const vid_t first = static_cast<vid_t>(team.league_rank()) * k_count_vertices;
    const vid_t last = first + k_count_vertices < n ? first + k_count_vertices : n;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, last), [&](const vid_t x) {
      const eid_t begin = row_map(x), end = row_map(x + 1);
      // next(l + 1) = #neighbours labelled l, then next(l) = where group l starts (row offsets).
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, num_labels + 1), [&](const int l) { next(l) = 0; });
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, begin, end),
                           [&](const eid_t j) { Kokkos::atomic_add(&next(labels(entries(j)) + 1), vid_t(1)); });
      Kokkos::single(Kokkos::PerThread(team), [&]() {
        for (int l = 0; l < num_labels; ++l) {
          const vid_t c = next(l + 1);
          counts(x, l) = static_cast<unsigned char>(c < vid_t(k_count_cap) ? c : vid_t(k_count_cap));
          next(l + 1) = next(l) + c;
        }
      });
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, begin, end), [&](const eid_t j) {
        const vid_t y = entries(j);
        grouped(begin + Kokkos::atomic_fetch_add(&next(labels(y)), vid_t(1))) = y;
      });
    });
  }
};

// sizes(job) += the vertices of each chunk that lie in the job's domain (see star_support.hpp).
template <class ExecSpace>
struct StarDomainSizes {
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using memory_space = typename ExecSpace::memory_space;
  Kokkos::View<const eid_t*, memory_space> row_map;
  Kokkos::View<const label_t*, memory_space> labels;
  Kokkos::View<const unsigned char**, Kokkos::LayoutRight, memory_space> counts;
  Kokkos::View<const vid_t*, memory_space> grouped;  // rows grouped by label (CountAndGroupByLabel)
  Kokkos::View<const vid_t*, memory_space> by_label;
  Kokkos::View<const StarJob*, memory_space> jobs;
  Kokkos::View<const StarChunk*, memory_space> chunks;
  Kokkos::View<count_t*, memory_space> sizes;
  eid_t scan_stride = 1;  // row entries the lanes test between two early-exit checks (< k_past_group)

  // x is in the centre's domain: enough neighbours of every leaf label.
  KOKKOS_INLINE_FUNCTION bool centre(const StarJob& job, const vid_t x) const {
    bool ok = true;
    for (int k = 0; k < job.needs; ++k) ok = ok && counts(x, job.need_label[k]) >= job.need_count[k];
    return ok;
  }

  // y (labelled job.leaf_label) has a neighbour in the centre's domain: a binary search for
  // the group of neighbours labelled c in y's grouped row, then a scan of that group that
  // stops at the first hit.
  KOKKOS_INLINE_FUNCTION bool leaf(const member& team, const StarJob& job, const vid_t y) const {
    const int c = job.center_label;
    if (counts(y, c) == 0) return false;
    if (job.leaves == 1) return true;
    eid_t lo = row_map(y), hi = row_map(y + 1);
    while (lo < hi) {
      const eid_t mid = lo + (hi - lo) / 2;
      if (labels(grouped(mid)) < c) lo = mid + 1;
      else hi = mid;
    }
    const eid_t end = row_map(y + 1);
    for (eid_t j = lo; j < end; j += scan_stride) {
      int found = 0;  // hits + k_past_group × entries beyond the group
      Kokkos::parallel_reduce(
          Kokkos::ThreadVectorRange(team, j, j + scan_stride < end ? j + scan_stride : end),
          [&](const eid_t i, int& f) {
            const vid_t x = grouped(i);
            f += labels(x) != c ? k_past_group : centre(job, x) ? 1 : 0;
          },
          found);
      if (found % k_past_group > 0) return true;
      if (found > 0) return false;
    }
    return false;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const StarChunk chunk = chunks(team.league_rank());
    const StarJob job = jobs(chunk.job);
    count_t mine = 0;  // the same in every lane of a team thread
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, chunk.begin, chunk.end), [&](const vid_t i) {
      const vid_t v = by_label(i);
      if (job.leaf_label < 0 ? centre(job, v) : leaf(team, job, v)) ++mine;
    });
    Kokkos::single(Kokkos::PerThread(team), [&]() {
      if (mine > 0) Kokkos::atomic_add(&sizes(chunk.job), mine);
    });
  }
};

// The jobs of one star (none when a label does not occur: support 0).
std::vector<StarJob> star_jobs(const LabelledPattern& p, const std::vector<int>& dense) {
  const int k = p.num_vertices();
  std::vector<int> degree(static_cast<std::size_t>(k), 0);
  for (const auto& [a, b] : p.edges) ++degree[static_cast<std::size_t>(a)], ++degree[static_cast<std::size_t>(b)];
  const int centre = static_cast<int>(std::max_element(degree.begin(), degree.end()) - degree.begin());
  for (int d : dense)
    if (d < 0) return {};
  StarJob job;
  job.center_label = dense[static_cast<std::size_t>(centre)];
  job.leaves = p.num_edges();
  for (int v = 0; v < k; ++v) {
    if (v == centre) continue;
    const int l = dense[static_cast<std::size_t>(v)];
    int slot = 0;
    while (slot < job.needs && job.need_label[slot] != l) ++slot;
    if (slot == job.needs) job.need_label[job.needs++] = l;
    ++job.need_count[slot];
  }
  std::vector<StarJob> jobs = {job};
  for (int s = 0; s < job.needs; ++s) {
    StarJob leaf = job;
    leaf.leaf_label = job.need_label[s];
    jobs.push_back(leaf);
  }
  return jobs;
}

}  // namespace

bool is_star(const LabelledPattern& p) {
  const int k = p.num_vertices();
  if (p.num_edges() != k - 1 || k < 2) return false;
  std::vector<int> degree(static_cast<std::size_t>(k), 0);
  for (const auto& [a, b] : p.edges) ++degree[static_cast<std::size_t>(a)], ++degree[static_cast<std::size_t>(b)];
  return *std::max_element(degree.begin(), degree.end()) == k - 1;
}

template <class ExecSpace>
bool StarSupport<ExecSpace>::fits(vid_t n, int labels) {
  return labels <= k_star_max_labels &&
         static_cast<std::size_t>(n) * static_cast<std::size_t>(labels) <= k_star_count_bytes;
}

template <class ExecSpace>
StarSupport<ExecSpace>::StarSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph,
                                    const DenseLabels<memory_space>& labels)
    : space_(space), graph_(graph), labels_(labels) {
  const vid_t n = graph.num_vertices();
  const int L = labels.count();
  TESSERA_REQUIRE(fits(n, L), "star supports: neighbour label counts beyond their budget");
  Kokkos::Timer timer;
  counts_ = decltype(counts_)(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::fsm::label_counts"),
                              static_cast<std::size_t>(n), static_cast<std::size_t>(L));
  grouped_ = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::fsm::grouped_rows"),
                                                graph.entries.extent(0));
  if (n > 0) {
    const int lanes = tessera::detail::vector_length_for<ExecSpace>(static_cast<double>(graph.num_entries()) / n);
    Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>> policy(space, (n + k_count_vertices - 1) / k_count_vertices,
                                                                          Kokkos::AUTO, lanes);
    policy.set_scratch_size(0, Kokkos::PerThread(static_cast<int>(sizeof(vid_t)) * (L + 1)));
    Kokkos::parallel_for("tessera::fsm::label_counts", policy,
                         CountAndGroupByLabel<ExecSpace>{graph.row_map, graph.entries, labels.of_vertex, counts_, grouped_, L, n});
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
std::vector<count_t> StarSupport<ExecSpace>::supports(const std::vector<LabelledPattern>& stars) {
  std::vector<count_t> out(stars.size(), 0);
  std::vector<StarJob> jobs;
  std::vector<std::size_t> first_job(stars.size() + 1, 0);
  std::vector<StarChunk> chunks;
  for (std::size_t s = 0; s < stars.size(); ++s) {
    TESSERA_REQUIRE(is_star(stars[s]), "star supports of a pattern that is not a star");
    std::vector<int> dense;
    for (label_t l : stars[s].labels) dense.push_back(labels_.dense(l));
    for (const StarJob& job : star_jobs(stars[s], dense)) {
      const int cls = job.leaf_label < 0 ? job.center_label : job.leaf_label;
      const vid_t begin = label_begin_[static_cast<std::size_t>(cls)], end = label_begin_[static_cast<std::size_t>(cls) + 1];
      for (vid_t b = begin; b < end; b += k_chunk_vertices)
        chunks.push_back({static_cast<int>(jobs.size()), b, std::min<vid_t>(end, b + k_chunk_vertices)});
      jobs.push_back(job);
    }
    first_job[s + 1] = jobs.size();
  }
  if (chunks.empty()) return out;
  Kokkos::Timer timer;
  auto to_device = [&](const auto& host, const std::string& label) {
    using T = typename std::decay_t<decltype(host)>::value_type;
    Kokkos::View<T*, memory_space> view(Kokkos::view_alloc(space_, Kokkos::WithoutInitializing, label), host.size());
    Kokkos::deep_copy(space_, view, Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(host.data(), host.size()));
    return view;
  };
  Kokkos::View<count_t*, memory_space> sizes(Kokkos::view_alloc(space_, "tessera::fsm::star_domain_sizes"), jobs.size());
  const int lanes = tessera::detail::vector_length_for<ExecSpace>(static_cast<double>(graph_.num_entries()) /
                                                                  std::max<vid_t>(1, graph_.num_vertices()));
  StarDomainSizes<ExecSpace> kernel{graph_.row_map, labels_.of_vertex, counts_, grouped_, by_label_,
                                    to_device(jobs, "tessera::fsm::star_jobs"), to_device(chunks, "tessera::fsm::star_chunks"),
                                    sizes, static_cast<eid_t>(4 * lanes)};
  Kokkos::parallel_for("tessera::fsm::star_domains",
                       Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>(space_, static_cast<int>(chunks.size()), Kokkos::AUTO, lanes),
                       kernel);
  const auto host_sizes = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, sizes);
  seconds_ += timer.seconds();
  for (std::size_t s = 0; s < stars.size(); ++s) {
    if (first_job[s] == first_job[s + 1]) continue;  // a label no vertex carries
    count_t support = std::numeric_limits<count_t>::max();
    for (std::size_t j = first_job[s]; j < first_job[s + 1]; ++j) support = std::min(support, host_sizes(j));
    out[s] = support;
  }
  return out;
}

#define TESSERA_INST(Space) template class StarSupport<Space>;
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining

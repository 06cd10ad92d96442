#pragma once
// Coarse hypergraph construction (paper 3, §V-E): gamma maps each matched pair to one coarse node
// (ids in order of the pair's smaller node, so the numbering is deterministic); pins are mapped
// through gamma and deduplicated with the two-phase scheme (the net's own segment is the
// oversized buffer: it is sorted, distinct pins counted, sizes prefix-summed, then packed). A
// coarse node that is both a source and a destination of a net is kept as a destination only
// (the paper drops the src/out duplicate, which keeps inbound sets exact and removes
// self-cycles). Incidence lists are rebuilt from the coarse pins, inbound first, each part
// sorted by net id.
//
// Nets left with a single coarse pin never cost connectivity again and are dropped, except in
// constrained mode when that pin is a destination: the net still counts in the inbound set of
// whichever block holds the node, so it must stay visible to Delta checks.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/multilevel/level.hpp"
#include "algorithms/partitioning/multilevel/scan_utils.hpp"
#include "algorithms/partitioning/multilevel/row_sort.hpp"
#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera::partitioning {

template <class MemorySpace>
struct Contraction {
  Level<MemorySpace> coarse;
  Kokkos::View<vid_t*, MemorySpace> gamma;        // fine node -> coarse node
  Kokkos::View<vid_t* [2], MemorySpace> members;  // coarse node -> its fine nodes (second may be invalid)
};

template <class ExecSpace>
Contraction<typename ExecSpace::memory_space> contract(const ExecSpace& space,
                                                       const Level<typename ExecSpace::memory_space>& fine,
                                                       const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate,
                                                       bool keep_collapsed_inbound) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = fine.num_nodes;
  const nid_t m = fine.num_nets;
  Contraction<mem> out;
  Level<mem>& C = out.coarse;
  out.gamma = Kokkos::View<vid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::gamma"), n);
  auto gamma = out.gamma;
  // Coarse ids.
  const vid_t nc = tessera::detail::chunked_scan<ExecSpace, vid_t>(
      "tessera::part::coarse_ids", space, n, KOKKOS_LAMBDA(const std::int64_t v, vid_t& sum, const bool final) {
        const vid_t p = mate(v);
        if (p == invalid_vid || v < p) {
          if (final) gamma(v) = sum;
          ++sum;
        }
      });
  C.num_nodes = nc;
  out.members = Kokkos::View<vid_t* [2], mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::members"), nc);
  C.node_weights = Kokkos::View<node_weight_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cw"), nc);
  auto members = out.members;
  auto cw = C.node_weights;
  auto fw = fine.node_weights;
  Kokkos::parallel_for(
      "tessera::part::members", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        const vid_t p = mate(v);
        if (p == invalid_vid || v < p) {
          const vid_t x = gamma(v);
          members(x, 0) = static_cast<vid_t>(v);
          members(x, 1) = p;
          cw(x) = fw(v) + (p == invalid_vid ? 0 : fw(p));
          if (p != invalid_vid) gamma(p) = x;
        }
      });
  // Nets: map, sort, count distinct.
  auto net_off = fine.net_offsets;
  auto pins = fine.pins;
  auto nsrc = fine.net_num_sources;
  const eid_t np = fine.num_pins();
  Kokkos::View<std::int64_t*, mem> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cpin_keys"), np);
  Kokkos::parallel_for(
      "tessera::part::cpin_map", range(space, 0, m), KOKKOS_LAMBDA(const std::int64_t e) {
        const eid_t b = net_off(e), s = b + nsrc(e);
        for (eid_t k = b; k < net_off(e + 1); ++k) keys(k) = (std::int64_t(gamma(pins(k))) << 1) | (k < s ? 1 : 0);
      });
  detail::sort_rows(space, net_off, keys);
  Kokkos::View<eid_t*, mem> size(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnet_size"), m + 1);
  Kokkos::View<vid_t*, mem> new_id(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnet_id"), m + 1);
  Kokkos::parallel_for(
      "tessera::part::cnet_count", range(space, 0, m), KOKKOS_LAMBDA(const std::int64_t e) {
        eid_t distinct = 0;
        bool first_is_dst = false;
        for (eid_t k = net_off(e); k < net_off(e + 1); ++k)
          if (k == net_off(e) || (keys(k) >> 1) != (keys(k - 1) >> 1)) {
            if (distinct == 0) first_is_dst = (keys(k) & 1) == 0;
            ++distinct;
          }
        const bool keep = distinct >= 2 || (keep_collapsed_inbound && distinct == 1 && first_is_dst);
        size(e) = keep ? distinct : 0;
        new_id(e) = keep ? 1 : 0;
      });
  const nid_t mc = static_cast<nid_t>(detail::exclusive_scan_inplace(space, new_id, m));
  C.num_nets = mc;
  C.net_offsets = Kokkos::View<eid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnet_off"), mc + 1);
  C.net_num_sources = Kokkos::View<vid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnet_src"), mc);
  C.net_weights = Kokkos::View<score_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnet_w"), mc);
  auto coff = C.net_offsets;
  auto csrc = C.net_num_sources;
  auto cnw = C.net_weights;
  auto fnw = fine.net_weights;
  const eid_t ncp = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::cnet_off_scan", space, m, KOKKOS_LAMBDA(const std::int64_t e, eid_t& sum, const bool final) {
        if (final && size(e) > 0) coff(new_id(e)) = sum;
        sum += size(e);
      });
  C.pins = Kokkos::View<vid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cpins"), ncp);
  auto cpins = C.pins;
  Kokkos::parallel_for(
      "tessera::part::cnet_fill", range(space, 0, m + 1), KOKKOS_LAMBDA(const std::int64_t e) {
        if (e == m) {
          coff(mc) = ncp;
          return;
        }
        if (size(e) == 0) return;
        const nid_t ce = new_id(e);
        cnw(ce) = fnw(e);
        // Sources: ids whose every occurrence is a source (flag 1 on the run's first key).
        eid_t pos = coff(ce);
        vid_t sources = 0;
        for (int pass = 0; pass < 2; ++pass)
          for (eid_t k = net_off(e); k < net_off(e + 1); ++k)
            if (k == net_off(e) || (keys(k) >> 1) != (keys(k - 1) >> 1)) {
              const bool is_src = (keys(k) & 1) != 0;
              if (is_src == (pass == 0)) {
                cpins(pos++) = static_cast<vid_t>(keys(k) >> 1);
                if (is_src) ++sources;
              }
            }
        csrc(ce) = sources;
      });
  // Incidence: inbound first, each part sorted by net id (keys out * mc + e).
  C.node_offsets = Kokkos::View<eid_t*, mem>("tessera::part::cnode_off", nc + 1);
  C.node_num_inbound = Kokkos::View<nid_t*, mem>("tessera::part::cnode_in", nc);
  auto cnoff = C.node_offsets;
  auto cnin = C.node_num_inbound;
  Kokkos::parallel_for(
      "tessera::part::cinc_count", range(space, 0, mc), KOKKOS_LAMBDA(const std::int64_t e) {
        for (eid_t k = coff(e); k < coff(e + 1); ++k) {
          const vid_t x = cpins(k);
          tessera::detail::atomic_increment(&cnoff(x));
          if (k >= coff(e) + csrc(e)) tessera::detail::atomic_increment(&cnin(x));
        }
      });
  detail::exclusive_scan_inplace(space, cnoff, nc + 1);
  Kokkos::View<std::int64_t*, mem> ikeys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cinc_keys"), ncp);
  Kokkos::View<eid_t*, mem> cursor("tessera::part::cinc_cursor", nc);
  Kokkos::parallel_for(
      "tessera::part::cinc_fill", range(space, 0, mc), KOKKOS_LAMBDA(const std::int64_t e) {
        for (eid_t k = coff(e); k < coff(e + 1); ++k) {
          const vid_t x = cpins(k);
          const std::int64_t out_flag = k < coff(e) + csrc(e) ? 1 : 0;
          ikeys(cnoff(x) + Kokkos::atomic_fetch_add(&cursor(x), eid_t(1))) = out_flag * mc + e;
        }
      });
  detail::sort_rows(space, cnoff, ikeys);
  C.incident_nets = Kokkos::View<nid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cinc"), ncp);
  auto cinc = C.incident_nets;
  Kokkos::parallel_for(
      "tessera::part::cinc_decode", range(space, 0, ncp),
      KOKKOS_LAMBDA(const std::int64_t i) { cinc(i) = static_cast<nid_t>(ikeys(i) % (mc > 0 ? mc : 1)); });
  return out;
}

}  // namespace tessera::partitioning

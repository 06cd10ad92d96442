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

#include "algorithms/partitioning/common/level.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera::partitioning {

template <class MemorySpace>
struct Contraction {
  Level<MemorySpace> coarse;
  Kokkos::View<vid_t*, MemorySpace> gamma;        // fine node -> coarse node
  Kokkos::View<vid_t* [2], MemorySpace> members;  // coarse node -> its fine nodes (second may be invalid);
                                                  // the workspace's, valid until the next contraction
};

// Scratch of every contraction of one coarsening, sized by the finest level (levels only
// shrink): device allocations synchronise, and a contraction used to make a dozen of them and
// read five sizes back. Now one read brings the coarse level's three sizes.
template <class MemorySpace>
struct ContractionWorkspace {
  Kokkos::View<std::int64_t*, MemorySpace> keys;      // per fine pin: mapped pins, then incidence keys
  Kokkos::View<eid_t*, MemorySpace> net_size, pin_pos;  // per fine net (+ 1)
  Kokkos::View<nid_t*, MemorySpace> net_id;           // per fine net (+ 1)
  Kokkos::View<eid_t*, MemorySpace> cursor;           // per coarse node
  Kokkos::View<vid_t* [2], MemorySpace> members;      // per coarse node
  Kokkos::View<std::int64_t[3], MemorySpace> totals;  // coarse nodes, nets, pins
  typename Kokkos::View<std::int64_t[3], MemorySpace>::HostMirror totals_host;

  explicit ContractionWorkspace(const Level<MemorySpace>& finest)
      : keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cpin_keys"), finest.num_pins()),
        net_size(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnet_size"), finest.num_nets + 1),
        pin_pos(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnet_pos"), finest.num_nets + 1),
        net_id(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnet_id"), finest.num_nets + 1),
        cursor(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cinc_cursor"), finest.num_nodes),
        members(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::members"), finest.num_nodes),
        totals("tessera::part::contraction_totals"),
        totals_host(Kokkos::create_mirror_view(totals)) {}
};

template <class ExecSpace>
Contraction<typename ExecSpace::memory_space> contract(const ExecSpace& space,
                                                       const Level<typename ExecSpace::memory_space>& fine,
                                                       const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate,
                                                       bool keep_collapsed_inbound,
                                                       ContractionWorkspace<typename ExecSpace::memory_space>& ws) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = fine.num_nodes;
  const nid_t m = fine.num_nets;
  Contraction<mem> out;
  out.gamma = Kokkos::View<vid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::gamma"), n);
  out.members = ws.members;
  auto gamma = out.gamma;
  auto members = ws.members;
  auto totals = ws.totals;
  // Coarse ids (the count goes to totals(0)), members, gamma of the second member.
  tessera::detail::chunked_scan_no_total<ExecSpace, vid_t>(
      "tessera::part::coarse_ids", space, std::int64_t(n) + 1,
      KOKKOS_LAMBDA(const std::int64_t v, vid_t& sum, const bool final) {
        if (v == n) {
          if (final) totals(0) = sum;
          return;
        }
        const vid_t p = mate(v);
        if (p == invalid_vid || v < p) {
          if (final) gamma(v) = sum;
          ++sum;
        }
      });
  Kokkos::parallel_for(
      "tessera::part::members", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        const vid_t p = mate(v);
        if (p == invalid_vid || v < p) {
          const vid_t x = gamma(v);
          members(x, 0) = static_cast<vid_t>(v);
          members(x, 1) = p;
          if (p != invalid_vid) gamma(p) = x;
        }
      });
  // Nets: map, sort, count distinct; kept nets numbered (count to totals(1)), their pins
  // prefix-summed (count to totals(2)).
  auto net_off = fine.net_offsets;
  auto pins = fine.pins;
  auto nsrc = fine.net_num_sources;
  const eid_t np = fine.num_pins();
  const Kokkos::View<std::int64_t*, mem> keys = Kokkos::subview(ws.keys, std::make_pair(eid_t(0), np));
  Kokkos::parallel_for(
      "tessera::part::cpin_map", range(space, 0, m), KOKKOS_LAMBDA(const std::int64_t e) {
        const eid_t b = net_off(e), s = b + nsrc(e);
        for (eid_t k = b; k < net_off(e + 1); ++k) keys(k) = (std::int64_t(gamma(pins(k))) << 1) | (k < s ? 1 : 0);
      });
  tessera::detail::sort_each_row(space, net_off, keys);
  auto size = ws.net_size;
  auto new_id = ws.net_id;
  auto pin_pos = ws.pin_pos;
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
      });
  tessera::detail::chunked_scan_no_total<ExecSpace, nid_t>(
      "tessera::part::cnet_ids", space, std::int64_t(m) + 1,
      KOKKOS_LAMBDA(const std::int64_t e, nid_t& sum, const bool final) {
        if (e == m) {
          if (final) totals(1) = sum;
          return;
        }
        if (final) new_id(e) = sum;
        if (size(e) > 0) ++sum;
      });
  tessera::detail::chunked_scan_no_total<ExecSpace, eid_t>(
      "tessera::part::cnet_pos", space, std::int64_t(m) + 1,
      KOKKOS_LAMBDA(const std::int64_t e, eid_t& sum, const bool final) {
        if (final) pin_pos(e) = sum;
        if (e == m) {
          if (final) totals(2) = sum;
          return;
        }
        sum += size(e);
      });
  Kokkos::deep_copy(space, ws.totals_host, totals);
  space.fence();  // the one read-back of the contraction
  const vid_t nc = static_cast<vid_t>(ws.totals_host(0));
  const nid_t mc = static_cast<nid_t>(ws.totals_host(1));
  const eid_t ncp = static_cast<eid_t>(ws.totals_host(2));
  out.coarse = allocate_level<mem>(nc, mc, ncp);
  Level<mem>& C = out.coarse;
  auto cw = C.node_weights;
  auto fw = fine.node_weights;
  Kokkos::parallel_for(
      "tessera::part::cnode_w", range(space, 0, nc), KOKKOS_LAMBDA(const std::int64_t x) {
        const vid_t p = members(x, 1);
        cw(x) = fw(members(x, 0)) + (p == invalid_vid ? 0 : fw(p));
      });
  auto coff = C.net_offsets;
  auto csrc = C.net_num_sources;
  auto cnw = C.net_weights;
  auto fnw = fine.net_weights;
  auto cpins = C.pins;
  Kokkos::parallel_for(
      "tessera::part::cnet_fill", range(space, 0, std::int64_t(m) + 1), KOKKOS_LAMBDA(const std::int64_t e) {
        if (e == m) {
          coff(mc) = ncp;
          return;
        }
        if (size(e) == 0) return;
        const nid_t ce = new_id(e);
        coff(ce) = pin_pos(e);
        cnw(ce) = fnw(e);
        // Sources: ids whose every occurrence is a source (flag 1 on the run's first key).
        eid_t pos = pin_pos(e);
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
  // Incidence: inbound first, each part sorted by net id (keys out * mc + e; the mapped pins in
  // ws.keys are no longer needed).
  auto cnoff = C.node_offsets;
  auto cnin = C.node_num_inbound;
  Kokkos::deep_copy(space, cnoff, 0);
  Kokkos::deep_copy(space, cnin, 0);
  Kokkos::parallel_for(
      "tessera::part::cinc_count", range(space, 0, mc), KOKKOS_LAMBDA(const std::int64_t e) {
        for (eid_t k = coff(e); k < coff(e + 1); ++k) {
          const vid_t x = cpins(k);
          tessera::detail::atomic_increment(&cnoff(x));
          if (k >= coff(e) + csrc(e)) tessera::detail::atomic_increment(&cnin(x));
        }
      });
  tessera::detail::counts_to_offsets_inplace(space, cnoff, std::int64_t(nc));
  const Kokkos::View<std::int64_t*, mem> ikeys = Kokkos::subview(ws.keys, std::make_pair(eid_t(0), ncp));
  const Kokkos::View<eid_t*, mem> cursor = Kokkos::subview(ws.cursor, std::make_pair(std::int64_t(0), std::int64_t(nc)));
  Kokkos::deep_copy(space, cursor, 0);
  Kokkos::parallel_for(
      "tessera::part::cinc_fill", range(space, 0, mc), KOKKOS_LAMBDA(const std::int64_t e) {
        for (eid_t k = coff(e); k < coff(e + 1); ++k) {
          const vid_t x = cpins(k);
          const std::int64_t out_flag = k < coff(e) + csrc(e) ? 1 : 0;
          ikeys(cnoff(x) + tessera::detail::atomic_fetch_add(&cursor(x), eid_t(1))) = out_flag * mc + e;
        }
      });
  tessera::detail::sort_each_row(space, cnoff, ikeys);
  auto cinc = C.incident_nets;
  Kokkos::parallel_for(
      "tessera::part::cinc_decode", range(space, 0, ncp),
      KOKKOS_LAMBDA(const std::int64_t i) { cinc(i) = static_cast<nid_t>(ikeys(i) % (mc > 0 ? mc : 1)); });
  return out;
}

}  // namespace tessera::partitioning

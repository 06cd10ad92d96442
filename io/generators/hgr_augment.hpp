#pragma once
// `hgr-augment:file=PATH,factor=16,seed=S[,rewire=0.125]`: a hypergraph file scaled up, our
// deterministic reading of paper 3's recipe for its Table III ("we randomly augment by 16x each
// h-graph's nodes and pins", ISPD98). The input (any hypergraph file io::load_hypergraph reads:
// .hgr[.gz], .dhg, ...) with N nodes, M nets and P pins becomes factor copies: node v of copy c
// is c*N + v (same weight), net e of copy c is c*M + e (same weight, same sources-first order),
// and each of its pins u lies in copy c, except with probability `rewire` in a copy drawn by a
// counter hash of (seed, net, pin position). So the result has exactly factor*N nodes, factor*M
// nets and factor*P pins (a net's pins stay distinct: they differ in v), the copies are wired
// together, and the same spec gives the same hypergraph everywhere. A leading
// `$TESSERA_DATA_DIR/` in PATH is the shared data folder (as in experiment configs). The paper's
// own augmented sizes (Table III) are not exactly 16x of ISPD98 and its recipe is not published
// in more detail, so ours is not the same hypergraph, only the same scale.
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::gen {

bool is_hgr_augment_spec(const std::string& spec);  // starts with "hgr-augment:" (or "gen:hgr-augment:")
// Throws UserError on an unknown or missing key, a bad value (factor in [1, 1024], rewire in
// [0, 1]) or a result beyond 2^31 - 1 nodes.
HypergraphInput generate_hgr_augment(const std::string& spec);

}  // namespace tessera::gen

#!/usr/bin/env bash
# A/B of the mining kernel changes of branch mining-kernel (issue 28) on the 36 cells: 6 graphs x
# tc, 4-clique, 5-clique, diamond, 4-cycle, 4-motifs, one `tessera run` per graph (one warm-up,
# 3 repetitions, kernel time_s; the minimum counts). Variants (engine options, engine_options.cpp):
#   new       the defaults: lane sums, votes, register cap auto (on for cliques on GPUs)
#   old       lane-sums off, vote off, register-cap off: the synchronisation of main before it
#   cap-off   new without the register cap (cliques: separates the cap from the kernel changes)
#   sums-off  new with a reduction per set operation again
#   vote-off  new with the vector-scan compaction again
#   coop      new without the flat paths (flat-max -1, flat-pairs -1): G2Miner's per-candidate
#             warp-cooperative count of the last level
#   chunk4    new with 4 units per atomic fetch instead of 1 on the small graphs
#   cap-on    register-cap on for the non-clique patterns
#   nowedge   4-cycles on the plain DFS (G2Miner's plan) instead of wedge aggregation
# kron20 runs only new and old (and nowedge for 4-cycles). Run from the repository root with the
# CUDA build and the data:
#   bash measurements/2026-12-02-mining-kernel/ab-run.sh build/cuda/apps/tessera .data /tmp/ab [kron20.h5]
# Results: /tmp/ab/<graph>/results.jsonl (+ .log); summary: ab-summary.py /tmp/ab.
set -u
T=${1:?tessera binary}
data=${2:?data directory}
out=${3:-/tmp/ab}
kron=${4:-/tmp/peers-work/el/kron20.h5}
mkdir -p "$out"
S=$data/graphs/snap
task() {  # $1 task, $2 params
  printf '  - task: %s\n    params: {%s}\n' "$1" "$2"
}
variants_clique() {  # $1 k, $2 small|large
  task cliques "k: $1"
  task cliques "k: $1, lane-sums: \"off\", vote: \"off\", register-cap: \"off\""
  [ "$2" = large ] && return
  task cliques "k: $1, register-cap: \"off\""
  task cliques "k: $1, lane-sums: \"off\""
  task cliques "k: $1, vote: \"off\""
  task cliques "k: $1, flat-max: -1, flat-pairs: -1"
  task cliques "k: $1, chunk: 4"
}
variants_other() {  # $1 task, $2 params, $3 small|large
  task "$1" "$2"
  task "$1" "$2, lane-sums: \"off\", vote: \"off\", register-cap: \"off\""
  [ "$3" = large ] && return
  task "$1" "$2, register-cap: \"on\""
  task "$1" "$2, chunk: 4"
}
for g in ${GRAPHS:-ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh kron20}; do
  size=small
  [ "$g" = kron20 ] && size=large
  {
    echo "name: ab-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"
    if [ "$g" = kron20 ]; then echo "  - {file: $kron, name: kron20}"; else echo "  - {file: $S/$g.el.gz, name: $g}"; fi
    echo "tasks:"
    task tc ""
    variants_clique 4 $size
    variants_clique 5 $size
    variants_other mine "pattern: diamond" $size
    variants_other mine "pattern: 4-cycle" $size
    task mine "pattern: 4-cycle, disable: wedge"
    [ $size = small ] && task mine "pattern: 4-cycle, disable: wedge, register-cap: \"on\""
    variants_other motifs "k: 4" $size
  } >"$out/$g.yaml"
  timeout 540 "$T" run "$out/$g.yaml" --output "$out/$g" >"$out/$g.log" 2>&1
  echo "$g: exit $?"
done

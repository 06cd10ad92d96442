#!/usr/bin/env bash
# Fixed-depth count kernels against the general ones on the CPU (OpenMP, 2 threads): 4-cliques,
# diamonds, tailed triangles and 4-motifs on five SNAP graphs, on and off alternating in one
# `tessera run` per graph (warm-up + 5 repetitions; the runner reports the minimum).
#   measurements/2026-12-05-fixed-depth-cpu/run.sh build/openmp/apps/tessera $TESSERA_DATA_DIR OUT
set -euo pipefail
T=$1 data=$2 out=$3
mkdir -p "$out"
for g in ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh; do
  { echo "name: fixed-depth-$g"; echo "warmup: 1"; echo "repetitions: 5"; echo "inputs:"
    echo "  - {file: $data/graphs/snap/$g.el.gz, name: $g}"; echo "tasks:"
    printf '  - task: cliques\n    params: {k: 4%s}\n' "" ', fixed_depth: "off"'
    for p in diamond tailed-triangle; do printf '  - task: mine\n    params: {pattern: %s%s}\n' $p "" $p ', fixed_depth: "off"'; done
    printf '  - task: motifs\n    params: {k: 4%s}\n' "" ', fixed_depth: "off"'
  } >"$out/$g.yaml"
  OMP_NUM_THREADS=2 OMP_PROC_BIND=false "$T" run "$out/$g.yaml" --output "$out/$g" >"$out/$g.log" 2>&1
done

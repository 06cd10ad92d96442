#!/usr/bin/env bash
# Issue 26: the split set-up's counters on CPU ranks. P = 1, 2, 4, 8 ranks (oversubscribed on
# this 2-core machine, one host thread each), Kronecker scale 16-18 (per-rank generation) and
# real graphs of the shared data converted to HDF5 (per-rank range reads); every count checked
# against the single-node count (Kronecker) or ground_truth.csv (real graphs).
#
#   measurements/2026-12-02-dist-setup/run.sh [build/openmp] > results.jsonl; table.py results.jsonl > table.md
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=${1:-$repo/build/openmp}
tessera=$build/apps/tessera
data=${TESSERA_DATA_DIR:-/work/shared/data}
export OMP_NUM_THREADS=1 OMP_PROC_BIND=false
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
inputs=()
for scale in 16 17 18; do inputs+=("gen:kronecker:scale=$scale,edge_factor=16,seed=1"); done
for g in email-Enron cit-HepTh; do
  "$tessera" convert "$data/graphs/snap/$g.el.gz" "$tmp/$g.h5" >/dev/null
  inputs+=("$tmp/$g.h5")
done
for input in "${inputs[@]}"; do
  "$tessera" tc "$input" --json | tail -n 1  # the single-node count the distributed ones must equal
  for variant in cpu shm; do
    for p in 1 2 4 8; do
      line=$(mpiexec --oversubscribe --allow-run-as-root --bind-to none -n "$p" \
        "$tessera" tc "$input" --distributed --variant "$variant" --json 2>"$tmp/stderr") || {
        echo "{\"graph\": \"$input\", \"variant\": \"$variant\", \"ranks\": $p, \"error\": \"exit $?\"}"; continue; }
      echo "$line" | tail -n 1
    done
  done
done

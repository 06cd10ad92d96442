#!/usr/bin/env bash
# Issue 26, device-side routing of the generated share: `tessera tc gen:kronecker --distributed`
# on CPU ranks (OpenMP build, one thread per rank, P = 4 oversubscribes the 2 cores), Kronecker
# scale 18-20, P = 1, 2, 4; one JSON record per run (read_s is the slowest rank's input time).
#
#   measurements/2026-12-05-dist-gen-cpu/run.sh path/to/tessera > results-<label>.jsonl
set -euo pipefail
tessera=${1:?usage: run.sh path/to/tessera}
export OMP_NUM_THREADS=1 OMP_PROC_BIND=false
for scale in 18 19 20; do
  input="gen:kronecker:scale=$scale,edge_factor=16,seed=1"
  for p in 1 2 4; do
    line=$(mpiexec --oversubscribe --allow-run-as-root --bind-to none -n "$p" \
      "$tessera" tc "$input" --distributed --variant cpu --json 2>/dev/null) || {
      echo "{\"graph\": \"$input\", \"ranks\": $p, \"error\": \"exit $?\"}"; continue; }
    echo "$line" | tail -n 1
  done
done

#!/usr/bin/env bash
# Interleaved A/B (the load of the shared VM drifts by 3x over minutes): for each (scale, P),
# the before binary then the after binary, back to back; one JSON record each, "bin" added.
#   ab.sh before/tessera after/tessera > ab.jsonl
set -euo pipefail
export OMP_NUM_THREADS=1 OMP_PROC_BIND=false
for scale in 18 19 20; do
  for p in 2 4; do
    for bin in "$1" "$2"; do
      line=$(mpiexec --oversubscribe --allow-run-as-root --bind-to none -n "$p" "$bin" tc \
        "gen:kronecker:scale=$scale,edge_factor=16,seed=1" --distributed --variant cpu --json 2>/dev/null | tail -n 1)
      echo "{\"bin\": \"$bin\", ${line#\{}"
    done
  done
done

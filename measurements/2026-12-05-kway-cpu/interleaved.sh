#!/usr/bin/env bash
# Time comparison under the same load: for each (instance, k), the before binary, the after binary
# (default: recursive bisection for k a power of two) and the after binary with
# `--scheme direct --initial direct` (must give the before partition), back to back, one thread
# each. One JSON line per run: binary label, instance, k, options, tessera's JSON.
# usage: interleaved.sh BEFORE_BIN AFTER_BIN OUT     env: TESSERA_DATA_DIR, INSTANCES, KS
set -euo pipefail
before=$1 after=$2 out=$3
data=${TESSERA_DATA_DIR:-/work/shared/data}
: > "$out"
for k in ${KS:-4 8 64}; do
  for i in ${INSTANCES:-02 05 09}; do
    for run in "before $before" "after $after" "after-direct $after --scheme direct --initial direct"; do
      set -- $run
      label=$1 bin=$2; shift 2
      j=$(OMP_NUM_THREADS=1 OMP_PROC_BIND=false "$bin" partition "$data/hypergraphs/ispd98/ibm$i.hgr.gz" --k "$k" \
            --epsilon 0.03 --seed 0 --json "$@" 2>/dev/null | tail -n 1)
      echo "{\"binary\":\"$label\",\"instance\":\"ibm$i\",\"k\":$k,\"options\":\"$*\",\"result\":${j:-null}}" >> "$out"
    done
  done
done

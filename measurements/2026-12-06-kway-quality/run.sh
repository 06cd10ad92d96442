#!/usr/bin/env bash
# k-way balanced partitioning of ISPD98 ibm01-09 (epsilon 0.03, seed 0), one run per instance and k,
# one after the other with $THREADS OpenMP threads (default 1); one CSV row per run:
#   label,instance,k,cut,best_cut,ratio,km1,imbalance,time_s
# usage: run.sh LABEL TESSERA_BIN [tessera options...] >> results.csv
#   env: KS (default "2 4"), INSTANCES (default "01 .. 09"), THREADS, TESSERA_DATA_DIR
set -euo pipefail
label=$1 bin=$2; shift 2
data=${TESSERA_DATA_DIR:-/work/shared/data}
best=$data/hypergraphs/best_known_kahypar_jea20_sea20.csv
for k in ${KS:-2 4}; do
  for i in ${INSTANCES:-01 02 03 04 05 06 07 08 09}; do
    json=$(OMP_NUM_THREADS=${THREADS:-1} OMP_PROC_BIND=false "$bin" partition "$data/hypergraphs/ispd98/ibm$i.hgr.gz" \
             --k "$k" --epsilon 0.03 --seed 0 --json "$@" | tail -n 1)
    b=$(awk -F, -v n="ISPD98_ibm$i.hgr" -v k="$k" '$1 == n && $2 == k && $3 == "0.03" { print $4 }' "$best")
    python3 - "$label" "ibm$i" "$k" "${b:-}" "$json" <<'PY'
import json, sys
label, inst, k, best, j = sys.argv[1:6]
d = json.loads(j)
ratio = f"{d['cut'] / int(best):.4f}" if best else ""
print(f"{label},{inst},{k},{d['cut']},{best},{ratio},{d.get('connectivity', '')},{d.get('imbalance', '')},{d['time_s']:.3f}")
PY
  done
done

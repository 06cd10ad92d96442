#!/usr/bin/env bash
# k-way balanced partitioning of ISPD98 ibm01-09 (epsilon 0.03, seed 0, one run), one instance after
# the other with one OpenMP thread; one JSON line per run (the tessera JSON plus label, instance, k,
# best_cut, ratio) on stdout.
#   usage: run.sh LABEL TESSERA_BIN [tessera options...] >> results.jsonl
#   env: KS (default "4 8"), INSTANCES (default "01 .. 09"), TESSERA_DATA_DIR
set -euo pipefail
label=$1 bin=$2; shift 2
data=${TESSERA_DATA_DIR:-/work/shared/data}
best=$data/hypergraphs/best_known_kahypar_jea20_sea20.csv
for k in ${KS:-4 8}; do
  for i in ${INSTANCES:-01 02 03 04 05 06 07 08 09}; do
    json=$(OMP_NUM_THREADS=1 OMP_PROC_BIND=false nice -n 10 "$bin" partition "$data/hypergraphs/ispd98/ibm$i.hgr.gz" \
             --k "$k" --epsilon 0.03 --seed 0 --json "$@" | tail -n 1)
    b=$(awk -F, -v n="ISPD98_ibm$i.hgr" -v k="$k" '$1 == n && $2 == k && $3 == "0.03" { print $4 }' "$best")
    python3 - "$label" "ibm$i" "$k" "$b" "$json" "$*" <<'PY'
import json, sys
label, inst, k, best, j, opts = sys.argv[1:7]
d = json.loads(j)
out = {"label": label, "instance": inst, "k": int(k), "options": opts, "cut": d["cut"], "best_cut": int(best),
       "ratio": round(d["cut"] / int(best), 4), "imbalance": d.get("imbalance"), "time_s": d["time_s"], "tessera": d}
print(json.dumps(out))
PY
  done
done

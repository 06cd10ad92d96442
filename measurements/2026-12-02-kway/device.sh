#!/usr/bin/env bash
# The k-way mode on one GPU, the shortest run that answers issue 25's time goals (<= 1 s per
# instance at k = 2, <= 3 s at k = 64, the 16x-augmented ibm09 at k = 2 under 5 s) and gives the
# GPU's cuts (the same as the CPU's: deterministic). One JSON line per run in OUT/kway.jsonl.
#   measurements/2026-12-02-kway/device.sh TESSERA_BIN OUT_DIR     (TESSERA_DATA_DIR set)
set -u
T=$1 out=$2
mkdir -p "$out"
d=$TESSERA_DATA_DIR/hypergraphs/ispd98
run() {  # label input k
  printf '{"label": "%s", "k": %s, "result": ' "$1" "$3"
  timeout -k 5 60 "$T" partition "$2" --k "$3" --epsilon 0.03 --seed 0 --json 2>/dev/null | tail -n 1 | tr -d '\n' || printf 'null'
  printf '}\n'
}
{
  for i in 01 02 03 04 05 06 07 08 09; do run "ibm$i" "$d/ibm$i.hgr.gz" 2; done
  run ibm09 "$d/ibm09.hgr.gz" 64
  run ibm09x16 "hgr-augment:file=$d/ibm09.hgr.gz,factor=16,seed=0" 2
} >"$out/kway.jsonl"
python3 - "$out/kway.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line); d = r["result"] or {}
    print(r["label"], r["k"], d.get("cut", d.get("cut_net")), d.get("connectivity"), d.get("imbalance"), d.get("time_s"))
PY

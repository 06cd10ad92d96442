#!/bin/bash
# Issue 25, k-way host work (initial trials, FM): before/after times on ISPD98 ibm01-09 and
# identity of the partitions.
# usage: run.sh BEFORE_BINARY AFTER_BINARY OUT_DIR [REPS] [KS] [THREADS]
#   BEFORE/AFTER_BINARY: build/openmp/apps/tessera of the two commits, copied aside
#   REPS (default 2): interleaved before/after repetitions per instance and k (timings: minimum)
#   KS (default "2 4 8"), THREADS (default 1): OMP_NUM_THREADS of every run
# Writes runs.jsonl (one JSON record per run, with instance, k, binary, rep, threads added) and
# compares every --output file of after with before's byte for byte; exits non-zero on a difference.
set -euo pipefail
before=$1 after=$2 out=$3 reps=${4:-2} ks=${5:-"2 4 8"} threads=${6:-1}
data=${TESSERA_DATA_DIR:-/work/shared/data}/hypergraphs/ispd98
mkdir -p "$out/parts"
one() {  # instance k tag binary rep
  local i=$1 k=$2 tag=$3 bin=$4 rep=$5
  local part=$out/parts/${i}_k${k}_t${threads}_${tag}.txt
  OMP_NUM_THREADS=$threads OMP_PROC_BIND=false "$bin" partition "$data/$i.hgr.gz" --k "$k" --epsilon 0.03 --json \
    --output "$part" | python3 -c "
import json, sys
d = json.load(sys.stdin)
d.update(instance='$i', k=$k, binary='$tag', rep=$rep, threads=$threads)
print(json.dumps(d))" >> "$out/runs.jsonl"
}
for rep in $(seq 1 "$reps"); do
  for k in $ks; do
    for n in 01 02 03 04 05 06 07 08 09; do
      one ibm$n "$k" before "$before" "$rep"
      one ibm$n "$k" after "$after" "$rep"
    done
  done
done
status=0
for f in "$out"/parts/*_after.txt; do
  cmp -s "$f" "${f%_after.txt}_before.txt" || { echo "DIFFER: $f"; status=1; }
done
exit $status

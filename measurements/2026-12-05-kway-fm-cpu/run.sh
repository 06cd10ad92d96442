#!/bin/bash
# Issue 25, host-side k-way FM: before/after times and identity of the partitions on ISPD98.
# usage: run.sh BEFORE_BINARY AFTER_BINARY OUT_DIR [REPS]
#   BEFORE_BINARY: build/openmp/apps/tessera built at the "before" commit (copied aside)
#   AFTER_BINARY:  build/openmp/apps/tessera built at the "after" commit
# One thread (OMP_NUM_THREADS=1), runs interleaved before/after, REPS times each (default 3); the
# table reports the minimum. Partitions (--output) of every run are compared byte for byte.
set -euo pipefail
before=$1 after=$2 out=$3 reps=${4:-3}
data=${TESSERA_DATA_DIR:-/work/shared/data}/hypergraphs/ispd98
mkdir -p "$out"
runs_csv=$out/runs.csv
echo "instance,k,options,binary,rep,cut,connectivity,time_s,initial_s,refinement_s" > "$runs_csv"
one() {  # instance k tag binary rep options...
  local i=$1 k=$2 tag=$3 bin=$4 rep=$5; shift 5
  local part=$out/parts/${i}_k${k}_$(echo "$*" | tr -d ' -')_${tag}.txt
  mkdir -p "$out/parts"
  OMP_NUM_THREADS=1 "$bin" partition "$data/$i.hgr.gz" --k "$k" --epsilon 0.03 --json --output "$part" "$@" |
    python3 -c "import json,sys; d=json.load(sys.stdin); print(','.join(str(x) for x in ['$i',$k,'$*'.strip() or 'default','$tag',$rep,d['cut'],d['connectivity'],d['time_s'],d['initial_s'],d['refinement_s']]))" >> "$runs_csv"
}
for k in 2 4; do
  for n in 01 02 03 04 05 06 07 08 09; do
    for rep in $(seq 1 "$reps"); do
      one ibm$n $k before "$before" "$rep"
      one ibm$n $k after "$after" "$rep"
    done
  done
done
# every partition file of `after` equals the one of `before`
status=0
for f in "$out"/parts/*_after.txt; do
  cmp -s "$f" "${f%_after.txt}_before.txt" || { echo "DIFFER: $f"; status=1; }
done
python3 "$(dirname "$0")/table.py" "$runs_csv" > "$out/table.md"
cat "$out/table.md"
exit $status

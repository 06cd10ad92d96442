#!/bin/bash
# Issue 25: the after binary's partitions with 2 OpenMP threads equal those of 1 thread (run.sh's
# parts), ibm01, 05, 09 at k = 2 and 4.
# usage: threads.sh AFTER_BINARY OUT_DIR   (OUT_DIR: run.sh's, with parts/*_t1_after.txt)
set -euo pipefail
after=$1 out=$2
data=${TESSERA_DATA_DIR:-/work/shared/data}/hypergraphs/ispd98
status=0
for i in ibm01 ibm05 ibm09; do
  for k in 2 4; do
    part=$out/parts/${i}_k${k}_t2_after.txt
    OMP_NUM_THREADS=2 OMP_PROC_BIND=false "$after" partition "$data/$i.hgr.gz" --k "$k" --epsilon 0.03 \
      --output "$part" > /dev/null
    if cmp -s "$part" "$out/parts/${i}_k${k}_t1_after.txt"; then echo "$i k=$k same"; else echo "$i k=$k DIFFER"; status=1; fi
  done
done
exit $status

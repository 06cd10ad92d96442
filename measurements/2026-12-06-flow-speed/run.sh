#!/bin/bash
# run.sh OUTDIR OLD_BINARY NEW_BINARY: ISPD98 ibm01-09 at k = 2 and 4, the two binaries one after
# the other per instance (so both meet the same load on the shared machine); JSON and .part files
# under OUTDIR/old and OUTDIR/new.
set -u
OUT=$1 OLD=$2 NEW=$3
DATA=${TESSERA_DATA_DIR:-/work/shared/data}/hypergraphs/ispd98
mkdir -p "$OUT/old" "$OUT/new"
for k in 2 4; do
  for i in 1 2 3 4 5 6 7 8 9; do
    for v in old new; do
      B=$OLD; [ $v = new ] && B=$NEW
      OMP_NUM_THREADS=1 nice -n 10 "$B" partition "$DATA/ibm0$i.hgr.gz" --k $k --epsilon 0.03 --json \
        --output "$OUT/$v/ibm0$i.k$k.part" > "$OUT/$v/ibm0$i.k$k.json"
    done
  done
done

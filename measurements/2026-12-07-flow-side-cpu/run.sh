#!/bin/bash
# usage: run.sh TAG options...
T=${TBIN:-/work/main/build/openmp/apps/tessera}; tag=$1; shift
for i in 01 02 03 04 05 06 07 08 09; do
  OMP_PROC_BIND=false $T partition /work/shared/data/hypergraphs/ispd98/ibm$i.hgr.gz --k 2 --epsilon 0.03 "$@" --json 2>/dev/null | tail -1 | python3 -c "
import json,sys; d=json.load(sys.stdin); d['instance']='ibm$i'; d['tag']='$tag'; print(json.dumps(d))"
done

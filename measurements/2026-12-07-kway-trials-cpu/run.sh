#!/bin/bash
# usage: run.sh K TAG options...  (ibm01-09, eps 0.03, one JSON line each without the parts)
T=${TESSERA:-/work/main/build/openmp/apps/tessera}; k=$1; tag=$2; shift 2
for i in 01 02 03 04 05 06 07 08 09; do
  OMP_PROC_BIND=false $T partition /work/shared/data/hypergraphs/ispd98/ibm$i.hgr.gz --k $k --epsilon 0.03 "$@" --json 2>/dev/null | tail -1 | python3 -c "
import json,sys; d=json.load(sys.stdin); d['instance']='ibm$i'; d['tag']='$tag'; d.pop('parts',None); print(json.dumps(d))"
done

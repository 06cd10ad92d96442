#!/bin/bash
# usage: run.sh BINARY K TAG   (ibm01-09, eps 0.03: cut, time_s, flow_s, md5 of the partition, then
#   coarsening_s, initial_s, level_fm_s; TESSERA_DATA_DIR: the shared data folder, OUT_DIR: where
#   the partitions go, default /tmp)
B=$1; k=$2; tag=$3; data=${TESSERA_DATA_DIR:-/work/shared/data}; out=${OUT_DIR:-/tmp}
for i in 01 02 03 04 05 06 07 08 09; do
  json=$(OMP_PROC_BIND=false $B partition $data/hypergraphs/ispd98/ibm$i.hgr.gz --k $k --epsilon 0.03 --json --output $out/kc-$tag-$i.part 2>/dev/null)
  md5=$(md5sum < $out/kc-$tag-$i.part | cut -c1-8)
  python3 -c "
import json,sys; d=json.loads(sys.argv[1]); r=lambda x: round(d[x],2)
print('ibm$i', d['cut'], r('time_s'), r('flow_s'), '$md5', r('coarsening_s'), r('initial_s'), r('level_fm_s'))" "$json"
done

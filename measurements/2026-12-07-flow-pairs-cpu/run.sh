#!/bin/bash
# usage: run.sh BINARY K TAG   (ibm01-09, eps 0.03: cut, time_s, flow_s, md5 of the partition;
#   TESSERA_DATA_DIR: the shared data folder, OUT_DIR: where the partitions go, default /tmp)
B=$1; k=$2; tag=$3; data=${TESSERA_DATA_DIR:-/work/shared/data}; out=${OUT_DIR:-/tmp}
for i in 01 02 03 04 05 06 07 08 09; do
  OMP_PROC_BIND=false $B partition $data/hypergraphs/ispd98/ibm$i.hgr.gz --k $k --epsilon 0.03 --json --output $out/kc-$tag-$i.part 2>/dev/null | python3 -c "
import json,sys; d=json.load(sys.stdin); print('ibm$i', d['cut'], round(d['time_s'],2), round(d['flow_s'],2), end=' ')"
  md5sum < $out/kc-$tag-$i.part | cut -c1-8
done

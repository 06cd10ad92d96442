#!/bin/bash
# usage: run.sh BINARY K TAG   (ibm01-09, eps 0.03: cut, time_s, flow_s, md5 of the partition)
B=$1; k=$2; tag=$3
for i in 01 02 03 04 05 06 07 08 09; do
  OMP_PROC_BIND=false $B partition /work/shared/data/hypergraphs/ispd98/ibm$i.hgr.gz --k $k --epsilon 0.03 --json --output /tmp/kc-$tag-$i.part 2>/dev/null | python3 -c "
import json,sys; d=json.load(sys.stdin); print('ibm$i', d['cut'], round(d['time_s'],2), round(d['flow_s'],2), end=' ')"
  md5sum < /tmp/kc-$tag-$i.part | cut -c1-8
done

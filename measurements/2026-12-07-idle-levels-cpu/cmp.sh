#!/bin/bash
# cmp2.sh LABEL SPEC OPTS... : /tmp/tessera-after (main) vs /tmp/tessera-idle (idle-level rule)
label=$1; shift; spec=$1; shift
for v in after idle; do
  OMP_NUM_THREADS=2 timeout 1200 /tmp/tessera-$v partition "$spec" "$@" --json --output /tmp/p-$label-$v.part 2>/dev/null > /tmp/j-$label-$v.json
  python3 -c "
import json,sys; d=json.loads(open('/tmp/j-$label-$v.json').read().strip().splitlines()[-1]); print('$label $v', d['num_parts'], d['connectivity'], round(d['time_s'],2), 'ref', round(d['refinement_s'],2), 'levels', len(d['refined_levels']))"
done
md5sum /tmp/p-$label-after.part /tmp/p-$label-idle.part | awk '{print $1}' | uniq | wc -l

#!/usr/bin/env bash
# The GPU per-vertex triangle count is short on kron20 (run 6: `tessera motifs kron20 --k 4`
# stopped on its consistency check, triangle counter 424,635,230 against the engine's and
# G2Miner's 424,708,634; OpenMP gives 424,708,634 with and without --per-vertex, every variant
# and intersection). Counts every combination with and without --per-vertex, one JSON summary
# line each, to find the kernel that loses triangles. Run on the device from the repository root:
#   tc-per-vertex-bisect.sh TESSERA OUT_FILE [SCALES, default "20"]
set -u
T=${1:?tessera binary} out=${2:?output file}
for s in ${3:-20}; do
  [ -f /tmp/kron$s.h5 ] || "$T" generate kronecker:scale=$s,edge_factor=16,seed=1 /tmp/kron$s.h5 > /dev/null
  for variant in masked split; do for inter in auto binary merge hash; do for lanes in on off; do
    for pv in "" "--per-vertex /tmp/pv.txt"; do
      timeout 60 "$T" tc /tmp/kron$s.h5 --variant $variant --intersection $inter --lane-sums $lanes $pv --json 2>&1 |
        python3 -c "import json,sys; d=json.load(sys.stdin); print(json.dumps({'scale': $s, 'variant': '$variant', 'intersection': '$inter', 'lane_sums': '$lanes', 'per_vertex': bool('$pv'), 'triangles': d.get('triangles'), 'ran': d.get('variant')}))" >> "$out" 2>/dev/null ||
        echo "{\"scale\": $s, \"variant\": \"$variant\", \"intersection\": \"$inter\", \"lane_sums\": \"$lanes\", \"per_vertex\": \"$pv\", \"error\": true}" >> "$out"
    done
  done; done; done
done

#!/usr/bin/env bash
# Kokkos patch 0008 (a barrier at the end of the CUDA team reduction) against the GPU per-vertex
# triangle miscount that run 8 bisected to the hub (hash) kernel: every kron20 count with hubs and
# --per-vertex was short, by 45,000-145,000, differently each run; without hubs or without
# --per-vertex every count was exact. Then the CUDA unit tests (the new repeated-team-reduction
# test, triangle counting, mining, partitioning) and `motifs kron20 --k 4`, which stopped on its
# consistency check before. Start detached from the repository root (carry .devbin and .peers):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-team-reduce/run9.sh > /tmp/o/log 2>&1 < /dev/null &
set -u
here=measurements/2026-12-06-mining
. $here/prelude.sh
[ -f /tmp/kron20.h5 ] || "$T" generate kronecker:scale=20,edge_factor=16,seed=1 /tmp/kron20.h5 > /dev/null
for rep in 1 2 3; do for variant in masked split; do for inter in auto hash; do for pv in "" "--per-vertex /tmp/pv.txt"; do
  timeout 60 "$T" tc /tmp/kron20.h5 --variant $variant --intersection $inter $pv --json 2>&1 |
    python3 -c "import json,sys; d=json.load(sys.stdin); print(json.dumps({'rep': $rep, 'variant': '$variant', 'intersection': '$inter', 'per_vertex': bool('$pv'), 'triangles': d.get('triangles'), 'time_s': d.get('time_s')}))" >> "$o/tc-per-vertex.jsonl" 2>/dev/null
done; done; done; done
stamp "per-vertex repeats done"
timeout 60 "$T" motifs /tmp/kron20.h5 --k 4 --json > "$o/motifs-kron20.json" 2> "$o/motifs-kron20.err"
stamp "motifs kron20 exit $?"
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout 60 .devbin/bin/tessera_tests --source-file='*test_team_sum*' $ex > "$o/tests-team-sum-cuda.log" 2>&1
stamp "team-sum tests exit $?"
timeout 120 .devbin/bin/tessera_tests --source-file='*triangle_count*' $ex > "$o/tests-tc-cuda.log" 2>&1
stamp "tc tests exit $?"
timeout 120 .devbin/bin/tessera_tests --source-file='*pattern_mining*' $ex > "$o/tests-mining-cuda.log" 2>&1
stamp "mining tests exit $?"
timeout 120 .devbin/bin/tessera_tests --source-file='*partition*' $ex > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?"
stamp "all done"

#!/usr/bin/env bash
# Device call of 2026-12-06 (sixth session): where 64k-rand's coarse tail spends its time (the
# progress lines now say, per level: pairs, nodes without a candidate, window, pair visits),
# 64k-rand end to end, Table I with --fm-stop auto beside AxonCUDA (never measured on a GPU), and
# 256k-rand's levels. Start detached from the repository root, carrying .devbin and .peers:
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run13.sh > /tmp/o/log 2>&1 < /dev/null &
# and poll with small files only (16 MiB a file comes back):
#   cd /tmp && find o -type f -size -3M ! -name '*.snn' ! -path '*/snn/*' | tar czf $OUT/o.tgz -T -
set -u
. measurements/2026-12-06-mining/prelude.sh
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout ${TEST_S:-120} .devbin/bin/tessera_tests --source-file='*partition*' $ex > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?"
timeout ${RAND_S:-200} "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json \
  > "$o/64k-rand-auto.json" 2> "$o/64k-rand-auto.progress"
stamp "64k-rand auto exit $?"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
timeout ${BIG_S:-150} "$T" partition nn:table1=256k-rand --preset Loihi-84 --progress --json \
  > "$o/256k-rand-auto.json" 2> "$o/256k-rand-auto.progress"
stamp "256k-rand auto exit $?"
stamp "all done"

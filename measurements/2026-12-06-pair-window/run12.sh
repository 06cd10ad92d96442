#!/usr/bin/env bash
# Device call of 2026-12-06 (fifth session): pair windows (issue 23: 64k-rand) and Table I with
# --fm-stop auto (issue 24). Start detached from the repository root, carrying .devbin and .peers:
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-pair-window/run12.sh > /tmp/o/log 2>&1 < /dev/null &
# and poll with small files only (16 MiB a file comes back; run 11's 20+ MiB tarball did not):
#   cd /tmp && find o -type f -size -3M ! -name '*.snn' ! -path '*/snn/*' | tar czf $OUT/o.tgz -T -
set -u
. measurements/2026-12-06-mining/prelude.sh
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout ${TEST_S:-150} .devbin/bin/tessera_tests --source-file='*partition*' $ex > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?"
# 64k-rand under Loihi-84 (Table I), the pair window by auto (W = 128 expected), with progress.
timeout ${RAND_S:-130} "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json \
  > "$o/64k-rand-auto.json" 2> "$o/64k-rand-auto.progress"
stamp "64k-rand auto exit $?"
# QUICK=1: the tests and 64k-rand only (a call with under 500 s of device time left).
[ "${QUICK:-0}" = 1 ] && { stamp "all done"; exit 0; }
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
timeout 100 "$T" partition nn:table1=64k-rand --preset Loihi-84 --pair-window 32 --progress --json \
  > "$o/64k-rand-w32.json" 2> "$o/64k-rand-w32.progress"
stamp "64k-rand w32 exit $?"
stamp "all done"

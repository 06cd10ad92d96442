#!/usr/bin/env bash
# Eleventh session (2026-12-07), after run 19: the deduplication's global table sized for the level
# (up to 2^18 slots; run 19's 256k-rand level 3 overflowed 2^16 and sorted whole rows, 119 s) and
# k-way coarsening ending after a level that pairs fewer than 1 % of its nodes (run 19's ibm09x16:
# 150 levels of 1-15 pairs, about 60 ms each).
#   tests-cuda.log        CUDA tests of the deduplication, coarsening, k-way start and V-cycles
#   kway/ibm09x16-k2.*    issue 25: the 16x-augmented ibm09, k = 2 (run 19: 36.9 s, cut 9,817)
#   kway/k2.jsonl         issue 25: ibm01-09, k = 2 (run 18: geomean 1.019, 0.41-2.64 s)
#   256k-rand.*           issue 23: 256k-rand (run 19: level 3 at 254 s, not done in 300 s)
#   allen-v1.*            issue 23: allen-v1 (run 19: 106.5 s, streamed levels 1-2 37 s)
# Started and polled as run18.sh (see run17.sh's header); carries .devbin only (no AxonCUDA).
set -u
. measurements/2026-12-06-mining/prelude.sh
timeout 150 .devbin/bin/tessera_tests --source-file='*coarsening/*,*kway_start*,*vcycles*,*kway_bisection*' \
  --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "cuda tests exit $?"
mkdir -p "$o/kway"; ispd=$TESSERA_DATA_DIR/hypergraphs/ispd98
timeout 100 "$T" partition "hgr-augment:file=$ispd/ibm09.hgr.gz,factor=16,seed=0" --k 2 --epsilon 0.03 --progress --json \
  > "$o/kway/ibm09x16-k2.json" 2> "$o/kway/ibm09x16-k2.progress"
stamp "x16 exit $?"
for i in 01 02 03 04 05 06 07 08 09; do
  timeout 30 "$T" partition "$ispd/ibm$i.hgr.gz" --k 2 --epsilon 0.03 --json 2>/dev/null | tail -n 1 >> "$o/kway/k2.jsonl"
done
stamp "k = 2 done"
timeout 280 "$T" partition nn:table1=256k-rand --preset Loihi-84 --progress --json \
  > "$o/256k-rand.json" 2> "$o/256k-rand.progress"
stamp "256k-rand exit $?"
timeout 120 "$T" partition nn:table1=allen-v1 --preset Loihi-84 --progress --json \
  > "$o/allen-v1.json" 2> "$o/allen-v1.progress"
stamp "allen-v1 exit $?"
stamp "all done"

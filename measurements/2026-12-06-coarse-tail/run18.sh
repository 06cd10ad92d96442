#!/usr/bin/env bash
# run17.sh trimmed to the tenth session's device time (about 1,500 s, start-up and build included),
# in order of need: CUDA tests, 64k-rand with the defaults (issue 23), Table I six beside AxonCUDA
# (issue 24, on whichever card comes), the k-way times (issue 25), mobilenet Loihi-84, 256k-rand.
# run17.sh's --refine-level-ratio 1.25 run of 64k-rand is left out. Started and polled as run17.sh.
set -u
. measurements/2026-12-06-mining/prelude.sh
timeout 150 .devbin/bin/tessera_tests --source-file='*kway_start*,*flow*,*constrained_fm*,*test_scan*,*level_neighbors*' \
  --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "cuda tests exit $?"
for run in "default:"; do
  name=${run%%:*}
  timeout 240 "$T" partition nn:table1=64k-rand --preset Loihi-84 ${run#*:} --progress --json \
    > "$o/64k-rand-$name.json" 2> "$o/64k-rand-$name.progress"
  stamp "64k-rand $name exit $?"
done
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
mkdir -p "$o/kway"; ispd=$TESSERA_DATA_DIR/hypergraphs/ispd98
timeout 300 bash measurements/2026-12-06-mining/kway-gpu.sh "$T" "$ispd" "$o/kway" > "$o/kway.log" 2>&1
stamp "kway k = 2, 4 exit $?"
for k in 8 16 32 64; do for i in 01 05 09; do
  timeout 40 "$T" partition "$ispd/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json 2>/dev/null | tail -n 1 >> "$o/kway/kway-k8-64.jsonl"
done; done
timeout 60 "$T" partition "hgr-augment:file=$ispd/ibm09.hgr.gz,factor=16,seed=0" --k 2 --epsilon 0.03 --progress --json \
  > "$o/kway/ibm09x16-k2.json" 2> "$o/kway/ibm09x16-k2.progress"
stamp "kway k = 8-64 and x16 done"
LIMIT_S=90 BUDGET_S=200 timeout 220 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn84" mobilenet > "$o/snn84.log" 2>&1
stamp "mobilenet done"
timeout 240 "$T" partition nn:table1=256k-rand --preset Loihi-84 --progress --json \
  > "$o/256k-rand.json" 2> "$o/256k-rand.progress"
stamp "256k-rand exit $?"
stamp "all done"

#!/usr/bin/env bash
# Prepared 2026-12-07 (ninth session) for the next session's first device call, in order of use:
#   tests-cuda.log   CUDA tests of the k-way start (--hierarchies auto), the flows (alpha halved for
#                    the region to blame), the constrained FM's work
#                    limit, the scans to offsets
#   64k-rand-*       issue 23: 64k-rand end to end with the defaults, now that the constrained FM
#                    skips levels over --constrained-fm-max-work (run 16: the finest level's FM ran
#                    over 70 s); --progress shows the FM line, the dissolution and every level;
#                    then with --refine-level-ratio 1.25 (the tail's 2-5 s levels)
#   kway/            issue 25: ibm01-09 at k = 2 with the defaults (one hierarchy) and k = 4 (four),
#                    CUDA against host partitions (kway-gpu.sh); k = 8-64 on ibm01/05/09; the
#                    16x-augmented ibm09 at k = 2 with --progress (run 16: over 60 s)
#   snn/             Table I six beside AxonCUDA (run 16 was an H100; the issue asks for an H200)
#   snn84/, 256k-rand  mobilenet under Loihi-84 beside AxonCUDA; 256k-rand with --progress
# The first call carries .devbin and .peers and starts this detached:
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run17.sh > /tmp/o/log 2>&1 < /dev/null &
# Poll calls carry nothing (run15.sh says why) and return small files only:
#   cd /tmp && find o -type f -size -3M ! -name '*.snn' ! -path '*/snn*/*.snn' | tar czf $OUT/o.tgz -T -
set -u
. measurements/2026-12-06-mining/prelude.sh
timeout 150 .devbin/bin/tessera_tests --source-file='*kway_start*,*flow*,*constrained_fm*,*test_scan*,*level_neighbors*' \
  --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "cuda tests exit $?"
for run in "default:" "ratio125:--refine-level-ratio 1.25"; do
  name=${run%%:*}
  timeout 240 "$T" partition nn:table1=64k-rand --preset Loihi-84 ${run#*:} --progress --json \
    > "$o/64k-rand-$name.json" 2> "$o/64k-rand-$name.progress"
  stamp "64k-rand $name exit $?"
done
mkdir -p "$o/kway"; ispd=$TESSERA_DATA_DIR/hypergraphs/ispd98
timeout 300 bash measurements/2026-12-06-mining/kway-gpu.sh "$T" "$ispd" "$o/kway" > "$o/kway.log" 2>&1
stamp "kway k = 2, 4 exit $?"
for k in 8 16 32 64; do for i in 01 05 09; do
  timeout 40 "$T" partition "$ispd/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json 2>/dev/null | tail -n 1 >> "$o/kway/kway-k8-64.jsonl"
done; done
timeout 120 "$T" partition "hgr-augment:file=$ispd/ibm09.hgr.gz,factor=16,seed=0" --k 2 --epsilon 0.03 --progress --json \
  > "$o/kway/ibm09x16-k2.json" 2> "$o/kway/ibm09x16-k2.progress"
stamp "kway k = 8-64 and x16 done"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
LIMIT_S=90 BUDGET_S=200 timeout 220 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn84" mobilenet > "$o/snn84.log" 2>&1
stamp "mobilenet done"
timeout 240 "$T" partition nn:table1=256k-rand --preset Loihi-84 --progress --json \
  > "$o/256k-rand.json" 2> "$o/256k-rand.progress"
stamp "256k-rand exit $?"
stamp "all done"

#!/usr/bin/env bash
# Run 15 trimmed to one session's device time (2026-12-07, ninth session), in order of use:
#   tests-cuda.log  CUDA tests of the scans to offsets (counts_to_offsets_inplace), the level
#                   neighbours, contraction and matching that use them,
#                   the uncoarsening level choice (--refine-level-ratio) and the k-way start
#   kway/           issue 25: ISPD98 ibm01-09 at k = 2 with --hierarchies 1, 2 and 4 (the
#                   default) on the GPU: kway-h{1,2,4}.jsonl (CPU quality geomeans 1.028, 1.020,
#                   1.008 against the best known cuts; 1 hierarchy took 0.46-0.55x the CPU time),
#                   and the 16x-augmented ibm09 at k = 2 (issue 25: under 5 s)
#   snn/            Table I six beside AxonCUDA (run 14 at 8fe2ed2; since then the constrained
#                   FM's later evaluations on the host's threads)
#   64k-rand-*      issue 23: 64k-rand with --refine-level-ratio 1.25 and --stall-fraction 0.15
#                   together (the cheapest tail both allow), then with the ratio alone; run 14's
#                   default took about 150 s
# The first call carries .devbin and .peers and starts this detached:
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run16.sh > /tmp/o/log 2>&1 < /dev/null &
# Poll calls carry nothing (see run15.sh).
set -u
. measurements/2026-12-06-mining/prelude.sh
timeout 120 .devbin/bin/tessera_tests --source-file='*level_neighbors*,*uncoarsen*,*kway*,*wide_proposals*,*test_scan*,*contract*,*matching*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data \
  > "$o/tests-cuda.log" 2>&1
stamp "cuda tests exit $?"
mkdir -p "$o/kway"; ispd=$TESSERA_DATA_DIR/hypergraphs/ispd98
for h in 1 2 4; do for i in 01 02 03 04 05 06 07 08 09; do
  timeout 20 "$T" partition "$ispd/ibm$i.hgr.gz" --k 2 --epsilon 0.03 --hierarchies $h --json 2>/dev/null | tail -n 1 >> "$o/kway/kway-h$h.jsonl"
done; done
timeout 60 "$T" partition "hgr-augment:file=$ispd/ibm09.hgr.gz,factor=16,seed=0" --k 2 --epsilon 0.03 --json \
  > "$o/kway/ibm09x16-k2.json" 2>&1
stamp "kway done"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
for run in "ratio125-stall15:--refine-level-ratio 1.25 --stall-fraction 0.15" "ratio125:--refine-level-ratio 1.25"; do
  name=${run%%:*}
  timeout 200 "$T" partition nn:table1=64k-rand --preset Loihi-84 ${run#*:} --progress --json \
    > "$o/64k-rand-$name.json" 2> "$o/64k-rand-$name.progress"
  stamp "64k-rand $name exit $?"
done
stamp "all done"

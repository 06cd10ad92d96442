#!/usr/bin/env bash
# Prepared 2026-12-07 (tenth session) for the next session's first device call: what run 18 did not
# reach, in order of need:
#   tests-cuda.log   CUDA build's tests of the dissolution (per-(net, block) counts) and the
#                    constrained FM (moves out of an overloaded block on the host's threads)
#   256k-rand.*      issue 23: the next rewired network end to end (64k-rand ran in 160.7 s in run 18)
#   kway/            issue 25: the 16x-augmented ibm09 at k = 2 with --progress (run 16: over 60 s;
#                    the CPU's breakdown: ../2026-12-07-kway-tail-cpu), k = 8-64 on ibm01/05/09
#   snn84/           mobilenet under Loihi-84 beside AxonCUDA
#   allen-v1.*       issue 23: allen-v1 (Loihi-84) with --progress (run of 2026-12-02: over 90 s)
# Started and polled as run18.sh (see run17.sh's header).
set -u
. measurements/2026-12-06-mining/prelude.sh
timeout 150 .devbin/bin/tessera_tests --source-file='*dissolve*,*constrained_fm*,*partition_options*' \
  --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "cuda tests exit $?"
timeout 300 "$T" partition nn:table1=256k-rand --preset Loihi-84 --progress --json \
  > "$o/256k-rand.json" 2> "$o/256k-rand.progress"
stamp "256k-rand exit $?"
mkdir -p "$o/kway"; ispd=$TESSERA_DATA_DIR/hypergraphs/ispd98
timeout 150 "$T" partition "hgr-augment:file=$ispd/ibm09.hgr.gz,factor=16,seed=0" --k 2 --epsilon 0.03 --progress --json \
  > "$o/kway/ibm09x16-k2.json" 2> "$o/kway/ibm09x16-k2.progress"
stamp "x16 exit $?"
for k in 8 16 32 64; do for i in 01 05 09; do
  timeout 60 "$T" partition "$ispd/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json 2>/dev/null | tail -n 1 >> "$o/kway/kway-k8-64.jsonl"
done; done
stamp "kway k = 8-64 done"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=90 BUDGET_S=200 timeout 220 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn84" mobilenet > "$o/snn84.log" 2>&1
stamp "mobilenet done"
timeout 240 "$T" partition nn:table1=allen-v1 --preset Loihi-84 --progress --json \
  > "$o/allen-v1.json" 2> "$o/allen-v1.progress"
stamp "allen-v1 exit $?"
stamp "all done"

#!/usr/bin/env bash
# The next device call after run 14 (2026-12-06, seventh session):
#   snn/            Table I six beside AxonCUDA again: the constrained FM's dirty-pin evaluations
#                   on the host's threads came after run 14 (16k-rand: FM 0.92 of 1.35 s there)
#   snn84/          mobilenet under Loihi-84 (run 14: 32.8 s, level FM 4.3 s)
#   kway/           issue 25: ISPD98 ibm01-09 at k = 2 and 4 on the GPU with the k-way start's
#                   defaults, CUDA against host partitions (kway-gpu.sh), then k = 2 with
#                   --hierarchies 1 and 2 (kway-h1.jsonl, kway-h2.jsonl; CPU quality 1.028 and
#                   1.020 against 1.008 with 4) and the 16x-augmented ibm09 at k = 2
#   64k-rand-*      64k-rand end to end (run 14: about 150 s, half of it in the tail of levels
#                   13-31) with --stall-fraction 0.15 (coarsening should stop after level 16 of
#                   1,350 nodes: what the tail costs and buys), then with --refine-level-ratio 1.25
#                   (refinement skips the tail levels within 1.25x of the last refined one: 25 of
#                   the 31 levels refined become about 15; CPU quality beside ratio 1 in
#                   measurements/2026-12-07-refine-level-ratio-cpu/), last with the defaults
# Before the call write .devbin/commit (device-build.sh says how); the FIRST call carries .devbin
# and .peers and starts this detached:
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run15.sh > /tmp/o/log 2>&1 < /dev/null &
# Poll calls must NOT carry .devbin (a carried path replaces the device's copy: run 14's second
# call removed the binaries built into .devbin/bin). Poll with small files only:
#   cd /tmp && find o -type f -size -3M ! -name '*.snn' ! -path '*/snn*/*.snn' | tar czf $OUT/o.tgz -T -
set -u
. measurements/2026-12-06-mining/prelude.sh
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
timeout 200 "$T" partition nn:table1=64k-rand --preset Loihi-84 --stall-fraction 0.15 --progress --json \
  > "$o/64k-rand-stall15.json" 2> "$o/64k-rand-stall15.progress"
stamp "64k-rand stall 0.15 exit $?"
mkdir -p "$o/kway"; ispd=$TESSERA_DATA_DIR/hypergraphs/ispd98
timeout 300 bash measurements/2026-12-06-mining/kway-gpu.sh "$T" "$ispd" "$o/kway" > "$o/kway.log" 2>&1
stamp "kway exit $?"
for h in 1 2; do for i in 01 02 03 04 05 06 07 08 09; do
  timeout 20 "$T" partition "$ispd/ibm$i.hgr.gz" --k 2 --epsilon 0.03 --hierarchies $h --json 2>/dev/null | tail -n 1 >> "$o/kway/kway-h$h.jsonl"
done; done
timeout 60 "$T" partition "hgr-augment:file=$ispd/ibm09.hgr.gz,factor=16,seed=0" --k 2 --epsilon 0.03 --json \
  > "$o/kway/ibm09x16-k2.json" 2>&1
stamp "kway h1 and x16 done"
LIMIT_S=90 BUDGET_S=200 timeout 220 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn84" mobilenet > "$o/snn84.log" 2>&1
stamp "mobilenet done"
timeout 200 "$T" partition nn:table1=64k-rand --preset Loihi-84 --refine-level-ratio 1.25 --progress --json \
  > "$o/64k-rand-ratio125.json" 2> "$o/64k-rand-ratio125.progress"
stamp "64k-rand ratio 1.25 exit $?"
timeout 200 "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json \
  > "$o/64k-rand-default.json" 2> "$o/64k-rand-default.progress"
stamp "64k-rand exit $?"
stamp "all done"

#!/usr/bin/env bash
# Prepared 2026-12-07 (eleventh session) for the next session's first device call, in order of need:
#   snn/            issue 24: Table I's six Loihi-64 networks beside AxonCUDA (the level-sized
#                   deduplication table may change 256k-model's and alexnet's neighbour time)
#   kway/           issue 25: ibm01-09 at k = 2 and 4 with the k-way minimum shrink and the flows'
#                   kept alphas (c5110c1: same cuts on the CPU, fewer flows; GPU times;
#                   CUDA and host partitions compared), then the 16x-augmented ibm09 at k = 2, 4, 8
#                   (the scaling table; k = 2 was 22.0 s in run 20, flows 11.1 s)
#   64k-rand.nsys*  issue 23: where the coarse levels' time goes, per kernel (nsys; run 18: 160.7 s,
#                   in-sequence gains 49.9 s, contraction 48.3 s)
#   1M.*            issue 23: the 6.9 M-neuron network, how far it gets in 300 s
#   lscpu.txt, ibm07-k2-host-*.json  the host's CPU and its single-thread speed on the flows
# Started and polled as run18.sh (see run17.sh's header); carries .devbin and .peers.
set -u
. measurements/2026-12-06-mining/prelude.sh
# The host's CPU, and ibm07 k = 2 on the host backend with 1 and 16 threads: host code (flows, FM,
# initial trials) ran 1.5-1.8x slower there than on the 2-core VM in runs 18-20.
lscpu > "$o/lscpu.txt" 2>&1
ispd=$TESSERA_DATA_DIR/hypergraphs/ispd98
for th in 1 16; do
  OMP_NUM_THREADS=$th timeout 60 "$T" partition "$ispd/ibm07.hgr.gz" --k 2 --epsilon 0.03 --host --json 2>/dev/null | tail -n 1 \
    > "$o/ibm07-k2-host-$th.json"
done
stamp "host runs done"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
mkdir -p "$o/kway"
timeout 300 bash measurements/2026-12-06-mining/kway-gpu.sh "$T" "$ispd" "$o/kway" > "$o/kway.log" 2>&1
stamp "kway k = 2, 4 exit $?"
for k in 2 4 8; do
  timeout 120 "$T" partition "hgr-augment:file=$ispd/ibm09.hgr.gz,factor=16,seed=0" --k $k --epsilon 0.03 --progress --json \
    > "$o/kway/ibm09x16-k$k.json" 2> "$o/kway/ibm09x16-k$k.progress"
  stamp "x16 k = $k exit $?"
done
nsys=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | tail -1)
if [ -n "$nsys" ]; then
  timeout 330 "$nsys" profile --stats=true --force-overwrite true -o "$o/64k-rand" \
    "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json \
    > "$o/64k-rand.nsys.txt" 2> "$o/64k-rand.progress"
  stamp "64k-rand under nsys exit $?"
  rm -f "$o/64k-rand.nsys-rep" "$o/64k-rand.sqlite"
else
  stamp "no nsys"
fi
timeout 300 "$T" partition nn:table1=1M --preset Loihi-84 --progress --json > "$o/1M.json" 2> "$o/1M.progress"
stamp "1M exit $?"
stamp "all done"

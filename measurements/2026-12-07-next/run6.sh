#!/usr/bin/env bash
# Prepared 2026-12-06 for the next session's first device call (not run yet): what this session
# built and could not run on a GPU, in order of need, each step writing as it goes. In /tmp/o:
#   tests-mining-cuda.log, tests-partition-cuda.log   CUDA unit tests (the 5-clique rule's GPU
#                                  branch of test_fixed_depth has never run on a GPU)
#   vs-peers/                      the 36 cells beside G2Miner (the rule for 5-cliques in effect)
#   snn/                           Table I beside AxonCUDA: the six networks that run, with the new
#                                  default --fewest-blocks dissolve (its GPU time, dissolve_s);
#                                  mobilenet and vgg11 with dissolve and off; 64k-rand with --progress
#   kway-gpu.jsonl, kway-same.txt  ISPD98 k = 2, 4 on the GPU (flow refinement), md5 vs --host
#   ncu-4clique-kron18-*           Nsight Compute of kron18's 4-cliques, both tools (sass_mix.py)
#   dist-two-ranks.jsonl           issue 26: two ranks sharing the GPU
# Started detached from the repository root (carry .devbin and .peers once, then poll with no carry):
#   setsid nohup bash measurements/2026-12-07-next/run6.sh > /tmp/o/log 2>&1 < /dev/null &
set -u
here=measurements/2026-12-06-mining
. $here/prelude.sh
timeout 90 .devbin/bin/tessera_tests --source-file='*pattern_mining*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-mining-cuda.log" 2>&1
stamp "mining tests exit $?: $(tail -3 "$o/tests-mining-cuda.log" | tr '\n' ' ')"
timeout 90 .devbin/bin/tessera_tests --source-file='*partition*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?: $(tail -3 "$o/tests-partition-cuda.log" | tr '\n' ' ')"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES="18 20" PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=200 timeout 260 scripts/bench-vs-peers.sh "$T" .peers "$TESSERA_DATA_DIR" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); stamp "axon: $axon"
[ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done (default: --fewest-blocks dissolve)"
for fb in dissolve off; do
  TOOLS=tessera TESSERA_OPTS="--fewest-blocks $fb" LIMIT_S=60 BUDGET_S=90 timeout 130 \
    scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" mobilenet vgg11 > "$o/snn-$fb.log" 2>&1
done
TOOLS=axoncuda LIMIT_S=70 timeout 90 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" mobilenet > "$o/snn-axon.log" 2>&1
stamp "snn mobilenet, vgg11 done"
timeout 100 "$T" generate nn:table1=64k-rand /tmp/64k-rand.snn > /dev/null 2>&1
timeout -k 5 100 "$T" --progress partition /tmp/64k-rand.snn --preset Loihi-84 --json > "$o/64k-rand.json" 2> "$o/64k-rand-progress.txt"
stamp "64k-rand exit $?"
bash $here/kway-gpu.sh "$T" .devbin/data/hypergraphs/ispd98 "$o"
stamp "kway done"
. $here/ncu-rep.sh
ncu_rep 4clique-kron18-tessera --kernel-name-base mangled -k regex:DfsKernel --launch-skip 1 --launch-count 1 "$T" cliques /tmp/peers-work/el/kron18.h5 --k 4
ncu_rep 4clique-kron18-g2miner -k regex:clique4 .peers/g2miner/clique_gpu_base /tmp/peers-work/gm/kron18 4
stamp "ncu done"
timeout 150 bash measurements/2026-12-02-dist-setup/h200-two-ranks-one-gpu.sh build/cuda > "$o/dist-two-ranks.jsonl" 2> "$o/dist-two-ranks.err"
stamp "two ranks exit $?"
stamp "all done"

#!/usr/bin/env bash
# The next device call after 2026-12-06's sixth session (its device time went on failed starts):
#   tests-wide-cuda.log     the CUDA tests of the wide proposals (the GPU's wide mapping gives the
#                           host's partition), pair windows and kept rows
#   64k-rand-wide.*         64k-rand end to end with wide teams and the packing fix (run 13: 103 s
#                           of coarsening, 46 s of packing, 2.4-4.1 s a refined level)
#   snn/                    Table I beside AxonCUDA (run 13's numbers, now with wide teams)
#   256k-rand-wide.*, snn84/  256k-rand (streamed rows on an H100), mobilenet under Loihi-84
#   kway/                   issue 25: ISPD98 k = 2, 4 on the GPU with the k-way start's defaults
#   vs-peers/, dist-two-ranks.jsonl   issue 28's 36 cells beside G2Miner, issue 26's two ranks
# Results come as they finish: stop polling when the device time runs short. Before the call,
# write .devbin/commit (device-build.sh says how); carry .devbin and .peers; start detached:
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run14.sh > /tmp/o/log 2>&1 < /dev/null &
# and poll with small files only (16 MiB a file comes back):
#   cd /tmp && find o -type f -size -3M ! -name '*.snn' ! -path '*/snn*/*.snn' | tar czf $OUT/o.tgz -T -
set -u
. measurements/2026-12-06-mining/prelude.sh
timeout 90 .devbin/bin/tessera_tests --source-file='*wide_proposals*,*pair_window*,*level_neighbors*' \
  --test-case-exclude='*OpenMP*,*Serial*' > "$o/tests-wide-cuda.log" 2>&1
stamp "wide tests exit $?"
timeout ${RAND_S:-150} "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json \
  > "$o/64k-rand-wide.json" 2> "$o/64k-rand-wide.progress"
stamp "64k-rand exit $?"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
mkdir -p "$o/kway"; timeout 200 bash measurements/2026-12-06-mining/kway-gpu.sh "$T" "$TESSERA_DATA_DIR/hypergraphs/ispd98" "$o/kway" > "$o/kway.log" 2>&1
stamp "kway exit $?"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES="18 20" PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=200 timeout 260 scripts/bench-vs-peers.sh "$T" .peers "$TESSERA_DATA_DIR" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
timeout ${BIG_S:-200} "$T" partition nn:table1=256k-rand --preset Loihi-84 --progress --json \
  > "$o/256k-rand-wide.json" 2> "$o/256k-rand-wide.progress"
stamp "256k-rand exit $?"
LIMIT_S=90 BUDGET_S=200 timeout 220 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn84" mobilenet > "$o/snn84.log" 2>&1
stamp "mobilenet done"
timeout 150 bash measurements/2026-12-02-dist-setup/h200-two-ranks-one-gpu.sh build/cuda > "$o/dist-two-ranks.jsonl" 2> "$o/dist-two-ranks.err"
stamp "two ranks exit $?"
stamp "all done"

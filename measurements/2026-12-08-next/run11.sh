#!/usr/bin/env bash
# Prepared 2026-12-06 (late-morning session, device time spent) for the next session's first call.
#   snn/            Table I beside AxonCUDA with --fm-stop auto (100 on SNNs; CPU: the FM's time
#                   halved at the same partitions), mobilenet (Loihi-84, the script picks it); then
#                   --constrained-fm off in the same call (the FM's cost on the GPU)
#   tests-*.log     CUDA partition tests (CUDA = host partitions) after the fm-stop change
#   vs-peers/       the 36 cells beside G2Miner with patch 0008 (a barrier in every team reduction)
#   dist-two-ranks  issue 26 (run 8: ipc 1.75x of one rank on kron22, goal 1.3x)
# Before the call, here: write .devbin/commit (device-build.sh says how). Start detached from the
# repository root (carry .devbin and .peers in that call only):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-08-next/run11.sh > /tmp/o/log 2>&1 < /dev/null &
# then poll with small files only (this call's whole-folder tarball, 2026-12-06, was over the 16 MiB
# a returned file may have and nothing came back):
#   cd /tmp && find o -type f -size -3M ! -name '*.snn' ! -path '*/snn/*' ! -name '*.ncu-rep' | tar czf $OUT/o.tgz -T -
set -u
here=measurements/2026-12-06-mining
. $here/prelude.sh
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout 120 .devbin/bin/tessera_tests --source-file='*partition*' $ex > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
TOOLS=tessera TESSERA_OPTS="--constrained-fm off" LIMIT_S=60 BUDGET_S=60 timeout 90 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" \
  "$o/snn" lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn-fm-off.log" 2>&1
stamp "snn six networks done"
LIMIT_S=90 BUDGET_S=200 timeout 220 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn84" mobilenet > "$o/snn84.log" 2>&1
stamp "mobilenet done"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES="18 20" PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=200 timeout 260 scripts/bench-vs-peers.sh "$T" .peers "$TESSERA_DATA_DIR" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
timeout 150 bash measurements/2026-12-02-dist-setup/h200-two-ranks-one-gpu.sh build/cuda > "$o/dist-two-ranks.jsonl" 2> "$o/dist-two-ranks.err"
stamp "two ranks exit $?"
stamp "all done"

#!/usr/bin/env bash
# The constrained FM's stopping rule (min_pass_gain) on the GPU: Table I's six networks beside
# AxonCUDA, then Tessera with --constrained-fm off in the same call (what the FM costs now; run 8:
# 256k-model 7.2 -> 17.7 s with the FM for 52 of 486,076). Start detached from the repository root
# (carry .devbin and .peers):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-fm-stop/run10.sh > /tmp/o/log 2>&1 < /dev/null &
set -u
here=measurements/2026-12-06-mining
. $here/prelude.sh
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn default done"
TOOLS=tessera TESSERA_OPTS="--constrained-fm off" LIMIT_S=60 BUDGET_S=60 timeout 90 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" \
  "$o/snn" lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn-fm-off.log" 2>&1
stamp "all done"

#!/usr/bin/env bash
# Twelfth session's second device call, after 409973d (in-sequence gains only before the end of
# the valid prefixes) and dce7861 (native 64-bit atomics): the same partitions, faster.
#   tests-cuda.log   CUDA partition tests
#   64k-rand.*       kernel timer as run 22 (compare per kernel)
#   256k-rand.*      run 20: 234.2 s on an H100
#   snn/             Table I's six beside AxonCUDA (built in the background after Tessera)
#   1M.*             the 6.9 M-neuron network, how far it gets in 300 s (never reached so far)
# Also after 10aac81 (idle coarse levels projected through) when run from a later main.
# Start (carry .devbin and .peers, then poll carrying nothing):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run23.sh > /tmp/o/log 2>&1 < /dev/null &
set -u
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 ||
  { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
(bash .peers/build-axon.sh /tmp/axon > "$o/axon-path.txt" 2> "$o/build-axon.log") &
axon_build=$!
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/.devbin/data
T=$PWD/.devbin/bin/tessera
"$T" --version | head -3
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout 150 .devbin/bin/tessera_tests --source-file='*partition*' $ex > "$o/tests-cuda.log" 2>&1
stamp "partition tests exit $?"
g++ -O2 -shared -fPIC -o /tmp/kt.so bench/tools/kokkos_kernel_timer.cpp
CUDA_LAUNCH_BLOCKING=1 KOKKOS_PROFILE_LIBRARY=/tmp/kt.so KERNEL_TIMER_ROWS=80 timeout 200 \
  "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json > "$o/64k-rand.json" 2> "$o/64k-rand.progress"
stamp "64k-rand with the kernel timer exit $?"
timeout 240 "$T" partition nn:table1=256k-rand --preset Loihi-84 --progress --json > "$o/256k-rand.json" 2> "$o/256k-rand.progress"
stamp "256k-rand exit $?"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
timeout 300 "$T" partition nn:table1=1M --preset Loihi-84 --progress --json > "$o/1M.json" 2> "$o/1M.progress"
stamp "1M exit $?"
stamp "all done"

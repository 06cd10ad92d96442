#!/usr/bin/env bash
# Prepared in the fourteenth session after run 28 (its later starts were refused, then loans
# paused): refinement's move proposals dense on GPUs wherever the block array fits shared memory,
# gathered batches at most 2^28 pairs, validity events from the moved nodes, incremental net runs;
# then (fifteenth session, before it ran) refinement steps 3-4 in one team for up to 8,192 moves.
#   tests-cuda.log   the CUDA refinement tests (move proposals: dense, gathered, batched), built
#                    while the 1M network runs
#   1M.*             the 6.9 M-neuron network (Loihi-84) end to end, no kernel timer (run 28:
#                    out of memory at level 0 after 176 s, 32.3 G for the gathered pairs; a
#                    refused start left too little device time for the timer's slower run)
#   snn/             Table I's six beside AxonCUDA (built in the background), after the
#                    fourteenth session's validity events and incremental net runs
#   kt-*.txt         lenet and 16k-model with the kernel timer (CUDA_LAUNCH_BLOCKING=1): the
#                    launches left after the one-team steps 3-4
#   vgg11-search.*   vgg11 with --fewest-blocks search (run 28 with dissolve: 78 / 1,108,680)
# Start (carry .devbin and .peers, then poll carrying nothing):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run29.sh > /tmp/o/log 2>&1 < /dev/null &
set -u
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
TARGETS=apps/tessera bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 ||
  { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
(bash .peers/build-axon.sh /tmp/axon > "$o/axon-path.txt" 2> "$o/build-axon.log") &
axon_build=$!
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/.devbin/data
T=$PWD/.devbin/bin/tessera
"$T" --version | head -3
# The 1M network first (the device time left after refused starts was short), the tests built
# beside it and run after it.
(timeout 300 "$T" partition nn:table1=1M --preset Loihi-84 --progress --json > "$o/1M.json" 2> "$o/1M.progress"
 echo "exit $?" > "$o/1M.exit") &
big=$!
nice ninja -C build/cuda -j 8 tests/tessera_tests > "$o/build-tests.log" 2>&1
stamp "tests built: $?"
wait $big
stamp "1M $(cat "$o/1M.exit"): $(grep -o '"\(num_parts\|connectivity\|time_s\|valid\|peak_device_bytes\)": [^,]*' "$o/1M.json" | tr '\n' ' ')"
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout 60 stdbuf -oL build/cuda/tests/tessera_tests --source-file='*refinement*' $ex --duration=true > "$o/tests-cuda.log" 2>&1
stamp "refinement tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=150 timeout 200 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
g++ -O2 -shared -fPIC -o /tmp/kt.so bench/tools/kokkos_kernel_timer.cpp
for net in lenet 16k-model; do
  CUDA_LAUNCH_BLOCKING=1 KERNEL_TIMER_ROWS=60 KOKKOS_PROFILE_LIBRARY=/tmp/kt.so timeout 60 \
    "$T" partition nn:table1=$net --preset Loihi-64 --json > "$o/kt-$net.json" 2> "$o/kt-$net.txt"
  stamp "kernel timer $net exit $?: $(grep -h 'kernels;' "$o/kt-$net.txt")"
done
timeout 150 "$T" partition nn:table1=vgg11 --preset Loihi-84 --fewest-blocks search --json > "$o/vgg11-search.json" 2> "$o/vgg11-search.err"
stamp "vgg11 search exit $?: $(grep -o '"\(num_parts\|connectivity\|time_s\)": [^,]*' "$o/vgg11-search.json" | tr '\n' ' ')"
stamp "all done"

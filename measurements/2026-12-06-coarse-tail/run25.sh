#!/usr/bin/env bash
# Thirteenth session's second device call, after the move proposals' kernel choice (a per-node
# block array on levels of few nodes and many pins, the gathered pairs in batches within the free
# memory; move_proposals.cpp): run 23's 1M network ran out of memory gathering 683 M pairs on a
# level of 2,137 nodes.
#   1M.*             the 6.9 M-neuron network, Loihi-84, with --progress (240 s; the "packed:" line
#                    times the initial packing candidates, now side by side)
#   lenet.json, 16k-model.json   the known partitions (21 / 6,602 and 16 / 18,590)
#   tests-cuda.log   CUDA tests of the changed steps, one line per test case with its duration
#                    (run 23's whole partition suite went past 150 s without a line: doctest
#                    buffers its output)
# Start (carry .devbin, then poll carrying nothing):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run25.sh > /tmp/o/log 2>&1 < /dev/null &
set -u
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 ||
  { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/.devbin/data
T=$PWD/.devbin/bin/tessera
"$T" --version | head -3
for net in lenet 16k-model; do
  "$T" partition nn:table1=$net --preset Loihi-64 --json > "$o/$net.json" 2> "$o/$net.err"
done
stamp "lenet and 16k-model: $(grep -ho '"connectivity": [0-9]*' "$o/lenet.json" "$o/16k-model.json" | tr '\n' ' ')"
timeout 240 "$T" partition nn:table1=1M --preset Loihi-84 --progress --json > "$o/1M.json" 2> "$o/1M.progress"
stamp "1M exit $?"
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout 150 stdbuf -oL .devbin/bin/tessera_tests --source-file='*partition*' $ex --duration=true \
  --test-case='*move proposals*,*sequence gains*,*neighbour batches*,*uncoarsening*,*wide proposals*' > "$o/tests-cuda.log" 2>&1
stamp "partition tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
stamp "all done"

#!/usr/bin/env bash
# The next session's first call (prepared in the thirteenth, whose later starts were refused after
# run 23): everything since c77df1f on a GPU for the first time.
#   tests-cuda.log   the whole CUDA partition suite, one line per case with its duration
#                    (run 23's went past 150 s without a line)
#   lenet.json       the known partition (21 / 6,602)
#   1M.*             the 6.9 M-neuron network, Loihi-84 (run 23: out of memory in the move
#                    proposals of level 15; initial packing 37 s). Its "packed:" line times the
#                    packing candidates, now side by side
#   snn/             Table I's six, mobilenet and vgg11 beside AxonCUDA (built in the background)
#   kway/k2.txt, k4.txt   ISPD98 ibm01-09 at k = 2 and 4 (cut, time, flow time, partition md5:
#                    compare with measurements/2026-12-07-flow-pairs-cpu/k4-tournament.txt)
# Start (carry .devbin and .peers, then poll carrying nothing):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run28.sh > /tmp/o/log 2>&1 < /dev/null &
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
"$T" partition nn:table1=lenet --preset Loihi-64 --json > "$o/lenet.json" 2> "$o/lenet.err"
stamp "lenet: $(grep -ho '"connectivity": [0-9]*' "$o/lenet.json")"
timeout 300 "$T" partition nn:table1=1M --preset Loihi-84 --progress --json > "$o/1M.json" 2> "$o/1M.progress"
stamp "1M exit $?"
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout 300 stdbuf -oL .devbin/bin/tessera_tests --source-file='*partition*' $ex --duration=true > "$o/tests-cuda.log" 2>&1
stamp "partition tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=200 timeout 260 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model mobilenet vgg11 > "$o/snn.log" 2>&1
stamp "snn eight networks done"
mkdir -p "$o/kway"
for k in 2 4; do  # the flows' block pairs side by side on the device host's 16 threads (issue 25)
  OUT_DIR=/tmp timeout 200 bash measurements/2026-12-07-flow-pairs-cpu/run.sh "$T" $k gpu > "$o/kway/k$k.txt" 2>&1
  stamp "k-way k = $k done"
done
stamp "all done"

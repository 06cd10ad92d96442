#!/usr/bin/env bash
# run28.sh cut to 450 device-seconds: `tessera` alone, lenet, the 1M network (170 s), then (if
# time is left) the tests binary and the CUDA cases of the changed steps.
# Start (carry .devbin, then poll carrying nothing):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run27.sh > /tmp/o/log 2>&1 < /dev/null &
set -u
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
TARGETS=apps/tessera bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 ||
  { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/.devbin/data
T=$PWD/.devbin/bin/tessera
"$T" --version | head -3
for net in lenet; do
  "$T" partition nn:table1=$net --preset Loihi-64 --json > "$o/$net.json" 2> "$o/$net.err"
done
stamp "lenet: $(grep -ho '"connectivity": [0-9]*' "$o/lenet.json")"
timeout 170 "$T" partition nn:table1=1M --preset Loihi-84 --progress --json > "$o/1M.json" 2> "$o/1M.progress"
stamp "1M exit $?"
ninja -C build/cuda -j "$(nproc)" tests/tessera_tests > "$o/build-tests.log" 2>&1 || { tail -30 "$o/build-tests.log"; stamp "all done"; exit 1; }
stamp "tests built"
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout 100 stdbuf -oL build/cuda/tests/tessera_tests $ex --duration=true \
  --test-case='*move proposals*,*sequence gains*,*neighbour batches*,*uncoarsening*' > "$o/tests-cuda.log" 2>&1
stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
stamp "all done"

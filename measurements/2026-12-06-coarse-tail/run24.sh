#!/usr/bin/env bash
# run23.sh cut to the device time left after refused starts: `tessera` alone, quick checks
# against known partitions, 64k-rand with the kernel timer, then 256k-rand.
# Start (carry .devbin, then poll carrying nothing):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run24.sh > /tmp/o/log 2>&1 < /dev/null &
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
for n in lenet 16k-model; do
  timeout 30 "$T" partition nn:table1=$n --preset Loihi-64 --json 2>/dev/null | tail -n 1 > "$o/$n.json"
done
timeout 30 "$T" partition "$TESSERA_DATA_DIR/hypergraphs/ispd98/ibm07.hgr.gz" --k 2 --json 2>/dev/null | tail -n 1 > "$o/ibm07-k2.json"
stamp "checks done"
g++ -O2 -shared -fPIC -o /tmp/kt.so bench/tools/kokkos_kernel_timer.cpp
CUDA_LAUNCH_BLOCKING=1 KOKKOS_PROFILE_LIBRARY=/tmp/kt.so KERNEL_TIMER_ROWS=80 timeout 150 \
  "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json > "$o/64k-rand.json" 2> "$o/64k-rand.progress"
stamp "64k-rand with the kernel timer exit $?"
timeout 240 "$T" partition nn:table1=256k-rand --preset Loihi-84 --progress --json > "$o/256k-rand.json" 2> "$o/256k-rand.progress"
stamp "256k-rand exit $?"
stamp "all done"

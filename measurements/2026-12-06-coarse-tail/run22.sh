#!/usr/bin/env bash
# Twelfth session's first device call (run21.sh trimmed: the Table I six would repeat run 18's
# partitions, and the device has no nsys): only `tessera` is built (no tests), then
#   64k-rand.*      issue 23: per-kernel time of the coarse tail (bench/tools/kokkos_kernel_timer.cpp,
#                   CUDA_LAUNCH_BLOCKING=1, 80 rows) with --progress's per-level steps
#   kway/           issue 25: ibm01-09 k = 2, 4 with the kept flow alphas (c5110c1), CUDA = host md5s;
#                   the 16x-augmented ibm09 at k = 2, 4, 8
#   lscpu.txt, ibm07-k2-host-*.json  the host's CPU and its single-thread speed on the flows
#   1M.*            issue 23: the 6.9 M-neuron network, how far it gets in 300 s
# Start (carry .devbin, then poll carrying nothing):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run22.sh > /tmp/o/log 2>&1 < /dev/null &
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
g++ -O2 -shared -fPIC -o /tmp/kt.so bench/tools/kokkos_kernel_timer.cpp
lscpu > "$o/lscpu.txt" 2>&1
ispd=$TESSERA_DATA_DIR/hypergraphs/ispd98
for th in 1 16; do
  OMP_NUM_THREADS=$th timeout 60 "$T" partition "$ispd/ibm07.hgr.gz" --k 2 --epsilon 0.03 --host --json 2>/dev/null | tail -n 1 \
    > "$o/ibm07-k2-host-$th.json"
done
stamp "host runs done"
CUDA_LAUNCH_BLOCKING=1 KOKKOS_PROFILE_LIBRARY=/tmp/kt.so KERNEL_TIMER_ROWS=80 timeout 330 \
  "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json > "$o/64k-rand.json" 2> "$o/64k-rand.progress"
stamp "64k-rand with the kernel timer exit $?"
mkdir -p "$o/kway"
timeout 300 bash measurements/2026-12-06-mining/kway-gpu.sh "$T" "$ispd" "$o/kway" > "$o/kway.log" 2>&1
stamp "kway k = 2, 4 exit $?"
for k in 2 4 8; do
  timeout 120 "$T" partition "hgr-augment:file=$ispd/ibm09.hgr.gz,factor=16,seed=0" --k $k --epsilon 0.03 --progress --json \
    > "$o/kway/ibm09x16-k$k.json" 2> "$o/kway/ibm09x16-k$k.progress"
  stamp "x16 k = $k exit $?"
done
timeout 300 "$T" partition nn:table1=1M --preset Loihi-84 --progress --json > "$o/1M.json" 2> "$o/1M.progress"
stamp "1M exit $?"
stamp "all done"

#!/usr/bin/env bash
# The end-of-session GPU run, one device call: CUDA build and the whole test suite, then (each
# under its own time limit, most important first) the TC benchmark on the shipped graphs, the
# distributed sweep on one GPU, the multi-GPU sweep when the machine has several GPUs, and the
# pattern-mining and partitioning benchmarks when their drivers exist. Results and logs go to
# $OUT (default build/gpu-session). Step limits (seconds): LIMIT_TC, LIMIT_DIST, LIMIT_IPC,
# LIMIT_MPI, LIMIT_PARTITION, LIMIT_MINING.
#
#   TESSERA_GIT_COMMIT=$(git rev-parse --short=12 HEAD) scripts/gpu-session.sh
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$repo/build/gpu-session}
mkdir -p "$out"
export NCCL_NVLS_ENABLE=0 OMP_PROC_BIND=false
export TESSERA_DATA_DIR=${TESSERA_DATA_DIR:-$repo/.data}
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | wc -l)
echo "gpu-session: $gpus GPU(s), commit ${TESSERA_GIT_COMMIT:-?}"

"$repo/scripts/gpu-check.sh" 2>&1 | tail -n 40

step() {  # step <seconds> <log name> command...
  local limit=$1 name=$2
  shift 2
  echo "== $name (limit $limit s)"
  timeout "$limit" "$@" >"$out/$name.log" 2>&1
  echo "== $name: exit $?"
  grep -E '^(tc|pm|partition|\| |\[)' "$out/$name.log" | tail -n 30
}

step "${LIMIT_TC:-50}" bench-tc-real env TESSERA_BENCH_TC_SCALES=16 \
  TESSERA_BENCH_TC_GRAPHS=ego-Facebook,ca-HepPh,ca-AstroPh-cc1,email-Enron \
  TESSERA_BENCH_TC_SERIAL_MAX_EDGES=2000000 "$repo/scripts/bench-tc.sh" cuda --no-apt
step "${LIMIT_DIST:-90}" bench-dist-1gpu env OMP_NUM_THREADS=4 "$repo/scripts/bench-dist-tc.sh" cuda --no-apt
if [ "$gpus" -ge 2 ]; then
  step "${LIMIT_IPC:-120}" bench-dist-multi-gpu-ipc env KOKKOS_NUM_DEVICES="$gpus" OMP_NUM_THREADS=8 \
    "$repo/scripts/bench-dist-tc.sh" cuda --no-apt "$repo/configs/experiments/tc-multi-gpu.yaml"
  step "${LIMIT_MPI:-80}" bench-dist-multi-gpu-mpi env KOKKOS_NUM_DEVICES="$gpus" OMP_NUM_THREADS=8 \
    "$repo/scripts/bench-dist-tc.sh" cuda --no-apt "$repo/configs/experiments/tc-multi-gpu-mpi.yaml"
fi
step "${LIMIT_PARTITION:-60}" bench-partition env OMP_NUM_THREADS=8 "$repo/build/cuda/bench/tessera_bench" \
  '--benchmark_filter=^partition/ispd98_(k2|loihi64)/' --benchmark_out="$out/partition-h200.json" \
  --benchmark_out_format=json --benchmark_counters_tabular=true
step "${LIMIT_MINING:-60}" bench-mining env TESSERA_SKIP_BUILD=1 TESSERA_BENCH_PM_HOST=0 \
  TESSERA_BENCH_PM_SCALES=16,18 TESSERA_BENCH_PM_GRAPHS=ego-Facebook,ca-HepPh "$repo/scripts/bench-mining.sh" cuda
cp -r "$repo"/bench/results/*h200* "$repo"/bench/results/dist-tc-cuda-* "$out"/ 2>/dev/null || true
cp -r "$repo"/build/cuda/Testing/Temporary/LastTest.log "$out"/ 2>/dev/null || true
# One archive: the device tool returns a limited number of files.
tar czf "$repo/build/gpu-session.tgz" -C "$out" . && rm -rf "${out:?}"/* && mv "$repo/build/gpu-session.tgz" "$out"/

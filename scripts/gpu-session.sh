#!/usr/bin/env bash
# The end-of-session GPU run, one device call: CUDA build, the whole test suite and the
# lambda-ODR check (scripts/check-lambda-odr.sh), the partitioner's GPU/host identity on ibm05,
# then, each under its own time limit: partitioner benchmarks (ISPD98; neural networks beside
# one CPU thread), the distributed TC sweep on one GPU (multi-GPU sweeps when the machine has
# several), TC on the shipped graphs, and the mining points G2Miner was measured on. Results and
# logs go to $OUT (default build/gpu-session), as one archive. Step limits (seconds; 0 skips the
# step): LIMIT_PARTITION, LIMIT_PARTITION_NN, LIMIT_DIST, LIMIT_IPC, LIMIT_MPI, LIMIT_TC,
# LIMIT_MINING.
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

"$repo/scripts/gpu-check.sh" 2>&1 | grep -E 'tests passed|\*\*\*|timings|Error|error:' | tail -n 20
"$repo/scripts/check-lambda-odr.sh" "$repo/build/cuda" | tail -n 5

step() {  # step <seconds> <log name> command...
  local limit=$1 name=$2
  shift 2
  [ "$limit" -gt 0 ] || { echo "== $name: skipped"; return 0; }
  echo "== $name (limit $limit s)"
  timeout "$limit" "$@" >"$out/$name.log" 2>&1
  echo "== $name: exit $?"
  grep -E '^(tc|pm|partition|\| |\[)' "$out/$name.log" | cut -c1-160 | tail -n 24
}

# The partitioner gives the same partition on the GPU and on the host backend.
for target in device host; do
  flag=()
  [ "$target" = host ] && flag=(--host)
  timeout 60 "$repo/build/cuda/apps/tessera" partition "$TESSERA_DATA_DIR/hypergraphs/ispd98/ibm05.hgr.gz" \
    --preset Loihi-64 "${flag[@]}" --output "$out/ibm05-$target.part" --json | cut -c1-100
done
cmp -s "$out/ibm05-device.part" "$out/ibm05-host.part" && echo "ibm05 Loihi-64: identical partitions" ||
  echo "ibm05 Loihi-64: partitions DIFFER"
step "${LIMIT_PARTITION:-75}" bench-partition-ispd98 env OMP_NUM_THREADS=8 "$repo/build/cuda/bench/tessera_bench" \
  '--benchmark_filter=^partition/ispd98_(k2|loihi64)/' --benchmark_out="$out/partition-ispd98-h200.json" \
  --benchmark_out_format=json --benchmark_counters_tabular=true
# Neural-network hypergraphs, GPU beside the same code on one CPU thread.
step "${LIMIT_PARTITION_NN:-60}" bench-partition-nn env OMP_NUM_THREADS=1 "$repo/build/cuda/bench/tessera_bench" \
  '--benchmark_filter=^partition/nn_loihi64' --benchmark_out="$out/partition-nn-h200.json" \
  --benchmark_out_format=json --benchmark_counters_tabular=true
step "${LIMIT_DIST:-50}" bench-dist-1gpu env OMP_NUM_THREADS=4 "$repo/scripts/bench-dist-tc.sh" cuda --no-apt \
  "$repo/configs/experiments/tc-distributed-gpu-variants.yaml"
if [ "$gpus" -ge 2 ]; then
  step "${LIMIT_IPC:-120}" bench-dist-multi-gpu-ipc env KOKKOS_NUM_DEVICES="$gpus" OMP_NUM_THREADS=8 \
    "$repo/scripts/bench-dist-tc.sh" cuda --no-apt "$repo/configs/experiments/tc-multi-gpu.yaml"
  step "${LIMIT_MPI:-80}" bench-dist-multi-gpu-mpi env KOKKOS_NUM_DEVICES="$gpus" OMP_NUM_THREADS=8 \
    "$repo/scripts/bench-dist-tc.sh" cuda --no-apt "$repo/configs/experiments/tc-multi-gpu-mpi.yaml"
fi
step "${LIMIT_TC:-45}" bench-tc-real env TESSERA_BENCH_FILTER='^tc/(ego-Facebook|ca-HepPh|ca-AstroPh-cc1|email-Enron)/' \
  TESSERA_BENCH_TC_GRAPHS=ego-Facebook,ca-HepPh,ca-AstroPh-cc1,email-Enron \
  TESSERA_BENCH_TC_SERIAL_MAX_EDGES=2000000 "$repo/scripts/bench-tc.sh" cuda --no-apt
step "${LIMIT_MINING:-90}" bench-mining env TESSERA_SKIP_BUILD=1 TESSERA_BENCH_PM_HOST=0 TESSERA_BENCH_PM_ITERATIONS=1 \
  TESSERA_BENCH_PM_SCALES=20 TESSERA_BENCH_PM_GRAPHS=ego-Facebook,ca-HepPh \
  TESSERA_BENCH_FILTER='^pm/Cuda/(ego-Facebook|ca-HepPh)/|^pm/Cuda/kron20/(4-clique|diamond|5-clique)' \
  "$repo/scripts/bench-mining.sh" cuda
cp -r "$repo"/measurements/*h200* "$repo"/measurements/dist-tc-cuda-* "$out"/ 2>/dev/null || true
cp -r "$repo"/build/cuda/Testing/Temporary/LastTest.log "$out"/ 2>/dev/null || true
# One archive: the device tool returns a limited number of files.
tar czf "$repo/build/gpu-session.tgz" -C "$out" . && rm -rf "${out:?}"/* && mv "$repo/build/gpu-session.tgz" "$out"/

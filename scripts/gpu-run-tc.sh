#!/usr/bin/env bash
# One device session for triangle counting (what the H200 results in measurements came from):
# the CUDA build and the whole test suite (scripts/gpu-check.sh), then the TC benchmark on
# Kronecker scales and the shipped real graphs. Logs and results go to $OUT when set.
#
#   carry .deps/src and .data (scripts/setup-deps.sh --fetch-only; scripts/gpu-check.sh --stage-data)
#   scripts/gpu-run-tc.sh [scales (default 18,20,22,24)] [bench timeout s (default 300)]
#
# TESSERA_GPU_CHECK_FILTER: a ctest -R regex to run only some suites (default: all). The serial
# host count is only benchmarked (and used as the reference) up to
# TESSERA_BENCH_TC_SERIAL_MAX_EDGES edges (default here 2e6: it takes minutes beyond); above,
# counts are checked against Kokkos Kernels' and the real graphs against ground truth.
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$repo/build/gpu-run}
mkdir -p "$out"
export NCCL_NVLS_ENABLE=0
filter=()
[ -n "${TESSERA_GPU_CHECK_FILTER:-}" ] && filter=(-R "$TESSERA_GPU_CHECK_FILTER")
"$repo/scripts/gpu-check.sh" "${filter[@]}" 2>&1 | tail -n 60
export TESSERA_BENCH_TC_SERIAL_MAX_EDGES=${TESSERA_BENCH_TC_SERIAL_MAX_EDGES:-2000000}
export TESSERA_DATA_DIR=${TESSERA_DATA_DIR:-$repo/.data}
export TESSERA_BENCH_TC_SCALES=${1:-18,20,22,24}
export TESSERA_BENCH_TC_GRAPHS=${TESSERA_BENCH_TC_GRAPHS:-ego-Facebook,ca-HepPh,ca-AstroPh-cc1,email-Enron}
export TESSERA_BENCH_TC_KK_BLOCK_WEDGES=${TESSERA_BENCH_TC_KK_BLOCK_WEDGES:-1073741824}
timeout "${2:-300}" "$repo/scripts/bench-tc.sh" cuda --no-apt 2>&1 | tee "$out/bench-tc.log" | grep -vE '^\s*$' | tail -n 80
cp "$repo"/measurements/tc-*h200* "$out"/ 2>/dev/null || true

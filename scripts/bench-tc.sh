#!/usr/bin/env bash
# Triangle-counting benchmark: builds, runs every tessera::triangle_count variant x
# intersection, the Kokkos Kernels baseline and the serial count, and writes
#   measurements/tc-<device>-<date>.json   Google Benchmark JSON (with the build context)
#   measurements/tc-<device>-<date>.md     a short table and the exact command
#
#   scripts/bench-tc.sh [openmp|cuda] [--no-apt] [extra tessera_bench arguments...]
#
# --no-apt builds from already extracted dependency sources (the GPU machine; see gpu-check.sh).
#
# Environment (read by the benchmark): TESSERA_BENCH_TC_SCALES (default "16,18,20"; on a GPU
# e.g. "16,18,20,22,24"), TESSERA_DATA_DIR (adds the shipped real graphs),
# TESSERA_BENCH_TC_GRAPHS, TESSERA_BENCH_TC_MAX_EDGES, TESSERA_BENCH_TC_KK_BLOCK_WEDGES (wedges
# per SpGEMM call of the Kokkos Kernels spgemm_masked baseline). TESSERA_BENCH_FILTER overrides the
# benchmark filter (default: every non-smoke TC benchmark).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
preset=${1:-openmp}
[ $# -gt 0 ] && shift
build_args=()
if [ "${1:-}" = --no-apt ]; then
  build_args+=(--no-apt)
  shift
fi

"$repo/scripts/build.sh" "$preset" "${build_args[@]}" >&2
bench="$repo/build/$preset/bench/tessera_bench"
[ -x "$bench" ] || { echo "bench-tc: $bench was not built" >&2; exit 1; }

source "$repo/scripts/bench-common.sh"
device=$(device_slug "$preset")
stamp=$(date -u +%Y%m%d-%H%M%S)
out_dir="$repo/measurements"
mkdir -p "$out_dir"
base="$out_dir/tc-$device-$stamp"

filter=${TESSERA_BENCH_FILTER:-'^tc/'}
cmd=("$bench" "--benchmark_filter=$filter" "--benchmark_out=$base.json.partial" "--benchmark_out_format=json"
     "--benchmark_counters_tabular=true" "$@")
env_line="TESSERA_BENCH_TC_SCALES=${TESSERA_BENCH_TC_SCALES:-16,18,20} TESSERA_BENCH_TC_KK_BLOCK_WEDGES=${TESSERA_BENCH_TC_KK_BLOCK_WEDGES:-} TESSERA_DATA_DIR=${TESSERA_DATA_DIR:-} OMP_NUM_THREADS=${OMP_NUM_THREADS:-} OMP_PROC_BIND=${OMP_PROC_BIND:-}"
echo "bench-tc: $env_line ${cmd[*]}" >&2
"${cmd[@]}"
# Google Benchmark writes its JSON as it goes: only a finished run gets the final name.
mv "$base.json.partial" "$base.json"

python3 "$repo/scripts/bench_tc_table.py" "$base.json" "$base.md" "$env_line ${cmd[*]}"

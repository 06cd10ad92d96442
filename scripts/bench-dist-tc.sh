#!/usr/bin/env bash
# Distributed triangle-counting sweep: runs an experiment file with `tessera run` (each
# tc-distributed grid point is one mpiexec launch) and writes the records plus a markdown table
# of where the time goes (local / remote / wait, min-avg-max over ranks) to measurements.
#
#   scripts/bench-dist-tc.sh [openmp|cuda] [--no-apt] [config (default configs/experiments/tc-distributed-gpu.yaml)]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
preset=${1:-openmp}
[ $# -gt 0 ] && shift
build_args=()
if [ "${1:-}" = --no-apt ]; then
  build_args+=(--no-apt)
  shift
fi
config=${1:-$repo/configs/experiments/tc-distributed-gpu.yaml}
"$repo/scripts/build.sh" "$preset" "${build_args[@]}" >&2
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-4} OMP_PROC_BIND=${OMP_PROC_BIND:-false}
stamp=$(date -u +%Y%m%d-%H%M%S)
out="$repo/measurements/dist-tc-$preset-$stamp"
status=0
"$repo/build/$preset/apps/tessera" run "$config" --output "$out" || status=$?  # failed points are recorded
python3 "$repo/scripts/dist_tc_table.py" "$out/results.jsonl" "$out.md" \
  "OMP_NUM_THREADS=$OMP_NUM_THREADS scripts/bench-dist-tc.sh $preset ${config#$repo/}"
exit $status

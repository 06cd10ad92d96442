#!/usr/bin/env bash
# Builds the CUDA flavour from already extracted sources (no package manager needed) and runs
# the whole test suite with the CUDA backend. Used on the H200 machine, which reaches no
# package registry.
#
# On a machine with apt (once):
#   scripts/setup-deps.sh --fetch-only        # extracts Kokkos sources into .deps/src
#   scripts/gpu-check.sh --stage-data         # copies ../shared/data into .data (ignored)
# On the GPU machine, with .deps/src and .data carried into the checkout:
#   scripts/gpu-check.sh [ctest options...]
# Timings (dependency build, project build, tests) are printed at the end; with $OUT set, the
# logs are copied there.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ "${1:-}" = --stage-data ]; then
  src=${TESSERA_DATA_DIR:-$repo/../shared/data}
  [ -f "$src/graphs/ground_truth.csv" ] || { echo "gpu-check: no shared data at $src" >&2; exit 1; }
  rm -rf "$repo/.data" && cp -r "$src" "$repo/.data"
  echo "staged $(du -sh "$repo/.data" | cut -f1) of data in .data"
  exit 0
fi
export TESSERA_DEPS_DIR=${TESSERA_DEPS_DIR:-$repo/.deps}
export TESSERA_SRC_DIR=${TESSERA_SRC_DIR:-$repo/.deps/src}
[ -d "$repo/.data" ] && export TESSERA_DATA_DIR=${TESSERA_DATA_DIR:-$repo/.data}
export OMP_PROC_BIND=${OMP_PROC_BIND:-false}
export PATH=$PATH:/usr/local/cuda/bin
log_dir=$repo/build/gpu-check-logs
mkdir -p "$log_dir"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

t0=$(date +%s)
"$repo/scripts/setup-deps.sh" --backend cuda --no-apt 2>&1 | tee "$log_dir/deps.log"
t1=$(date +%s)
data_opt=()
[ -n "${TESSERA_DATA_DIR:-}" ] && data_opt=(-DTESSERA_DATA_DIR="$TESSERA_DATA_DIR")
"$repo/scripts/build.sh" cuda --no-apt "${data_opt[@]}" >"$log_dir/build.log" 2>&1 || { tail -50 "$log_dir/build.log"; exit 1; }
t2=$(date +%s)
status=0
# Every entry has a timeout (presets: 600 s; here TESSERA_CTEST_TIMEOUT, default 300 s), so a hung kernel cannot eat a device lease.
(cd "$repo" && ctest --preset cuda --timeout "${TESSERA_CTEST_TIMEOUT:-300}" --output-on-failure "$@") 2>&1 | tee "$log_dir/ctest.log" || status=$?
t3=$(date +%s)
echo "gpu-check timings: dependencies $((t1 - t0)) s, project build $((t2 - t1)) s, tests $((t3 - t2)) s"
[ -n "${OUT:-}" ] && cp "$log_dir"/*.log "$OUT"/ 2>/dev/null || true
exit $status

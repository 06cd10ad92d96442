#!/usr/bin/env bash
# The test command (README quick start, CI): installs and builds whatever is missing, then runs
# the whole suite with ctest. Real-data tests read TESSERA_DATA_DIR (default ../shared/data next
# to the repository) and are reported as skipped when it is absent.
#
#   scripts/test.sh [openmp|cuda|debug-asan] [--no-apt]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
preset=${1:-openmp}
"$repo/scripts/build.sh" "$@"
export OMP_PROC_BIND=${OMP_PROC_BIND:-false}
cd "$repo"
ctest --preset "$preset" -j "${TESSERA_TEST_JOBS:-1}"

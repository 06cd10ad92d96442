#!/usr/bin/env bash
# The main job on a built-in default (README quick start): installs and builds whatever is
# missing, then runs configs/default.yaml (triangle counting, mining and partitioning on small generated
# inputs, with a summary table at the end) and prints where the results are.
#
#   scripts/quickstart.sh [openmp|cuda] [extra `tessera run` options, e.g. --output DIR]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
preset=${1:-openmp}
[ $# -gt 0 ] && shift
"$repo/scripts/build.sh" "$preset" >&2
export OMP_PROC_BIND=${OMP_PROC_BIND:-spread} OMP_PLACES=${OMP_PLACES:-threads}
"$repo/build/$preset/apps/tessera" run "$repo/configs/default.yaml" "$@"

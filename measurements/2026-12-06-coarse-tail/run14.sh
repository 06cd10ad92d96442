#!/usr/bin/env bash
# Second device call of 2026-12-06 (sixth session, 494 device-seconds left): the coarse tail of
# 64k-rand with wide teams (core/kokkos_ext/wide_teams.hpp) in the proposals and gains, and the
# packing's heap fixed. No AxonCUDA build (nothing to compare it with in this call). Start
# detached from the repository root, carrying .devbin:
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run14.sh > /tmp/o/log 2>&1 < /dev/null &
set -u
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
TARGETS="apps/tessera tests/tessera_tests" bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 ||
  { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OMP_PROC_BIND=false
T=$PWD/.devbin/bin/tessera
"$T" --version | head -2
timeout 60 .devbin/bin/tessera_tests --source-file='*wide_proposals*,*pair_window*,*level_neighbors*' \
  --test-case-exclude='*OpenMP*,*Serial*' > "$o/tests-wide-cuda.log" 2>&1
stamp "wide tests exit $?"
timeout ${RAND_S:-120} "$T" partition nn:table1=64k-rand --preset Loihi-84 --progress --json \
  > "$o/64k-rand-wide.json" 2> "$o/64k-rand-wide.progress"
stamp "64k-rand exit $?"
stamp "all done"

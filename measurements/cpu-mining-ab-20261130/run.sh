#!/usr/bin/env bash
# Issue 12's CPU clause: the mining benchmark on the 2-core development machine, the commit the
# issue was measured on (11f699b, "today" then) against main, in one session, alternating
# A B A B so drift hits both. Both built with the `openmp` preset (same Kokkos install).
#   run.sh BASE_BENCH NEW_BENCH OUT_DIR
set -euo pipefail
base=$1 new=$2 out=$3
mkdir -p "$out"
export OMP_NUM_THREADS=2 OMP_PROC_BIND=false TESSERA_BENCH_PM_SCALES=10,12 \
       TESSERA_BENCH_PM_GRAPHS=ca-GrQc,email-Eu-core TESSERA_DATA_DIR=${TESSERA_DATA_DIR:?}
for round in 1 2; do
  for side in base new; do
    bin=$base; [ "$side" = new ] && bin=$new
    "$bin" --benchmark_filter='^pm/OpenMP/' --benchmark_out="$out/$side-$round.json" >/dev/null 2>"$out/$side-$round.err"
  done
done

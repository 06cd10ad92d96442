#!/usr/bin/env bash
# Device (from /work/main's copy): Kokkos CUDA, then the dedup test and the bench, built with nvcc_wrapper.
set -uo pipefail
root=$(pwd); src=$root/.deps/nbr; export PATH=$PATH:/usr/local/cuda/bin OMP_PROC_BIND=false
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
t0=$(date +%s)
if [ ! -x $root/.deps/install/cuda/bin/nvcc_wrapper ]; then
TESSERA_DEPS_DIR=$root/.deps TESSERA_SRC_DIR=$root/.deps/src scripts/setup-deps.sh --backend cuda --no-apt --jobs 16 > $OUT/deps.log 2>&1 || { tail -30 $OUT/deps.log; exit 1; }
fi
t1=$(date +%s); echo "deps $((t1-t0)) s"
P=$root/.deps/install/cuda; CXX=$P/bin/nvcc_wrapper
FL="-O3 -std=c++17 -I$src -isystem $P/include --expt-extended-lambda --expt-relaxed-constexpr -arch=sm_90 -fopenmp -DKOKKOS_DEPENDENCE"
LIBS="-L$P/lib -lkokkoscontainers -lkokkoscore -ldl"
cd $src/gpu
[ -x dedup_test ] || true
$CXX $FL bench.cpp $src/core/kokkos_ext/radix_sort.cpp $src/core/error.cpp -o bench $LIBS > $OUT/build-bench.log 2>&1 &
wait
t2=$(date +%s); echo "compile $((t2-t1)) s"; grep -m5 -B2 -A3 "error" $OUT/build-test.log | head -30; grep -m5 -A3 "error" $OUT/build-bench.log | head -20
[ -x dedup_test ] && timeout 120 ./dedup_test 2>&1 | tail -6
[ -x bench ] && timeout 240 ./bench 2>&1 | grep -v OMP_PROC | tail -8

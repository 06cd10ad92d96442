#!/usr/bin/env bash
# Builds and runs bench/algorithms/pattern_mining/mining_device_check.cpp, a self-contained check
# and timing of the mining engine that needs only a Kokkos install (no doctest, yaml-cpp, HDF5,
# Google Benchmark): for GPU machines without the project's test dependencies.
#
#   KOKKOS_ROOT=<kokkos install> scripts/mining-device-check.sh [program arguments...]
#     arguments: name=edges.txt ... (plain 'u v' lines), --truth ground_truth.csv, --kron 16,18,
#                --no-random
# CUDA installs are compiled with their nvcc_wrapper (-arch from the install), others with g++.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kokkos=${KOKKOS_ROOT:?set KOKKOS_ROOT to a Kokkos (+ Kokkos Kernels) install}
build=${MINING_CHECK_BUILD:-$repo/build/mining-device-check}
mkdir -p "$build"
sources=(
  algorithms/pattern_mining/pattern/pattern.cpp algorithms/pattern_mining/plan/analysis.cpp
  algorithms/pattern_mining/plan/search_plan.cpp algorithms/pattern_mining/plan/serial_plan_executor.cpp
  algorithms/pattern_mining/engine/engine_plan.cpp algorithms/pattern_mining/engine/engine.cpp
  algorithms/pattern_mining/apps/mine.cpp algorithms/pattern_mining/apps/motifs.cpp
  core/graph/orientation.cpp core/graph/builder.cpp core/error.cpp io/generators/random_graphs.cpp
  bench/algorithms/pattern_mining/mining_device_check.cpp)
if grep -q "define KOKKOS_ENABLE_CUDA$" "$kokkos/include/KokkosCore_config.h"; then
  cxx="$kokkos/bin/nvcc_wrapper"
  arch=$(grep -o -- '-arch=sm_[0-9]*' "$kokkos/lib/cmake/Kokkos/KokkosTargets.cmake" | head -n1)
  flags=(-expt-extended-lambda "$arch" -Xcompiler -fopenmp)
  export PATH=$PATH:/usr/local/cuda/bin
else
  cxx=${CXX:-g++}
  flags=(-fopenmp)
fi
objects=()
for s in "${sources[@]}"; do
  o="$build/$(echo "$s" | tr '/' '_').o"
  objects+=("$o")
  if [ ! -f "$o" ] || [ "$repo/$s" -nt "$o" ] || [ -n "$(find "$repo/algorithms/pattern_mining" "$repo/core" -name '*.hpp' -newer "$o" | head -n1)" ]; then
    "$cxx" -std=c++17 -O3 -DNDEBUG "${flags[@]}" -I"$repo" -I"$kokkos/include" -c "$repo/$s" -o "$o" &
  fi
  # at most $(nproc) compilers at once
  while [ "$(jobs -r | wc -l)" -ge "$(nproc)" ]; do wait -n; done
done
wait
"$cxx" -std=c++17 -O3 "${flags[@]}" "${objects[@]}" -L"$kokkos/lib" -lkokkoskernels -lkokkoscontainers -lkokkoscore -ldl \
  -o "$build/mining_device_check"
OMP_PROC_BIND=${OMP_PROC_BIND:-false} "$build/mining_device_check" "$@"

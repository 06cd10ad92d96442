#!/usr/bin/env bash
# Installs a built Tessera into a temporary prefix and builds and runs examples/consumer against
# it with find_package(Tessera), as another project would (issue 27): catches a target, header
# or dependency that the export misses. Two small programs; about a minute on two cores.
#
#   scripts/test-consumer.sh [BUILD_DIR]      (default build/openmp)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo/build/openmp}
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
[ -f "$build/CMakeCache.txt" ] || { echo "test-consumer.sh: no configured build in $build" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
kokkos_dir=$(cache Kokkos_DIR)
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
launcher=()
[ -n "$(cache CMAKE_CXX_COMPILER_LAUNCHER)" ] && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER="$(cache CMAKE_CXX_COMPILER_LAUNCHER)")
cmake -S "$repo/examples/consumer" -B "$work/build" "${generator[@]}" "${launcher[@]}" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$(cache CMAKE_CXX_COMPILER)" \
  -DCMAKE_PREFIX_PATH="$work/prefix;${kokkos_dir%/lib*/cmake/Kokkos}" >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log" >&2; echo "test-consumer.sh: find_package(Tessera) failed" >&2; exit 1; }
cmake --build "$work/build" -j "${TESSERA_BUILD_JOBS:-2}" >"$work/build.log" 2>&1 ||
  { cat "$work/build.log" >&2; echo "test-consumer.sh: the consumer did not build" >&2; exit 1; }
export OMP_PROC_BIND=${OMP_PROC_BIND:-false} OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}
"$work/build/count_triangles"
if grep -q '^TESSERA_ENABLE_MPI:BOOL=ON' "$build/CMakeCache.txt"; then
  [ -x "$work/build/count_triangles_mpi" ] || { echo "test-consumer.sh: Tessera::dist was not exported" >&2; exit 1; }
  "$work/build/count_triangles_mpi"
fi
echo "test-consumer.sh: examples/consumer built and ran against the installed Tessera"

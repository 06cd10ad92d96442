#!/usr/bin/env bash
# Installs what is missing (scripts/setup-deps.sh) and builds Tessera with a CMake preset.
#
#   scripts/build.sh [openmp|cuda|debug-asan|fuzz] [--no-apt] [extra cmake -D options...]
#
# TESSERA_DEPS_DIR (default <repo>/.deps) is where the dependency builds live; CI points it at
# a cache folder outside the clone.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
preset=${1:-openmp}
[ $# -gt 0 ] && shift
setup_args=()
cmake_args=()
for a in "$@"; do
  case "$a" in
    --no-apt) setup_args+=(--no-apt) ;;
    *) cmake_args+=("$a") ;;
  esac
done
case "$preset" in
  openmp|debug-asan|fuzz) backend=openmp ;;
  cuda) backend=cuda ;;
  *) echo "build.sh: unknown preset '$preset' (openmp, cuda, debug-asan, fuzz)" >&2; exit 2 ;;
esac
deps_dir=${TESSERA_DEPS_DIR:-$repo/.deps}
if [ -n "${Kokkos_ROOT:-}" ]; then
  kokkos_root=$Kokkos_ROOT
  TESSERA_DEPS_DIR=$deps_dir "$repo/scripts/setup-deps.sh" "${setup_args[@]}" >/dev/null
else
  kokkos_root=$(TESSERA_DEPS_DIR=$deps_dir "$repo/scripts/setup-deps.sh" --backend "$backend" "${setup_args[@]}" | tail -n 1)
fi
extra=(-DKokkos_ROOT="$kokkos_root")
[ "$backend" = cuda ] && extra+=(-DCMAKE_CXX_COMPILER="$kokkos_root/bin/nvcc_wrapper")
cd "$repo"
mkdir -p "$repo/build"
cmake --preset "$preset" "${extra[@]}" "${cmake_args[@]}" >"$repo/build/$preset.configure.log" 2>&1 || {
  cat "$repo/build/$preset.configure.log" >&2; exit 1; }
sed -n '/Tessera .* configuration/,/^-- $/p' "$repo/build/$preset.configure.log" >&2
cmake --build --preset "$preset" -j "${TESSERA_BUILD_JOBS:-$(nproc)}"

#!/usr/bin/env bash
# Builds a user-supplied Kokkos + Kokkos Kernels source release (e.g. 4.6.01) and runs the whole
# Tessera suite against it: the check behind the README's "Using your own Kokkos" table.
#
#   scripts/test-own-kokkos.sh KOKKOS_SRC KERNELS_SRC openmp|cuda [--deprecated on|off] [--work DIR]
#
# KOKKOS_SRC / KERNELS_SRC are unpacked source trees (for example `git archive 4.6.01` of
# github.com/kokkos/kokkos and kokkos/kokkos-kernels). They are fetched for testing only and
# never committed. Patches in cmake/patches/kokkos-<major>.<minor>/ are applied to a private
# copy when that folder exists: they are what the release needs for this machine's CUDA, not
# changes Tessera needs (see that folder's README). Kokkos Kernels is configured as the bundled
# build is (scripts/setup-deps.sh): no default ETI, no tests, examples or perf tests.
# Results go to WORK (default build/own-kokkos-<backend>): install/, the Tessera build, logs.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage() { echo "usage: $0 KOKKOS_SRC KERNELS_SRC openmp|cuda [--deprecated on|off] [--work DIR]" >&2; exit 2; }
[ $# -ge 3 ] || usage
kokkos_src=$(cd "$1" && pwd); kernels_src=$(cd "$2" && pwd); backend=$3; shift 3
deprecated=ON
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --deprecated) [ $# -ge 2 ] || usage; case "$2" in on) deprecated=ON ;; off) deprecated=OFF ;; *) usage ;; esac; shift 2 ;;
    --work) [ $# -ge 2 ] || usage; work=$2; shift 2 ;;
    *) usage ;;
  esac
done
case "$backend" in openmp|cuda) ;; *) usage ;; esac
work=${work:-$repo/build/own-kokkos-$backend}
mkdir -p "$work/logs"; work=$(cd "$work" && pwd)
jobs=${TESSERA_BUILD_JOBS:-$(nproc)}

version=$(sed -n 's/^ *set(Kokkos_VERSION_\(MAJOR\|MINOR\) \([0-9]*\)).*/\2/p' "$kokkos_src/CMakeLists.txt" | paste -sd.)
[ -n "$version" ] || { echo "$0: no Kokkos version found in $kokkos_src/CMakeLists.txt" >&2; exit 1; }
echo "Kokkos $version sources: $kokkos_src ($backend, deprecated code $deprecated)"

# Patch a private copy so the user's tree stays as it was.
if [ -d "$repo/cmake/patches/kokkos-$version" ]; then
  rm -rf "$work/src" && mkdir -p "$work/src"
  cp -r "$kokkos_src" "$work/src/kokkos"
  for p in "$repo/cmake/patches/kokkos-$version"/*.patch; do
    echo "applying $(basename "$p")"
    patch -d "$work/src" -p1 --quiet --forward < "$p"
  done
  kokkos_src=$work/src/kokkos
fi

prefix=$work/install
common=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17 -DCMAKE_INSTALL_PREFIX="$prefix"
        -DCMAKE_INSTALL_LIBDIR=lib)
kokkos_opts=(-DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_DEPRECATED_CODE_4="$deprecated")
compiler=()
if [ "$backend" = cuda ]; then
  kokkos_opts+=(-DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ARCH_HOPPER90=ON)
  compiler=(-DCMAKE_CXX_COMPILER="$kokkos_src/bin/nvcc_wrapper")
fi
step() {  # step NAME command...: runs quietly into logs/NAME.log, shows its tail on failure
  local name=$1; shift
  local t0=$SECONDS
  "$@" >"$work/logs/$name.log" 2>&1 || { tail -n 40 "$work/logs/$name.log" >&2; echo "$0: step $name failed" >&2; exit 1; }
  echo "$name: $((SECONDS - t0)) s"
}
step kokkos-configure cmake -S "$kokkos_src" -B "$work/kokkos" "${common[@]}" "${compiler[@]}" "${kokkos_opts[@]}"
step kokkos-build cmake --build "$work/kokkos" -j "$jobs" --target install
[ "$backend" = cuda ] && compiler=(-DCMAKE_CXX_COMPILER="$prefix/bin/nvcc_wrapper")
step kernels-configure cmake -S "$kernels_src" -B "$work/kernels" "${common[@]}" "${compiler[@]}" -DKokkos_ROOT="$prefix" \
  -DKokkosKernels_ADD_DEFAULT_ETI=OFF -DKokkosKernels_ENABLE_TESTS=OFF -DKokkosKernels_ENABLE_EXAMPLES=OFF \
  -DKokkosKernels_ENABLE_PERFTESTS=OFF
step kernels-build cmake --build "$work/kernels" -j "$jobs" --target install
step tessera-configure cmake -S "$repo" -B "$work/tessera" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT="$prefix" \
  "${compiler[@]}" ${TESSERA_DATA_DIR:+-DTESSERA_DATA_DIR="$TESSERA_DATA_DIR"}
step tessera-build cmake --build "$work/tessera" -j "$jobs"
export OMP_PROC_BIND=${OMP_PROC_BIND:-false}
ctest --test-dir "$work/tessera" -j "${TESSERA_TEST_JOBS:-1}" --timeout 600 --output-on-failure

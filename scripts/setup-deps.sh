#!/usr/bin/env bash
# Installs everything Tessera needs on a fresh Debian 12 / Ubuntu 24.04 machine and builds
# Kokkos + Kokkos Kernels 3.4.01 for one backend. Idempotent: every step is skipped when its
# result is already there.
#
#   scripts/setup-deps.sh [--backend openmp|cuda] [--no-apt] [--fetch-only] [--jobs N]
#     --fetch-only  install packages and extract the Kokkos sources, build nothing
#                   (prepares .deps/src for carrying to a machine without apt)
#
# Environment:
#   TESSERA_DEPS_DIR  where installs go (default: <repo>/.deps). CI points it outside the clone
#                     so the build is cached between runs.
#   TESSERA_SRC_DIR   where the Kokkos sources are extracted (default: <repo>/.deps/src). On the
#                     GPU machine this is the folder carried from a machine that has apt.
#   Kokkos_ROOT       a user's own Kokkos install: nothing is built, only checked.
#
# Kokkos and Kokkos Kernels 3.4.01 ship inside the distribution's trilinos 13.2 *source*
# package; it is fetched through a private apt configuration whose deb-src entries are
# derived from the machine's own apt sources (no host name is written here).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
backend=openmp
use_apt=1
fetch_only=0
jobs=$(nproc)
while [ $# -gt 0 ]; do
  case "$1" in
    --backend) backend=$2; shift 2 ;;
    --no-apt) use_apt=0; shift ;;
    --jobs) jobs=$2; shift 2 ;;
    --fetch-only) fetch_only=1; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup-deps: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$backend" in openmp|cuda) ;; *) echo "setup-deps: --backend must be openmp or cuda" >&2; exit 2 ;; esac

deps_dir=${TESSERA_DEPS_DIR:-$repo/.deps}
src_dir=${TESSERA_SRC_DIR:-$repo/.deps/src}
kokkos_version=3.4.01
log() { printf '[setup-deps] %s\n' "$*" >&2; }

# --- 1. distribution packages --------------------------------------------------------------
apt_packages=(cmake ninja-build g++ make pkg-config xz-utils libopenmpi-dev openmpi-bin
              libhdf5-dev libyaml-cpp-dev doctest-dev libbenchmark-dev liblz4-dev zlib1g-dev
              python3-matplotlib python3-yaml   # scripts/plot.py
              clang libclang-rt-dev libomp-dev) # the `fuzz` preset: libFuzzer, sanitizers, OpenMP for clang
install_packages() {
  local missing=()
  for p in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && { log "distribution packages present"; return; }
  log "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# --- 2. Kokkos sources from the trilinos source package ----------------------------------
# Writes deb-src twins of the machine's own apt sources (deb822 .sources and one-line .list).
write_deb_src_sources() {
  local out=$1
  mkdir -p "$out"
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] || continue
    sed -E 's/^Types:.*\bdeb\b.*$/Types: deb-src/' "$f" > "$out/$(basename "$f")"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] || continue
    sed -nE 's/^[[:space:]]*deb[[:space:]]+/deb-src /p' "$f" > "$out/$(basename "$f").list"
  done
}

fetch_kokkos_sources() {
  if [ -f "$src_dir/kokkos/CMakeLists.txt" ] && [ -f "$src_dir/kokkos-kernels/CMakeLists.txt" ]; then
    log "Kokkos sources present in $src_dir"; return
  fi
  if [ "$use_apt" = 0 ]; then
    echo "setup-deps: no Kokkos sources in $src_dir and --no-apt given; run this script on a machine with apt first and carry $src_dir" >&2
    exit 1
  fi
  local tmp; tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  write_deb_src_sources "$tmp/sources.list.d"
  mkdir -p "$tmp/lists/partial" "$tmp/dl"
  local apt_opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$tmp/sources.list.d"
                  -o "Dir::State::Lists=$tmp/lists" -o "APT::Get::List-Cleanup=false" -o "APT::Sandbox::User=root")
  log "fetching the trilinos source package index"
  apt-get "${apt_opts[@]}" update -qq
  log "downloading the trilinos source package"
  (cd "$tmp/dl" && apt-get "${apt_opts[@]}" source --download-only trilinos >/dev/null)
  local orig; orig=$(ls "$tmp"/dl/trilinos_*.orig.tar.* 2>/dev/null | head -n 1)
  [ -n "$orig" ] || { echo "setup-deps: the trilinos source package has no orig tarball" >&2; exit 1; }
  log "extracting packages/kokkos and packages/kokkos-kernels from $(basename "$orig")"
  rm -rf "$src_dir.tmp" && mkdir -p "$src_dir.tmp"
  tar -xf "$orig" -C "$src_dir.tmp" --strip-components=2 --wildcards \
      '*/packages/kokkos/*' '*/packages/kokkos-kernels/*'
  local v; v=$(sed -nE 's/.*Kokkos_VERSION_MAJOR ([0-9]+).*/\1/p' "$src_dir.tmp/kokkos/CMakeLists.txt" | head -n1)
  [ "$v" = 3 ] || { echo "setup-deps: unexpected Kokkos major version '$v' in the trilinos package" >&2; exit 1; }
  rm -rf "$src_dir/kokkos" "$src_dir/kokkos-kernels"
  mkdir -p "$src_dir"
  mv "$src_dir.tmp/kokkos" "$src_dir.tmp/kokkos-kernels" "$src_dir/"
  rm -rf "$src_dir.tmp"
}

# --- 3. patch, build and install one backend -----------------------------------------------
# Kokkos Kernels without explicit instantiations, and without the cuSPARSE/cuBLAS TPLs: CUDA 13
# removed the csrsv2 API that 3.4's sptrsv handle (included by every KokkosKernelsHandle) uses.
kk_options=(-DKokkosKernels_ADD_DEFAULT_ETI=OFF -DKokkosKernels_ENABLE_TESTS=OFF -DKokkosKernels_ENABLE_EXAMPLES=OFF
            -DKokkosKernels_ENABLE_TPL_CUSPARSE=OFF -DKokkosKernels_ENABLE_TPL_CUBLAS=OFF)
# The install key covers the patches and the build options, so changing either rebuilds.
patch_hash() { { cat "$repo"/cmake/patches/*.patch; echo "${kk_options[*]}"; } | sha256sum | cut -c1-12; }

# Patches are applied to a private copy of the sources so the carried tree stays pristine.
prepare_patched_tree() {
  local tree=$1
  rm -rf "$tree" && mkdir -p "$tree"
  cp -a "$src_dir/kokkos" "$src_dir/kokkos-kernels" "$tree/"
  local p
  for p in "$repo"/cmake/patches/*.patch; do
    log "applying $(basename "$p")"
    patch -d "$tree" -p1 --quiet --forward < "$p"
  done
}

build_kokkos() {
  local key="$kokkos_version-$backend-$(patch_hash)"
  local prefix="$deps_dir/install/$backend"
  if [ -f "$prefix/.tessera-key" ] && [ "$(cat "$prefix/.tessera-key")" = "$key" ]; then
    log "Kokkos $key already installed in $prefix"; return
  fi
  local work="$deps_dir/work/$backend"
  prepare_patched_tree "$work/src"
  local common=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17
                -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib)
  local backend_opts=(-DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_OPENMP=ON)
  if [ "$backend" = cuda ]; then
    command -v nvcc >/dev/null || { echo "setup-deps: --backend cuda needs nvcc on PATH" >&2; exit 1; }
    backend_opts+=(-DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON
                   -DKokkos_ARCH_HOPPER90=ON
                   -DCMAKE_CXX_COMPILER="$work/src/kokkos/bin/nvcc_wrapper")
  fi
  rm -rf "$prefix"
  log "building Kokkos ($backend)"
  cmake -S "$work/src/kokkos" -B "$work/build-kokkos" "${common[@]}" "${backend_opts[@]}" >"$work/kokkos-configure.log"
  cmake --build "$work/build-kokkos" -j "$jobs" >"$work/kokkos-build.log"
  cmake --install "$work/build-kokkos" >/dev/null
  log "building Kokkos Kernels ($backend, no explicit instantiations)"
  local kk_compiler=()
  [ "$backend" = cuda ] && kk_compiler=(-DCMAKE_CXX_COMPILER="$prefix/bin/nvcc_wrapper")
  cmake -S "$work/src/kokkos-kernels" -B "$work/build-kk" "${common[@]}" "${kk_compiler[@]}" \
        -DKokkos_ROOT="$prefix" "${kk_options[@]}" >"$work/kk-configure.log"
  cmake --build "$work/build-kk" -j "$jobs" >"$work/kk-build.log"
  cmake --install "$work/build-kk" >/dev/null
  echo "$key" > "$prefix/.tessera-key"
  rm -rf "$work"
  log "installed Kokkos $key into $prefix"
}

if [ -n "${Kokkos_ROOT:-}" ]; then
  [ -f "$Kokkos_ROOT/lib/cmake/Kokkos/KokkosConfig.cmake" ] || [ -f "$Kokkos_ROOT/lib64/cmake/Kokkos/KokkosConfig.cmake" ] \
    || { echo "setup-deps: Kokkos_ROOT=$Kokkos_ROOT holds no KokkosConfig.cmake" >&2; exit 1; }
  [ "$use_apt" = 1 ] && install_packages
  log "using the user's Kokkos at $Kokkos_ROOT"
  exit 0
fi
[ "$use_apt" = 1 ] && install_packages
fetch_kokkos_sources
[ "$fetch_only" = 1 ] && exit 0
build_kokkos
echo "$deps_dir/install/$backend"

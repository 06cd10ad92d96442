#!/usr/bin/env bash
# Builds the CUDA `tessera` and `tessera_tests` on the GPU machine (16 cores, no package
# registry) from the carried Kokkos sources (.devbin/kokkos-src.tar.xz, made here with
# `tar cf - -C $TESSERA_SRC_DIR/.. src | xz`), into build/cuda of the carried checkout, and copies
# them to .devbin/bin (SKIP_MAIN=1: that build is there already; TARGETS: other ninja targets). With CAP_TEAMS="12 16", then also builds `tessera` with the count kernels'
# launch bounds at that many teams of 128 threads per multiprocessor (40 and 32 registers per
# thread instead of 64) into .devbin/cap<registers>/: a measurement-only variant, the source is
# restored afterwards. Run from the repository root.
set -euo pipefail
repo=$(pwd)
export TESSERA_DEPS_DIR=$repo/.deps TESSERA_SRC_DIR=$repo/.deps/src PATH=$PATH:/usr/local/cuda/bin
# The device's copy of .git is not this clone's (runs 9 and 10 stamped b1d65b4-dirty on later
# trees): the commit comes from .devbin/commit, written here before the call with
#   { git rev-parse --short=12 HEAD; git status --porcelain --untracked-files=no | grep -q . && echo -dirty; } | tr -d '\n' > .devbin/commit
[ -s .devbin/commit ] && export TESSERA_GIT_COMMIT=$(cat .devbin/commit)
if [ -z "${SKIP_MAIN:-}" ]; then
[ -d .deps/src/kokkos ] || { mkdir -p .deps && tar xJf .devbin/kokkos-src.tar.xz -C .deps; }
kokkos=$(scripts/setup-deps.sh --backend cuda --no-apt --jobs "$(nproc)" | tail -n 1)
cmake --preset cuda -DKokkos_ROOT="$kokkos" -DCMAKE_CXX_COMPILER="$kokkos/bin/nvcc_wrapper" > build-cuda-configure.log 2>&1
targets=${TARGETS:-apps/tessera tests/tessera_tests}
ninja -C build/cuda -j "$(nproc)" $targets > build-cuda.log 2>&1 || { tail -40 build-cuda.log; exit 1; }
mkdir -p .devbin/bin && for t in $targets; do cp "build/cuda/$t" .devbin/bin/; done
echo "device-build: tessera built"
fi
kernel=algorithms/pattern_mining/engine/dfs_kernel.hpp
cp "$kernel" /tmp/dfs_kernel.hpp.orig
for teams in ${CAP_TEAMS:-}; do
  regs=$((65536 / (128 * teams) / 8 * 8))
  sed -i "s/Kokkos::LaunchBounds<128, [0-9]*>/Kokkos::LaunchBounds<128, $teams>/" "$kernel"
  ninja -C build/cuda -j "$(nproc)" apps/tessera > "build-cap$regs.log" 2>&1 || { tail -20 "build-cap$regs.log"; continue; }
  mkdir -p ".devbin/cap$regs" && cp build/cuda/apps/tessera ".devbin/cap$regs/"
  echo "device-build: cap$regs built"
done
cp /tmp/dfs_kernel.hpp.orig "$kernel"

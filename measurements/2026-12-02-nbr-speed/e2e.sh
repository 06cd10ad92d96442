#!/usr/bin/env bash
# Detached on the device: CUDA tessera after (this branch) and before (main's neighbors.hpp), then
# 256k-model, alexnet, 64k-model partitioned by both; results in /tmp/r.
set -uo pipefail
root=$1; repo=$root/.deps/nbr/repo; r=/tmp/r; mkdir -p $r
export PATH=$PATH:/usr/local/cuda/bin OMP_PROC_BIND=false
{
date +%T
[ -x $root/.deps/install/cuda/bin/nvcc_wrapper ] || TESSERA_DEPS_DIR=$root/.deps TESSERA_SRC_DIR=$root/.deps/src $root/scripts/setup-deps.sh --backend cuda --no-apt --jobs 16 > $r/deps.log 2>&1
echo deps done; date +%T
cd $repo
cmake --preset cuda -DKokkos_ROOT=$root/.deps/install/cuda -DCMAKE_CXX_COMPILER=$root/.deps/install/cuda/bin/nvcc_wrapper > $r/configure.log 2>&1 || { tail -20 $r/configure.log; exit 1; }
cmake --build build/cuda --target tessera -j16 > $r/build-after.log 2>&1 || { grep -m10 -A5 error $r/build-after.log; exit 1; }
cp build/cuda/apps/tessera $r/tessera-after; echo after built; date +%T
cp $root/.deps/nbr/old/neighbors.hpp $root/.deps/nbr/old/neighbor_batches.hpp algorithms/partitioning/coarsening/
cmake --build build/cuda --target tessera -j16 > $r/build-before.log 2>&1 || { grep -m10 -A5 error $r/build-before.log; exit 1; }
cp build/cuda/apps/tessera $r/tessera-before; echo before built; date +%T
for net in 256k-model alexnet 64k-model; do
  $r/tessera-after generate nn:table1=$net /tmp/$net.snn > /dev/null 2>&1
  for v in before after after before; do
    $r/tessera-$v partition /tmp/$net.snn --preset Loihi-64 --json --output $r/$net-$v.part > $r/$net-$v.json 2> $r/$net-$v.err
    echo "$net $v rc=$? $(tr -d '\n' < $r/$net-$v.json | cut -c1-900)"
  done
  cmp $r/$net-before.part $r/$net-after.part && echo "$net partitions identical"
done
echo ALLDONE; date +%T
} > $r/log.txt 2>&1

#!/usr/bin/env bash
# The last 4 device-minutes of the session (issue 28): the `tessera` target alone on CUDA, then
# G2Miner 2a76e3f (prebuilt, .peers/g2miner) and Tessera on the same three graphs, TC, 4-cliques
# and 4-cycles: one CLI run each (after the warm-up launch of 448161b) and a warm `tessera run`
# (one warm-up, 3 repetitions), 4-cycles with and without wedge aggregation. The graphs ride in
# the ignored .peers/gm (the .el.gz and their el2gm conversions, made on the CPU machine).
#   bash measurements/2026-12-02-pm-h200/mini-mining.sh OUT
set -u
out=${1:-/tmp/m}
mkdir -p "$out"
export PATH=$PATH:/usr/local/cuda/bin CUDA_VISIBLE_DEVICES=0 OMP_PROC_BIND=false
K=$(TESSERA_DEPS_DIR=$PWD/.deps TESSERA_SRC_DIR=$PWD/.deps/src scripts/setup-deps.sh --backend cuda --no-apt 2>"$out/deps.log" | tail -n 1)
cmake --preset cuda -DKokkos_ROOT="$K" -DCMAKE_CXX_COMPILER="$K/bin/nvcc_wrapper" >"$out/configure.log" 2>&1 &&
  cmake --build --preset cuda --target tessera -j 16 >"$out/build.log" 2>&1 || { echo "build failed"; tail -20 "$out/build.log"; exit 1; }
echo "built at $SECONDS s"
T=build/cuda/apps/tessera G=.peers/g2miner/g2miner
for g in ego-Facebook email-Enron cit-HepTh; do
  f=$PWD/.peers/gm/$g.el.gz p=$PWD/.peers/gm/$g
  timeout 30 "$G/tc_gpu_base" "$p" >"$out/g2m-tc-$g.log" 2>&1
  timeout 30 "$G/clique_gpu_base" "$p" 4 >"$out/g2m-4clique-$g.log" 2>&1
  timeout 30 "$G/sgl_gpu_base" "$p" rectangle >"$out/g2m-4cycle-$g.log" 2>&1
  timeout 30 "$T" tc "$f" --json >"$out/t-tc-$g.json" 2>&1
  timeout 30 "$T" cliques "$f" --k 4 --json >"$out/t-4clique-$g.json" 2>&1
  timeout 30 "$T" mine "$f" --pattern 4-cycle --json >"$out/t-4cycle-$g.json" 2>&1
  timeout 30 "$T" mine "$f" --pattern 4-cycle --disable wedge --json >"$out/t-4cycle-nowedge-$g.json" 2>&1
  {
    echo "name: warm-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"
    echo "  - {file: $f, name: $g}"; echo "tasks:"
    for t in "tc|" "cliques|k: 4" "mine|pattern: 4-cycle" "mine|pattern: 4-cycle, disable: wedge"; do
      printf '  - task: %s\n    params: {%s}\n' "${t%%|*}" "${t#*|}"
    done
  } >"$out/warm-$g.yaml"
  timeout 60 "$T" run "$out/warm-$g.yaml" --output "$out/warm/$g" >"$out/warm-$g.log" 2>&1
  echo "$g done at $SECONDS s"
done
# One archive: the device tool brings back a limited number of files (on 2026-12-02 it returned 8
# of this script's 33 and none of Tessera's JSON).
tar czf "$out.tgz" -C "$(dirname "$out")" "$(basename "$out")" && rm -rf "$out"

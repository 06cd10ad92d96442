#!/usr/bin/env bash
# The 2026-12-05 afternoon session's device run on one H200 (detached): measurements/2026-12-05-h200b's
# run (which never ran) plus the fixed-depth A/B (issue 28), from the repository root with .deps/src,
# .data and the peer kit .peers (G2Miner binaries in .peers/g2miner, el2gm, build-axon.sh +
# axon-src.tar.xz) carried:
#   mkdir -p /tmp/r && setsid nohup bash measurements/2026-12-05-pm-h200/device-run.sh >/tmp/r/log 2>&1 &
# build   Tessera's CUDA preset, AxonCUDA beside it
# ctest   the suite on CUDA (CTEST_LIMIT_S), then the lambda-ODR check
# mining  G2Miner beside Tessera on the 36 cells, then per graph the fixed-depth kernels against the
#         general ones (fixed_depth off), pivots off, forced wedges (tessera run, warm-up + 3 repetitions)
# snn     Table I networks beside AxonCUDA (NETS, SNN_BUDGET_S)
# dist    distributed TC, two ranks sharing the GPU (issue 26), when time is left
set -u
repo=$(pwd)
r=${R:-/tmp/r}
mkdir -p "$r"
export TESSERA_DEPS_DIR=$repo/.deps TESSERA_SRC_DIR=$repo/.deps/src TESSERA_DATA_DIR=$repo/.data
export OMP_PROC_BIND=false CUDA_VISIBLE_DEVICES=0 NCCL_NVLS_ENABLE=0 PATH=$PATH:/usr/local/cuda/bin
t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
settle() { pkill -KILL -f "$repo/build/cuda/apps/tessera" 2>/dev/null; pkill -KILL -f 'mpiexec|ctest|hgraph_gpu' 2>/dev/null; sleep 1; true; }
steps=${STEPS:-"ctest mining snn dist"}
want() { [[ " $steps " == *" $1 "* ]]; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
echo "commit ${TESSERA_GIT_COMMIT:-?}"
axon_dir=/tmp/peers-work/axon
want snn && ( bash .peers/build-axon.sh "$axon_dir" >"$r/axon-build.log" 2>&1; echo "axon build exit $?" >>"$r/axon-build.log" ) &
stamp build
scripts/build.sh cuda --no-apt -DTESSERA_DATA_DIR="$TESSERA_DATA_DIR" >"$r/build.log" 2>&1 || { stamp "build FAILED"; grep -m5 -B2 -A8 'error' "$r/build.log"; exit 1; }
T=$repo/build/cuda/apps/tessera
stamp built
nets=${NETS:-"lenet 16k-model 16k-rand 64k-model alexnet 256k-model 64k-rand"}
mkdir -p "$r/snn/snn" "$r/snn/logs"
cp "$T" /tmp/tessera-gen
want snn && ( for n in $nets; do timeout 120 /tmp/tessera-gen generate "nn:table1=$n" "$r/snn/snn/$n.snn" --json >"$r/snn/logs/generate-$n.json" 2>&1; done ) &
gen_pid=$!
if want ctest; then
  (cd "$repo" && timeout "${CTEST_LIMIT_S:-170}" ctest --preset cuda -j "${CTEST_JOBS:-8}" --timeout 150 --output-on-failure ${CTEST_ARGS:-}) >"$r/ctest.log" 2>&1
  rc=$?; settle
  stamp "ctest exit $rc: $(grep -E 'tests passed|tests failed' "$r/ctest.log")"
  grep -E '\*\*\*Failed|Timeout|Not Run' "$r/ctest.log" | head
  scripts/check-lambda-odr.sh "$repo/build/cuda" >"$r/lambda-odr.log" 2>&1; stamp "lambda-odr exit $?"
fi
for i in $(seq "${GEN_WAIT_S:-60}"); do kill -0 "$gen_pid" 2>/dev/null || break; sleep 1; done
pkill -KILL -f /tmp/tessera-gen; stamp "networks generated: $(ls "$r/snn/snn" | tr '\n' ' ')"
if want mining; then
  graphs="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
  PEERS_G2M_DIR=$repo/.peers/g2miner PEERS_REAL="$graphs" PEERS_PATTERN_GRAPHS="$graphs kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
    PEERS_BUDGET_S=${PEERS_BUDGET_S:-200} timeout 300 scripts/bench-vs-peers.sh "$T" "$repo/.peers" "$TESSERA_DATA_DIR" "$r/vs-peers" >"$r/vs-peers.log" 2>&1
  stamp "mining vs G2Miner exit $?"; settle
  # Fixed depth on (default) and off, pivots off, the wedge rule against forced wedges.
  mkdir -p "$r/ab"
  for g in $graphs kron20; do
    case $g in kron20) f=/tmp/peers-work/el/kron20.h5 ;; *) f=$TESSERA_DATA_DIR/graphs/snap/$g.el.gz ;; esac
    { echo "name: ab-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"; echo "  - {file: $f, name: $g}"; echo "tasks:"
      for k in 4 5; do printf '  - task: cliques\n    params: {k: %s}\n  - task: cliques\n    params: {k: %s, fixed_depth: "off"}\n' $k $k; done
      printf '  - task: cliques\n    params: {k: 4, pivots: -1}\n'
      for p in diamond 4-cycle; do printf '  - task: mine\n    params: {pattern: %s}\n  - task: mine\n    params: {pattern: %s, fixed_depth: "off"}\n' $p $p; done
      printf '  - task: mine\n    params: {pattern: 4-cycle, wedge: "on"}\n'
      printf '  - task: motifs\n    params: {k: 4}\n  - task: motifs\n    params: {k: 4, fixed_depth: "off"}\n'
    } >"$r/ab/$g.yaml"
    timeout 60 "$T" run "$r/ab/$g.yaml" --output "$r/ab/$g" >"$r/ab/$g.log" 2>&1
  done
  stamp "mining A/B done"; settle
fi
if want snn; then
  for i in $(seq 60); do grep -q '^axon build exit' "$r/axon-build.log" 2>/dev/null && break; sleep 2; done
  axon=$(grep -m1 'hgraph_gpu.exe$' "$r/axon-build.log" || echo -)
  stamp "axon: $axon"
  WORK=$r/snn/snn LIMIT_S=${SNN_LIMIT_S:-60} BUDGET_S=${SNN_BUDGET_S:-200} \
    scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$r/snn" $nets >"$r/snn.log" 2>&1
  stamp "snn exit $?"; settle
fi
if want dist; then
  timeout "${DIST_LIMIT_S:-90}" bash measurements/2026-12-02-dist-setup/h200-two-ranks-one-gpu.sh "$repo/build/cuda" >"$r/dist-h200.jsonl" 2>"$r/dist.log"
  stamp "dist exit $?"; settle
fi
stamp "all done"

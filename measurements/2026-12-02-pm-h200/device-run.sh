#!/usr/bin/env bash
# The afternoon session's one detached device run on one H200 (issues 23-28), from the repository
# root with .deps/src, .data and the peer kit .peers carried (../shared/peers/PREPARE.md):
#   mkdir -p /tmp/r && setsid nohup bash measurements/2026-12-02-pm-h200/device-run.sh >/tmp/r/log 2>&1 &
# Steps, in order, each under its own limit, results in /tmp/r as they are made:
#   build   Tessera's CUDA preset; AxonCUDA builds beside it (G2Miner comes prebuilt in .peers)
#   ctest   the suite on CUDA, 4 entries at a time, while the Table I networks are generated
#   mining  G2Miner beside Tessera on the 36 cells, then 655fd1c against this commit on the small
#           graphs (ab-655fd1c.sh); the host otherwise idle (the morning's round 2 ran beside the
#           network generation)
#   snn     Table I networks and ISPD98 ibm01-09, Tessera and AxonCUDA on the same files
#   kway    k-way ISPD98 and its 16x augmentation (issue 25), when its script exists
#   dist    distributed TC, two ranks sharing the GPU (issue 26)
#   fsm     Table 8 (issue 27)
# STEPS (default all but build, which always runs) picks steps.
set -u
repo=$(pwd)
r=${R:-/tmp/r}
mkdir -p "$r"
export TESSERA_DEPS_DIR=$repo/.deps TESSERA_SRC_DIR=$repo/.deps/src TESSERA_DATA_DIR=$repo/.data
export OMP_PROC_BIND=false CUDA_VISIBLE_DEVICES=0 NCCL_NVLS_ENABLE=0 PATH=$PATH:/usr/local/cuda/bin
t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
# `timeout` ends a step's shell, not what it started: after every step nothing may survive.
settle() { pkill -KILL -f "$repo/build/cuda/apps/tessera" 2>/dev/null; pkill -KILL -f 'mpiexec|ctest|hgraph_gpu' 2>/dev/null; sleep 1; true; }
steps=${STEPS:-"ctest mining snn kway dist fsm"}
want() { [[ " $steps " == *" $1 "* ]]; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
echo "commit ${TESSERA_GIT_COMMIT:-?}"
axon_dir=/tmp/peers-work/axon
( bash .peers/build-axon.sh "$axon_dir" >"$r/axon-build.log" 2>&1; echo "axon build exit $?" >>"$r/axon-build.log" ) &
stamp "build"
scripts/build.sh cuda --no-apt -DTESSERA_DATA_DIR="$TESSERA_DATA_DIR" >"$r/build.log" 2>&1 || { stamp "build FAILED"; grep -m5 -B2 -A8 'error' "$r/build.log"; exit 1; }
T=$repo/build/cuda/apps/tessera
stamp "built"
# 655fd1c's tessera beside it, for the quiet 4-cycle A/B of the mining step.
kroot=$(scripts/setup-deps.sh --backend cuda --no-apt 2>/dev/null | tail -n 1)
( bash measurements/2026-12-02-pm-h200/ab-655fd1c.sh build "$kroot" "$repo/.peers/ab/655fd1c.tar.xz" /tmp/ab655-src >"$r/ab655-build.log" 2>&1 ) &
ab_pid=$!
nets=${NETS:-"lenet 16k-model 16k-rand 64k-model alexnet 256k-model mobilenet vgg11 allen-v1 64k-rand 256k-rand 1M"}
mkdir -p "$r/snn/snn" "$r/snn/logs"
( for n in $nets; do timeout 120 "$T" generate "nn:table1=$n" "$r/snn/snn/$n.snn" --json >"$r/snn/logs/generate-$n.json" 2>&1; done ) &
gen_pid=$!
if want ctest; then
  (cd "$repo" && timeout "${CTEST_LIMIT_S:-300}" ctest --preset cuda -j4 --timeout 200 --output-on-failure) >"$r/ctest.log" 2>&1
  rc=$?; settle
  stamp "ctest exit $rc: $(grep -E 'tests passed|tests failed' "$r/ctest.log")"
  grep -E '\*\*\*Failed|Timeout|Not Run' "$r/ctest.log" | head
  scripts/check-lambda-odr.sh "$repo/build/cuda" >"$r/lambda-odr.log" 2>&1; stamp "lambda-odr exit $?"
fi
wait "$gen_pid"; stamp "networks generated: $(ls "$r/snn/snn" | tr '\n' ' ')"
if want mining; then
  graphs="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
  PEERS_REAL="$graphs" PEERS_PATTERN_GRAPHS="$graphs kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
    PEERS_BUDGET_S=200 timeout 330 scripts/bench-vs-peers.sh "$T" "$repo/.peers" "$TESSERA_DATA_DIR" "$r/vs-peers" >"$r/vs-peers.log" 2>&1
  stamp "mining vs G2Miner exit $?"; settle
  wait "$ab_pid"
  old=$(tail -n 1 "$r/ab655-build.log")
  stamp "655fd1c build: $old"
  if [ -x "$old" ]; then
    timeout "${AB_LIMIT_S:-120}" bash measurements/2026-12-02-pm-h200/ab-655fd1c.sh run "$old" "$T" "$TESSERA_DATA_DIR" "$r/ab655" >"$r/ab655.log" 2>&1
    stamp "A/B 655fd1c exit $?"; settle
    for side in old new; do
      python3 measurements/2026-12-02-mining-kernel/ab-summary.py "$r/ab655/$side" >"$r/ab655-$side.csv" 2>&1
    done
  fi
fi
if want snn; then
  for i in $(seq 60); do grep -q '^axon build exit' "$r/axon-build.log" 2>/dev/null && break; sleep 2; done
  axon=$(grep -m1 'hgraph_gpu.exe$' "$r/axon-build.log" || echo -)
  stamp "axon: $axon"
  WORK=$r/snn/snn LIMIT_S=${SNN_LIMIT_S:-60} BUDGET_S=$(( SECONDS + ${SNN_BUDGET_S:-420} )) \
    scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$r/snn" $nets >"$r/snn.log" 2>&1
  stamp "snn exit $?"; settle
  TESSERA=$T AXON=$axon bash measurements/2026-12-02-pm-h200/ispd-vs-axoncuda.sh "$TESSERA_DATA_DIR" "$r/ispd" >"$r/ispd.log" 2>&1
  stamp "ispd exit $?"; settle
fi
if want kway && [ -f measurements/2026-12-02-kway/device.sh ]; then
  timeout "${KWAY_LIMIT_S:-120}" bash measurements/2026-12-02-kway/device.sh "$T" "$r/kway" >"$r/kway.log" 2>&1
  stamp "kway exit $?"; settle
fi
if want dist; then
  timeout "${DIST_LIMIT_S:-100}" bash measurements/2026-12-02-dist-setup/h200-two-ranks-one-gpu.sh "$repo/build/cuda" >"$r/dist-h200.jsonl" 2>"$r/dist.log"
  stamp "dist exit $?"; settle
fi
if want fsm; then
  timeout "${FSM_LIMIT_S:-60}" scripts/reproduce.sh g2miner-pattern-mining-gpu table8-fsm --tessera "$T" --output "$r/fsm/table8-fsm" >"$r/fsm.log" 2>&1
  stamp "fsm exit $?"; settle
fi
stamp "all done"

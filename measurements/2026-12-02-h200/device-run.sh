#!/usr/bin/env bash
# The session's one detached device run on one H200 (issues 23, 26, 27, 28), from the repository
# root with .deps/src, .data and the peer kit .peers carried (../shared/peers/PREPARE.md):
#   setsid nohup bash measurements/2026-12-02-h200/device-run.sh >/tmp/r/log 2>&1 &
# Steps, in priority order, each under its own limit, results in /tmp/r as they are made:
#   build     Tessera's CUDA preset (AxonCUDA builds beside it)
#   ctest     the whole suite on CUDA (the Table I networks are generated meanwhile)
#   mining    G2Miner beside Tessera on the 36 cells (scripts/bench-vs-peers.sh) + A/B sweep
#   snn       Table I networks, Tessera and AxonCUDA on the same .snn files
#   dist      distributed TC, two ranks sharing the GPU
#   fsm       Table 8 (FSM)
# STEPS (default "ctest mining snn dist fsm") picks steps.
set -u
repo=$(pwd)
r=${R:-/tmp/r}
mkdir -p "$r"
export TESSERA_DEPS_DIR=$repo/.deps TESSERA_SRC_DIR=$repo/.deps/src TESSERA_DATA_DIR=$repo/.data
export OMP_PROC_BIND=false CUDA_VISIBLE_DEVICES=0 NCCL_NVLS_ENABLE=0 PATH=$PATH:/usr/local/cuda/bin
t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
# `timeout` ends a step's shell, not the tessera, mpiexec or ctest it started: on 2026-12-02 a cut
# A/B left a kron20 sweep running on the GPU beside the SNN step (4-8x slower times). After every
# step nothing it started may survive.
settle() { pkill -KILL -f "$repo/build/cuda/apps/tessera" 2>/dev/null; pkill -KILL -f 'mpiexec|ctest' 2>/dev/null; sleep 1; true; }
steps=${STEPS:-"ctest mining snn dist fsm"}
want() { [[ " $steps " == *" $1 "* ]]; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
echo "commit ${TESSERA_GIT_COMMIT:-?}"
axon_dir=/tmp/peers-work/axon
( bash .peers/build-axon.sh "$axon_dir" >"$r/axon-build.log" 2>&1; echo "axon build exit $?" >>"$r/axon-build.log" ) &
axon_pid=$!
stamp "build"
scripts/build.sh cuda --no-apt -DTESSERA_DATA_DIR="$TESSERA_DATA_DIR" >"$r/build.log" 2>&1 || { stamp "build FAILED"; grep -m5 -B2 -A8 'error' "$r/build.log"; exit 1; }
T=$repo/build/cuda/apps/tessera
stamp "built"
# The Table I networks are generated (CPU) while the suite runs, in the folder the SNN step reads.
nets="lenet 16k-model 16k-rand 64k-model alexnet 256k-model mobilenet vgg11 64k-rand 256k-rand allen-v1 1M"
mkdir -p "$r/snn/snn" "$r/snn/logs"
( for n in $nets; do timeout 150 "$T" generate "nn:table1=$n" "$r/snn/snn/$n.snn" --json >"$r/snn/logs/generate-$n.json" 2>&1; done ) &
gen_pid=$!
if want ctest; then
  (cd "$repo" && timeout "${CTEST_LIMIT_S:-480}" ctest --preset cuda --timeout 200 --output-on-failure) >"$r/ctest.log" 2>&1
  settle
  stamp "ctest exit $?: $(grep -E 'tests passed|tests failed' "$r/ctest.log")"
  grep -E '\*\*\*Failed|Timeout|Not Run' "$r/ctest.log" | head
  scripts/check-lambda-odr.sh "$repo/build/cuda" >"$r/lambda-odr.log" 2>&1; stamp "lambda-odr exit $?"
fi
if want mining; then
  graphs="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
  PEERS_REAL="$graphs" PEERS_PATTERN_GRAPHS="$graphs kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
    PEERS_BUDGET_S=200 timeout 330 scripts/bench-vs-peers.sh "$T" "$repo/.peers" "$TESSERA_DATA_DIR" "$r/vs-peers" >"$r/vs-peers.log" 2>&1
  stamp "mining vs G2Miner exit $?"; settle
  timeout "${AB_LIMIT_S:-100}" bash measurements/2026-12-02-mining-kernel/ab-run.sh "$T" "$TESSERA_DATA_DIR" "$r/mining-ab" /tmp/peers-work/el/kron20.h5 >"$r/mining-ab.log" 2>&1
  stamp "mining A/B exit $?"; settle
  python3 measurements/2026-12-02-mining-kernel/ab-summary.py "$r/mining-ab" >"$r/mining-ab-summary.csv" 2>&1
fi
if want snn; then
  wait "$gen_pid"
  stamp "networks generated"
  # Every network through Tessera first, then AxonCUDA (the paper's options) on the same files.
  LIMIT_S=${SNN_LIMIT_S:-100} BUDGET_S=$(( SECONDS + ${SNN_TESSERA_S:-200} )) TOOLS=tessera \
    scripts/bench-snn-vs-axoncuda.sh "$T" - "$r/snn" $nets >"$r/snn-tessera.log" 2>&1
  stamp "snn tessera exit $?"; settle
  wait "$axon_pid"
  axon=$(tail -n 3 "$r/axon-build.log" | grep -m1 'hgraph_gpu.exe$' || echo -)
  stamp "axon: $axon"
  LIMIT_S=${SNN_LIMIT_S:-100} BUDGET_S=$(( SECONDS + ${SNN_AXON_S:-200} )) TOOLS=axoncuda \
    scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$r/snn" $nets >"$r/snn-axon.log" 2>&1
  stamp "snn axoncuda exit $?"; pkill -KILL -f hgraph_gpu.exe; settle
fi
if want dist; then
  timeout "${DIST_LIMIT_S:-100}" bash measurements/2026-12-02-dist-setup/h200-two-ranks-one-gpu.sh "$repo/build/cuda" >"$r/dist-h200.jsonl" 2>"$r/dist.log"
  stamp "dist exit $?"; settle
fi
if want fsm; then
  timeout "${FSM_LIMIT_S:-60}" scripts/reproduce.sh g2miner-pattern-mining-gpu table8-fsm --tessera "$T" --output "$r/fsm/table8-fsm" >"$r/fsm.log" 2>&1
  stamp "fsm exit $?"
fi
stamp "all done"

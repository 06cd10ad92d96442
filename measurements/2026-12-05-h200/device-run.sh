#!/usr/bin/env bash
# The 2026-12-05 session's first detached device run on one H200, from the repository root with
# .deps/src, .data and the peer kit .peers (build-axon.sh, axon-src.tar.xz) carried:
#   mkdir -p /tmp/r && TESSERA_GIT_COMMIT=... setsid nohup bash measurements/2026-12-05-h200/device-run.sh >/tmp/r/log 2>&1 &
# 1. The afternoon script of 2026-12-02 with its ctest, snn and kway steps: CUDA build, the whole
#    suite on CUDA, all twelve Table I networks beside AxonCUDA (the ones never partitioned before,
#    64k-rand, 256k-rand and 1M, right after the six small ones), the k-way ISPD98 times.
# 2. The mining switches A/B of measurements/2026-12-02-mining-kernel (never run on a GPU) on the
#    three small graphs, plus 4-cycles with smaller wedge-counter budgets (issue 28: which switch or
#    fixed cost makes 4-cycles 2-8x slower than G2Miner there).
# 3. allen-v1 and vgg11 through Tessera alone with --weight-penalty auto (AxonCUDA timed out on
#    both at 90 s on 2026-12-02 and in step 1).
set -u
r=${R:-/tmp/r}
export TESSERA_DATA_DIR=$PWD/.data
mkdir -p "$r"
STEPS="ctest snn kway" ISPD=0 CTEST_JOBS=${CTEST_JOBS:-8} CTEST_LIMIT_S=${CTEST_LIMIT_S:-200} \
  NETS=${NETS:-"lenet 16k-model 16k-rand 64k-model alexnet 256k-model 64k-rand 256k-rand 1M mobilenet vgg11 allen-v1"} \
  SNN_LIMIT_S=${SNN_LIMIT_S:-90} SNN_BUDGET_S=${SNN_BUDGET_S:-400} KWAY_LIMIT_S=${KWAY_LIMIT_S:-90} \
  bash measurements/2026-12-02-pm-h200/device-run.sh
T=build/cuda/apps/tessera
if [ "${MINING:-1}" = 1 ] && [ -x "$T" ]; then
  echo "[mining] start $(date -u +%T)"
  GRAPHS="${AB_GRAPHS:-ego-Facebook email-Enron cit-HepTh}" timeout "${AB_LIMIT_S:-100}" \
    bash measurements/2026-12-02-mining-kernel/ab-run.sh "$T" "$TESSERA_DATA_DIR" "$r/ab" >"$r/ab.log" 2>&1
  python3 measurements/2026-12-02-mining-kernel/ab-summary.py "$r/ab" >"$r/ab-summary.csv" 2>&1
  for g in ego-Facebook email-Enron cit-HepTh; do
    {
      echo "name: wedge-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"
      echo "  - {file: $TESSERA_DATA_DIR/graphs/snap/$g.el.gz, name: $g}"; echo "tasks:"
      for mb in 0 1024 128 16; do printf '  - task: mine\n    params: {pattern: 4-cycle, wedge-mb: %s}\n' $mb; done
    } >"$r/wedge-$g.yaml"
    timeout 60 "$T" run "$r/wedge-$g.yaml" --output "$r/wedge/$g" >"$r/wedge-$g.log" 2>&1
  done
  echo "[mining] done $(date -u +%T)"
fi
echo "[auto] allen-v1 with --weight-penalty auto"
WORK=$r/snn/snn TOOLS=tessera TESSERA_OPTS="--weight-penalty auto" LIMIT_S=${AUTO_LIMIT_S:-120} \
  scripts/bench-snn-vs-axoncuda.sh build/cuda/apps/tessera - "$r/snn-auto" ${AUTO_NETS:-allen-v1} >"$r/snn-auto.log" 2>&1
echo "[auto] exit $? $(date -u +%T)"

#!/usr/bin/env bash
# One detached device run (issue 28): CUDA build of this checkout, G2Miner beside Tessera on the
# 36 cells (6 apps x ego-Facebook, ca-HepPh, email-Enron, wiki-Vote, cit-HepTh, kron20), then
# the engine's launch switches on the clique, 4-cycle and triangle cells. Run from the repository
# root on the H200 with .deps/src, .data and the peer kit (.peers, ../shared/peers/PREPARE.md)
# carried:
#   setsid nohup bash measurements/2026-12-02-g2miner/device-run.sh >/tmp/r/log 2>&1 &
# Results go to /tmp/r as they are made (vs-peers/, sweep/*.jsonl).
set -u
repo=$(pwd)
r=${R:-/tmp/r}
mkdir -p "$r"
export TESSERA_DEPS_DIR=$repo/.deps TESSERA_SRC_DIR=$repo/.deps/src TESSERA_DATA_DIR=$repo/.data
export OMP_PROC_BIND=false CUDA_VISIBLE_DEVICES=0 PATH=$PATH:/usr/local/cuda/bin
t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
git rev-parse --short=12 HEAD 2>/dev/null || echo "${TESSERA_GIT_COMMIT:-?}"
stamp "build"
scripts/build.sh cuda --no-apt -DTESSERA_DATA_DIR="$TESSERA_DATA_DIR" >"$r/build.log" 2>&1 || { stamp "build FAILED"; tail -40 "$r/build.log"; exit 1; }
T=$repo/build/cuda/apps/tessera
stamp "built"
graphs=${GRAPHS:-"ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"}
PEERS_REAL="$graphs" PEERS_PATTERN_GRAPHS="$graphs kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=${PEERS_BUDGET_S:-240} timeout 420 scripts/bench-vs-peers.sh "$T" "$repo/.peers" "$TESSERA_DATA_DIR" "$r/vs-peers" >"$r/vs-peers.log" 2>&1
stamp "vs-peers done (exit $?)"
[ "${SWEEP:-1}" = 1 ] || exit 0
# The launch switches, each cell with one warm-up and 3 repetitions (kernel time_s).
S=$TESSERA_DATA_DIR/graphs/snap
variants() {  # $1 params, $2 task
  for v in "" ", register-cap: \"on\"" ", narrow-max: 16, narrow-lanes: 8" ", narrow-max: 16, narrow-lanes: 8, register-cap: \"on\"" \
           ", narrow-max: 32, narrow-lanes: 4, register-cap: \"on\"" ", lanes: 16" ", lanes: 8"; do
    printf '  - task: %s\n    params: {%s%s}\n' "$2" "$1" "$v"
  done
}
mkdir -p "$r/sweep"
for g in $graphs kron20; do
  { echo "name: sweep-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"
    if [ "$g" = kron20 ]; then echo "  - {file: /tmp/peers-work/el/kron20.h5, name: kron20}"
    else echo "  - {file: $S/$g.el.gz, name: $g}"; fi
    echo "tasks:"
    variants "k: 4" cliques; variants "k: 5" cliques; variants "pattern: 4-cycle" mine
    echo "  - task: tc"; echo "    params: {}"
  } >"$r/sweep/$g.yaml"
  timeout 60 "$T" run "$r/sweep/$g.yaml" --output "$r/sweep/$g" >"$r/sweep/$g.log" 2>&1
  stamp "sweep $g (exit $?)"
done
stamp "all done"

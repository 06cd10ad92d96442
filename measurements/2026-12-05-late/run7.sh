#!/usr/bin/env bash
# Third device run of the 2026-12-05 late session: run 6's change with the mining engine's count
# scalar kept by its launcher (run 6 allocated one per launch: one-shot cliques 1.00-1.08x the
# time of main). `tessera` is this change, `old/tessera` main a9b58f5. Results in /tmp/o:
#   cliques-*.jsonl    one-shot `tessera cliques --k 4|5 --json`, old against new, three rounds
#   vs-peers/          the 36 cells beside G2Miner (scripts/bench-vs-peers.sh), new binary
#   tests-cuda.log     the CUDA unit tests of the mining engine, triangle counting and set_ops
# Started detached from the repository root: setsid nohup bash .devbin/run7.sh >/tmp/o/log 2>&1 &
set -u
repo=$(pwd)
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
[ -f old.tar.xz ] && [ ! -x old/tessera ] && { mkdir -p old && tar xJf old.tar.xz -C old; }
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
T=$PWD/tessera O=$PWD/old/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
for round in 1 2 3; do for g in $snap; do for b in old new; do bin=$T; [ $b = old ] && bin=$O
  for k in 4 5; do
    timeout 30 "$bin" cliques "data/graphs/snap/$g.el.gz" --k $k --json >> "$o/cliques-$b.jsonl" 2>/dev/null
  done
done; done; done
stamp "cliques A/B done"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=240 timeout 420 "$repo/scripts/bench-vs-peers.sh" "$T" "$repo/.peers" "$PWD/data" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
timeout 150 ./tessera_tests --source-file='*pattern_mining*,*triangle_count*,*set_ops*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
stamp "all done"

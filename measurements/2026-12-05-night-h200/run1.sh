#!/usr/bin/env bash
# First device run of the 2026-12-05 night session, from CUDA binaries built on the CPU machine
# (../2026-12-05-eve-h200/pack.sh, which copies this script into the carried .devbin; the peer
# kit .peers carried beside it). Timings first, alone on the GPU:
#   vs-peers/     the 36 cells beside G2Miner (scripts/bench-vs-peers.sh: G2Miner's kernel time,
#                 Tessera's time_s of one CLI run, same files)
#   tc-warm/      TC warm (tessera run: one warm-up, 7 repetitions)
#   ncu-*.csv     kernel durations and launch statistics from Nsight Compute, both tools, TC and
#                 4/5-cliques on the small graphs (where the remaining gap is)
#   kway.jsonl    ISPD98 ibm01-09, k = 2 and 4, epsilon 0.03 (whole JSON records)
#   tests-*.log   the CUDA unit tests
# Started detached from the repository root: setsid nohup bash .devbin/run1.sh >/tmp/o/log 2>&1 &
set -u
repo=$(pwd)
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
export PATH=$PATH:/usr/local/cuda/bin
command -v ncu >/dev/null || export PATH=$PATH:$(ls -d /opt/nvidia/nsight-compute/*/ 2>/dev/null | tail -1)
T=$PWD/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "ncu: $(command -v ncu)"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=240 timeout 420 "$repo/scripts/bench-vs-peers.sh" "$T" "$repo/.peers" "$PWD/data" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
{ echo "name: tc-warm"; echo "warmup: 1"; echo "repetitions: 7"; echo "inputs:"
  for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "tasks:"; echo "  - task: tc"; } > "$o/tc-warm.yaml"
timeout 60 "$T" run "$o/tc-warm.yaml" --output "$o/tc-warm" > "$o/tc-warm.log" 2>&1; stamp "tc warm exit $?"
# Nsight Compute: every kernel's duration, registers, occupancy (clocks left alone, METHOD.md).
ncu_run() {  # name command...
  local name=$1; shift
  timeout 120 ncu --clock-control none --csv --metrics gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_registers \
    "$@" > "$o/ncu-$name.csv" 2> "$o/ncu-$name.err"; stamp "ncu $name exit $?"
}
for g in ego-Facebook wiki-Vote email-Enron; do
  ncu_run "tessera-tc-$g" "$T" tc "data/graphs/snap/$g.el.gz"
  ncu_run "g2miner-tc-$g" "$repo/.peers/g2miner/tc_gpu_base" "/tmp/peers-work/gm/$g"
done
for g in email-Enron ca-HepPh; do
  for k in 4 5; do
    ncu_run "tessera-$k-clique-$g" "$T" cliques "data/graphs/snap/$g.el.gz" --k $k
    ncu_run "g2miner-$k-clique-$g" "$repo/.peers/g2miner/clique_gpu_base" "/tmp/peers-work/gm/$g" $k
  done
done
for k in 2 4; do for i in 01 02 03 04 05 06 07 08 09; do
  timeout 60 "$T" partition "data/hypergraphs/ispd98/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json > /tmp/kw.json 2>&1
  python3 -c "import json; print(json.dumps(json.load(open('/tmp/kw.json'))))" >> "$o/kway.jsonl" 2>/dev/null || echo "{\"instance\": \"ibm$i\", \"k\": $k, \"error\": true}" >> "$o/kway.jsonl"
done; stamp "k-way k=$k done"; done
timeout 240 ./tessera_tests --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1; stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
stamp "all done"

#!/usr/bin/env bash
# Second device run (TC's register-cached intersection, issue 28), from CUDA binaries built on the
# CPU machine: `old/tessera` = main fcdf17b, `tessera` = the change. Results in /tmp/o:
#   tc-ab-*/       warm TC, old against new and the new binary's intersections forced (tessera
#                  run: one warm-up, 7 repetitions), two interleaved rounds
#   tc-cli-*.json  one-shot `tessera tc` of both binaries
#   vs-peers/      G2Miner's TC beside the new binary's one-shot TC (scripts/bench-vs-peers.sh)
#   ncu-*.csv      the new binary's TC kernels (Nsight Compute)
#   tests-cuda.log triangle counting and set_ops unit tests on CUDA
# Started detached from the repository root: setsid nohup bash .devbin/run2.sh >/tmp/o/log 2>&1 &
set -u
repo=$(pwd)
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
[ -f old.tar.xz ] && [ ! -x old/tessera ] && { mkdir -p old && tar xJf old.tar.xz -C old; }
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
export PATH=$PATH:/usr/local/cuda/bin
T=$PWD/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 100 ./tessera_tests --source-file='*triangle_count*,*set_ops*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "TC tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
inputs() { echo "inputs:"; for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done; }
{ echo "name: tc-ab"; echo "warmup: 1"; echo "repetitions: 7"; inputs; echo "tasks:"; echo "  - task: tc"; } > "$o/tc-old.yaml"
{ echo "name: tc-ab"; echo "warmup: 1"; echo "repetitions: 7"; inputs; echo "tasks:"
  for i in auto cached binary merge; do printf '  - task: tc\n    params: {intersection: "%s"}\n' $i; done; } > "$o/tc-new.yaml"
for round in 1 2; do
  timeout 60 old/tessera run "$o/tc-old.yaml" --output "$o/tc-ab-old-$round" > "$o/tc-ab-old-$round.log" 2>&1
  timeout 90 "$T" run "$o/tc-new.yaml" --output "$o/tc-ab-new-$round" > "$o/tc-ab-new-$round.log" 2>&1
done
stamp "TC A/B done"
for g in $snap; do for b in old new; do
  bin=$T; [ $b = old ] && bin=$PWD/old/tessera
  timeout 20 "$bin" tc "data/graphs/snap/$g.el.gz" --json > "$o/tc-cli-$b-$g.json" 2>&1; done; done
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=120 timeout 200 "$repo/scripts/bench-vs-peers.sh" "$T" "$repo/.peers" "$PWD/data" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
for g in ego-Facebook wiki-Vote email-Enron; do
  timeout 60 ncu --clock-control none --csv --metrics gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum \
    "$T" tc "data/graphs/snap/$g.el.gz" > "$o/ncu-tc-$g.csv" 2> "$o/ncu-tc-$g.err"; stamp "ncu $g exit $?"
done
stamp "all done"

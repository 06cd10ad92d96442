#!/usr/bin/env bash
# Second device run of the 2026-12-05 late session: counting kernels that add one atomic per team
# instead of Kokkos' parallel_reduce (core/kokkos_ext/team_sum.hpp), and the automatic choice's
# log2 from one count-leading-zeros. `tessera` is this change, `old/tessera` main a9b58f5.
# Results in /tmp/o:
#   vs-peers/          the 36 cells beside G2Miner (scripts/bench-vs-peers.sh), new binary
#   tc-warm-*/         warm TC, old against new, new with lane sums on; two rounds
#   tc-cli-*.jsonl     one-shot `tessera tc --json`, old against new, three rounds
#   cliques-*.jsonl    one-shot `tessera cliques --k 4|5 --json`, old against new, three rounds
#   ncu-*.txt          Nsight Compute of the new TC count kernel (elapsed against active cycles)
#   tests-cuda.log     the CUDA unit tests
# Started detached from the repository root: setsid nohup bash .devbin/run6.sh >/tmp/o/log 2>&1 &
set -u
repo=$(pwd)
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
[ -f old.tar.xz ] && [ ! -x old/tessera ] && { mkdir -p old && tar xJf old.tar.xz -C old; }
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
export PATH=$PATH:/usr/local/cuda/bin
command -v ncu >/dev/null || export PATH=$PATH:$(ls -d /opt/nvidia/nsight-compute/*/ 2>/dev/null | tail -1)
T=$PWD/tessera O=$PWD/old/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=240 timeout 420 "$repo/scripts/bench-vs-peers.sh" "$T" "$repo/.peers" "$PWD/data" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
{ echo "name: tc-warm"; echo "warmup: 1"; echo "repetitions: 7"; echo "inputs:"
  for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "  - {generator: \"kronecker:scale=20,edge_factor=16,seed=1\", name: kron20}"
  echo "tasks:"; echo "  - task: tc"; } > "$o/tc-warm.yaml"
sed 's/^  - task: tc$/  - task: tc\n    params: {lane-sums: ["on"]}/' "$o/tc-warm.yaml" > "$o/tc-warm-lanes.yaml"
for round in 1 2; do
  for b in old new; do bin=$T; [ $b = old ] && bin=$O
    timeout 60 "$bin" run "$o/tc-warm.yaml" --output "$o/tc-warm-$b-$round" > "$o/tc-warm-$b-$round.log" 2>&1; done
  timeout 60 "$T" run "$o/tc-warm-lanes.yaml" --output "$o/tc-warm-lanesums-$round" > "$o/tc-warm-lanesums-$round.log" 2>&1
done
stamp "TC warm A/B done"
for round in 1 2 3; do for g in $snap; do for b in old new; do bin=$T; [ $b = old ] && bin=$O
  timeout 20 "$bin" tc "data/graphs/snap/$g.el.gz" --json >> "$o/tc-cli-$b.jsonl" 2>/dev/null
  for k in 4 5; do
    timeout 30 "$bin" cliques "data/graphs/snap/$g.el.gz" --k $k --json >> "$o/cliques-$b.jsonl" 2>/dev/null
  done
done; done; done
stamp "one-shot A/B done"
sections="--section SpeedOfLight --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats"
timeout 60 ncu --clock-control none $sections --kernel-name-base mangled -k regex:masked_edge_kernelILb0 --launch-skip 1 --launch-count 1 \
  "$T" tc data/graphs/snap/ego-Facebook.el.gz > "$o/ncu-tessera-tc-ego.txt" 2>&1
timeout 60 ncu --clock-control none $sections "$T" cliques data/graphs/snap/email-Enron.el.gz --k 4 > "$o/ncu-tessera-4-clique-email-Enron.txt" 2>&1
stamp "ncu done"
timeout 240 ./tessera_tests --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1; stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
stamp "all done"

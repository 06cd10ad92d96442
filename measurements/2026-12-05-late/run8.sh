#!/usr/bin/env bash
# Fourth device run of the 2026-12-05 late session. `tessera`: every lane adds the thread's count
# (sum_teams_into no longer sums the vector lanes again), the merge's chunk by a shift, and the
# TC option --grid-waves; `old/tessera`: main 288fb9d (run 7's binary). Results in /tmp/o:
#   tc-waves-*/        warm TC, new binary, grid-waves 1, 2, 4, 8 x lane sums off/on
#   tc-old-*/          warm TC, old binary (its grid: 8 waves)
#   tc-cli-*.jsonl     one-shot `tessera tc --json`: old, and new at grid-waves 1, 2, 8
#   motifs-*.jsonl     one-shot `tessera motifs --k 4 --json`, old against new
#   cliques-*.jsonl    one-shot `tessera cliques --k 4 --json`, old against new
#   ncu-*.txt / *.csv  Nsight Compute of the new TC count kernel at 8 and 2 waves, and of the 4-clique
#                      kernels of both tools on email-Enron (per-SASS counts)
#   tests-cuda.log     the CUDA unit tests of mining, triangle counting and set_ops
# Started detached from the repository root: setsid nohup bash .devbin/run8.sh >/tmp/o/log 2>&1 &
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
timeout 150 ./tessera_tests --source-file='*pattern_mining*,*triangle_count*,*set_ops*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
{ echo "name: tc-warm"; echo "warmup: 1"; echo "repetitions: 7"; echo "inputs:"
  for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "  - {generator: \"kronecker:scale=20,edge_factor=16,seed=1\", name: kron20}"
  echo "tasks:"; echo "  - task: tc"; } > "$o/tc-old.yaml"
sed 's/^  - task: tc$/  - task: tc\n    params: {grid-waves: [1, 2, 4, 8], lane-sums: ["off", "on"]}/' "$o/tc-old.yaml" > "$o/tc-waves.yaml"
for round in 1; do
  timeout 60 "$O" run "$o/tc-old.yaml" --output "$o/tc-old-$round" > "$o/tc-old-$round.log" 2>&1
  timeout 120 "$T" run "$o/tc-waves.yaml" --output "$o/tc-waves-$round" > "$o/tc-waves-$round.log" 2>&1
done
stamp "TC warm done"
for round in 1; do for g in $snap; do
  timeout 20 "$O" tc "data/graphs/snap/$g.el.gz" --json >> "$o/tc-cli-old.jsonl" 2>/dev/null
  for w in 1 2 8; do timeout 20 "$T" tc "data/graphs/snap/$g.el.gz" --grid-waves $w --json >> "$o/tc-cli-new-$w.jsonl" 2>/dev/null; done
  for b in old new; do bin=$T; [ $b = old ] && bin=$O
    timeout 60 "$bin" motifs "data/graphs/snap/$g.el.gz" --k 4 --json >> "$o/motifs-$b.jsonl" 2>/dev/null
    timeout 30 "$bin" cliques "data/graphs/snap/$g.el.gz" --k 4 --json >> "$o/cliques-$b.jsonl" 2>/dev/null
  done
done; done
stamp "one-shot A/B done"
sections="--section SpeedOfLight --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats --section SourceCounters"
for w in 8 2; do
  timeout 60 ncu --clock-control none $sections --kernel-name-base mangled -k regex:masked_edge_kernelILb0 --launch-skip 1 --launch-count 1 \
    -o "$o/ncu-tc-ego-w$w" -f "$T" tc data/graphs/snap/ego-Facebook.el.gz --grid-waves $w > /dev/null 2>&1
  ncu -i "$o/ncu-tc-ego-w$w.ncu-rep" --page details > "$o/ncu-tc-ego-w$w.txt" 2>&1
  ncu -i "$o/ncu-tc-ego-w$w.ncu-rep" --page source --csv --print-source sass > "$o/ncu-tc-ego-w$w-sass.csv" 2>&1
  rm -f "$o/ncu-tc-ego-w$w.ncu-rep"
done
# 4-cliques on email-Enron, both tools: per-SASS counts of the counting kernels (the last launch of
# ours; G2Miner's clique4_warp_edge).
"$repo/.peers/el2gm" data/graphs/snap/email-Enron.el.gz /tmp/gm-enron > /dev/null 2>&1
ncu_rep() {  # name command...
  local name=$1; shift
  timeout 90 ncu --clock-control none $sections -o "$o/ncu-$name" -f "$@" > /dev/null 2>&1
  ncu -i "$o/ncu-$name.ncu-rep" --page details > "$o/ncu-$name.txt" 2>&1
  ncu -i "$o/ncu-$name.ncu-rep" --page source --csv --print-source sass > "$o/ncu-$name-sass.csv" 2>&1
  rm -f "$o/ncu-$name.ncu-rep"
}
ncu_rep 4clique-enron-tessera --kernel-name-base mangled -k regex:DfsKernel --launch-skip 2 --launch-count 2 "$T" cliques data/graphs/snap/email-Enron.el.gz --k 4
ncu_rep 4clique-enron-g2miner -k regex:clique4 "$repo/.peers/g2miner/clique_gpu_base" /tmp/gm-enron 4
stamp "ncu done"
stamp "all done"

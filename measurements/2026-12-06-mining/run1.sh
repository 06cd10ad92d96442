#!/usr/bin/env bash
# First device run of 2026-12-06 (issue 28), main 80a1b0b: the 36 cells beside G2Miner with the
# TC defaults of 2711eac (2 grid waves, lane sums), then the engine-option sweep of the cells above
# 1.0 (sweep.sh; cap40/cap32: the same source with the count kernels' launch bounds at 12 and 16
# teams of 128 threads per multiprocessor, i.e. 40 and 32 registers per thread, built for this run
# only), then Nsight Compute on kron20's 4-cliques, both tools. /tmp/o:
#   tests-cuda.log   CUDA unit tests of mining, TC and set_ops
#   vs-peers/        scripts/bench-vs-peers.sh (ratios: scripts/vs_peers_ratios.py)
#   sweep/           sweep.sh output (summary: summary.py sweep > sweep.csv)
#   ncu-*.txt/csv    the counting kernels of 4-cliques on kron20
# Started detached from the repository root: setsid nohup bash .devbin/run1.sh >/tmp/o/log 2>&1 &
set -u
repo=$(pwd)
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 || { stamp "build failed"; cat "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
(CAP_TEAMS="12 16" SKIP_MAIN=1 bash measurements/2026-12-06-mining/device-build.sh > "$o/build-caps.log" 2>&1) &
caps=$!
cd .devbin
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
export PATH=$PATH:/usr/local/cuda/bin
command -v ncu >/dev/null || export PATH=$PATH:$(ls -d /opt/nvidia/nsight-compute/*/ 2>/dev/null | tail -1)
T=$PWD/bin/tessera
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
timeout 150 bin/tessera_tests --source-file='*pattern_mining*,*triangle_count*,*set_ops*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=240 timeout 420 "$repo/scripts/bench-vs-peers.sh" "$T" "$repo/.peers" "$PWD/data" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
wait $caps; stamp "cap variants: $(grep -c built "$o/build-caps.log") built"
extra=(); for b in cap40 cap32; do [ -x $b/tessera ] && extra+=("$b=$PWD/$b/tessera"); done
bash "$repo/measurements/2026-12-06-mining/sweep.sh" "$T" "$PWD/data" "$o/sweep" /tmp/peers-work/el/kron20.h5 "${extra[@]}" > "$o/sweep.log" 2>&1
stamp "sweep done"
sections="--section SpeedOfLight --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats --section SourceCounters"
ncu_rep() {  # name command...
  local name=$1; shift
  timeout 120 ncu --clock-control none $sections -o "$o/ncu-$name" -f "$@" > /dev/null 2>&1
  ncu -i "$o/ncu-$name.ncu-rep" --page details > "$o/ncu-$name.txt" 2>&1
  ncu -i "$o/ncu-$name.ncu-rep" --page source --csv --print-source sass > "$o/ncu-$name-sass.csv" 2>&1
  rm -f "$o/ncu-$name.ncu-rep"
}
ncu_rep 4clique-kron20-tessera --kernel-name-base mangled -k regex:DfsKernel --launch-skip 1 --launch-count 1 "$T" cliques /tmp/peers-work/el/kron20.h5 --k 4
ncu_rep 4clique-kron20-g2miner -k regex:clique4 "$repo/.peers/g2miner/clique_gpu_base" /tmp/peers-work/gm/kron20 4
stamp "ncu done"
stamp "all done"

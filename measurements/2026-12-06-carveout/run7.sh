#!/usr/bin/env bash
# One device call after cmake/patches/0007-cuda-team-launch-carveout.patch (team kernels no
# longer run with 28 KB of L1): build, then in order of need, each step copying what it wrote to
# $OUT (the call's output folder) as it goes:
#   tests-mining-cuda.log, tests-partition-cuda.log   CUDA unit tests
#   vs-peers/                the 36 cells beside G2Miner (same call), to compare with run 6's
#                            ratios (measurements/2026-12-07-next, before the patch)
#   ncu-4clique-kron18-tessera*   Nsight Compute of kron18's 4-cliques (carveout, stalls)
#   kway-gpu.jsonl           ISPD98 k = 2, 4 on the GPU
# Run from the repository root: bash measurements/2026-12-06-carveout/run7.sh
set -u
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
out=${OUT:-/tmp/out}; mkdir -p "$out"
stamp() { echo "[+$((SECONDS - t0)) s] $*" | tee -a "$o/log"; cp -r "$o"/. "$out"/ 2>/dev/null; }
export PATH=$PATH:/usr/local/cuda/bin
command -v ncu >/dev/null || export PATH=$PATH:$(ls -d /opt/nvidia/nsight-compute/*/ 2>/dev/null | tail -1)
bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 || { stamp "build failed"; tail -40 "$o/build.log"; exit 1; }
stamp "built"
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/.devbin/data
T=$PWD/.devbin/bin/tessera
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$o/log"
timeout 60 .devbin/bin/tessera_tests --source-file='*pattern_mining*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-mining-cuda.log" 2>&1
stamp "mining tests exit $?: $(tail -3 "$o/tests-mining-cuda.log" | tr '\n' ' ')"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES="18 20" PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=200 timeout 200 scripts/bench-vs-peers.sh "$T" .peers "$TESSERA_DATA_DIR" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
. measurements/2026-12-06-mining/ncu-rep.sh
ncu_rep 4clique-kron18-tessera --kernel-name-base mangled -k regex:DfsKernel --launch-skip 1 --launch-count 1 "$T" cliques /tmp/peers-work/el/kron18.h5 --k 4
stamp "ncu done"
timeout 60 .devbin/bin/tessera_tests --source-file='*partition*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?: $(tail -3 "$o/tests-partition-cuda.log" | tr '\n' ' ')"
ispd=.devbin/data/hypergraphs/ispd98
for k in 2 4; do for i in 01 02 03 04 05 06 07 08 09; do
  timeout 20 "$T" partition "$ispd/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json > /tmp/kw.json 2>&1
  python3 -c "import json; d=json.load(open('/tmp/kw.json')); d['instance']='ibm$i'; d['k']=$k; print(json.dumps(d))" >> "$o/kway-gpu.jsonl" 2>/dev/null
done; done
stamp "all done"

#!/usr/bin/env bash
# Third device run of 2026-12-06 (what run 2 would have measured, with the 7 minutes of device
# time left after three refused starts): `tessera` alone built on the device (device-build.sh,
# TARGETS=apps/tessera); the Table I comparison waits for a session with device time. Steps in
# order of need, each writing as it goes. In /tmp/o:
#   flat/      the flat paths' list limit swept (flat-sweep.sh; summary.py)
#   ncu-4clique-kron20-*   Nsight Compute of 4-cliques on kron20, both tools (sass_mix.py)
# Started detached from the repository root: setsid nohup bash .devbin/run3.sh >/tmp/o/log 2>&1 &
# Polls must carry nothing: a carry replaces .devbin while this runs.
set -u
repo=$(pwd)
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
command -v ncu >/dev/null || export PATH=$PATH:$(ls -d /opt/nvidia/nsight-compute/*/ 2>/dev/null | tail -1)
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$repo/.devbin/data
T=$repo/.devbin/bin/tessera
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
TARGETS=apps/tessera bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 || { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
"$T" --version | head -3
"$T" generate kronecker:scale=20,edge_factor=16,seed=1 /tmp/kron20.el > /dev/null 2>&1
"$T" convert /tmp/kron20.el /tmp/kron20.h5 > /dev/null 2>&1
.peers/el2gm /tmp/kron20.el /tmp/gm-kron20 > /dev/null 2>&1
stamp "kron20 ready"
timeout 150 bash measurements/2026-12-06-mining/flat-sweep.sh "$T" "$TESSERA_DATA_DIR" "$o/flat" /tmp/kron20.h5 > "$o/flat.log" 2>&1
stamp "flat sweep exit $?"
. measurements/2026-12-06-mining/ncu-rep.sh
ncu_rep 4clique-kron20-g2miner -k regex:clique4 .peers/g2miner/clique_gpu_base /tmp/gm-kron20 4
ncu_rep 4clique-kron20-tessera --kernel-name-base mangled -k regex:DfsKernel --launch-skip 1 --launch-count 1 "$T" cliques /tmp/kron20.h5 --k 4
stamp "ncu done"
stamp "all done"

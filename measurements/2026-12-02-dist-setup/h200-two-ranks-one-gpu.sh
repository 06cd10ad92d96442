#!/usr/bin/env bash
# Issue 26 on one H200 (for the lead; not run here): two ranks sharing the GPU, kron22, every
# variant with --ipc-rows map, against one rank; kron24 on one rank end to end. Prints one JSON
# line per run, then a table. Needs a CUDA build: scripts/build.sh cuda.
#
#   measurements/2026-12-02-dist-setup/h200-two-ranks-one-gpu.sh [build/cuda] > h200.jsonl
set -euo pipefail
build=${1:-build/cuda}
tessera=$build/apps/tessera
run() { mpiexec --bind-to none --allow-run-as-root -n "$1" "$tessera" tc "$2" --distributed "${@:3}" --json | tail -n 1; }
k22=gen:kronecker:scale=22,edge_factor=16,seed=1
k24=gen:kronecker:scale=24,edge_factor=16,seed=1
run 1 "$k22" --variant ipc                        # the one-rank reference (every variant runs the same path alone)
for v in ipc mpi+ipc; do run 2 "$k22" --variant "$v" --ipc-rows map; done
run 2 "$k22" --variant mpi+ipc --ipc-rows map --ranks-per-node 1   # MPI between the ranks: rows records on the device
run 2 "$k22" --variant ipc --ipc-rows gather       # the replicated set-up, for comparison
run 1 "$k24" --variant ipc                        # goal: no slower than 0.51 s count, 0.30 s set-up
run 2 "$k22" --variant gpu --ipc-rows map         # MPI only: last, as the slowest (57 s at c50abb3)

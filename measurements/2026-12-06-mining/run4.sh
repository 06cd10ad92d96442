#!/usr/bin/env bash
# First device run of the 2026-12-06 afternoon session: run 2's steps (which never got a machine)
# in order of need, with G2Miner's clique times beside the flat sweep. In /tmp/o:
#   tests-mining-cuda.log     CUDA instantiations of the mining unit tests (launcher, compiled plan)
#   flat/, g2-cliques.csv     flat-sweep.sh (incl. 4-cliques fixed-depth on = compiled plan) and G2Miner
#   kway-gpu.jsonl, kway-same.txt   ISPD98 ibm01-09 k = 2, 4 on CUDA; md5 CUDA vs --host (ibm01/05/09)
#   tests-partition-cuda.log  CUDA instantiations of the partitioning unit tests
#   snn/                      Table I networks beside AxonCUDA (scripts/bench-snn-vs-axoncuda.sh)
#   ncu-4clique-kron20-*      Nsight Compute, both tools (sass_mix.py)
# Started detached from the repository root: setsid nohup bash measurements/2026-12-06-mining/run4.sh >/tmp/o/log 2>&1 &
# Polls must carry nothing: a carry replaces .devbin while this runs.
set -u
repo=$(pwd) here=measurements/2026-12-06-mining
. $here/prelude.sh
timeout 90 .devbin/bin/tessera_tests --source-file='*pattern_mining*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-mining-cuda.log" 2>&1
stamp "mining tests exit $?: $(tail -3 "$o/tests-mining-cuda.log" | tr '\n' ' ')"
"$T" generate kronecker:scale=20,edge_factor=16,seed=1 /tmp/kron20.el > /dev/null 2>&1
"$T" convert /tmp/kron20.el /tmp/kron20.h5 > /dev/null 2>&1
.peers/el2gm /tmp/kron20.el /tmp/gm-kron20 > /dev/null 2>&1
timeout 150 bash $here/flat-sweep.sh "$T" "$TESSERA_DATA_DIR" "$o/flat" /tmp/kron20.h5 > "$o/flat.log" 2>&1
stamp "flat sweep exit $?"
timeout 100 bash $here/g2-cliques.sh .peers "$TESSERA_DATA_DIR" /tmp/gm-kron20 "$o/g2-cliques.csv" > "$o/g2-cliques.log" 2>&1
stamp "g2 cliques exit $?"
bash $here/kway-gpu.sh "$T" .devbin/data/hypergraphs/ispd98 "$o"
stamp "kway done"
timeout 100 .devbin/bin/tessera_tests --source-file='*partition*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?: $(tail -3 "$o/tests-partition-cuda.log" | tr '\n' ' ')"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); stamp "axon: $axon"
[ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=120 timeout 170 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn exit $?"
. $here/ncu-rep.sh
ncu_rep 4clique-kron20-tessera-compiled --kernel-name-base mangled -k regex:DfsKernel --launch-skip 1 --launch-count 1 "$T" cliques /tmp/kron20.h5 --k 4 --fixed-depth on
ncu_rep 4clique-kron20-tessera-default --kernel-name-base mangled -k regex:DfsKernel --launch-skip 1 --launch-count 1 "$T" cliques /tmp/kron20.h5 --k 4
ncu_rep 4clique-kron20-g2miner -k regex:clique4 .peers/g2miner/clique_gpu_base /tmp/gm-kron20 4
stamp "ncu done"
stamp "all done"

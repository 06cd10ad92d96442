#!/usr/bin/env bash
# Second device run of the 2026-12-06 afternoon session, steps in order of need, each writing as it
# goes (the device budget may end the call early). In /tmp/o:
#   tests-cuda.log            CUDA instantiations of the mining unit tests
#   cliques/, g2-cliques.csv  clique-sweep.sh (compiled 5-clique plan) and G2Miner's clique times
#   vs-peers/                 the 36 cells beside G2Miner with this commit's defaults
#   snn/                      Table I networks beside AxonCUDA, Tessera with --fewest-blocks off
#   kway-gpu.jsonl, kway-same.txt   ISPD98 ibm01-09 k = 2, 4 on CUDA; md5 CUDA vs --host
#   tests-partition-cuda.log  CUDA instantiations of the partitioning unit tests
# Started detached from the repository root: setsid nohup bash measurements/2026-12-06-mining/run5.sh >/tmp/o/log 2>&1 &
# Polls must carry nothing: a carry replaces .devbin while this runs.
set -u
repo=$(pwd) here=measurements/2026-12-06-mining
. $here/prelude.sh
timeout 90 .devbin/bin/tessera_tests --source-file='*pattern_mining*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
"$T" generate kronecker:scale=20,edge_factor=16,seed=1 /tmp/kron20.el > /dev/null 2>&1
"$T" convert /tmp/kron20.el /tmp/kron20.h5 > /dev/null 2>&1
.peers/el2gm /tmp/kron20.el /tmp/gm-kron20 > /dev/null 2>&1
timeout 120 bash $here/clique-sweep.sh "$T" "$TESSERA_DATA_DIR" "$o/cliques" /tmp/kron20.h5 > "$o/cliques.log" 2>&1
stamp "clique sweep exit $?"
timeout 60 bash $here/g2-cliques.sh .peers "$TESSERA_DATA_DIR" /tmp/gm-kron20 "$o/g2-cliques.csv" > "$o/g2-cliques.log" 2>&1
stamp "g2 cliques exit $?"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES=20 PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=200 timeout 260 scripts/bench-vs-peers.sh "$T" .peers "$TESSERA_DATA_DIR" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); stamp "axon: $axon"
[ -x "$axon" ] || axon=-
TESSERA_OPTS="--fewest-blocks off" LIMIT_S=60 BUDGET_S=120 timeout 170 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn exit $?"
bash $here/kway-gpu.sh "$T" .devbin/data/hypergraphs/ispd98 "$o"
stamp "kway done"
timeout 60 .devbin/bin/tessera_tests --source-file='*partition*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?: $(tail -3 "$o/tests-partition-cuda.log" | tr '\n' ' ')"
stamp "all done"

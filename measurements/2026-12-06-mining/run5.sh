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
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
(bash .peers/build-axon.sh /tmp/axon > "$o/axon-path.txt" 2> "$o/build-axon.log") &
axon_build=$!
bash $here/device-build.sh > "$o/build.log" 2>&1 || { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$repo/.devbin/data
T=$repo/.devbin/bin/tessera
"$T" --version | head -3
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
for k in 2 4; do for i in 01 02 03 04 05 06 07 08 09; do
  timeout 20 "$T" partition ".devbin/data/hypergraphs/ispd98/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json --output "/tmp/kw-$i-$k-gpu.part" > /tmp/kw.json 2>&1
  python3 -c "import json; d=json.load(open('/tmp/kw.json')); d['instance']='ibm$i'; d['k']=$k; print(json.dumps(d))" >> "$o/kway-gpu.jsonl" 2>/dev/null ||
    echo "{\"instance\": \"ibm$i\", \"k\": $k, \"error\": true}" >> "$o/kway-gpu.jsonl"
done; done
stamp "kway gpu done"
for k in 2 4; do for i in 01 05 09; do
  timeout 60 "$T" partition ".devbin/data/hypergraphs/ispd98/ibm$i.hgr.gz" --k $k --epsilon 0.03 --host --output "/tmp/kw-$i-$k-host.part" > /dev/null 2>&1
  md5sum "/tmp/kw-$i-$k-gpu.part" "/tmp/kw-$i-$k-host.part" >> "$o/kway-same.txt" 2>&1
done; done
stamp "kway host done"
timeout 60 .devbin/bin/tessera_tests --source-file='*partition*' --test-case-exclude='*OpenMP*,*Serial*' --test-suite-exclude=real-data > "$o/tests-partition-cuda.log" 2>&1
stamp "partition tests exit $?: $(tail -3 "$o/tests-partition-cuda.log" | tr '\n' ' ')"
stamp "all done"

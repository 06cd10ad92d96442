#!/usr/bin/env bash
# Prepared 2026-12-06 (morning session) for the next session's first device call. Everything goes
# to /tmp/o and is tarred to $OUT/o.tgz at each step (a folder of many files does not come back).
#   tc-per-vertex.jsonl      the GPU per-vertex triangle miscount on kron20, bisected
#   vs-peers/                the 36 cells beside G2Miner (carveout patch in; run 7: 0.624, 6 above 1)
#   snn/                     Table I beside AxonCUDA (team kernels with their L1: partitioner times),
#                            and with --constrained-fm off (what the default FM on the finest level costs)
#   kway-gpu.jsonl           ISPD98 k = 2, 4 on the GPU (run 6: k = 2 0.29-1.30 s)
#   dist-two-ranks.jsonl     issue 26
# Start detached from the repository root (carry .devbin and .peers in that call only):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-07-next/run8.sh > /tmp/o/log 2>&1 < /dev/null &
# then poll: tar czf $OUT/o.tgz -C /tmp o --exclude=o/snn/snn --exclude='*.ncu-rep'
set -u
here=measurements/2026-12-06-mining
. $here/prelude.sh
bash measurements/2026-12-07-next/tc-per-vertex-bisect.sh "$T" "$o/tc-per-vertex.jsonl" 20
stamp "per-vertex bisection done"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
PEERS_REAL="$snap" PEERS_PATTERN_GRAPHS="$snap kron20" PEERS_SCALES="18 20" PEERS_ISPD="" PEERS_NO_AXON=1 \
  PEERS_BUDGET_S=200 timeout 260 scripts/bench-vs-peers.sh "$T" .peers "$TESSERA_DATA_DIR" "$o/vs-peers" > "$o/vs-peers.log" 2>&1
stamp "vs-peers exit $?"
# --probe-cost on the six cells still above 1.0 after run 7 (-1: always binary search; 0: auto = 1 on GPUs; 8: merge more often)
for cell in "cliques email-Enron --k 4" "cliques cit-HepTh --k 4" "cliques kron20 --k 4" \
            "mine email-Enron --pattern 4-cycle" "mine wiki-Vote --pattern 4-cycle" "mine cit-HepTh --pattern 4-cycle"; do
  set -- $cell; app=$1 g=$2; shift 2
  case $g in kron*) f=/tmp/peers-work/el/$g.h5 ;; *) f=$TESSERA_DATA_DIR/graphs/snap/$g.el.gz ;; esac
  for pc in -1 0 8; do for rep in 1 2; do
    timeout 60 "$T" $app "$f" "$@" --probe-cost $pc --json 2>/dev/null | python3 -c "import json,sys; d=json.loads(sys.stdin.read()); d['cell']='$app $g $*'; d['probe']=$pc; print(json.dumps(d))" >> "$o/probe-cost.jsonl" 2>/dev/null
  done; done
done
stamp "probe-cost done"
wait $axon_build; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
LIMIT_S=60 BUDGET_S=100 timeout 150 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
TOOLS=tessera TESSERA_OPTS="--constrained-fm off" LIMIT_S=60 BUDGET_S=90 timeout 120 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" \
  "$o/snn" lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn-fm-off.log" 2>&1
stamp "snn six networks done (default, and --constrained-fm off: the FM's time on the GPU runs)"
for k in 2 4; do for i in 01 02 03 04 05 06 07 08 09; do
  timeout 20 "$T" partition ".devbin/data/hypergraphs/ispd98/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json > /tmp/kw.json 2>&1
  python3 -c "import json; d=json.load(open('/tmp/kw.json')); d['instance']='ibm$i'; d['k']=$k; print(json.dumps(d))" >> "$o/kway-gpu.jsonl" 2>/dev/null
done; done
stamp "kway done"
timeout 150 bash measurements/2026-12-02-dist-setup/h200-two-ranks-one-gpu.sh build/cuda > "$o/dist-two-ranks.jsonl" 2> "$o/dist-two-ranks.err"
stamp "two ranks exit $?"
stamp "all done"

#!/usr/bin/env bash
# CPU sweep of --refine-level-ratio (constrained mode): Table I networks (Loihi-64) and ibm01-05
# (Loihi-64), JSON lines to results.jsonl (RATIOS, FILES and OUT_NAME override the lists and the file). Run from the repository root with build/openmp built;
# the .snn files from `tessera generate nn:table1=NAME /tmp/NAME.snn`.
set -u
T=build/openmp/apps/tessera
out=$(dirname "$0")/${OUT_NAME:-results.jsonl}
ispd=${TESSERA_DATA_DIR:-../shared/data}/hypergraphs/ispd98
for r in ${RATIOS:-1 1.25 1.5 2}; do
  for f in ${FILES:-/tmp/lenet.snn /tmp/16k-model.snn /tmp/16k-rand.snn /tmp/64k-model.snn $ispd/ibm01.hgr.gz $ispd/ibm03.hgr.gz $ispd/ibm05.hgr.gz}; do
    line=$($T partition "$f" --preset Loihi-64 --refine-level-ratio "$r" --json 2>/dev/null | tail -n 1)
    echo "{\"ratio\": $r, \"file\": \"$(basename "$f")\", \"result\": ${line:-null}}" >> "$out"
  done
done
echo "all done"

#!/usr/bin/env bash
# k-way balanced partitioning of ISPD98 ibm01-09 (epsilon 0.03, seed 0, one host thread) under a few
# settings of the existing options, one CSV row per instance: what more V-cycles, a longer FM stop,
# more initial trials, the km1 objective and independent runs (--runs, seeds S, S+1, ...) buy.
#   measurements/2026-12-05-kway-seeds-cpu/run.sh build/openmp/apps/tessera $TESSERA_DATA_DIR > results.csv
set -euo pipefail
T=$1 data=$2
echo "setting,k,instance,cut,time_s"
for s in "2|default|" "2|vc4|--vcycles 4" "2|fm5000|--fm-stop 5000" "2|trials32|--trials 32" "2|km1obj|--objective km1" \
         "2|runs2|--runs 2" "2|runs3|--runs 3" "2|runs3t32|--runs 3 --trials 32" "4|default|" "4|runs3|--runs 3"; do
  k=${s%%|*}; rest=${s#*|}; name=${rest%%|*}; args=${rest#*|}
  for i in 01 02 03 04 05 06 07 08 09; do
    # shellcheck disable=SC2086
    r=$(OMP_NUM_THREADS=1 "$T" partition "$data/hypergraphs/ispd98/ibm$i.hgr.gz" --k "$k" --epsilon 0.03 $args --json |
        python3 -c "import json,sys; d=json.loads(sys.stdin.read()); print(d['cut'], d['time_s'])")
    echo "$name,$k,ibm$i,${r// /,}"
  done
done

#!/bin/bash
# usage: identity.sh BEFORE_BIN AFTER_BIN [ROUNDS]: before and after alternate case by case; CSV
# lines from run.sh, then "same"/"DIFFERENT" per case (cmp of the two partition files).
here=$(dirname "$0"); I=/work/shared/data/hypergraphs/ispd98; N=${NETS:-/tmp/seqnets}
parts=${PARTS:-/tmp/seqparts}
cases=("$N/lenet.snn --preset Loihi-64" "$N/16k-rand.snn --preset Loihi-64" "$N/16k-model.snn --preset Loihi-64"
       "$I/ibm01.hgr.gz --preset Loihi-64" "$I/ibm02.hgr.gz --preset Loihi-64" "$I/ibm03.hgr.gz --preset Loihi-64"
       "$I/ibm04.hgr.gz --preset Loihi-64" "$I/ibm05.hgr.gz --preset Loihi-64" "$I/ibm01.hgr.gz --k 4"
       "$I/ibm03.hgr.gz --k 4" "$N/lenet.snn --preset Loihi-84" "$N/16k-rand.snn --preset Loihi-84"
       ${EXTRA_CASES})
for round in $(seq 1 "${3:-1}"); do
  for c in "${cases[@]}"; do
    "$here/run.sh" "$1" before $c
    "$here/run.sh" "$2" after $c
    set -- "$1" "$2" "${3:-1}"
  done
done
for c in "${cases[@]}"; do
  read -r f rest <<< "$c"
  tag=$(basename "$f")$(echo "$rest" | tr -d ' -')
  if cmp -s "$parts/before.$tag.part" "$parts/after.$tag.part"; then echo "same,$tag"; else echo "DIFFERENT,$tag"; fi
done

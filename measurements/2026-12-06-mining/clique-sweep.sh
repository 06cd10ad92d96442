#!/usr/bin/env bash
# 4- and 5-cliques with the defaults of this commit beside the compiled 5-clique plan (fixed depth,
# no local search: `disable: lgs, fixed-depth: on`) and the general kernel without local search,
# on the graphs of g2-cliques.sh. One `tessera run` per graph (warm-up + 3 repetitions; summary.py).
#   clique-sweep.sh TESSERA DATA_DIR OUT_DIR KRON20_FILE
set -u
T=${1:?tessera binary} data=${2:?data dir} out=${3:?out dir} kron=${4:?kron20 file}
mkdir -p "$out"
for g in ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh kron20; do
  { echo "name: cliques-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"
    if [ "$g" = kron20 ]; then echo "  - {file: $kron, name: kron20}"; else echo "  - {file: $data/graphs/snap/$g.el.gz, name: $g}"; fi
    echo "tasks:"
    printf '  - task: cliques\n    params: {k: 4, fixed-depth: ["auto", "off"]}\n'
    [ "$g" != kron20 ] && printf '  - task: cliques\n    params: {k: 5, disable: ["none", "lgs"], fixed-depth: ["auto", "on"]}\n'
  } > "$out/$g.yaml"
  timeout 100 "$T" run "$out/$g.yaml" --output "$out/$g" > "$out/$g.log" 2>&1
  echo "cliques $g: exit $?"
done

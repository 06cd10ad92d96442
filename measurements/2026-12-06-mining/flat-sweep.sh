#!/usr/bin/env bash
# The flat paths' list limit (`flat-max`, automatic 128 x lanes = 4,096 on the wide launch): run 1
# found kron20's 4-cliques 0.88x with the flat paths off while the small graphs need them (1.3-2.2x
# without); this sweeps the limit, and runs 4-cliques with `fixed-depth on` (the compiled 4-clique
# plan, engine/compiled_plan.hpp) beside the default. One `tessera run` per graph (warm-up + 3 repetitions; summary.py).
#   flat-sweep.sh TESSERA DATA_DIR OUT_DIR KRON20_FILE
set -u
T=${1:?tessera binary} data=${2:?data dir} out=${3:?out dir} kron=${4:?kron20 file}
mkdir -p "$out"
axis='flat-max: [0, 128, 512, 1024, 2048, -1]'
for g in ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh kron20; do
  { echo "name: flat-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"
    if [ "$g" = kron20 ]; then echo "  - {file: $kron, name: kron20}"; else echo "  - {file: $data/graphs/snap/$g.el.gz, name: $g}"; fi
    echo "tasks:"
    printf '  - task: cliques\n    params: {k: 4, %s}\n' "$axis"
    printf '  - task: cliques\n    params: {k: 4, fixed-depth: ["auto", "on"]}\n'  # on: the compiled 4-clique plan
    if [ "$g" != kron20 ]; then
      printf '  - task: cliques\n    params: {k: 5, %s}\n' "$axis"
      printf '  - task: mine\n    params: {pattern: diamond, %s}\n' "$axis"
      printf '  - task: mine\n    params: {pattern: 4-cycle, wedge: "off", %s}\n' "$axis"
    fi
  } > "$out/$g.yaml"
  timeout 120 "$T" run "$out/$g.yaml" --output "$out/$g" > "$out/$g.log" 2>&1
  echo "flat $g: exit $?"
done

#!/usr/bin/env bash
# Engine-option sweep of the mining cells that are above G2Miner (issue 28): 4-cliques, 5-cliques
# and 4-cycles on the five small SNAP graphs and kron20, plus warm TC; one `tessera run` per graph
# (one warm-up, 3 repetitions; summary.py takes the minimum time_s per variant and checks that
# every variant of a cell found the same count). Every variant is an engine option of
# engine_options.cpp, so one binary serves them all; EXTRA binaries (name=path) run the defaults
# of each cell only (build-time experiments).
#   sweep.sh TESSERA DATA_DIR OUT_DIR KRON20_FILE [name=path ...]
set -u
T=${1:?tessera binary} data=${2:?data dir} out=${3:?out dir} kron=${4:?kron20 file}
shift 4
mkdir -p "$out"
task() { printf '  - task: %s\n    params: {%s}\n' "$1" "$2"; }
variants() {  # the option sets per cell; $1 small|large (kron20: the 4-clique set, fewer others)
  for k in 4 5; do
    task cliques "k: $k"
    task cliques "k: $k, flat-max: -1, flat-pairs: -1"
    task cliques "k: $k, register-cap: \"off\""
    [ $k = 5 ] && task cliques "k: $k, disable: lgs"
    [ $k = 5 ] && [ "$1" = large ] && continue
    task cliques "k: $k, flat-max: -1"
    task cliques "k: $k, flat-pairs: -1"
    task cliques "k: $k, narrow-max: -1"
    [ $k = 4 ] && task cliques "k: $k, fixed-depth: \"on\""
    [ $k = 4 ] && task cliques "k: $k, fixed-depth: \"on\", flat-max: -1, flat-pairs: -1"
    [ $k = 5 ] && task cliques "k: $k, narrow-max: 16"
    task cliques "k: $k, chunk: 4"
    task cliques "k: $k, team-threads: 8"
    task cliques "k: $k, pivots: 32"
    [ "$1" = small ] && task cliques "k: $k, lanes: 16"
  done
  task mine "pattern: 4-cycle"
  [ "$1" = large ] && return
  task mine "pattern: 4-cycle, wedge: \"on\""
  task mine "pattern: 4-cycle, wedge: \"off\""
  task mine "pattern: 4-cycle, wedge: \"off\", fixed-depth: \"on\""
  task mine "pattern: 4-cycle, wedge: \"off\", flat-max: -1, flat-pairs: -1"
  task mine "pattern: 4-cycle, wedge: \"off\", register-cap: \"off\""
  task mine "pattern: 4-cycle, wedge: \"off\", register-cap: \"on\""
  task mine "pattern: 4-cycle, wedge: \"off\", chunk: 4"
  task mine "pattern: 4-cycle, wedge: \"off\", pivots: 32"
}
input_line() {
  if [ "$1" = kron20 ]; then echo "  - {file: $kron, name: kron20}"; else echo "  - {file: $data/graphs/snap/$1.el.gz, name: $1}"; fi
}
for g in ${GRAPHS:-ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh kron20}; do
  size=small; [ "$g" = kron20 ] && size=large
  { echo "name: sweep-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"; input_line "$g"
    echo "tasks:"; task tc ""; variants $size; } > "$out/$g.yaml"
  timeout 300 "$T" run "$out/$g.yaml" --output "$out/$g" > "$out/$g.log" 2>&1
  echo "sweep $g: exit $?"
  for nb in "$@"; do name=${nb%%=*} bin=${nb#*=}
    { echo "name: $name-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"; input_line "$g"
      echo "tasks:"; task tc ""; task cliques "k: 4"; task cliques "k: 5"; task mine "pattern: 4-cycle"
      [ "$g" = kron20 ] || task mine "pattern: 4-cycle, wedge: \"off\""; } > "$out/$name-$g.yaml"
    timeout 120 "$bin" run "$out/$name-$g.yaml" --output "$out/$name-$g" > "$out/$name-$g.log" 2>&1
    echo "$name $g: exit $?"
  done
done

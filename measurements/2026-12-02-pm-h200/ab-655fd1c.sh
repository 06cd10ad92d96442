#!/usr/bin/env bash
# Is the 4-cycle / 4-motif slowdown of the morning's round 2 (1.70x / 1.31x against round 1 at
# 655fd1c) in the code or in that round's host load? Both binaries in one quiet step, graph by
# graph alternating, the same `tessera run` file (one warm-up, 3 repetitions, kernel time_s).
#   build: ab-655fd1c.sh build KOKKOS_ROOT SRC_TAR WORK      (the old tree's tessera, CUDA)
#   run:   ab-655fd1c.sh run OLD_BIN NEW_BIN DATA_DIR OUT
# The old tree is `git archive 655fd1c | xz` (carried in the ignored .peers/ab/).
set -u
case "$1" in
  build)
    root=$2 tar=$3 work=$4
    mkdir -p "$work" && tar xJf "$tar" -C "$work" || exit 1
    cd "$work" && cmake --preset cuda -DKokkos_ROOT="$root" -DCMAKE_CXX_COMPILER="$root/bin/nvcc_wrapper" >configure.log 2>&1 &&
      cmake --build --preset cuda --target tessera -j "${JOBS:-8}" >build.log 2>&1 && echo "$work/build/cuda/apps/tessera"
    ;;
  run)
    old=$2 new=$3 data=$4 out=$5
    mkdir -p "$out"
    for g in ${GRAPHS:-ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh}; do
      {
        echo "name: ab655-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"
        echo "  - {file: $data/graphs/snap/$g.el.gz, name: $g}"
        echo "tasks:"
        for t in "tc|" "cliques|k: 4" "cliques|k: 5" "mine|pattern: diamond" "mine|pattern: 4-cycle" \
                 "mine|pattern: 4-cycle, disable: wedge" "motifs|k: 4"; do
          printf '  - task: %s\n    params: {%s}\n' "${t%%|*}" "${t#*|}"
        done
      } >"$out/$g.yaml"
      for side in old new; do
        bin=$old; [ $side = new ] && bin=$new
        timeout 120 "$bin" run "$out/$g.yaml" --output "$out/$side/$g" >"$out/$side-$g.log" 2>&1
        echo "$g $side: exit $?"
      done
    done
    ;;
  *) echo "usage: $0 build|run ..." >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# The session's last device run on one H200: the TC unit and real-data tests on CUDA (the masked
# kernel's lane sums), TC with lane sums on and off per graph (`tessera run`, warm-up + 5
# repetitions), then pivot lists on (the default, as many as lanes) and off (`pivots: -1`), per
# graph one `tessera run` (warm-up + 3 repetitions) of 4- and 5-cliques, diamonds, 4-cycles and
# 4-motifs (kron20: 4-cliques and diamonds). From the repository root with .deps/src and .data:
#   mkdir -p /tmp/p && setsid nohup bash measurements/2026-12-05-pm-h200/final-run.sh >/tmp/p/log 2>&1 &
set -u
repo=$(pwd)
r=${R:-/tmp/p}
mkdir -p "$r"
export TESSERA_DEPS_DIR=$repo/.deps TESSERA_SRC_DIR=$repo/.deps/src TESSERA_DATA_DIR=$repo/.data OMP_PROC_BIND=false
t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
scripts/build.sh cuda --no-apt -DTESSERA_ENABLE_BENCHMARKS=OFF -DTESSERA_DATA_DIR="$TESSERA_DATA_DIR" >"$r/build.log" 2>&1 ||
  { stamp "build FAILED"; grep -m5 -A8 error "$r/build.log"; exit 1; }
T=$repo/build/cuda/apps/tessera
stamp built
timeout 60 ctest --preset cuda -R 'triangle_count' -j 4 --output-on-failure >"$r/ctest-tc.log" 2>&1
stamp "TC tests exit $?: $(grep -E 'tests passed|tests failed' "$r/ctest-tc.log")"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
{ echo "name: tc-lane-sums"; echo "warmup: 1"; echo "repetitions: 5"; echo "inputs:"
  for g in $snap; do echo "  - {file: $TESSERA_DATA_DIR/graphs/snap/$g.el.gz, name: $g}"; done
  echo "tasks:"; printf '  - task: tc\n    params: {lane_sums: "on"}\n  - task: tc\n    params: {lane_sums: "off"}\n'
} >"$r/tc.yaml"
timeout 60 "$T" run "$r/tc.yaml" --output "$r/tc" >"$r/tc.log" 2>&1
stamp "TC A/B exit $?"
for g in $snap; do timeout 20 "$T" tc "$TESSERA_DATA_DIR/graphs/snap/$g.el.gz" --json >"$r/tc-cli-$g.json" 2>&1; done
stamp "TC one-shot CLI runs done"
"$T" generate kronecker:scale=20,edge_factor=16,seed=1 /tmp/kron20.h5 >/dev/null 2>&1 || stamp "kron20 generate failed"
for g in ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh kron20; do
  case $g in kron20) f=/tmp/kron20.h5; tasks="cliques:4 mine:diamond" ;;
    *) f=$TESSERA_DATA_DIR/graphs/snap/$g.el.gz; tasks="cliques:4 cliques:5 mine:diamond mine:4-cycle motifs:4" ;; esac
  [ -f "$f" ] || { stamp "$g: no input"; continue; }
  { echo "name: pivots-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"; echo "  - {file: $f, name: $g}"; echo "tasks:"
    for t in $tasks; do
      case $t in cliques:*|motifs:*) p="k: ${t#*:}" ;; *) p="pattern: ${t#*:}" ;; esac
      for piv in 0 -1; do printf '  - task: %s\n    params: {%s, pivots: %s}\n' "${t%%:*}" "$p" "$piv"; done
    done
  } >"$r/$g.yaml"
  timeout 90 "$T" run "$r/$g.yaml" --output "$r/$g" >"$r/$g.log" 2>&1
  stamp "$g exit $?"
done
stamp "all done"

#!/usr/bin/env bash
# One H200 run from CUDA binaries built on the CPU machine (nvcc 13, sm_90; no device build), packed
# with yaml-cpp 0.7, cudart 13 and the shared data into the ignored folder .devbin, which the call
# carries (pack commands: ../2026-12-05-pm-h200/prebuilt-run.sh, plus `cp -r $TESSERA_DATA_DIR/hypergraphs
# .devbin/data/`). Started detached: setsid nohup bash .devbin/run.sh >/tmp/o/log 2>&1 &
# Results go to /tmp/o as they come (one file per step):
#   tests-*.log    TC and fixed-depth unit tests on CUDA
#   tc-ab/         TC masked kernel, lane sums off/on (tessera run, warm-up + 5 repetitions)
#   piv-*/         pivot lists on (0 = as many as lanes) / off (-1): 4/5-cliques, diamond, 4-cycle, 4-motifs
#   kway.csv       ISPD98 ibm01-09 k-way (epsilon 0.03, seed 0): defaults against --runs 3 [--trials 32]
#   snn-*.json     the Table I networks the 2026-12-05 runs could not finish (full size, 150 s each)
set -u
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
T=$PWD/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 90 ./tessera_tests --source-file='*triangle_count*' > "$o/tests-tc.log" 2>&1; stamp "TC unit + real-data tests exit $?: $(tail -2 "$o/tests-tc.log" | head -1)"
timeout 60 ./tessera_tests -tc='*fixed*,*lane*' > "$o/tests-fixed.log" 2>&1; stamp "fixed-depth/lane tests exit $?: $(tail -2 "$o/tests-fixed.log" | head -1)"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
{ echo "name: tc-lane-sums"; echo "warmup: 1"; echo "repetitions: 5"; echo "inputs:"
  for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "tasks:"; printf '  - task: tc\n    params: {lane_sums: "off"}\n  - task: tc\n    params: {lane_sums: "on"}\n'
  printf '  - task: tc\n    params: {lane_sums: "off"}\n  - task: tc\n    params: {lane_sums: "on"}\n'
} > "$o/tc-ab.yaml"
timeout 90 "$T" run "$o/tc-ab.yaml" --output "$o/tc-ab" > "$o/tc-ab.log" 2>&1; stamp "TC A/B exit $?"
for g in $snap; do for ls in off on; do
  timeout 20 "$T" tc "data/graphs/snap/$g.el.gz" --lane-sums $ls --json > "$o/tc-cli-$ls-$g.json" 2>&1; done; done
stamp "TC CLI one-shots done"
"$T" generate kronecker:scale=20,edge_factor=16,seed=1 /tmp/kron20.h5 > /dev/null 2>&1 || stamp "kron20 generate failed"
for g in $snap kron20; do
  case $g in kron20) f=/tmp/kron20.h5; tasks="cliques:4 mine:diamond motifs:4" ;;
    *) f=$PWD/data/graphs/snap/$g.el.gz; tasks="cliques:4 cliques:5 mine:diamond mine:4-cycle motifs:4" ;; esac
  { echo "name: pivots-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"; echo "  - {file: $f, name: $g}"; echo "tasks:"
    for t in $tasks; do
      case $t in cliques:*|motifs:*) p="k: ${t#*:}" ;; *) p="pattern: ${t#*:}" ;; esac
      for piv in 0 -1 0 -1; do printf '  - task: %s\n    params: {%s, pivots: %s}\n' "${t%%:*}" "$p" "$piv"; done
    done
  } > "$o/piv-$g.yaml"
  timeout 100 "$T" run "$o/piv-$g.yaml" --output "$o/piv-$g" > "$o/piv-$g.log" 2>&1; stamp "pivots $g exit $?"
done
echo "setting,k,instance,cut,blocks_ok,time_s" > "$o/kway.csv"
for s in "2|default|" "2|runs3t32|--runs 3 --trials 32" "4|default|" "4|runs3|--runs 3" "8|default|" "8|runs3|--runs 3"; do
  k=${s%%|*}; rest=${s#*|}; name=${rest%%|*}; args=${rest#*|}
  for i in 01 02 03 04 05 06 07 08 09; do
    # shellcheck disable=SC2086
    timeout 60 "$T" partition "data/hypergraphs/ispd98/ibm$i.hgr.gz" --k "$k" --epsilon 0.03 $args --json > /tmp/kw.json 2>&1
    python3 -c "import json; d=json.load(open('/tmp/kw.json')); print('$name,$k,ibm$i,%s,%s,%s' % (d['cut'], d.get('valid'), d['time_s']))" >> "$o/kway.csv" 2>/dev/null ||
      echo "$name,$k,ibm$i,error,,$(head -c 200 /tmp/kw.json | tr ',\n' ';;')" >> "$o/kway.csv"
  done
  stamp "k-way $name k=$k done"
done
for n in mobilenet 64k-rand vgg11 256k-rand 1M allen-v1; do
  case $n in *-model) pre=Loihi-64 ;; *) pre=Loihi-84 ;; esac
  timeout 150 "$T" partition "nn:table1=$n" --preset $pre --json > "$o/snn-$n.json" 2> "$o/snn-$n.err"; stamp "snn $n exit $?"
done
stamp "all done"

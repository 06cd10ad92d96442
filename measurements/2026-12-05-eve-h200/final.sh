#!/usr/bin/env bash
# The session's second device run, from CUDA binaries built on the CPU machine (pack.sh, with
# OLD_TESSERA = the `tessera` of the commit before the TC kernel change). Timings first, alone on
# the GPU; then the CUDA tests beside the large networks:
#   tc-ab/       TC masked kernel, old binary against new (tessera run, warm-up + 7 repetitions)
#   knobs-*/     4/5-cliques and 4-cycles under the engine's launch knobs (warm-up + 3 repetitions)
#   kway.jsonl   ISPD98 ibm01-09, k = 2, epsilon 0.03: whole JSON records (the step split on a GPU)
#   tests-*.log  triangle counting and pattern mining unit tests on CUDA
#   snn-*.json   Table I networks at full size (Loihi-84), 240 s for 64k-rand
# Started detached: setsid nohup bash .devbin/final.sh >/tmp/o/log 2>&1 &
set -u
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
[ -f old.tar.xz ] && { mkdir -p old && tar xJf old.tar.xz -C old; }
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
T=$PWD/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
inputs() { echo "inputs:"; for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done; }
if [ -x old/tessera ]; then
  { echo "name: tc-ab"; echo "warmup: 1"; echo "repetitions: 7"; inputs; echo "tasks:"; echo "  - task: tc"; } > "$o/tc-ab.yaml"
  for round in 1 2; do for b in old new; do
    bin=$T; [ $b = old ] && bin=$PWD/old/tessera
    timeout 60 "$bin" run "$o/tc-ab.yaml" --output "$o/tc-ab-$b-$round" > "$o/tc-ab-$b-$round.log" 2>&1
  done; done
  for g in $snap; do for b in old new; do
    bin=$T; [ $b = old ] && bin=$PWD/old/tessera
    timeout 20 "$bin" tc "data/graphs/snap/$g.el.gz" --json > "$o/tc-cli-$b-$g.json" 2>&1; done; done
  stamp "TC A/B done"
fi
# Launch knobs of the clique and 4-cycle kernels (issue 28): defaults against one change each.
{ echo "name: knobs"; echo "warmup: 1"; echo "repetitions: 3"; inputs; echo "tasks:"
  for t in "cliques|k: 4" "cliques|k: 5" "mine|pattern: 4-cycle"; do
    for knob in "" ", narrow_max: -1" ", register_cap: \"off\"" ", register_cap: \"on\"" ", team_threads: 8" ", chunk: 4" ", flat_max: -1" ", fixed_depth: \"on\"" ", vote: \"off\""; do
      printf '  - task: %s\n    params: {%s%s}\n' "${t%%|*}" "${t#*|}" "$knob"
    done
  done
} > "$o/knobs.yaml"
timeout 150 "$T" run "$o/knobs.yaml" --output "$o/knobs" > "$o/knobs.log" 2>&1; stamp "knobs exit $?"
for i in 01 02 03 04 05 06 07 08 09; do
  timeout 30 "$T" partition "data/hypergraphs/ispd98/ibm$i.hgr.gz" --k 2 --epsilon 0.03 --json > /tmp/kw.json 2>&1
  python3 -c "import json,sys; print(json.dumps(json.load(open('/tmp/kw.json'))))" >> "$o/kway.jsonl" 2>/dev/null || echo "{\"instance\": \"ibm$i\", \"error\": true}" >> "$o/kway.jsonl"
done
stamp "k-way done"
( timeout 200 ./tessera_tests --source-file='*triangle_count*,*pattern_mining*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
  echo "exit $?" >> "$o/tests-cuda.log" ) &
for n in 64k-rand mobilenet vgg11; do
  case $n in 64k-rand) lim=240 ;; *) lim=120 ;; esac
  timeout $lim "$T" partition "nn:table1=$n" --preset Loihi-84 --json > "$o/snn-$n.json" 2> "$o/snn-$n.err"; stamp "snn $n exit $?"
done
wait; stamp "tests: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
stamp "all done"

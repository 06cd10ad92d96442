#!/usr/bin/env bash
# Fourth device run (the third, run3.sh, lost its machine before returning anything; 483 s of
# device time were left): the essentials of run3 only, every step bounded. Old = main fcdf17b.
#   tests-cuda.log   partitioning, triangle counting and set_ops unit tests on CUDA
#   tc-hubs-*/       warm TC, old against new (GPU hub minimum), ca-HepPh and ego-Facebook
#   kway-*.jsonl     ISPD98 ibm01-09, k = 2, epsilon 0.03, new and old (host FM)
#   snn-*.json       mobilenet, full size, Loihi-84, new and old (in-sequence gains); same-*.txt md5s
# Started detached from the repository root: setsid nohup bash .devbin/run4.sh >/tmp/o/log 2>&1 &
set -u
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
[ -f old.tar.xz ] && [ ! -x old/tessera ] && { mkdir -p old && tar xJf old.tar.xz -C old; }
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
T=$PWD/tessera O=$PWD/old/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 90 ./tessera_tests --source-file='*partition*,*triangle_count*,*set_ops*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
for b in new old; do bin=$T; [ $b = old ] && bin=$O
  timeout 80 "$bin" partition nn:table1=mobilenet --preset Loihi-84 --json --output "/tmp/snn-mobilenet-$b.part" > "$o/snn-mobilenet-$b.json" 2> "$o/snn-mobilenet-$b.err"; stamp "snn mobilenet $b exit $?"
done
md5sum /tmp/snn-mobilenet-*.part > "$o/same-snn.txt" 2>&1
{ echo "name: tc-hubs"; echo "warmup: 1"; echo "repetitions: 7"; echo "inputs:"
  for g in ca-HepPh ego-Facebook; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "tasks:"; echo "  - task: tc"; } > "$o/tc-hubs.yaml"
for b in old new; do bin=$T; [ $b = old ] && bin=$O
  timeout 30 "$bin" run "$o/tc-hubs.yaml" --output "$o/tc-hubs-$b" > "$o/tc-hubs-$b.log" 2>&1; done
stamp "TC hubs A/B done"
for b in new old; do bin=$T; [ $b = old ] && bin=$O
  for i in 01 02 03 04 05 06 07 08 09; do
    timeout 20 "$bin" partition "data/hypergraphs/ispd98/ibm$i.hgr.gz" --k 2 --epsilon 0.03 --json > /tmp/kw.json 2>&1
    python3 -c "import json; print(json.dumps(json.load(open('/tmp/kw.json'))))" >> "$o/kway-$b.jsonl" 2>/dev/null || echo "{\"instance\": \"ibm$i\", \"error\": true}" >> "$o/kway-$b.jsonl"
  done; stamp "k-way k=2 $b done"; done
timeout 30 "$T" partition nn:table1=lenet --preset Loihi-64 --output /tmp/p-gpu > /dev/null 2>&1
timeout 30 "$T" partition nn:table1=lenet --preset Loihi-64 --host --output /tmp/p-host > /dev/null 2>&1
md5sum /tmp/p-gpu /tmp/p-host > "$o/same-backends.txt" 2>&1
stamp "all done"

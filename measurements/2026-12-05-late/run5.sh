#!/usr/bin/env bash
# First device run of the 2026-12-05 late session: the GPU check of the night session's changes
# (main a9b58f5, `tessera`) against main fcdf17b (`old/tessera`), and where the TC kernel's
# instructions go. Results in /tmp/o:
#   tests-cuda.log      partitioning, triangle counting and set_ops unit tests on CUDA
#   sass-tc.txt         the SASS of the count-only masked kernel (cuobjdump)
#   ncu-*.txt / *.csv   Nsight Compute details and per-SASS-instruction counts (source page) of the
#                       TC counting kernel, both tools, ego-Facebook
#   tc-warm-*/          warm TC, old against new (GPU hub minimum), new with lane sums on and off
#   snn-*.json          mobilenet, full size, Loihi-84, new and old (in-sequence gains); same-snn.txt
#   kway-*.jsonl        ISPD98 ibm01-09, k = 2, epsilon 0.03, new and old (host FM)
#   same-backends.txt   lenet Loihi-64 partitions of the CUDA and host backends, md5 of each
# Started detached from the repository root: setsid nohup bash .devbin/run5.sh >/tmp/o/log 2>&1 &
set -u
repo=$(pwd)
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
[ -f old.tar.xz ] && [ ! -x old/tessera ] && { mkdir -p old && tar xJf old.tar.xz -C old; }
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
export PATH=$PATH:/usr/local/cuda/bin
command -v ncu >/dev/null || export PATH=$PATH:$(ls -d /opt/nvidia/nsight-compute/*/ 2>/dev/null | tail -1)
T=$PWD/tessera O=$PWD/old/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 120 ./tessera_tests --source-file='*partition*,*triangle_count*,*set_ops*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
cuobjdump -sass "$T" 2>/dev/null | awk '/Function : .*masked_edge_kernelILb0/{p=1} p&&/Function : /&&!/masked_edge_kernelILb0/{p=0} p' > "$o/sass-tc.txt"
stamp "sass $(wc -l < "$o/sass-tc.txt") lines"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
sections="--section SpeedOfLight --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats --section SourceCounters --section SchedulerStats"
ncu_tc() {  # name kernel-filter... -- command...
  local name=$1; shift; local filt=(); while [ "$1" != -- ]; do filt+=("$1"); shift; done; shift
  timeout 90 ncu --clock-control none $sections "${filt[@]}" -o "$o/ncu-$name" -f "$@" > "$o/ncu-$name.log" 2>&1
  ncu -i "$o/ncu-$name.ncu-rep" --page details > "$o/ncu-$name.txt" 2>&1
  ncu -i "$o/ncu-$name.ncu-rep" --page source --csv --print-source sass > "$o/ncu-$name-sass.csv" 2>&1
  stamp "ncu $name: $(grep -m1 'Duration' "$o/ncu-$name.txt")"
}
ncu_tc tessera-tc-ego --kernel-name-base mangled -k regex:masked_edge_kernelILb0 --launch-skip 1 --launch-count 1 -- "$T" tc data/graphs/snap/ego-Facebook.el.gz
"$repo/.peers/el2gm" data/graphs/snap/ego-Facebook.el.gz /tmp/gm-ego > /dev/null 2>&1
ncu_tc g2miner-tc-ego -k warp_edge -- "$repo/.peers/g2miner/tc_gpu_base" /tmp/gm-ego
{ echo "name: tc-warm"; echo "warmup: 1"; echo "repetitions: 7"; echo "inputs:"
  for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "tasks:"; echo "  - task: tc"; } > "$o/tc-warm.yaml"
sed 's/^  - task: tc$/  - task: tc\n    params: {lane-sums: ["on"]}/' "$o/tc-warm.yaml" > "$o/tc-warm-lanes.yaml"
for round in 1 2; do
  for b in old new; do bin=$T; [ $b = old ] && bin=$O
    timeout 40 "$bin" run "$o/tc-warm.yaml" --output "$o/tc-warm-$b-$round" > "$o/tc-warm-$b-$round.log" 2>&1; done
  timeout 40 "$T" run "$o/tc-warm-lanes.yaml" --output "$o/tc-warm-lanesums-$round" > "$o/tc-warm-lanesums-$round.log" 2>&1
done
stamp "TC warm A/B done"
for b in new old; do bin=$T; [ $b = old ] && bin=$O
  timeout 100 "$bin" partition nn:table1=mobilenet --preset Loihi-84 --json --output "/tmp/snn-mobilenet-$b.part" > "$o/snn-mobilenet-$b.json" 2> "$o/snn-mobilenet-$b.err"; stamp "snn mobilenet $b exit $?"
done
md5sum /tmp/snn-mobilenet-*.part > "$o/same-snn.txt" 2>&1
for b in new old; do bin=$T; [ $b = old ] && bin=$O
  for i in 01 02 03 04 05 06 07 08 09; do
    timeout 20 "$bin" partition "data/hypergraphs/ispd98/ibm$i.hgr.gz" --k 2 --epsilon 0.03 --json > /tmp/kw.json 2>&1
    python3 -c "import json; print(json.dumps(json.load(open('/tmp/kw.json'))))" >> "$o/kway-$b.jsonl" 2>/dev/null || echo "{\"instance\": \"ibm$i\", \"error\": true}" >> "$o/kway-$b.jsonl"
  done; stamp "k-way k=2 $b done"; done
timeout 30 "$T" partition nn:table1=lenet --preset Loihi-64 --output /tmp/p-gpu > /dev/null 2>&1
timeout 30 "$T" partition nn:table1=lenet --preset Loihi-64 --host --output /tmp/p-host > /dev/null 2>&1
md5sum /tmp/p-gpu /tmp/p-host > "$o/same-backends.txt" 2>&1
stamp "all done"

#!/usr/bin/env bash
# Third device run of the 2026-12-05 night session: the session's changes against main fcdf17b
# (`old/tessera`), both from CUDA binaries built on the CPU machine. Results in /tmp/o:
#   tc-hubs-*/      warm TC, old against new (the GPU hub minimum), five SNAP graphs and kron20
#   tc-cli-*.jsonl  one-shot TC, old against new (the warm-up now also loads the sums' reset)
#   ncu-*.txt       stall reasons and instruction mix of the TC counting kernels, both tools
#   kway-*.jsonl    ISPD98 ibm01-09, k = 2 and 4, epsilon 0.03, old and new (host FM)
#   snn-*.json      Table I networks at full size, Loihi-84, old and new (in-sequence gains)
#   same-*.txt      partitions of the CUDA and host (--host) backends, md5 of each
#   tests-cuda.log  the CUDA unit tests (beside the last networks)
# Started detached from the repository root: setsid nohup bash .devbin/run3.sh >/tmp/o/log 2>&1 &
set -u
repo=$(pwd)
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
[ -f old.tar.xz ] && [ ! -x old/tessera ] && { mkdir -p old && tar xJf old.tar.xz -C old; }
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
export PATH=$PATH:/usr/local/cuda/bin
T=$PWD/tessera O=$PWD/old/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
timeout 30 "$T" generate kronecker:scale=20,edge_factor=16,seed=1 /tmp/kron20.h5 > /dev/null 2>&1
{ echo "name: tc-hubs"; echo "warmup: 1"; echo "repetitions: 7"; echo "inputs:"
  for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "  - {file: /tmp/kron20.h5, name: kron20}"; echo "tasks:"; echo "  - task: tc"; } > "$o/tc-hubs.yaml"
for round in 1 2; do for b in old new; do
  bin=$T; [ $b = old ] && bin=$O
  timeout 60 "$bin" run "$o/tc-hubs.yaml" --output "$o/tc-hubs-$b-$round" > "$o/tc-hubs-$b-$round.log" 2>&1
done; done
for round in 1 2 3; do for g in $snap; do for b in old new; do  # one-shot counts (the CLI's time_s)
  bin=$T; [ $b = old ] && bin=$O
  timeout 20 "$bin" tc "data/graphs/snap/$g.el.gz" --json >> "$o/tc-cli-$b.jsonl" 2>/dev/null
done; done; done
stamp "TC hubs and one-shot A/B done"
# Where the TC kernel's time goes: the count's kernel only (the last launch), both tools.
sections="--section SpeedOfLight --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats"
timeout 60 ncu --clock-control none $sections --kernel-name-base mangled -k regex:masked_edge_kernelILb0 --launch-skip 1 --launch-count 1 "$T" tc data/graphs/snap/ego-Facebook.el.gz > "$o/ncu-tessera-tc-ego-Facebook.txt" 2>&1
"$repo/.peers/el2gm" data/graphs/snap/ego-Facebook.el.gz /tmp/gm-ego > /dev/null 2>&1
timeout 60 ncu --clock-control none $sections -k warp_edge "$repo/.peers/g2miner/tc_gpu_base" /tmp/gm-ego > "$o/ncu-g2miner-tc-ego-Facebook.txt" 2>&1
stamp "ncu done"
for k in 2 4; do for b in new old; do
  bin=$T; [ $b = old ] && bin=$O
  for i in 01 02 03 04 05 06 07 08 09; do
    timeout 60 "$bin" partition "data/hypergraphs/ispd98/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json > /tmp/kw.json 2>&1
    python3 -c "import json; print(json.dumps(json.load(open('/tmp/kw.json'))))" >> "$o/kway-$b.jsonl" 2>/dev/null || echo "{\"instance\": \"ibm$i\", \"k\": $k, \"error\": true}" >> "$o/kway-$b.jsonl"
  done; stamp "k-way k=$k $b done"
done; done
# CUDA and host backends give the same partition (new binary).
for spec in "nn:table1=lenet|--preset Loihi-64" "nn:table1=16k-rand|--preset Loihi-64" "data/hypergraphs/ispd98/ibm05.hgr.gz|--preset Loihi-64" \
            "data/hypergraphs/ispd98/ibm03.hgr.gz|--k 4 --epsilon 0.03"; do
  f=${spec%%|*} opts=${spec#*|} tag=$(echo "$f $opts" | tr -c 'A-Za-z0-9' _)
  timeout 120 "$T" partition "$f" $opts --output "/tmp/p-gpu-$tag" > /dev/null 2>&1
  timeout 120 "$T" partition "$f" $opts --host --output "/tmp/p-host-$tag" > /dev/null 2>&1
  md5sum "/tmp/p-gpu-$tag" "/tmp/p-host-$tag" >> "$o/same-backends.txt" 2>&1
done
stamp "backends compared"
timeout 90 "$T" partition hgr-augment:file=data/hypergraphs/ispd98/ibm09.hgr.gz,factor=16,seed=0 --k 2 --epsilon 0.03 --json > "$o/kway-ibm09x16-new.json" 2>&1
stamp "ibm09 x16 k=2 exit $?"
for b in new old; do  # mobilenet before and after; vgg11 after only
  bin=$T; [ $b = old ] && bin=$O
  timeout 150 "$bin" partition nn:table1=mobilenet --preset Loihi-84 --json --output "/tmp/snn-mobilenet-$b.part" > "$o/snn-mobilenet-$b.json" 2> "$o/snn-mobilenet-$b.err"; stamp "snn mobilenet $b exit $?"
done
md5sum /tmp/snn-mobilenet-*.part >> "$o/same-snn.txt" 2>&1
timeout 150 "$T" partition nn:table1=vgg11 --preset Loihi-84 --json > "$o/snn-vgg11-new.json" 2> "$o/snn-vgg11-new.err"; stamp "snn vgg11 new exit $?"
( timeout 200 ./tessera_tests --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1; echo "exit $?" >> "$o/tests-cuda.log" ) &
timeout 200 "$T" partition "nn:table1=64k-rand" --preset Loihi-84 --json > "$o/snn-64k-rand-new.json" 2> "$o/snn-64k-rand-new.err"; stamp "snn 64k-rand new exit $?"
wait; stamp "tests: $(tail -4 "$o/tests-cuda.log" | tr '\n' ' ')"
stamp "all done"

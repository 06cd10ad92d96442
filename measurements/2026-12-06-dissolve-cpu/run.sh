#!/usr/bin/env bash
# --fewest-blocks search / dissolve / off and the one-pass baseline on generated networks and two
# Table I networks (constrained mode), one JSON line per run. CPU, OpenMP build:
#   run.sh TESSERA > results.jsonl
set -u
T=${1:?tessera binary}
mkdir -p /tmp/dissolve
for n in lenet 16k-model; do [ -s /tmp/dissolve/$n.snn ] || "$T" generate "nn:table1=$n" /tmp/dissolve/$n.snn > /dev/null; done
while IFS='|' read -r input limits; do
  for fb in search dissolve off one-pass; do
    opts="--fewest-blocks $fb"; [ $fb = one-pass ] && opts="--algorithm one-pass"
    OMP_NUM_THREADS=2 "$T" partition "$input" $limits $opts --json |
      python3 -c "import json,sys; d=json.load(sys.stdin); print(json.dumps({'input': '$input', 'limits': '$limits', 'mode': '$fb', **{k: d.get(k) for k in ('num_parts', 'connectivity', 'valid', 'dissolved_blocks', 'time_s')}}))"
  done
done <<'LIST'
gen:nn:lenet,input=14|--max-size 128 --max-inbound 512
gen:nn:vgg,input=16,width=0.0625|--max-size 128 --max-inbound 512
gen:nn:model,neurons=4096,fanout=64|--max-size 256 --max-inbound 4096
gen:nn:lenet,input=28|--max-size 1024 --max-inbound 4096
gen:nn:alexnet,input=64,width=0.25|--max-size 1024 --max-inbound 4096
/tmp/dissolve/lenet.snn|--preset Loihi-64
/tmp/dissolve/16k-model.snn|--preset Loihi-64
LIST

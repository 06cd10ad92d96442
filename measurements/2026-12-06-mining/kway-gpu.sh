#!/usr/bin/env bash
# ISPD98 ibm01-09 in k-way mode on the device (k = 2 and 4, epsilon 0.03, one run, seed 0): one
# JSON record per run in OUT/kway-gpu.jsonl, then ibm01/05/09 once more with `--host` and the md5
# of both partitions in OUT/kway-same.txt (CUDA and host partitions must be identical).
#   kway-gpu.sh TESSERA ISPD98_DIR OUT
set -u
T=${1:?tessera binary} ispd=${2:?ispd98 dir} o=${3:?out dir}
for k in 2 4; do for i in 01 02 03 04 05 06 07 08 09; do
  timeout 20 "$T" partition "$ispd/ibm$i.hgr.gz" --k $k --epsilon 0.03 --json --output "/tmp/kw-$i-$k-gpu.part" > /tmp/kw.json 2>&1
  python3 -c "import json; d=json.load(open('/tmp/kw.json')); d['instance']='ibm$i'; d['k']=$k; print(json.dumps(d))" >> "$o/kway-gpu.jsonl" 2>/dev/null ||
    echo "{\"instance\": \"ibm$i\", \"k\": $k, \"error\": true}" >> "$o/kway-gpu.jsonl"
done; done
echo "kway gpu done"
for k in 2 4; do for i in 01 05 09; do
  timeout 60 "$T" partition "$ispd/ibm$i.hgr.gz" --k $k --epsilon 0.03 --host --output "/tmp/kw-$i-$k-host.part" > /dev/null 2>&1
  md5sum "/tmp/kw-$i-$k-gpu.part" "/tmp/kw-$i-$k-host.part" >> "$o/kway-same.txt" 2>&1
done; done
echo "kway host done"

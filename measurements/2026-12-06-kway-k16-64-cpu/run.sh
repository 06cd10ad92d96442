#!/usr/bin/env bash
# k = 16, 32, 64 on ibm01-09, one run, seed 0, eps 0.03, CPU 1 thread (main 2800f22 binary)
T=/work/main/build/openmp/apps/tessera
cp $T /work/kwk/tessera-main  # main at 2800f22 (flows as at 8e6a741)
for k in 16 32 64; do for i in 01 02 03 04 05 06 07 08 09; do
  OMP_NUM_THREADS=1 timeout 300 nice -n 10 /work/kwk/tessera-main partition /work/shared/data/hypergraphs/ispd98/ibm$i.hgr.gz --k $k --epsilon 0.03 --json > /tmp/kwk.json 2>/tmp/kwk.err
  python3 -c "import json; d=json.load(open('/tmp/kwk.json')); d['instance']='ibm$i'; d['k']=$k; print(json.dumps(d))" >> /work/kwk/results.jsonl 2>/dev/null || echo "{\"instance\": \"ibm$i\", \"k\": $k, \"error\": \"$(head -c 200 /tmp/kwk.err)\"}" >> /work/kwk/results.jsonl
done; done
echo done > /work/kwk/done

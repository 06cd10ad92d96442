export OMP_NUM_THREADS=1
for k in 4 8; do for b in base side; do
  for i in 01 02 03 04 05 06 07 08 09; do
    OMP_PROC_BIND=false ./tessera-$b partition /work/shared/data/hypergraphs/ispd98/ibm$i.hgr.gz --k $k --epsilon 0.03 --json 2>/dev/null | tail -1 | python3 -c "
import json,sys; d=json.load(sys.stdin); d['instance']='ibm$i'; print(json.dumps(d))" >> k$k-$b.jsonl
  done; done; done
echo sweep-done

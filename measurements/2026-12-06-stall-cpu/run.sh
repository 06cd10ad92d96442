one() { OMP_NUM_THREADS=2 OMP_PROC_BIND=false ./tessera partition "$1" --preset Loihi-64 --stall-fraction $2 --json 2>/dev/null | tail -1 | python3 -c "
import sys,json; d=json.loads(sys.stdin.read()); print(json.dumps({'net':'$(basename $1)','stall':$2,'blocks':d['num_parts'],'conn':d['connectivity'],'levels':d['levels'],'time_s':round(d['time_s'],2),'stop':d['coarsening_stop']}), flush=True)"; }
for i in 01 02 03 04 05 06 07 08 09; do for f in 0.02 0.1; do one /work/shared/data/hypergraphs/ispd98/ibm$i.hgr.gz $f; done; done
for n in lenet 16k-model 16k-rand alexnet 256k-model; do one /tmp/$n.snn 0.1; done

T=/tmp/snnq2/tessera-v4
for net in lenet 16k-model; do for fb in auto off; do echo "$net fb=$fb: $(./run.sh $T $net --fewest-blocks $fb)"; done; done
for f in ibm01 ibm02 ibm03; do echo "$f finest: $(OMP_NUM_THREADS=2 $T partition $TESSERA_DATA_DIR/hypergraphs/ispd98/$f.hgr.gz --preset Loihi-64 --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["num_parts"], d["connectivity"], d["valid"], round(d["time_s"],2), round(d["level_fm_s"],3))')"; done
echo "16k-rand: $(./run.sh $T 16k-rand)"
echo "64k-model: $(./run.sh $T 64k-model)"
echo "lenet threads=1: $(OMP_NUM_THREADS=1 ./run.sh $T lenet)"

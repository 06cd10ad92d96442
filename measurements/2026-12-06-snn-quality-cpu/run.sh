#!/bin/bash
# usage: run.sh BIN NET [args...]
BIN=$1; NET=$2; shift 2
OMP_NUM_THREADS=2 $BIN partition /tmp/snnq2/$NET.snn --preset Loihi-64 --json "$@" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["num_parts"], d["connectivity"], d["valid"], round(d["time_s"],2), round(d["refinement_s"],2), round(d["level_fm_s"],3))'

#!/bin/bash
# usage: runone.sh BIN LABEL FILE  -> label,file,blocks,conn,valid,time,refinement,gains,sequence,validity
bin=$1; label=$2; f=$3
OMP_NUM_THREADS=${THREADS:-1} $bin partition $f --preset Loihi-64 --json $EXTRA 2>/dev/null | python3 -c "import json,sys; d=json.load(sys.stdin); print(','.join(str(x) for x in ['$label','$(basename $f)',d['num_parts'],d['connectivity'],d['valid']]+[round(d[k],3) for k in ['time_s','refinement_s','gains_s','sequence_s','validity_s']]))"

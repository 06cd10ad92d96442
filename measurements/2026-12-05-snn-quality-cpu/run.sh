#!/bin/bash
# usage: [EXTRA="--spread-saving off"] run.sh BIN LABEL FILE...
# one CSV line per file: label,file,num_parts,connectivity,valid,time_s (Loihi-64, one thread)
bin=$1; label=$2; shift 2
for f in "$@"; do
  OMP_NUM_THREADS=${THREADS:-1} $bin partition $f --preset Loihi-64 --json $EXTRA 2>/dev/null | python3 -c "import json,sys; d=json.load(sys.stdin); print(','.join(str(x) for x in ['$label','$(basename $f)',d['num_parts'],d['connectivity'],d['valid'],round(d['time_s'],2)]))"
done

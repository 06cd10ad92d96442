#!/bin/bash
# usage: run.sh BIN LABEL FILE ARGS...  -> label,file,args,blocks,conn,valid,time,refinement,gains,sequence,validity
# The partition goes to $PARTS/LABEL.FILE.ARGS.part (PARTS default /tmp/seqparts) for cmp.
bin=$1; label=$2; f=$3; shift 3
parts=${PARTS:-/tmp/seqparts}; mkdir -p "$parts"
tag=$(basename "$f")$(echo "$*" | tr -d ' -')
OMP_NUM_THREADS=${THREADS:-1} $bin partition "$f" "$@" --json --output "$parts/$label.$tag.part" 2>/dev/null |
  python3 -c "import json,sys; d=json.load(sys.stdin); print(','.join(str(x) for x in ['$label','$(basename $f)','$*',d['num_parts'],d['connectivity'],d['valid']]+[round(d[k],3) for k in ['time_s','refinement_s','gains_s','sequence_s','validity_s']]))"

#!/usr/bin/env bash
# (Copied from measurements/2026-12-02-kway/, run timeout 600 s.) Runs `tessera partition --k K --epsilon 0.03 --seed 0 --json [OPTIONS]` on ISPD98 ibm01-09 for
# each K in $KS (default "2 4 8 16 32 64"), $JOBS runs at a time with one OpenMP thread each, and
# writes one JSON line per run (instance, k, options, then tessera's JSON) to OUT.
# usage: run.sh OUT [tessera options...]    env: TESSERA (binary), TESSERA_DATA_DIR, KS, JOBS, INSTANCES
set -euo pipefail
out=$1; shift
opts="$*"
bin=${TESSERA:-build/openmp/apps/tessera}
data=${TESSERA_DATA_DIR:-/work/shared/data}
: > "$out"
for k in ${KS:-2 4 8 16 32 64}; do
  for i in ${INSTANCES:-01 02 03 04 05 06 07 08 09}; do echo "$i $k"; done
done | xargs -P "${JOBS:-2}" -L 1 bash -c '
  i=$0; k=$1
  j=$(timeout ${RUN_TIMEOUT:-600} env OMP_NUM_THREADS=1 OMP_PROC_BIND=false '"$bin"' partition '"$data"'/hypergraphs/ispd98/ibm$i.hgr.gz --k $k --epsilon 0.03 --seed 0 --json '"$opts"' 2>/dev/null | tail -n 1)
  echo "{\"instance\":\"ibm$i\",\"k\":$k,\"options\":\"'"$opts"'\",\"result\":${j:-null}}"' >> "$out"

#!/usr/bin/env bash
# ISPD98 ibm01-09 (undirected hMETIS) under Loihi-64 through Tessera and AxonCUDA on the same
# files, one CSV line per run in the format of scripts/bench-snn-vs-axoncuda.sh:
#   network,nodes,pins,tool,blocks,connectivity,time_s,peak_device_bytes,valid,options
# AxonCUDA reads no gzip (files are unpacked to OUT/hgr) and runs `-c loihi64` (its defaults,
# as ../shared/peers/run-peers.sh); its time is "Total host execution time" (loading excluded),
# Tessera's time_s likewise.
#   TESSERA=bin AXON=bin measurements/2026-12-02-pm-h200/ispd-vs-axoncuda.sh DATA_DIR OUT_DIR [ibmNN...]
set -uo pipefail
data=$1 out=$2
shift 2
insts=${*:-"ibm01 ibm02 ibm03 ibm04 ibm05 ibm06 ibm07 ibm08 ibm09"}
mkdir -p "$out/hgr" "$out/logs"
csv=$out/ispd-vs-axoncuda.csv
echo "network,nodes,pins,tool,blocks,connectivity,time_s,peak_device_bytes,valid,options" >"$csv"
for i in $insts; do
  gz=$data/hypergraphs/ispd98/$i.hgr.gz
  gzip -dc "$gz" >"$out/hgr/$i.hgr"
  timeout -k 5 60 "$TESSERA" partition "$out/hgr/$i.hgr" --preset Loihi-64 --json >"$out/logs/tessera-$i.json" 2>"$out/logs/tessera-$i.err"
  python3 - "$out/logs/tessera-$i.json" "$i" >>"$csv" <<'PY'
import json, sys
path, name = sys.argv[1:]
try:
    d = json.load(open(path))
    print(f'{name},{d.get("nodes","")},{d.get("pins","")},tessera,{d["num_parts"]},{d["connectivity"]},{d["time_s"]},{d.get("peak_device_bytes", "")},{d["valid"]},--preset Loihi-64')
except (ValueError, KeyError, OSError):
    print(f'{name},,,tessera,,,,,failed,--preset Loihi-64')
PY
  [ "$AXON" = - ] && continue
  lf=$out/logs/axoncuda-$i.log
  (cd "$out/hgr" && timeout -k 5 60 "$AXON" -r "$out/hgr/$i.hgr" -c loihi64 >"$lf" 2>&1)
  rc=$?
  conn=$(awk '/^Partitioned hypergraph:/{p=1} p&&/^ *Connectivity:/{print $2; exit}' "$lf")
  parts=$(awk '/^Partitioned hypergraph:/{p=1} p&&/^ *Nodes:/{print $2; exit}' "$lf")
  ms=$(sed -n 's/^Total host execution time: \([0-9.]*\) ms.*/\1/p' "$lf" | tail -1)
  t=$([ -n "$ms" ] && python3 -c "print($ms / 1000)")
  echo "$i,,,axoncuda,$parts,$conn,$t,,$([ $rc = 0 ] && echo ok || echo "failed rc=$rc"),-c loihi64" >>"$csv"
done
cat "$csv"

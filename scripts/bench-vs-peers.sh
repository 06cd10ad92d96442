#!/usr/bin/env bash
# Tessera beside the papers' own artifacts (G2Miner for mining and TC, AxonCUDA for the
# constrained partitioner) on the very same files, in one device call, as ../shared/peers/
# PREPARE.md describes. The peer kit (run-peers.sh, el2gm, the G2Miner binaries, the AxonCUDA
# sources) is built outside the repository and passed as KIT; nothing of it is kept here.
#
#   scripts/bench-vs-peers.sh TESSERA_BIN KIT DATA_DIR OUT_DIR
#
# Writes OUT_DIR/{g2miner,axoncuda,tessera}.csv, OUT_DIR/vs-peers.md (ratios, Tessera / peer:
# above 1 means Tessera is slower) and the peer logs. Environment: PEERS_* as in run-peers.sh
# (graphs, scales, budget), TESSERA_RUN_LIMIT (seconds per Tessera run, default 60),
# TESSERA_SKIP_PEERS=1 (Tessera side only; the join then uses OUT_DIR's existing peer CSVs).
set -uo pipefail
[ $# -eq 4 ] || { echo "usage: $0 TESSERA_BIN KIT DATA_DIR OUT_DIR" >&2; exit 2; }
tessera=$(readlink -f "$1") kit=$(readlink -f "$2") data=$(readlink -f "$3") out=$4
mkdir -p "$out/logs" && out=$(cd "$out" && pwd)
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${PEERS_WORK:-/tmp/peers-work}
export PEERS_WORK=$work OMP_PROC_BIND=${OMP_PROC_BIND:-false} CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
limit=${TESSERA_RUN_LIMIT:-60}
real=${PEERS_REAL-"ego-Facebook ca-HepPh email-Enron"}
pattern_graphs=${PEERS_PATTERN_GRAPHS-"ego-Facebook ca-HepPh email-Enron kron20"}
scales=${PEERS_SCALES-"20"}
ispd=${PEERS_ISPD-"ibm01 ibm02 ibm03 ibm04 ibm05 ibm06 ibm07 ibm08 ibm09"}
export PEERS_REAL="$real" PEERS_PATTERN_GRAPHS="$pattern_graphs" PEERS_SCALES="$scales" PEERS_ISPD="$ispd"

if [ "${TESSERA_SKIP_PEERS:-0}" != 1 ]; then
  bash "$kit/run-peers.sh" "$tessera" "$data" "$out" 2>"$out/logs/run-peers.progress" >/dev/null
fi

# The same graphs for Tessera: the shipped edge lists, and the Kronecker edge lists run-peers.sh
# generated with this binary, converted once to our HDF5 schema (read in a fraction of the time).
graph_file() {
  case "$1" in
    kron*) local h5="$work/el/$1.h5"
           [ -s "$h5" ] || "$tessera" convert "$work/el/$1.el" "$h5" >/dev/null 2>&1 || return 1
           echo "$h5" ;;
    *) echo "$data/graphs/snap/$1.el.gz" ;;
  esac
}
field() { python3 -c 'import json,sys; d=json.loads(sys.stdin.read() or "{}"); v=d
for k in sys.argv[1].split("."): v=v.get(k, "") if isinstance(v, dict) else ""
print(v)' "$1"; }
csv=$out/tessera.csv
echo "tool,app,graph,count,time_s" >"$csv"
run() {  # app graph-name command...
  local app=$1 g=$2 json rc
  shift 2
  json=$(timeout -k 5 "$limit" "$@" --json 2>"$out/logs/tessera-$app-$g.err"); rc=$?
  echo "$json" >"$out/logs/tessera-$app-$g.json"
  if [ $rc -ne 0 ]; then echo "tessera,$app,$g,$([ $rc = 124 ] && echo TIMEOUT || echo FAILED),>$limit" >>"$csv"; return; fi
  local count
  case "$app" in
    4-motif) count=$(echo "$json" | python3 -c 'import json,sys; m=json.load(sys.stdin)["motifs"]; print(";".join(f"{k}={v}" for k,v in m.items()))') ;;
    tc) count=$(echo "$json" | field triangles) ;;
    *) count=$(echo "$json" | field count) ;;
  esac
  echo "tessera,$app,$g,$count,$(echo "$json" | field time_s)" >>"$csv"
}
for g in $real $(for s in $scales; do echo "kron$s"; done); do
  f=$(graph_file "$g") || { echo "tessera,tc,$g,NOINPUT," >>"$csv"; continue; }
  run tc "$g" "$tessera" tc "$f"
done
for g in $pattern_graphs; do
  f=$(graph_file "$g") || continue
  run 4-clique "$g" "$tessera" cliques "$f" --k 4
  run 5-clique "$g" "$tessera" cliques "$f" --k 5
  run diamond "$g" "$tessera" mine "$f" --pattern diamond
  run 4-cycle "$g" "$tessera" mine "$f" --pattern 4-cycle
  run 4-motif "$g" "$tessera" motifs "$f" --k 4
done
pcsv=$out/tessera-partition.csv
echo "tool,mode,instance,connectivity,parts,time_s" >"$pcsv"
for i in $ispd; do
  json=$(timeout -k 5 "$limit" "$tessera" partition "$data/hypergraphs/ispd98/$i.hgr.gz" --preset Loihi-64 --json 2>/dev/null)
  echo "$json" >"$out/logs/tessera-partition-$i.json"
  echo "tessera,loihi64,$i,$(echo "$json" | field connectivity),$(echo "$json" | field num_parts),$(echo "$json" | field time_s)" >>"$pcsv"
done
python3 "$repo/scripts/vs_peers_table.py" "$out" >"$out/vs-peers.md" && cat "$out/vs-peers.md"

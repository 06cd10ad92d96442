#!/usr/bin/env bash
# Paper 3's Table I networks through Tessera and AxonCUDA on the very same .snn files (AxonCUDA's
# layout, written by `tessera generate nn:table1=NAME X.snn`), one CSV line per run:
#   network,nodes,pins,tool,blocks,connectivity,time_s,peak_device_bytes,valid,options
# AxonCUDA runs with the paper's own options (its hgraphs/run_snns.sh): -c loihi64 -rfr 16 -cnc 4
# -dtc -ipm (-c loihi84 for the Loihi-84 networks); its time is the "Total host execution time" line (file loading excluded), Tessera's
# is time_s (file loading excluded too).
#
#   scripts/bench-snn-vs-axoncuda.sh TESSERA_BIN AXON_BIN_OR_- OUT_DIR [network...]
#
# Also writes OUT_DIR/records.jsonl: one record per run in the shape of `tessera run`'s results
# (input, algorithm = multilevel | axoncuda, num_parts, connectivity, time_s, valid, or error),
# so that the figure of configs/papers/hypergraph-partitioning-gpu/table1-snn.yaml draws both
# tools from the same call:
#   scripts/plot.py --records OUT_DIR/records.jsonl --config configs/papers/hypergraph-partitioning-gpu/table1-snn.yaml --output OUT_DIR
#
# Environment: LIMIT_S (seconds per run, default 120), BUDGET_S (skip runs after this many
# seconds, default none), WORK (where the .snn files go, default OUT_DIR/snn), TOOLS ("tessera
# axoncuda" by default; one of them alone, e.g. every network through Tessera first, then
# through AxonCUDA in a second call appending to the same CSV), TESSERA_OPTS (more `tessera
# partition` options for every network, e.g. "--weight-penalty auto"; recorded in `options`).
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: $0 TESSERA_BIN AXON_BIN_OR_- OUT_DIR [network...]" >&2; exit 2; }
tessera=$(readlink -f "$1") axon=$2 out=$3
shift 3
nets=${*:-"lenet 16k-model 16k-rand 64k-model alexnet 256k-model mobilenet vgg11 64k-rand 256k-rand allen-v1 1M"}
mkdir -p "$out/logs" && out=$(cd "$out" && pwd)
work=${WORK:-$out/snn}
mkdir -p "$work"
limit=${LIMIT_S:-120} budget=${BUDGET_S:-0} tools=${TOOLS:-"tessera axoncuda"}
[ "$axon" = - ] && tools=${tools//axoncuda/}
csv=$out/snn-vs-axoncuda.csv
[ -s "$csv" ] || echo "network,nodes,pins,tool,blocks,connectivity,time_s,peak_device_bytes,valid,options" >"$csv"
# What every record carries, as `tessera run`'s records do: the run's commit, device and start.
records=$out/records.jsonl
context=$(python3 - "$tessera" <<'PY'
import datetime, json, re, subprocess, sys
version = subprocess.run([sys.argv[1], "--version"], capture_output=True, text=True).stdout
commit = re.search(r"commit ([0-9a-f]+(?:-dirty)?)", version)
device = re.search(r"device (.+)", version)
print(json.dumps({"experiment": "table1-snn-vs-axoncuda", "mode": "full", "task": "partition",
                  "git_commit": commit.group(1) if commit else "?", "device": device.group(1).strip() if device else "?",
                  "started": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}))
PY
)
over_budget() { [ "$budget" -gt 0 ] && [ "$SECONDS" -ge "$budget" ]; }
for name in $nets; do
  if over_budget; then echo "$name,,,-,,,,,skipped (budget)," >>"$csv"; continue; fi
  # Table I's limits: Loihi-64 (2^10 / 2^12) for lenet, alexnet, 16k-rand and the -model networks,
  # Loihi-84 (2^12 / 2^16, at most 7056 blocks) for the others, as AxonCUDA's run_snns.sh (the
  # three largest -rand networks stream their neighbourhoods: --neighbors auto, the default).
  case $name in lenet|alexnet|16k-rand|*-model) preset=Loihi-64 axon_preset=loihi64 ;; *) preset=Loihi-84 axon_preset=loihi84 ;; esac
  f=$work/$name.snn
  if [ ! -s "$f" ]; then
    timeout "$limit" "$tessera" generate "nn:table1=$name" "$f" --json >"$out/logs/generate-$name.json" 2>&1 ||
      { echo "$name,,,generate,,,,,failed: $(tail -c 200 "$out/logs/generate-$name.json" | tr -d ',\n')," >>"$csv"; continue; }
  fi
  read -r nodes pins < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["nodes"], d["pins"])' "$out/logs/generate-$name.json" 2>/dev/null || echo "? ?")
  opts="--preset $preset ${TESSERA_OPTS:-}"
  if [[ " $tools " == *" tessera "* ]]; then
    timeout -k 5 "$limit" "$tessera" partition "$f" $opts --json >"$out/logs/tessera-$name.json" 2>"$out/logs/tessera-$name.err"
    rc=$?
    python3 - "$out/logs/tessera-$name.json" "$name" "$nodes" "$pins" "$rc" "$opts" "$context" >>"$csv" 2>>"$records" <<'PY'
import json, sys
path, name, nodes, pins, rc, opts, context = sys.argv[1:]
record = dict(json.loads(context), input=name, algorithm="multilevel", options=opts)
try:
    d = json.load(open(path))
    print(f'{name},{nodes},{pins},tessera,{d["num_parts"]},{d["connectivity"]},{d["time_s"]},{d.get("peak_device_bytes", "")},{d["valid"]},{opts}')
    record.update({k: d[k] for k in ("num_parts", "connectivity", "time_s", "valid", "peak_device_bytes", "backend") if k in d})
except (ValueError, KeyError, OSError):
    state = "timeout" if rc in ("124", "137") else "failed rc=" + rc
    print(f'{name},{nodes},{pins},tessera,,,,,{state},{opts}')
    record["error"] = state
print(json.dumps(record), file=sys.stderr)
PY
  fi
  [[ " $tools " == *" axoncuda "* ]] || continue
  over_budget && { echo "$name,$nodes,$pins,axoncuda,,,,,skipped (budget)," >>"$csv"; continue; }
  aopts="-c $axon_preset -rfr 16 -cnc 4 -dtc -ipm"
  lf=$out/logs/axoncuda-$name.log
  timeout -k 5 "$limit" "$axon" -r "$f" $aopts >"$lf" 2>&1
  rc=$?
  conn=$(awk '/^Partitioned hypergraph:/{p=1} p&&/^ *Connectivity:/{print $2; exit}' "$lf")
  parts=$(awk '/^Partitioned hypergraph:/{p=1} p&&/^ *Nodes:/{print $2; exit}' "$lf")
  ms=$(sed -n 's/^Total host execution time: \([0-9.]*\) ms.*/\1/p' "$lf" | tail -1)
  state=ok
  [ "$rc" = 0 ] || state=$([ "$rc" = 124 ] || [ "$rc" = 137 ] && echo timeout || echo "failed rc=$rc")
  t=$([ -n "$ms" ] && python3 -c "print($ms / 1000)")
  echo "$name,$nodes,$pins,axoncuda,$parts,$conn,$t,,$state,$aopts" >>"$csv"
  python3 -c 'import json, sys
ctx, name, parts, conn, t, state, opts = sys.argv[1:]
r = dict(json.loads(ctx), input=name, algorithm="axoncuda", options=opts)
if state == "ok" and parts and conn and t:
    r.update(num_parts=int(parts), connectivity=int(float(conn)), time_s=float(t), valid=True)
else:
    r["error"] = state if state != "ok" else "no result in its log"
print(json.dumps(r))' "$context" "$name" "$parts" "$conn" "$t" "$state" "$aopts" >>"$records"
done
cat "$csv"

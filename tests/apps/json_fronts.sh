#!/usr/bin/env bash
# The CLI's --json and `tessera run`'s records report a result through the same to_json (issue
# 27): for tc, cliques, motifs, fsm and partition, every result field the CLI prints is in the
# runner's record, with the same value where the run is deterministic (all but timings).
#   json_fronts.sh <tessera binary>      (exit 77 without python3)
set -uo pipefail
tessera=$1
command -v python3 >/dev/null || { echo "SKIPPED: no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
g=kronecker:scale=7,edge_factor=4,seed=1,labels=3
h=nn:lenet,input=14
"$tessera" tc "gen:$g" --json >"$tmp/tc.json" || fail "tc"
"$tessera" cliques "gen:$g" --k 4 --json >"$tmp/cliques.json" || fail "cliques"
"$tessera" motifs "gen:$g" --k 3 --json >"$tmp/motifs.json" || fail "motifs"
"$tessera" fsm "gen:$g" --support 2 --max-edges 2 --json >"$tmp/fsm.json" || fail "fsm"
"$tessera" partition "$h" --max-size 64 --max-inbound 200 --json >"$tmp/partition.json" || fail "partition"
cat >"$tmp/exp.yaml" <<YAML
name: fronts
inputs:
  - generator: $g
    name: g
  - generator: $h
    name: h
tasks:
  - task: tc
  - task: cliques
    params: {k: 4}
  - task: motifs
    params: {k: 3}
  - task: fsm
    params: {support: 2, max_edges: 2}
  - task: partition
    params: {max_size: 64, max_inbound: 200}
YAML
"$tessera" run "$tmp/exp.yaml" --output "$tmp/res" >/dev/null 2>"$tmp/err" || fail "run: $(cat "$tmp/err")"
python3 - "$tmp" <<'PY' || exit 1
import json, sys
tmp = sys.argv[1]
records = {r["task"]: r for r in map(json.loads, open(f"{tmp}/res/results.jsonl"))}
# The CLI's own fields: the input, the command's parameters, where and how it ran.
context = {"graph", "hypergraph", "n", "m", "k", "nodes", "nets", "pins", "read_s", "build_s", "backend",
           "peak_device_bytes", "max_edges", "support", "bfs", "counts"}
timing = lambda key: key.endswith("_s") or key in ("edges_per_s", "refined_levels")
context |= {"mode"}  # the CLI's partitioning mode; a record's "mode" is the run's
problems = [f"{t}: the record's mode is {r.get('mode')!r}, not the run's (full)" for t, r in records.items()
            if r.get("mode") != "full"]
for task in ("tc", "cliques", "motifs", "fsm", "partition"):
    cli = json.load(open(f"{tmp}/{task}.json"))
    record = records[task]
    for key, value in cli.items():
        if key in context:
            continue
        if key not in record:
            problems.append(f"{task}: the CLI prints '{key}', the runner's record lacks it")
        elif not timing(key) and record[key] != value:
            problems.append(f"{task}: '{key}' is {value!r} from the CLI, {record[key]!r} in the record")
for p in problems:
    print("FAIL:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
echo "PASS: one to_json per result, CLI and runner agree"

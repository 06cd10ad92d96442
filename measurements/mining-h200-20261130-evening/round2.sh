#!/usr/bin/env bash
# Mining (issue 12, branch `mining`), 2026-11-30 evening round 2 (every option below exists on the
# branch head c5b1841 or later). One A/B sweep of this session's changes on the cells still
# slower than G2Miner: triangles, 4-/5-cliques, 4-cycles on email-Enron, ego-Facebook, ca-HepPh,
# cit-HepTh, and kron20 4-cliques. Variants (all else default):
#   old      --pivots -1 --flat-pairs -1 (the engine before this session, but one scan fix)
#   default  pivot lists + flat pairs
#   cap      + --register-cap on (64 registers: 32 warps/SM instead of 20)
#   narrow   + --narrow-max 16 --narrow-lanes 8 (short tasks in a second launch, 8 lanes)
#   nc       narrow + cap;  ncp: narrow + cap without pivots;  n4c: narrow 32 with 4 lanes + cap;
#            nc + flat-pairs 1024;  nc + chunk 4
# At most ~48 s; the table is printed after each sweep.
set -u
T=${TESSERA:-build/cuda/apps/tessera}
S=${TESSERA_DATA_DIR}/graphs/snap
O=${OUT:-/tmp/mining-gpu}
mkdir -p "$O"
start=$SECONDS
summ() { python3 - "$@" <<'PY'
import json, sys
for path in sys.argv[1:]:
    try: lines = open(path).read().splitlines()
    except OSError: print(path, "missing"); continue
    for line in lines:
        r = json.loads(line)
        app = r["task"] + (" k=" + str(r.get("param.k", "")) if "param.k" in r else "") + (" " + r.get("param.pattern", "") if "param.pattern" in r else "")
        var = ",".join(f"{k[6:]}={v}" for k, v in r.items() if k.startswith("param.") and k[6:] not in ("k", "pattern") and str(v) not in ("none", "0", "edge", "off"))
        count = r.get("count", r.get("error", ""))
        print(f'{r["input"]} | {app} | {var or "default"} | {r.get("time_s", 0) * 1e3:.3f} ms | {count} | {",".join(r.get("optimizations_ran", []))} | {r.get("teams", "")}x{r.get("lanes", "")} narrow {r.get("narrow_units", 0)}/{r.get("units", 0)}', flush=True)
PY
}
variants() {  # $1: the task's own params (flow mapping body)
cat <<Y
  - task: $2
    params: {$1, pivots: -1, flat-pairs: -1}
  - task: $2
    params: {$1}
  - task: $2
    params: {$1, register-cap: "on"}
  - task: $2
    params: {$1, narrow-max: 16, narrow-lanes: 8}
  - task: $2
    params: {$1, narrow-max: 16, narrow-lanes: 8, register-cap: "on"}
  - task: $2
    params: {$1, narrow-max: 16, narrow-lanes: 8, register-cap: "on", pivots: -1}
  - task: $2
    params: {$1, narrow-max: 32, narrow-lanes: 4, register-cap: "on"}
  - task: $2
    params: {$1, narrow-max: 16, narrow-lanes: 8, register-cap: "on", flat-pairs: 1024}
  - task: $2
    params: {$1, narrow-max: 16, narrow-lanes: 8, register-cap: "on", chunk: 4}
Y
}
{ cat <<YAML
name: mining-small
warmup: 1
inputs:
  - {file: $S/email-Enron.el.gz, name: email-Enron}
  - {file: $S/ego-Facebook.el.gz, name: ego-Facebook}
  - {file: $S/ca-HepPh.el.gz, name: ca-HepPh}
  - {file: $S/cit-HepTh.el.gz, name: cit-HepTh}
tasks:
  - task: mine
    params: {pattern: 4-cycle}
  - task: mine
    params: {pattern: 4-cycle, register-cap: "on"}
  - task: mine
    params: {pattern: 4-cycle, lanes: 16}
YAML
variants "k: [4, 5]" cliques
variants "pattern: triangle" mine
} > "$O/small.yaml"
timeout 26 "$T" run "$O/small.yaml" --output "$O/small" > "$O/small.log" 2>&1 || echo "small sweep: exit $? (tail: $(tail -n 2 "$O/small.log"))"
echo "== small graphs ($((SECONDS - start)) s): graph | app | variant | time | count | ran | workers x lanes, narrow units"
summ "$O/small/results.jsonl"
{ cat <<YAML
name: mining-kron20
inputs:
  - {generator: "kronecker:scale=20,edge_factor=16,seed=1", name: kron20}
tasks:
YAML
variants "k: 4" cliques | head -10
} > "$O/kron20.yaml"
timeout $((47 - (SECONDS - start))) "$T" run "$O/kron20.yaml" --output "$O/kron20" > "$O/kron20.log" 2>&1 || echo "kron20 sweep: exit $? (tail: $(tail -n 2 "$O/kron20.log"))"
echo "== kron20 ($((SECONDS - start)) s)"
summ "$O/kron20/results.jsonl"

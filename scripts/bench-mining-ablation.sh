#!/usr/bin/env bash
# The mining engine's ablation (issue 12; paper 2 Table 2): two `tessera run` sweeps, each graph
# loaded once, every optimization on and each one off through the `disable` parameter
# (engine/optimizations.hpp), then one table: graph | app | variant | count | time_ms (engine
# kernel time) | optimizations that ran | workers x lanes (per team) | device MB.
#
#   TESSERA_DATA_DIR=../shared/data OUT=/tmp/ablation scripts/bench-mining-ablation.sh [path/to/tessera]
#
# Small graphs: ego-Facebook, ca-HepPh, email-Enron, cit-HepTh (snap); kron20 generated on the
# device. Budget about 90 s on one H200 (small graphs capped at 22 s, kron20 at 64 s; partial
# results are kept). YAMLs, logs and results.jsonl land in $OUT.
# G2Miner kernel ms for comparison (H200): ego-Facebook 4-clique 0.62, 5-clique 13.6, diamond
# 0.83, 4-cycle 2.1; kron20 4-clique 250, 5-clique 8000, diamond 320, 4-cycle 35600, 4-motifs 21800.
# kron20 4-cycles run only with everything on (wedge aggregation; without it they take > 40 s).
set -u
T=${1:-build/cuda/apps/tessera}
S=${TESSERA_DATA_DIR}/graphs/snap
O=${OUT:-/tmp/mining-gpu}
mkdir -p "$O"
cat > "$O/small.yaml" <<YAML
name: mining-small
warmup: 1
inputs:
  - file: $S/ego-Facebook.el.gz
    name: ego-Facebook
  - file: $S/ca-HepPh.el.gz
    name: ca-HepPh
  - file: $S/email-Enron.el.gz
    name: email-Enron
  - file: $S/cit-HepTh.el.gz
    name: cit-HepTh
tasks:
  - task: cliques
    params:
      k: [4, 5]
      disable: [none, prune, lgs, flat, balance, order, all]
  - task: mine
    params:
      pattern: [diamond, 4-cycle]
      disable: [none, prune, wedge, flat, balance, order, all]
  - task: motifs
    params:
      k: 4
      disable: [none, wedge, all]
YAML
cat > "$O/kron20.yaml" <<YAML
name: mining-kron20
inputs:
  - generator: kronecker:scale=20,edge_factor=16,seed=1
    name: kron20
tasks:
  - task: mine
    params:
      pattern: [diamond, 4-cycle]
  - task: motifs
    params:
      k: 4
  - task: cliques
    params:
      k: 4
      disable: [none, prune, flat, balance, order]
  - task: cliques
    params:
      k: 5
      disable: [none, lgs]
  - task: mine
    params:
      pattern: diamond
      disable: [flat, balance, order, prune]
YAML
start=$SECONDS
timeout 22 "$T" run "$O/small.yaml" --output "$O/small" > "$O/small.log" 2>&1 || echo "small sweep: exit $? (see $O/small.log)"
echo "small sweep: $((SECONDS - start)) s"
timeout 64 "$T" run "$O/kron20.yaml" --output "$O/kron20" > "$O/kron20.log" 2>&1 || echo "kron20 sweep: exit $? (see $O/kron20.log)"
echo "total: $((SECONDS - start)) s"
tail -n 3 "$O/small.log" "$O/kron20.log"
python3 - "$O/small/results.jsonl" "$O/kron20/results.jsonl" <<'PY'
import json, sys
print("graph | app | variant | count | time_ms | ran | workers x lanes (per team) | device MB")
for path in sys.argv[1:]:
    try:
        lines = open(path).read().splitlines()
    except OSError:
        print(path, "missing"); continue
    for line in lines:
        r = json.loads(line)
        app = r["task"] + (" k=" + r.get("param.k", "") if "param.k" in r else "") + (" " + r.get("param.pattern", "") if "param.pattern" in r else "")
        var = ",".join(f"{k[6:]}={v}" for k, v in r.items() if k.startswith("param.") and k[6:] in ("disable", "team-threads", "lanes") and v not in ("none", "0"))
        count = r.get("count", r.get("motifs", r.get("error", "")))
        print(f'{r["input"]} | {app} | {var or "all on"} | {count} | {r.get("time_s", 0) * 1e3:.3f} | {",".join(r.get("optimizations_ran", []))} | '
              f'{r.get("teams", "")}x{r.get("lanes", "")} ({r.get("team_threads", "")}) | {r.get("device_bytes", 0) / 1e6:.0f}')
PY

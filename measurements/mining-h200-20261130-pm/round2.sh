#!/usr/bin/env bash
# Pattern mining on the H200 (issue 12, branch `mining`), round 2: wedge aggregation (switch
# `wedge`, now with hub segments walked by all lanes) for 4-cycles and 4-motifs on vs off, the
# 4-/5-clique and diamond cells of the issue's table on ego-Facebook, ca-HepPh, email-Enron and
# cit-HepTh, 4-cliques with 4 and 8 lanes, 4-cycles and 4-motifs with 64 or 512 MiB of wedge
# counters (fewer workers), kron20 (4-cycle, diamond, 4-motifs, 4-clique) and
# kron22 (4-cycle, 4-motifs) where they fit. Three `tessera run` sweeps, at most 75 s. One table
# at the end.
set -u
T=${TESSERA:-build/cuda/apps/tessera}
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
  - task: mine
    params:
      pattern: 4-cycle
      disable: [none, wedge]
  - task: motifs
    params:
      k: 4
      disable: [none, wedge]
  - task: cliques
    params:
      k: [4, 5]
  - task: mine
    params:
      pattern: diamond
  - task: cliques
    params:
      k: 4
      lanes: [4, 8]
  - task: mine
    params:
      pattern: 4-cycle
      wedge-mb: [64, 512]
  - task: motifs
    params:
      k: 4
      wedge-mb: [64, 512]
YAML
cat > "$O/kron20.yaml" <<YAML
name: mining-kron20
inputs:
  - generator: kronecker:scale=20,edge_factor=16,seed=1
    name: kron20
tasks:
  - task: mine
    params:
      pattern: [4-cycle, diamond]
  - task: motifs
    params:
      k: 4
  - task: cliques
    params:
      k: 4
YAML
cat > "$O/kron22.yaml" <<YAML
name: mining-kron22
inputs:
  - generator: kronecker:scale=22,edge_factor=16,seed=1
    name: kron22
tasks:
  - task: mine
    params:
      pattern: 4-cycle
  - task: motifs
    params:
      k: 4
YAML
start=$SECONDS
timeout 25 "$T" run "$O/small.yaml" --output "$O/small" > "$O/small.log" 2>&1 || echo "small sweep: exit $? (see $O/small.log)"
echo "small sweep: $((SECONDS - start)) s"
timeout 20 "$T" run "$O/kron20.yaml" --output "$O/kron20" > "$O/kron20.log" 2>&1 || echo "kron20 sweep: exit $? (see $O/kron20.log)"
echo "kron20: $((SECONDS - start)) s"
timeout $((75 - (SECONDS - start))) "$T" run "$O/kron22.yaml" --output "$O/kron22" > "$O/kron22.log" 2>&1 || echo "kron22 sweep: exit $? (see $O/kron22.log)"
echo "total: $((SECONDS - start)) s"
tail -n 3 "$O/small.log" "$O/kron20.log" "$O/kron22.log"
python3 - "$O/small/results.jsonl" "$O/kron20/results.jsonl" "$O/kron22/results.jsonl" <<'PY'
import json, sys
print("graph | app | variant | count | time_ms | ran | workers x lanes (per team) | device MB | peak MB")
for path in sys.argv[1:]:
    try:
        lines = open(path).read().splitlines()
    except OSError:
        print(path, "missing"); continue
    for line in lines:
        r = json.loads(line)
        app = r["task"] + (" k=" + str(r.get("param.k", "")) if "param.k" in r else "") + (" " + r.get("param.pattern", "") if "param.pattern" in r else "")
        var = ",".join(f"{k[6:]}={v}" for k, v in r.items() if k.startswith("param.") and k[6:] in ("disable", "team-threads", "lanes", "tasks", "flat-max", "wedge-mb") and str(v) not in ("none", "0", "edge"))
        count = r.get("count", r.get("motifs", r.get("error", "")))
        print(f'{r["input"]} | {app} | {var or "all on"} | {count} | {r.get("time_s", 0) * 1e3:.3f} | {",".join(r.get("optimizations_ran", []))} | '
              f'{r.get("teams", "")}x{r.get("lanes", "")} ({r.get("team_threads", "")}) | {r.get("device_bytes", 0) / 1e6:.0f} | {r.get("peak_device_bytes", 0) / 1e6:.0f}')
PY

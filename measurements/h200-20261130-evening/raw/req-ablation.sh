# Lead: issue 12's ablation on ego-Facebook and kron20 (ablation.yaml), cut at the snippet limit
# (records are written as they finish; the table shows what ran).
${TESSERA_BIN:-build/cuda/apps/tessera} run .gpu-req/ablation.yaml --output "${OUT:-/tmp}/ablation" > "${OUT:-/tmp}/ablation-run.log" 2>&1
echo "run exit $?"
python3 - "${OUT:-/tmp}/ablation/results.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
agg = {}
for r in rows:
    if "error" in r: print("ERROR", r.get("input"), r.get("task"), r["error"][:120]); continue
    key = (r.get("input"), r.get("task"), r.get("param.k", r.get("param.pattern", "")), r.get("param.disable"))
    agg.setdefault(key, []).append((r["time_s"], r.get("count")))
print("| input | task | k/pattern | disable | min time_s | count |")
for k, v in agg.items(): print("| %s | %s | %s | %s | %.6f | %s |" % (*k, min(t for t, _ in v), v[0][1]))
PY

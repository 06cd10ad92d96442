"""The A/B of device-run.sh's mining step: minimum time_s per (graph, task, variant) from ab/*.jsonl,
each variant beside the default of the same task (ratio < 1: the variant is faster)."""
import collections
import json
import sys

folder = sys.argv[1] if len(sys.argv) > 1 else "ab"
print("graph,task,variant,default_s,variant_s,ratio")
for g in ["ego-Facebook", "ca-HepPh", "email-Enron", "wiki-Vote", "cit-HepTh", "kron20"]:
    best = collections.OrderedDict()
    for line in open(f"{folder}/{g}.jsonl"):
        r = json.loads(line)
        task = f"{r['task']}:{r.get('param.pattern') or r.get('param.k')}"
        variant = ",".join(f"{name}={r.get('param.' + name)}" for name, default in
                           (("fixed-depth", "auto"), ("pivots", "0"), ("wedge", "auto"))
                           if str(r.get("param." + name, default)) != default) or "default"
        best[(task, variant)] = min(best.get((task, variant), float("inf")), r["time_s"])
    for (task, variant), t in best.items():
        if variant != "default" and (task, "default") in best:
            d = best[(task, "default")]
            print(f"{g},{task},{variant},{d:.6f},{t:.6f},{t / d:.3f}")

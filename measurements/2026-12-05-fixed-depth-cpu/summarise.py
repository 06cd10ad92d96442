"""Minimum time_s per task of each graph's run (fixed depth on, then off): one CSV row per pair."""
import collections
import json
import sys

out_dir = sys.argv[1]
print("graph,task,fixed_s,general_s,ratio")
for g in ["ego-Facebook", "ca-HepPh", "email-Enron", "wiki-Vote", "cit-HepTh"]:
    best = collections.OrderedDict()
    for line in open(f"{out_dir}/{g}/results.jsonl"):
        r = json.loads(line)
        name = f"{r['task']}:{r.get('param.pattern') or r.get('param.k')}"
        key = (name, r["param.fixed-depth"])
        best[key] = min(best.get(key, float("inf")), r["time_s"])
    for (name, fixed), t in best.items():
        if fixed == "on":
            off = best[(name, "off")]
            print(f"{g},{name},{t:.6f},{off:.6f},{t / off:.3f}")

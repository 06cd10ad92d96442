"""The second run's tables from raw/final: tc-ab.csv (TC, the binary before the masked kernel's
32-bit indices and launch bounds against the one after, min and median time_s of 14 repetitions)
and knobs.csv (each launch knob against the defaults, min time_s of 3 repetitions; ratio < 1: the
knob is faster)."""
import collections
import gzip
import json
import statistics

GRAPHS = ["ego-Facebook", "ca-HepPh", "email-Enron", "wiki-Vote", "cit-HepTh"]


def records(path):
    return [json.loads(line) for line in gzip.open(path, "rt")]


times = collections.defaultdict(list)
for binary in ("old", "new"):
    for r in (1, 2):
        for d in records(f"raw/final/tc-ab-{binary}-{r}.jsonl.gz"):
            times[(d["input"], binary)].append(d["time_s"])
with open("tc-ab.csv", "w") as f:
    f.write("graph,old_min_s,new_min_s,ratio_min,ratio_median\n")
    for g in GRAPHS:
        old, new = times[(g, "old")], times[(g, "new")]
        f.write(f"{g},{min(old):.7f},{min(new):.7f},{min(new) / min(old):.3f},"
                f"{statistics.median(new) / statistics.median(old):.3f}\n")

DEFAULTS = {"narrow-max": "0", "register-cap": "auto", "team-threads": "0", "chunk": "0", "flat-max": "0",
            "fixed-depth": "auto", "vote": "on"}
best = {}
for d in records("raw/final/knobs.jsonl.gz"):
    app = d["task"] + ":" + str(d.get("param.k") or d.get("param.pattern"))
    knob = ",".join(f"{k}={d['param.' + k]}" for k, v in DEFAULTS.items() if str(d.get("param." + k, v)) != v) or "default"
    key = (d["input"], app, knob)
    best[key] = min(best.get(key, float("inf")), d["time_s"])
with open("knobs.csv", "w") as f:
    f.write("graph,app,knob,default_s,knob_s,ratio\n")
    for (g, app, knob), t in best.items():
        if knob != "default":
            base = best[(g, app, "default")]
            f.write(f"{g},{app},{knob},{base:.6f},{t:.6f},{t / base:.3f}\n")

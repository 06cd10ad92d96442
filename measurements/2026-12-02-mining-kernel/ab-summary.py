#!/usr/bin/env python3
"""Minimum time_s per (graph, task, variant params) from ab-run.sh's results, and whether every
variant of a cell found the same count. Usage: ab-summary.py /tmp/ab"""
import glob
import json
import sys
from collections import defaultdict

ENGINE = ("lane-sums", "vote", "register-cap", "flat-max", "flat-pairs", "chunk", "disable")
best = defaultdict(lambda: float("inf"))
counts = defaultdict(set)
for path in sorted(glob.glob(sys.argv[1] + "/*/results.jsonl")):
    for line in open(path):
        r = json.loads(line)
        if "time_s" not in r:
            continue
        p = {k[6:]: v for k, v in r.items() if k.startswith("param.")}
        cell = r["task"] + " " + " ".join(f"{k}={p[k]}" for k in ("k", "pattern") if k in p)
        variant = " ".join(f"{k}={p[k]}" for k in ENGINE if k in p and p[k] not in ("0", "none", "on", "auto")
                           or (k in p and k == "register-cap" and p[k] == "on"))
        key = (r["input"], cell.strip(), variant or "new")
        best[key] = min(best[key], float(r["time_s"]))
        result = r.get("count", json.dumps(r.get("motifs", "")))
        counts[(r["input"], cell.strip())].add(str(result))
print("graph,cell,variant,min_time_s")
for (g, c, v), t in sorted(best.items()):
    print(f"{g},{c},{v},{t:.6g}")
for (g, c), s in sorted(counts.items()):
    if len(s) != 1:
        print(f"COUNT MISMATCH {g} {c}: {sorted(s)}")

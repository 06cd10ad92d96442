#!/usr/bin/env python3
"""CPU time of paired runs (paired.sh): per k, the sum of after / before and the geometric mean of
the per-instance ratios; the cuts of both as a check."""
import json, math, sys
from collections import defaultdict
runs = defaultdict(dict)
for f in sys.argv[1:]:
    for l in open(f):
        if l.strip():
            r = json.loads(l)
            runs[(r["k"], r["instance"])][r["label"]] = r
by_k = defaultdict(list)
for (k, inst), d in sorted(runs.items()):
    if "before" in d and "after" in d:
        by_k[k].append((inst, d["before"], d["after"]))
print("| k | instances | before s | after s | sum ratio | geomean ratio | per instance (before -> after s) |")
print("|---|---|---|---|---|---|---|")
for k, rows in sorted(by_k.items()):
    b = sum(r[1]["time_s"] for r in rows); a = sum(r[2]["time_s"] for r in rows)
    g = math.exp(sum(math.log(r[2]["time_s"] / r[1]["time_s"]) for r in rows) / len(rows))
    per = ", ".join(f"{i} {r1['time_s']:.1f} -> {r2['time_s']:.1f}" for i, r1, r2 in rows)
    print(f"| {k} | {len(rows)} | {b:.1f} | {a:.1f} | {a / b:.2f} | {g:.2f} | {per} |")

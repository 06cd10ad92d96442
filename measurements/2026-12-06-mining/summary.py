#!/usr/bin/env python3
"""Minimum time_s per (binary, graph, cell, variant) from sweep.sh's output folders (results.jsonl, or .jsonl.xz as committed), and a check
that every variant of a cell found the same count. Usage: summary.py OUT_DIR > summary.csv
The binary is the folder's prefix before the graph name (none: the swept binary)."""
import glob
import json
import lzma
import os
import sys
from collections import Counter, defaultdict

CELL = ("k", "pattern")
best = defaultdict(lambda: float("inf"))
counts = defaultdict(set)
records = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*", "results.jsonl*"))):
    folder = os.path.basename(os.path.dirname(path))
    for line in (lzma.open(path, "rt") if path.endswith(".xz") else open(path)):
        r = json.loads(line)
        if "time_s" not in r:
            continue
        p = {k[6:]: str(v) for k, v in r.items() if k.startswith("param.")}
        cell = " ".join([r["task"]] + [f"{k}={p[k]}" for k in CELL if k in p])
        binary = folder[: -len(r["input"]) - 1] if folder.endswith("-" + r["input"]) else "main"
        records.append((binary, r["input"], cell, p, float(r["time_s"])))
        counts[(r["input"], cell)].add(str(r.get("count", "")))
# A variant is named by the parameters whose value differs from the most common one of its cell
# (the records carry every parameter, defaults included).
values = defaultdict(Counter)
for _, _, cell, p, _ in records:
    for k, v in p.items():
        values[(cell, k)][v] += 1
for binary, graph, cell, p, t in records:
    variant = " ".join(f"{k}={v}" for k, v in sorted(p.items())
                       if k not in CELL and v != values[(cell, k)].most_common(1)[0][0]) or "default"
    best[(binary, graph, cell, variant)] = min(best[(binary, graph, cell, variant)], t)
print("binary,graph,cell,variant,min_time_s")
for (b, g, c, v), t in sorted(best.items()):
    print(f"{b},{g},{c},{v},{t:.6g}")
for (g, c), s in sorted(counts.items()):
    if len(s) != 1:
        print(f"COUNT MISMATCH {g} {c}: {sorted(s)}")

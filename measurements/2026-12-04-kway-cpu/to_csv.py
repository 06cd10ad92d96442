#!/usr/bin/env python3
"""One csv row per instance and k: best known cut/km1, then cut, km1, imbalance, valid and time of
each run.sh output given as LABEL=FILE.  usage: to_csv.py BEST.csv LABEL=RUNS.jsonl ... > OUT.csv"""
import csv, json, sys

best = {}
for row in csv.DictReader(open(sys.argv[1])):
    if float(row["epsilon"]) == 0.03:
        best[(row["instance"].replace("ISPD98_", "").replace(".hgr", ""), int(row["k"]))] = (row["best_cut"], row["best_km1"])
files = [a.split("=", 1) for a in sys.argv[2:]]
runs = {}
for label, path in files:
    for line in open(path):
        r = json.loads(line)
        if r["result"] is not None: runs[(label, r["instance"], r["k"])] = r["result"]
keys = sorted({(i, k) for (_, i, k) in runs}, key=lambda x: (x[1], x[0]))
out = csv.writer(sys.stdout, lineterminator="\n")
out.writerow(["instance", "k", "best_cut", "best_km1"] +
             [f"{l}_{f}" for l, _ in files for f in ("cut", "km1", "imbalance", "valid", "time_s")])
for i, k in keys:
    row = [i, k, *best.get((i, k), ("", ""))]
    for label, _ in files:
        r = runs.get((label, i, k))
        row += [r["cut"], r["connectivity"], f"{r['imbalance']:.4f}", r["valid"], f"{r['time_s']:.2f}"] if r else [""] * 5
    out.writerow(row)

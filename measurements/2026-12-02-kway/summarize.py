#!/usr/bin/env python3
"""Table of cut / best known (and km1 / best known km1) per instance and k from run.sh outputs,
then per file and k the geometric means, the worst instance and the total time (s).
usage: summarize.py CSV RUNS.jsonl [RUNS2.jsonl ...]  (one column group per file)"""
import csv, json, math, sys

best = {}
for row in csv.DictReader(open(sys.argv[1])):
    name = row["instance"].replace("ISPD98_", "").replace(".hgr", "")
    if float(row["epsilon"]) == 0.03:
        best[(name, int(row["k"]))] = (int(row["best_cut"]), int(row["best_km1"]))

runs = []
for path in sys.argv[2:]:
    d = {}
    for line in open(path):
        r = json.loads(line)
        if r["result"] is not None: d[(r["instance"], r["k"])] = r["result"]
    runs.append((path, d))

keys = sorted(set(k for _, d in runs for k in d), key=lambda x: (x[1], x[0]))
print("| instance | k | best cut / km1 | " + " | ".join(f"{p}: cut (ratio) / km1 (ratio) / imbalance / s" for p, _ in runs) + " |")
print("|---|---|---|" + "---|" * len(runs))
logs = {}
for key in keys:
    b = best.get(key)
    cells = []
    for p, d in runs:
        r = d.get(key)
        if r is None or b is None:
            cells.append("–")
            continue
        rc, rk = r["cut"] / b[0], r["connectivity"] / b[1]
        logs.setdefault((p, key[1]), []).append((math.log(rc), math.log(rk), rc, key[0], r["valid"], r["time_s"]))
        cells.append(f"{r['cut']:.0f} ({rc:.3f}) / {r['connectivity']:.0f} ({rk:.3f}) / {r['imbalance']:.4f}{'' if r['valid'] else ' INVALID'} / {r['time_s']:.2f}")
    print(f"| {key[0]} | {key[1]} | {b[0] if b else '–'} / {b[1] if b else '–'} | " + " | ".join(cells) + " |")
print()
print("| file | k | geomean cut/best | geomean km1/best | worst cut/best | all valid | total s |")
print("|---|---|---|---|---|---|---|")
for (p, k), v in sorted(logs.items(), key=lambda x: (x[0][0], x[0][1])):
    gc = math.exp(sum(x[0] for x in v) / len(v))
    gk = math.exp(sum(x[1] for x in v) / len(v))
    worst = max(v, key=lambda x: x[2])
    print(f"| {p} | {k} | {gc:.3f} | {gk:.3f} | {worst[2]:.3f} ({worst[3]}) | {all(x[4] for x in v)} ({len(v)}) | {sum(x[5] for x in v):.1f} |")

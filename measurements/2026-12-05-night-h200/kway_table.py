#!/usr/bin/env python3
"""k-way records (one `tessera partition --json` per line) against the best-known cuts.

usage: kway_table.py BEST_CSV RECORDS.jsonl   (prints a markdown table and the geometric means)
"""
import csv, json, math, re, sys

best = {(r["instance"].split("_")[-1].split(".")[0], int(r["k"])): int(r["best_cut"])
        for r in csv.DictReader(open(sys.argv[1]))}
rows = {}
for line in open(sys.argv[2]):
    d = json.loads(line)
    if d.get("error"):
        continue
    name = re.search(r"(ibm\d+)", d["hypergraph"]).group(1)
    rows[(name, d["num_parts"])] = d
print("| instance | k | cut | best | ratio | time_s | initial_s | refinement_s | coarsening_s |")
print("|---|---|---|---|---|---|---|---|---|")
by_k = {}
for (name, k), d in sorted(rows.items(), key=lambda x: (x[0][1], x[0][0])):
    ratio = d["cut"] / best[(name, k)]
    by_k.setdefault(k, []).append((ratio, d["time_s"]))
    print(f"| {name} | {k} | {d['cut']} | {best[(name, k)]} | {ratio:.3f} | {d['time_s']:.2f} | "
          f"{d['initial_s']:.2f} | {d['refinement_s']:.2f} | {d['coarsening_s']:.2f} |")
for k, v in sorted(by_k.items()):
    g = math.exp(sum(math.log(r) for r, _ in v) / len(v))
    print(f"\nk = {k}: geometric mean cut / best {g:.3f}, worst {max(r for r, _ in v):.3f}, "
          f"time {min(t for _, t in v):.2f}-{max(t for _, t in v):.2f} s")

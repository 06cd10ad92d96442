#!/usr/bin/env python3
"""Table of run.sh's runs.jsonl: per instance and k, cut and the minimum over repetitions of
time_s, initial_s and level_fm_s (before, after, after/before), geometric means per k; host =
initial_s + level_fm_s (the k-way host work: initial trials, their FM, and the level FM).
usage: table.py runs.jsonl [THREADS]"""
import collections
import json
import math
import sys

threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    d = json.loads(line)
    if d["threads"] == threads:
        runs[(d["k"], d["instance"], d["binary"])].append(d)


def best(k, i, b, key):
    rs = runs[(k, i, b)]
    if key == "host":
        return min(r["initial_s"] + r["level_fm_s"] for r in rs)
    return min(r[key] for r in rs)


def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


keys = ["time_s", "initial_s", "level_fm_s", "host"]
print("| k | instance | cut before | cut after | " +
      " | ".join(f"{key} before | {key} after | ratio" for key in keys) + " |")
print("|" + "---|" * (4 + 3 * len(keys)))
for k in sorted({k for k, _, _ in runs}):
    instances = sorted({i for kk, i, _ in runs if kk == k})
    ratios = collections.defaultdict(list)
    for i in instances:
        cuts = [runs[(k, i, b)][0]["cut"] for b in ("before", "after")]
        cells = []
        for key in keys:
            b, a = best(k, i, "before", key), best(k, i, "after", key)
            ratios[key].append(a / b)
            cells.append(f"{b:.3f} | {a:.3f} | {a / b:.2f}")
        print(f"| {k} | {i} | {cuts[0]} | {cuts[1]} | " + " | ".join(cells) + " |")
    print(f"| {k} | geomean ratio | | | " + " | ".join(f" | | **{gmean(ratios[key]):.2f}**" for key in keys) + " |")

#!/usr/bin/env python3
"""Markdown table of run.sh's runs.csv: per instance and k, the minimum over repetitions of time_s
and initial_s before and after, the speed-up, and whether the cuts agree; geometric means per k."""
import csv
import math
import sys
from collections import defaultdict

runs = defaultdict(list)
for r in csv.DictReader(open(sys.argv[1])):
    runs[(r["k"], r["instance"], r["binary"])].append(r)

print("| k | instance | cut before | cut after | time_s before | time_s after | speed-up | initial_s before | initial_s after |")
print("|---|---|---|---|---|---|---|---|---|")
for k in sorted({key[0] for key in runs}, key=int):
    ratios, tb, ta = [], [], []
    for inst in sorted({key[1] for key in runs if key[0] == k}):
        b, a = runs[(k, inst, "before")], runs[(k, inst, "after")]
        t = lambda rs, f: min(float(x[f]) for x in rs)
        ratios.append(t(b, "time_s") / t(a, "time_s"))
        tb.append(t(b, "time_s"))
        ta.append(t(a, "time_s"))
        print(f"| {k} | {inst} | {b[0]['cut']} | {a[0]['cut']} | {t(b, 'time_s'):.3f} | {t(a, 'time_s'):.3f} | "
              f"{ratios[-1]:.2f}x | {t(b, 'initial_s'):.3f} | {t(a, 'initial_s'):.3f} |")
    g = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
    print(f"| {k} | geomean | | | {g(tb):.3f} | {g(ta):.3f} | {g(ratios):.2f}x | | |")

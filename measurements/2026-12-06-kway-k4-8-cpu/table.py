#!/usr/bin/env python3
"""Summary of results.jsonl files: per label and k the geometric mean of cut / best known, the worst
instance, the count above 1.15 and the total time; with --per-instance the ratios side by side."""
import json, math, sys
from collections import defaultdict
rows = [json.loads(l) for f in sys.argv[1:] if not f.startswith("--") for l in open(f) if l.strip()]
by = defaultdict(dict)
for r in rows:
    by[(r["label"], r["k"])][r["instance"]] = r
print("| label | k | n | geomean | worst | > 1.15 | total s |")
print("|---|---|---|---|---|---|---|")
for (label, k), d in sorted(by.items(), key=lambda x: (x[0][1], x[0][0])):
    rs = [r["ratio"] for r in d.values()]
    g = math.exp(sum(map(math.log, rs)) / len(rs))
    w = max(d.values(), key=lambda r: r["ratio"])
    print(f"| {label} | {k} | {len(rs)} | {g:.4f} | {w['ratio']:.3f} ({w['instance']}) | {sum(x > 1.15 for x in rs)} | "
          f"{sum(r['time_s'] for r in d.values()):.1f} |")
if "--per-instance" in sys.argv:
    labels = sorted({l for l, _ in by})
    ks = sorted({k for _, k in by})
    print()
    print("| k | instance | best | " + " | ".join(labels) + " |")
    print("|---|---|---|" + "---|" * len(labels))
    for k in ks:
        insts = sorted({i for (l, kk), d in by.items() if kk == k for i in d})
        for i in insts:
            cells = []
            best = ""
            for l in labels:
                r = by.get((l, k), {}).get(i)
                if r: best = r["best_cut"]
                cells.append(f"{r['cut']} ({r['ratio']:.3f}, {r['time_s']:.1f} s)" if r else "")
            print(f"| {k} | {i} | {best} | " + " | ".join(cells) + " |")

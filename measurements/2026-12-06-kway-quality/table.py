#!/usr/bin/env python3
# Per-instance before/after table and geometric means from run.sh CSVs (markdown on stdout).
#   python3 table.py results.csv [more.csv ...]
import csv, math, sys, collections
rows = collections.defaultdict(dict)
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        rows[(int(r['k']), r['instance'])][r['label']] = r
print('| k | instance | best known | before cut (ratio) | after cut (ratio) | before s | after s | after imbalance |')
print('|---|---|---|---|---|---|---|---|')
for (k, inst), d in sorted(rows.items()):
    b, a = d['before'], d['after']
    print(f"| {k} | {inst} | {b['best_cut']} | {b['cut']} ({float(b['ratio']):.3f}) | {a['cut']} ({float(a['ratio']):.3f}) "
          f"| {float(b['time_s']):.2f} | {float(a['time_s']):.2f} | {float(a['imbalance']):.4f} |")
print()
print('| k | label | geomean cut / best | worst | instances > 1.15 | total s |')
print('|---|---|---|---|---|---|')
for k in sorted({k for k, _ in rows}):
    for lab in ('before', 'after'):
        v = [d[lab] for (kk, _), d in sorted(rows.items()) if kk == k]
        gm = math.exp(sum(math.log(float(r['ratio'])) for r in v) / len(v))
        w = max(v, key=lambda r: float(r['ratio']))
        print(f"| {k} | {lab} | {gm:.4f} | {float(w['ratio']):.3f} ({w['instance']}) | {sum(float(r['ratio']) > 1.15 for r in v)} "
              f"| {sum(float(r['time_s']) for r in v):.1f} |")

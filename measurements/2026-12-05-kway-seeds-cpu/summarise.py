"""Geometric mean and worst of cut / best known (KaHyPar JEA20/SEA20 table of the shared data) per
setting and k, from run.sh's CSV: python3 summarise.py results.csv BEST_KNOWN_CSV"""
import collections
import csv
import math
import sys

best = {}
for r in csv.DictReader(open(sys.argv[2])):
    best[(r["instance"].replace("ISPD98_", "").replace(".hgr", ""), r["k"])] = int(r["best_cut"])
rows = collections.defaultdict(list)
for r in csv.DictReader(open(sys.argv[1])):
    rows[(r["setting"], r["k"])].append((r["instance"], int(r["cut"]), float(r["time_s"])))
print("setting,k,instances,geomean_ratio,worst_ratio,total_time_s")
for (setting, k), v in rows.items():
    ratios = [c / best[(i, k)] for i, c, _ in v]
    geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"{setting},{k},{len(v)},{geomean:.4f},{max(ratios):.3f},{sum(t for _, _, t in v):.1f}")

#!/usr/bin/env python3
"""Per-case table of run.sh's output: mean kernel time of each side over its rounds, new/base."""
import json, glob, sys, os, statistics
here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
def side(name):
    runs = [json.load(open(f)) for f in sorted(glob.glob(f"{here}/{name}-*.json"))]
    times, counts = {}, {}
    for r in runs:
        for b in r["benchmarks"]:
            key = b["name"].split("/iterations")[0].replace("pm/OpenMP/", "")
            times.setdefault(key, []).append(b["real_time"])
            counts[key] = b.get("count")  # motif runs report no count
    return times, counts, runs[0]["context"]
bt, bc, bctx = side("base"); nt, nc, nctx = side("new")
print(f"base {bctx['git_commit']}, new {nctx['git_commit']}; {nctx['host_name']}, {nctx['num_cpus']} CPUs, "
      f"OMP_NUM_THREADS {nctx.get('OMP_NUM_THREADS')}; {len(glob.glob(here + '/base-*.json'))} rounds each, alternating\n")
print("| graph/application | base ms | new ms | new/base | count equal |")
print("|---|---:|---:|---:|---|")
ratios = []
for key in bt:
    b, n = statistics.mean(bt[key]), statistics.mean(nt[key])
    ratios.append(n / b)
    print(f"| {key} | {b:.2f} | {n:.2f} | {n / b:.2f} | {'-' if bc[key] is None and nc[key] is None else ('yes' if bc[key] == nc[key] else 'NO')} |")
print(f"\ngeometric mean new/base {statistics.geometric_mean(ratios):.3f}; max {max(ratios):.2f}")

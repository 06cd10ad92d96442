#!/usr/bin/env python3
"""The set-up table of issue 26 from run.sh's JSON lines.

    table.py results.jsonl > table.md
"""
import csv, json, os, sys

records = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
truth = {}
with open(os.path.join(os.environ.get("TESSERA_DATA_DIR", "/work/shared/data"), "graphs", "ground_truth.csv")) as f:
    for row in csv.DictReader(f):
        truth[row["name"]] = int(row["triangles"])
name = lambda g: os.path.basename(g).split(".")[0] if not g.startswith("gen:") else g.split(",")[0].replace("gen:kronecker:scale=", "kron")
single = {}
for r in records:
    if "ranks" not in r and "triangles" in r:
        single[name(r["graph"])] = r["triangles"]
print("| graph | variant | ranks | triangles | exact | setup edges max | ratio to 1 rank | setup bytes max (MB) "
      "| setup s max | setup imbalance | counting s max | counting imbalance | time s |")
print("|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
base = {}
for r in records:
    if "ranks" not in r:
        continue
    g = name(r["graph"])
    if "error" in r:
        print(f"| {g} | {r['variant']} | {r['ranks']} | FAILED ({r['error']}) |" + " |" * 9)
        continue
    want = truth.get(g, single.get(g))
    exact = "yes" if want is not None and r["triangles"] == want else f"NO (want {want})"
    key = (g, r["variant"])
    if r["ranks"] == 1:
        base[key] = r["setup_edges_max"]
    ratio = r["setup_edges_max"] / base[key] if key in base and base[key] else float("nan")
    m = r["metrics"]
    print(f"| {g} | {r['variant']} | {r['ranks']} | {r['triangles']} | {exact} | {r['setup_edges_max']:,.0f} | {ratio:.3f} "
          f"| {r['setup_bytes_max'] / 1e6:.1f} | {r['setup_max']:.3f} | {r['setup_imbalance']:.2f} "
          f"| {r['counting_max']:.3f} | {r['counting_imbalance']:.2f} | {r['time_s']:.3f} |")

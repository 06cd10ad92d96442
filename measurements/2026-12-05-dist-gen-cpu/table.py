#!/usr/bin/env python3
"""Before/after table of run.sh's records: table.py results-before.jsonl results-after.jsonl;
of ab.sh's interleaved records: table.py ab.jsonl."""
import json
import sys


def records(path):
    out = {}
    for line in open(path):
        d = json.loads(line)
        scale = d["graph"].split("scale=")[1].split(",")[0]
        out[(int(scale), d["ranks"])] = d
    return out


if len(sys.argv) == 2:  # ab.sh: before then after, per (scale, P)
    rows = [json.loads(line) for line in open(sys.argv[1])]
    print("| kron | P | triangles (both) | read_s before | read_s after | time_s before | time_s after |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for b, a in zip(rows[0::2], rows[1::2]):
        scale = b["graph"].split("scale=")[1].split(",")[0]
        same = b["triangles"] if b["triangles"] == a["triangles"] else "DIFFER"
        print(f"| {scale} | {b['ranks']} | {same} | {b['read_s']:.2f} | {a['read_s']:.2f} | {b['time_s']:.1f} | {a['time_s']:.1f} |")
    sys.exit(0)
before, after = records(sys.argv[1]), records(sys.argv[2])
print("| kron | P | triangles | exact | read_s before | read_s after | setup_s max before | setup_s max after"
      " | setup_edges_max | time_s before | time_s after |")
print("|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
for key in sorted(before):
    b, a = before[key], after.get(key, {})
    ref = before[(key[0], 1)]["triangles"]
    exact = "yes" if b.get("triangles") == ref and a.get("triangles") == ref else "NO"
    m = lambda d, k: d.get("metrics", {}).get(k, {}).get("max", float("nan"))
    print(f"| {key[0]} | {key[1]} | {b['triangles']} | {exact} | {b['read_s']:.2f} | {a.get('read_s', float('nan')):.2f}"
          f" | {m(b, 'setup_s'):.2f} | {m(a, 'setup_s'):.2f} | {int(m(a, 'setup_edges')):,} | {b['time_s']:.1f}"
          f" | {a.get('time_s', float('nan')):.1f} |")

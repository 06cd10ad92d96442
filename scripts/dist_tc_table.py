#!/usr/bin/env python3
"""Markdown table of a distributed triangle-counting sweep (`tessera run` results.jsonl).

    scripts/dist_tc_table.py results.jsonl TABLE.md "exact command"

Used by scripts/bench-dist-tc.sh; works on the records of a sweep cut short as well.
"""
import json, sys
src, dst, command = sys.argv[1], sys.argv[2], sys.argv[3]
records = [json.loads(line) for line in open(src) if line.strip()]
single = {r["input"]: r for r in records if r["task"] == "tc"}
rows = []
for r in records:
    if r["task"] != "tc-distributed":
        continue
    if "error" in r:
        rows.append([r["input"], r.get("param.variant", ""), r.get("param.ranks", ""), "",
                     r.get("param.buffer-size", ""), "FAILED: " + r["error"][:120]] + [""] * 10)
        continue
    m = r.get("metrics", {})
    mm = lambda k: "{:.3f}/{:.3f}/{:.3f}".format(m[k]["min"], m[k]["avg"], m[k]["max"]) if k in m else ""
    base = single.get(r["input"])
    ratio = base["time_s"] + base["preprocess_s"] if base else None
    rows.append([r["input"], r.get("variant", ""), str(r.get("ranks", "")), str(r.get("nodes", "")),
                 str(r.get("buffer_size", "")),
                 str(r.get("triangles", "")), "{:.3f}".format(r["time_s"]), mm("local_s"), mm("remote_s"),
                 mm("wait_s"), "{:,.0f}".format(m["queries_sent"]["avg"] * r["ranks"]) if "queries_sent" in m else "",
                 "{:,.0f}".format(m["node_local_queries"]["avg"] * r["ranks"]) if "node_local_queries" in m else "",
                 "{:.2f}".format(r["partition_imbalance"]) if "partition_imbalance" in r else "",
                 "{:,.0f}".format(r["setup_edges_max"]) if "setup_edges_max" in r else "",
                 "{:.2f}".format(r["setup_imbalance"]) if "setup_imbalance" in r else "",
                 "{:.2f}".format(ratio / r["time_s"]) if ratio and r["time_s"] > 0 else ""])
with open(dst, "w") as f:
    ctx = records[0] if records else {}
    f.write(f"# Distributed triangle counting, {ctx.get('device', '?')} ({ctx.get('backend', '?')})\n\n")
    f.write(f"Commit `{ctx.get('git_commit', '?')}`. time = slowest rank, setup to final reduction (graph "
            "distribution excluded); local / remote / wait = seconds, min/avg/max over ranks; queries = sent "
            "over MPI in total; node-local = wedge lookups whose middle vertex lives on another rank of the "
            "same node (what IPC serves); setup edges max = the most input entries read, generated or received "
            "plus oriented entries built by one rank during set-up; setup imbalance = slowest / mean set-up; speedup = single-node kernel (count + preprocessing) / this time.\n\n")
    for r in records:
        if r["task"] == "tc":
            f.write(f"Single-node `tessera::triangle_count` on {r['input']}: {r['triangles']} triangles, count "
                    f"{r['time_s']:.4f} s + preprocessing {r['preprocess_s']:.4f} s.\n\n")
    f.write("| graph | variant | ranks | nodes | buffer | triangles | time s | local s | remote s | wait s | queries | "
            "node-local | edge imbalance | setup edges max | setup imbalance | speedup vs single node |\n")
    f.write("|---|---|---:|---:|---:|---:|---:|---|---|---|---:|---:|---:|---:|---:|---:|\n")
    for row in rows:
        f.write("| " + " | ".join(row) + " |\n")
    f.write(f"\nCommand:\n\n```\n{command}\n```\n")
print(dst)

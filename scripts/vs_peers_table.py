#!/usr/bin/env python3
"""Joins bench-vs-peers.sh's CSVs into one markdown table per tool pair.

usage: vs_peers_table.py OUT_DIR   (reads g2miner.csv, tessera.csv, axoncuda.csv,
tessera-partition.csv and env.txt from OUT_DIR; prints markdown)

Ratio = Tessera time / peer time (above 1: Tessera is slower). Counts must agree: a cell whose
counts differ is marked COUNT MISMATCH instead of getting a ratio. G2Miner's time is its kernel
time, Tessera's the CLI's time_s (counting only, preprocessing apart), AxonCUDA's its host time
after loading; see ../shared/peers/README.txt for what each tool's number covers.
"""
import csv
import os
import sys


def read(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [r for r in csv.reader(f) if r and r[0] not in ("tool",)]


def seconds(text):
    try:
        return float(text)
    except ValueError:
        return None


def fmt_time(s):
    if s is None:
        return "–"
    return f"{s * 1e3:.3f} ms" if s < 1 else f"{s:.2f} s"


def mining_table(out):
    peer = {(r[1], r[2]): r for r in read(os.path.join(out, "g2miner.csv"))}
    ours = {(r[1], r[2]): r for r in read(os.path.join(out, "tessera.csv"))}
    apps = ["tc", "4-clique", "5-clique", "diamond", "4-cycle", "4-motif"]
    graphs = []
    for _, g in list(ours) + list(peer):
        if g not in graphs:
            graphs.append(g)
    lines = ["| graph | " + " | ".join(apps) + " |", "|---" * (len(apps) + 1) + "|"]
    for g in graphs:
        cells = []
        for a in apps:
            o, p = ours.get((a, g)), peer.get((a, g))
            if not o and not p:
                cells.append("")
                continue
            ot = seconds(o[4]) if o else None
            pt = seconds(p[4]) if p else None
            cell = f"{fmt_time(ot) if o else '–'} / {fmt_time(pt) if p else '–'}"
            if o and not ot:
                cell = f"{o[3]} / {fmt_time(pt)}"
            if o and p and ot and pt:
                if same_count(a, o[3], p[3]):
                    cell += f" ({ot / pt:.2f})"
                else:
                    cell += f" COUNT MISMATCH {o[3]} vs {p[3]}"
            cells.append(cell)
        lines.append(f"| {g} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def same_count(app, ours, peer):
    if app == "4-motif":
        parse = lambda s: {k: v for k, v in (x.split("=") for x in s.split(";") if "=" in x)}
        return parse(ours) == parse(peer)
    return ours.strip() == peer.strip()


def partition_table(out):
    peer = {}
    for r in read(os.path.join(out, "axoncuda.csv")):
        peer.setdefault(r[2], r)
    ours = {r[2]: r for r in read(os.path.join(out, "tessera-partition.csv"))}
    lines = ["| instance | connectivity (Tessera / AxonCUDA) | blocks | time (Tessera / AxonCUDA) | time ratio |",
             "|---|---|---|---|---|"]
    for i in sorted(set(ours) | set(peer)):
        o, p = ours.get(i), peer.get(i)
        oc = o[3] if o else "–"
        pc = p[3] if p else "–"
        ot = seconds(o[5]) if o else None
        pt = seconds(p[5]) if p else None
        ratio = f"{ot / pt:.2f}" if ot and pt else "–"
        opts = f" ({p[6]})" if p and len(p) > 6 and p[6] else ""
        lines.append(f"| {i} | {oc} / {pc}{opts} | {o[4] if o else '–'} / {p[4] if p else '–'} | "
                     f"{fmt_time(ot)} / {fmt_time(pt)} | {ratio} |")
    return "\n".join(lines)


def main():
    out = sys.argv[1]
    env = os.path.join(out, "env.txt")
    print("# Tessera beside G2Miner and AxonCUDA (same files, same device call)\n")
    if os.path.exists(env):
        print("```\n" + open(env).read().strip() + "\n```\n")
    print("## Mining and TC: Tessera / G2Miner (ratio = Tessera / G2Miner)\n")
    print(mining_table(out) + "\n")
    print("## Constrained partitioning, Loihi-64: Tessera / AxonCUDA\n")
    print(partition_table(out))


if __name__ == "__main__":
    main()

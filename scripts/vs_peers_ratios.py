#!/usr/bin/env python3
"""The mining/TC cells of a bench-vs-peers.sh run as CSV: app,graph,g2miner_s,tessera_s,ratio.

usage: vs_peers_ratios.py OUT_DIR > ratios.csv   (reads OUT_DIR/g2miner.csv and tessera.csv)

One row per (app, graph) both tools timed with equal counts (ratio = Tessera / G2Miner: above 1
Tessera is slower); a cell whose counts differ or that either tool did not finish is left out and
named on stderr. The geometric mean of the ratios goes to stderr too.
"""
import csv
import math
import os
import sys


def rows(path):
    with open(path) as f:
        return {(r[1], r[2]): r for r in csv.reader(f) if r and r[0] != "tool"}


def main():
    out = sys.argv[1]
    peer, ours = rows(os.path.join(out, "g2miner.csv")), rows(os.path.join(out, "tessera.csv"))
    print("app,graph,g2miner_s,tessera_s,ratio")
    logs = []
    for key, p in peer.items():
        t = ours.get(key)
        try:
            ps, ts = float(p[4]), float(t[4])
        except (TypeError, ValueError, IndexError):
            print(f"left out {key}: no time from both tools", file=sys.stderr)
            continue
        if p[3] != t[3]:
            print(f"left out {key}: counts differ ({p[3]} vs {t[3]})", file=sys.stderr)
            continue
        logs.append(math.log(ts / ps))
        print(f"{key[0]},{key[1]},{p[4]},{t[4]},{ts / ps:.3f}")
    if logs:
        print(f"{len(logs)} cells, geometric mean {math.exp(sum(logs) / len(logs)):.3f}, "
              f"{sum(1 for x in logs if x > 0)} above 1", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Per-kernel instruction mix, memory instructions and stall reasons from an Nsight Compute
per-SASS export (`ncu -i REP --page source --csv --print-source sass > F.csv`, optionally .xz).
Usage: sass_mix.py F.csv[.xz] [more...]; prints one block per kernel: SASS rows, executed warp
instructions, the memory/synchronisation opcodes by count and the stall reasons' shares."""
import csv
import lzma
import sys
from collections import Counter

MEMORY = ("LDL", "STL", "LDG", "STG", "LD", "ST", "LDS", "STS", "LDC", "ULDC", "SHFL", "VOTE", "ATOMG", "RED", "BAR")


def kernels(path):
    opener = lzma.open if path.endswith(".xz") else open
    name, header, rows = None, None, []
    for r in csv.reader(opener(path, "rt")):
        if r and r[0] == "Kernel Name":
            if name is not None:
                yield name, rows
            name, rows = r[1], []
        elif r and r[0] == "Address":
            header = r
        elif header and len(r) == len(header):
            rows.append(dict(zip(header, r)))
    if name is not None:
        yield name, rows


def opcode(source):
    tokens = source.replace(",", " ").split()
    if not tokens:
        return "?"
    return tokens[1] if tokens[0].startswith("@") and len(tokens) > 1 else tokens[0]


for path in sys.argv[1:]:
    seen = set()
    for name, rows in kernels(path):
        executed, memory, stalls = 0, Counter(), Counter()
        for d in rows:
            n = int(d.get("Instructions Executed") or 0)
            executed += n
            op = opcode(d["Source"])
            if op.split(".")[0] in MEMORY:
                memory[op] += n
            for h, v in d.items():
                if h.startswith("stall_") and "Not Issued" not in h and v:
                    stalls[h[6:]] += float(v)
        if (name, executed) in seen:  # the export lists some launches twice
            continue
        seen.add((name, executed))
        total = sum(stalls.values()) or 1
        print(f"{path}: {name[:110]}")
        print(f"  SASS rows {len(rows)}, executed warp instructions {executed}")
        print("  memory: " + ", ".join(f"{op} {n}" for op, n in memory.most_common(16)))
        print("  stalls: " + ", ".join(f"{s} {100 * v / total:.1f}%" for s, v in stalls.most_common(8)))

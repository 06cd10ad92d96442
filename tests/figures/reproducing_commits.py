#!/usr/bin/env python3
"""docs/REPRODUCING.md agrees with the H200 records it describes (issue 27): its list of commits
names, for each commit, exactly the data files (docs/figures/*/h200-data/*.csv) that record it;
and the Fig. 8 row says "differs" when the records' largest step on some input is not one of the
paper's dominant three (neighbourhoods, proposals, gains)."""
import csv
import glob
import os
import re
import sys

repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
doc = open(os.path.join(repo, "docs", "REPRODUCING.md"), encoding="utf-8").read()
problems = []

recorded = {}  # commit -> data files (figure names)
for path in glob.glob(os.path.join(repo, "docs", "figures", "*", "h200-data", "*.csv")):
    with open(path, encoding="utf-8", newline="") as f:
        for commit in {row["git_commit"] for row in csv.DictReader(f)}:
            recorded.setdefault(commit, set()).add(os.path.basename(path)[:-4])

listed = {}  # commit -> the files its bullet names
for commit, text in re.findall(r"^- `([0-9a-f]{7,40})` \(.*?\), [^:]*:((?:.|\n  )*)", doc, re.MULTILINE):
    listed[commit] = {name for name in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text)}
for commit, files in recorded.items():
    if commit not in listed:
        problems.append(f"commit {commit} ({', '.join(sorted(files))}) is not in REPRODUCING.md's list")
    elif listed[commit] != files:
        problems.append(f"commit {commit}: REPRODUCING.md lists {sorted(listed[commit])}, the data files are {sorted(files)}")
for commit in set(listed) - set(recorded):
    problems.append(f"REPRODUCING.md lists commit {commit}, which no data file records")

steps = ["neighbors_s", "proposal_s", "matching_s", "contraction_s", "initial_s", "gains_s", "sequence_s", "validity_s"]
fig8 = os.path.join(repo, "docs", "figures", "hypergraph-partitioning-gpu", "h200-data", "fig8-step-breakdown.csv")
with open(fig8, encoding="utf-8", newline="") as f:
    largest = {row["input"]: max(steps, key=lambda s: float(row[s])) for row in csv.DictReader(f)}
row = next((line for line in doc.splitlines() if line.startswith("| Fig. 8: per-step time")), "")
paper_says = {"neighbors_s", "proposal_s", "gains_s"}
if any(step not in paper_says for step in largest.values()) and not row.rstrip(" |").split("|")[-1].strip().startswith("differs"):
    problems.append(f"Fig. 8's largest steps are {largest}, not the paper's, but its row does not say 'differs'")

for p in problems:
    print("FAIL:", p, file=sys.stderr)
sys.exit(1 if problems else 0)

"""Per graph and application, the minimum and median time_s of the A/B pairs in raw/*.jsonl.gz:
tc-lane-sums.csv (TC masked kernel, lane sums off / on) and pivots.csv (pivot lists on, 0 =
as many as lanes, the default then / off, -1). ratio < 1: the second setting is faster."""
import collections
import gzip
import glob
import json
import statistics


def pairs(pattern, param, first, second, out):
    with open(out, "w") as f:
        f.write("graph,app,first_min_s,second_min_s,ratio_min,ratio_median\n")
        for path in sorted(glob.glob(pattern)):
            times = collections.defaultdict(list)
            for line in gzip.open(path, "rt"):
                r = json.loads(line)
                app = r["task"] + (":" + str(r.get("param.k") or r.get("param.pattern") or "") if r["task"] != "tc" else "")
                times[(r["input"], app, str(r["param." + param]))].append(r["time_s"])
            for (graph, app, value) in sorted(times):
                if value != first:
                    continue
                a, b = times[(graph, app, first)], times[(graph, app, second)]
                f.write(f"{graph},{app},{min(a):.6f},{min(b):.6f},{min(b) / min(a):.3f},"
                        f"{statistics.median(b) / statistics.median(a):.3f}\n")


pairs("raw/tc-ab.jsonl.gz", "lane-sums", "off", "on", "tc-lane-sums.csv")
pairs("raw/piv-*.jsonl.gz", "pivots", "0", "-1", "pivots.csv")

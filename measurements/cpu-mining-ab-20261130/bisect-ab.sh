#!/usr/bin/env bash
# bisect-ab.sh OUT BASE_BENCH BENCH...: 4 rounds, each binary once per round, triangle and clique
# cases only; prints each case and the geometric mean relative to the first binary.
out=$1; shift
mkdir -p $out
export OMP_NUM_THREADS=2 OMP_PROC_BIND=false TESSERA_BENCH_PM_SCALES=12 TESSERA_BENCH_PM_GRAPHS=ca-GrQc,email-Eu-core TESSERA_DATA_DIR=${TESSERA_DATA_DIR:?}
for r in 1 2 3 4; do
  i=0
  for b in "$@"; do
    i=$((i+1))
    $b --benchmark_filter='^pm/OpenMP/.*(4-clique|5-clique|triangles)' --benchmark_out=$out/b$i-$r.json > /dev/null 2>&1
  done
done
python3 - "$out" "$#" <<'PY'
import json, glob, sys, statistics
out, n = sys.argv[1], int(sys.argv[2])
rows = {}
for i in range(1, n + 1):
    for f in glob.glob(f"{out}/b{i}-*.json"):
        for b in json.load(open(f))["benchmarks"]:
            k = b["name"].split("/iterations")[0].replace("pm/OpenMP/", "")
            rows.setdefault(k, {}).setdefault(i, []).append(b["real_time"])
gm = {i: [] for i in range(1, n + 1)}
for k, v in rows.items():
    base = statistics.mean(v[1])
    print(k, " ".join(f"{statistics.mean(v[i]) / base:.3f}" for i in range(1, n + 1)))
    for i in range(1, n + 1): gm[i].append(statistics.mean(v[i]) / base)
print("geomean", " ".join(f"{statistics.geometric_mean(gm[i]):.3f}" for i in range(1, n + 1)))
PY

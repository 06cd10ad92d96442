#!/usr/bin/env bash
# Pattern-mining benchmark: builds, runs every application of the mining engine (triangles,
# 4-/5-cliques, diamond, 4-cycle, 3-/4-motifs) on Kronecker and real graphs, on the default
# execution space and (GPU builds) the host space, and writes
#   measurements/mining-<device>-<date>.json   Google Benchmark JSON (with the build context)
#   measurements/mining-<device>-<date>.md     a table with GPU/CPU ratios and the exact command
#
#   scripts/bench-mining.sh [openmp|cuda] [extra tessera_bench arguments...]
#
# Environment (read by the benchmark, see bench/algorithms/pattern_mining/): TESSERA_BENCH_PM_SCALES
# (default "12,14"; on a GPU e.g. "16,18,20"), TESSERA_DATA_DIR (adds real graphs),
# TESSERA_BENCH_PM_GRAPHS, TESSERA_BENCH_PM_MAX_EDGES, TESSERA_BENCH_PM_HOST=0 (no host runs on
# GPU builds), TESSERA_BENCH_PM_ITERATIONS (timed runs per point, default 3),
# TESSERA_BENCH_PM_DISABLE (the ablation: ';'-separated --disable lists, e.g.
# "none;prune;lgs;flat;balance"; a setting other than none shows as "<app>/-<setting>").
# TESSERA_BENCH_FILTER overrides the benchmark filter (default '^pm/').
# TESSERA_SKIP_BUILD=1 uses the existing build.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
preset=${1:-openmp}
[ $# -gt 0 ] && shift

[ "${TESSERA_SKIP_BUILD:-0}" = 1 ] || "$repo/scripts/build.sh" "$preset" >&2
bench="$repo/build/$preset/bench/tessera_bench"
[ -x "$bench" ] || { echo "bench-mining: $bench was not built" >&2; exit 1; }

source "$repo/scripts/bench-common.sh"
device=$(device_slug "$preset")
stamp=$(date -u +%Y%m%d-%H%M%S)
out_dir="$repo/measurements"
mkdir -p "$out_dir"
base="$out_dir/mining-$device-$stamp"

filter=${TESSERA_BENCH_FILTER:-'^pm/'}
cmd=("$bench" "--benchmark_filter=$filter" "--benchmark_out=$base.json.partial" "--benchmark_out_format=json"
     "--benchmark_counters_tabular=true" "$@")
env_line="TESSERA_BENCH_PM_SCALES=${TESSERA_BENCH_PM_SCALES:-12,14} TESSERA_BENCH_PM_DISABLE=${TESSERA_BENCH_PM_DISABLE:-none} TESSERA_BENCH_PM_ITERATIONS=${TESSERA_BENCH_PM_ITERATIONS:-3} TESSERA_BENCH_PM_GRAPHS=${TESSERA_BENCH_PM_GRAPHS:-} TESSERA_DATA_DIR=${TESSERA_DATA_DIR:-} OMP_NUM_THREADS=${OMP_NUM_THREADS:-} OMP_PROC_BIND=${OMP_PROC_BIND:-}"
echo "bench-mining: $env_line ${cmd[*]}" >&2
"${cmd[@]}"
# Google Benchmark writes its JSON as it goes: only a finished run gets the final name.
mv "$base.json.partial" "$base.json"

python3 - "$base.json" "$base.md" "$env_line ${cmd[*]}" <<'PY'
import json, sys
src, dst, command = sys.argv[1], sys.argv[2], sys.argv[3]
with open(src) as f:
    data = json.load(f)
ctx = data.get("context", {})
rows, times = [], {}
for b in data.get("benchmarks", []):
    if b.get("run_type") == "aggregate":
        continue
    # pm/<space>/<graph>/<application>/iterations:N/manual_time
    parts = [p for p in b["name"].split("/") if p != "manual_time" and not p.startswith("iterations:")]
    space, graph, app = parts[1], parts[2], "/".join(parts[3:])
    if b.get("error_occurred"):
        rows.append((graph, app, space, "", "ERROR: " + b.get("error_message", ""), ""))
        continue
    s = b.get("seconds", 0)
    times[(graph, app, space)] = s
    count = b.get("count")
    rows.append((graph, app, space, f"{int(b.get('m', 0)):,}", f"{s * 1e3:.3f}", f"{int(count):,}" if count is not None else ""))
host_spaces = {"OpenMP", "Serial", "Threads"}
with open(dst, "w") as f:
    f.write(f"# Pattern mining, {ctx.get('device', '?')} ({ctx.get('backend', '?')})\n\n")
    f.write(f"Commit `{ctx.get('git_commit', '?')}`, Kokkos {ctx.get('kokkos_version', '?')}, "
            f"concurrency {ctx.get('concurrency', '?')}, {ctx.get('date', '')}.\n\n")
    f.write("Engine kernel time (mean of the iterations; motifs: the whole count_motifs call). Real-graph counts are "
            "checked against ground_truth.csv; a failed check shows as ERROR. GPU/CPU = host-space time / device time "
            "for the same graph and application, both in this process.\n\n")
    f.write("| graph | application | space | m | ms | count | GPU/CPU |\n|---|---|---|---:|---:|---:|---:|\n")
    for graph, app, space, m, ms, count in rows:
        ratio = ""
        if space not in host_spaces:
            host = [t for (g, a, sp), t in times.items() if g == graph and a == app and sp in host_spaces]
            dev = times.get((graph, app, space))
            if host and dev:
                ratio = f"{host[0] / dev:.1f}"
        f.write(f"| {graph} | {app} | {space} | {m} | {ms} | {count} | {ratio} |\n")
    f.write(f"\nCommand:\n\n```\n{command}\n```\n")
print(dst)
PY

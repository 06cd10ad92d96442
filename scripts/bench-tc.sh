#!/usr/bin/env bash
# Triangle-counting benchmark: builds, runs every tessera::triangle_count variant x
# intersection, the Kokkos Kernels baseline and the serial count, and writes
#   bench/results/tc-<device>-<date>.json   Google Benchmark JSON (with the build context)
#   bench/results/tc-<device>-<date>.md     a short table and the exact command
#
#   scripts/bench-tc.sh [openmp|cuda] [--no-apt] [extra tessera_bench arguments...]
#
# --no-apt builds from already extracted dependency sources (the GPU machine; see gpu-check.sh).
#
# Environment (read by the benchmark): TESSERA_BENCH_TC_SCALES (default "16,18,20"; on a GPU
# e.g. "16,18,20,22,24"), TESSERA_DATA_DIR (adds the shipped real graphs),
# TESSERA_BENCH_TC_GRAPHS, TESSERA_BENCH_TC_MAX_EDGES, TESSERA_BENCH_TC_KK_BLOCK_WEDGES (wedges
# per SpGEMM call of the Kokkos Kernels spgemm_masked baseline). TESSERA_BENCH_FILTER overrides the
# benchmark filter (default: every non-smoke TC benchmark).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
preset=${1:-openmp}
[ $# -gt 0 ] && shift
build_args=()
if [ "${1:-}" = --no-apt ]; then
  build_args+=(--no-apt)
  shift
fi

"$repo/scripts/build.sh" "$preset" "${build_args[@]}" >&2
bench="$repo/build/$preset/bench/tessera_bench"
[ -x "$bench" ] || { echo "bench-tc: $bench was not built" >&2; exit 1; }

if [ "$preset" = cuda ] && command -v nvidia-smi >/dev/null; then
  device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)
else
  device=$(sed -nE 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -n1)
fi
device=$(printf '%s' "${device:-unknown}" | tr -cs 'A-Za-z0-9' '-' | sed -E 's/^-+|-+$//g' | tr 'A-Z' 'a-z')
stamp=$(date -u +%Y%m%d-%H%M%S)
out_dir="$repo/bench/results"
mkdir -p "$out_dir"
base="$out_dir/tc-$device-$stamp"

filter=${TESSERA_BENCH_FILTER:-'^tc/'}
cmd=("$bench" "--benchmark_filter=$filter" "--benchmark_out=$base.json" "--benchmark_out_format=json"
     "--benchmark_counters_tabular=true" "$@")
env_line="TESSERA_BENCH_TC_SCALES=${TESSERA_BENCH_TC_SCALES:-16,18,20} TESSERA_BENCH_TC_KK_BLOCK_WEDGES=${TESSERA_BENCH_TC_KK_BLOCK_WEDGES:-} TESSERA_DATA_DIR=${TESSERA_DATA_DIR:-} OMP_NUM_THREADS=${OMP_NUM_THREADS:-} OMP_PROC_BIND=${OMP_PROC_BIND:-}"
echo "bench-tc: $env_line ${cmd[*]}" >&2
"${cmd[@]}"

python3 - "$base.json" "$base.md" "$env_line ${cmd[*]}" <<'PY'
import json, sys
src, dst, command = sys.argv[1], sys.argv[2], sys.argv[3]
with open(src) as f:
    data = json.load(f)
ctx = data.get("context", {})
rows = []
for b in data.get("benchmarks", []):
    if b.get("run_type") == "aggregate":
        continue
    parts = b["name"].split("/")
    # tc/<graph>/<variant...>/manual_time
    parts = [p for p in parts if p != "manual_time" and not p.startswith("iterations:")]
    graph, variant = parts[1], "/".join(parts[2:])
    if b.get("error_occurred"):
        rows.append((graph, "", variant, "ERROR: " + b.get("error_message", ""), "", "", "", ""))
        continue
    m = b.get("m", 0)
    count_s = b.get("count_s", 0)
    ratio = b.get("ratio_vs_kokkos_kernels")
    extra = b.get("peak_extra_mib")
    rows.append((graph, f"{int(m):,}", variant, f"{count_s * 1e3:.3f}", f"{b.get('preprocess_s', 0) * 1e3:.3f}",
                 f"{b.get('edges_per_s', 0):.3e}", f"{ratio:.2f}" if ratio is not None else "",
                 f"{extra:.1f} ({b.get('extra_bytes_per_edge', 0):.1f} B/edge)" if extra is not None else ""))
with open(dst, "w") as f:
    f.write(f"# Triangle counting, {ctx.get('device', '?')} ({ctx.get('backend', '?')})\n\n")
    f.write(f"Commit `{ctx.get('git_commit', '?')}`, Kokkos {ctx.get('kokkos_version', '?')}, "
            f"concurrency {ctx.get('concurrency', '?')}, {ctx.get('date', '')}.\n\n")
    f.write("count ms excludes preprocessing (orientation, masking), which is the next column; ratio = Kokkos "
            "Kernels count time / this count time (same process; its triangle_ll method on host spaces, "
            "spgemm_masked on GPUs). Extra memory = peak bytes the run allocated in the graph's memory space "
            "beyond the input graph. Every count is checked against the serial reference; a failed check shows "
            "as ERROR.\n\n")
    f.write("| graph | m | variant | count ms | preprocess ms | edges/s | ratio vs KK | extra MiB |\n"
            "|---|---:|---|---:|---:|---:|---:|---:|\n")
    for r in rows:
        f.write("| " + " | ".join(r) + " |\n")
    f.write(f"\nCommand:\n\n```\n{command}\n```\n")
print(dst)
PY

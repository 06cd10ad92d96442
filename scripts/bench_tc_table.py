#!/usr/bin/env python3
"""Markdown table of a triangle-counting benchmark run (Google Benchmark JSON).

    scripts/bench_tc_table.py RESULTS.json TABLE.md "exact command"

Used by scripts/bench-tc.sh; also reads the JSON of a run cut short by a timeout.
"""
import json, sys
src, dst, command = sys.argv[1], sys.argv[2], sys.argv[3]
with open(src) as f:
    text = f.read()
try:
    data = json.loads(text)
except json.JSONDecodeError:
    # A run stopped by a timeout leaves the benchmark list unterminated: close it and keep
    # every complete entry.
    data = json.loads(text[:text.rindex("}") + 1] + "\n  ]\n}\n")
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

#!/usr/bin/env bash
# scripts/plot.py on hand-written results folders: exact figures and one-line errors (exit 1).
# Exit 77 (skipped) without python3 matplotlib + yaml.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
plot=$repo/scripts/plot.py
fail() { echo "FAIL: $*" >&2; exit 1; }
python=""
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
  if "$candidate" -c 'import matplotlib, yaml' 2>/dev/null; then python=$candidate; break; fi
done
[ -n "$python" ] || { echo "SKIPPED: no python3 with matplotlib and yaml"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A results folder: three records of two series, one failed.
results() {  # results <folder> <plot block>
  mkdir -p "$1"
  printf 'name: t\nplot:\n%s\n' "$2" >"$1/config.resolved.yaml"
  cat >"$1/results.jsonl" <<'JSON'
{"git_commit": "abc123", "backend": "OpenMP", "device": "cpu", "started": "2026-11-30T00:00:00Z", "mode": "full", "input": "g1", "task": "tc", "param.variant": "a", "time_s": 2.0, "metrics": {"wait_s": {"max": 0.5}}}
{"git_commit": "abc123", "backend": "OpenMP", "device": "cpu", "started": "2026-11-30T00:00:00Z", "mode": "full", "input": "g1", "task": "tc", "param.variant": "b", "time_s": 1.0, "metrics": {"wait_s": {"max": 0.25}}}
{"git_commit": "abc123", "backend": "OpenMP", "device": "cpu", "started": "2026-11-30T00:00:00Z", "mode": "full", "input": "g2", "task": "tc", "param.variant": "b", "error": "out of memory"}
JSON
}
# expect_error <message> <folder>: exit 1, one stderr line containing message, no file written.
expect_error() {
  "$python" "$plot" "$2" >"$tmp/out" 2>"$tmp/err" && fail "succeeded on $2"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF "$1" "$tmp/err" || fail "expected '$1', got: $(cat "$tmp/err")"
  ! ls "$2" | grep -q '\.png$' || fail "a PNG was written for $2"
}

results "$tmp/ok" '  - {name: bars, x: input, y: time_s, series: param.variant, kind: bar, normalise-to: a}
  - {name: nested, x: param.variant, y: metrics.wait_s.max, log: [y]}'
"$python" "$plot" "$tmp/ok" --output "$tmp/figs" >"$tmp/out" 2>"$tmp/err" || fail "plot: $(cat "$tmp/err")"
for f in bars.png bars.svg nested.png nested.svg; do [ -s "$tmp/figs/$f" ] || fail "missing $f"; done
[ "$(wc -l <"$tmp/out")" -eq 4 ] || fail "expected 4 paths: $(cat "$tmp/out")"
grep -q "commit abc123 | OpenMP on cpu | 2026-11-30T00:00:00Z | 2 records | failed, left out: g2 tc variant=b" "$tmp/figs/bars.svg" ||
  fail "caption: $(grep -o 'commit[^<]*' "$tmp/figs/bars.svg" | head -2)"

results "$tmp/key" '  x: input
  y: time_s
  colour: red'
expect_error "plot 1: unknown key 'colour'" "$tmp/key"
results "$tmp/kind" '  {x: input, y: time_s, kind: pie}'
expect_error "kind must be line or bar, got 'pie'" "$tmp/kind"
results "$tmp/field" '  {name: f, x: input, y: seconds}'
expect_error "plot 'f': a record has no field 'seconds'" "$tmp/field"
results "$tmp/base" '  {name: b, x: input, y: time_s, series: param.variant, normalise-to: c}'
expect_error "plot 'b': no series 'c' to normalise to (series: variant=a, variant=b)" "$tmp/base"
results "$tmp/none" '  {name: n, x: input, y: time_s, where: {task: cliques}}'
expect_error "plot 'n': no successful record matches" "$tmp/none"
mkdir -p "$tmp/empty"
expect_error "results.jsonl: no such file" "$tmp/empty"
# Issue 27: one label table for every figure, log bars that show their smallest bar, reference
# markers, every commit in the caption, records from a results.csv.
PYTHONPATH=$repo/scripts "$python" - "$repo" <<'PY' || fail "labels, log baseline, reference or csv"
import glob, os, sys, yaml
import plot
repo = sys.argv[1]
missing = set()
for config in glob.glob(f"{repo}/configs/papers/*/*.yaml"):
    specs = yaml.safe_load(open(config)).get("plot") or []
    for spec in specs if isinstance(specs, list) else [specs]:
        for key in ("x", "y", "series"):
            missing |= {f for f in plot.as_list(spec.get(key, [])) if f not in plot.LABELS}
assert not missing, f"fields without a label in plot.LABELS: {sorted(missing)}"
rec = lambda **kw: dict({"git_commit": "abc123", "backend": "OpenMP", "device": "cpu", "started": "now"}, **kw)
records = [rec(input="g1", **{"param.ranks": "2", "time_s": 100.0, "metrics": {"bytes_sent_raw": {"avg": 5e6}}}),
           rec(input="g2", **{"param.ranks": "4", "time_s": 0.001, "metrics": {"bytes_sent_raw": {"avg": 2e6}}},
               git_commit="def456")]
fig = plot.figure({"name": "t", "x": "input", "y": "time_s", "kind": "bar", "log": ["y"], "series": "param.ranks",
                   "reference": {"label": "best known", "values": {"4": {"g2": 0.0005}}}}, records)
ax = fig.axes[0]
assert ax.get_ylim()[0] <= 0.001 / 3, f"log bars start at {ax.get_ylim()[0]}: the 0.001 bar vanishes"
assert (ax.get_xlabel(), ax.get_ylabel()) == ("input", "time (s)"), (ax.get_xlabel(), ax.get_ylabel())
legend = [t.get_text() for t in ax.get_legend().get_texts()]
assert legend == ["best known", "ranks=2", "ranks=4"], legend
marker = ax.collections[0].get_offsets()[0]
assert abs(marker[1] - 0.0005) < 1e-12 and abs(marker[0] - (1 + 0.4)) < 1e-9, marker  # over the ranks=4 bar of g2
caption = [t.get_text() for t in fig.texts][0]
assert "commits abc123, def456 |" in caption, caption
ax = plot.figure({"name": "b", "x": "param.ranks", "y": "metrics.bytes_sent_raw.avg", "kind": "bar"}, records).axes[0]
assert ax.get_ylabel() == "bytes sent (uncompressed) (MB)" and ax.get_xlabel() == "ranks", ax.get_ylabel()
assert sorted(round(b.get_height(), 6) for b in ax.patches) == [2.0, 5.0], "bytes not shown in MB"
PY
mkdir -p "$tmp/csv"
printf 'git_commit,started,input,param.variant,time_s,metrics,error\nabc123,now,g1,a,2.0,"{""wait_s"": {""max"": 0.5}}",\nabc123,now,g2,a,,,boom\n' \
  >"$tmp/csv/results.csv"
printf 'name: t\nplot:\n  {name: fromcsv, x: input, y: metrics.wait_s.max, kind: bar}\n' >"$tmp/csv/exp.yaml"
"$python" "$plot" --records "$tmp/csv/results.csv" --config "$tmp/csv/exp.yaml" --output "$tmp/csvfigs" >/dev/null 2>"$tmp/err" ||
  fail "--records csv: $(cat "$tmp/err")"
grep -q "1 records | failed, left out: g2" "$tmp/csvfigs/fromcsv.svg" || fail "csv caption: $(grep -o 'commit[^<]*' "$tmp/csvfigs/fromcsv.svg")"
echo "PASS: plot.py"

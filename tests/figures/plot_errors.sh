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
echo "PASS: plot.py"

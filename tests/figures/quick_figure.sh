#!/usr/bin/env bash
# One paper figure in quick mode, end to end (issue 16): scripts/reproduce.sh --quick must exit 0,
# write exactly the expected number of records (none failed) and a PNG and an SVG for every
# figure of the experiment's plot: block. Exit 77 (skipped) without python3 matplotlib + yaml.
#   quick_figure.sh <tessera> <paper> <figure> <records>
set -euo pipefail
tessera=$1 paper=$2 figure=$3 records=$4
repo=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL $paper/$figure: $*" >&2; exit 1; }

python=""
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
  if "$candidate" -c 'import matplotlib, yaml' 2>/dev/null; then python=$candidate; break; fi
done
[ -n "$python" ] || { echo "SKIPPED: no python3 with matplotlib and yaml"; exit 77; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
PYTHON=$python "$repo/scripts/reproduce.sh" "$paper" "$figure" --quick --tessera "$tessera" --output "$out" \
  >"$out.log" 2>&1 || { cat "$out.log" >&2; rm -f "$out.log"; fail "reproduce.sh exited with status $?"; }
rm -f "$out.log"
got=$(wc -l <"$out/results.jsonl")
[ "$got" -eq "$records" ] || fail "$got records, expected $records"
! grep -q '"error":' "$out/results.jsonl" || fail "failed records: $(grep -o '"error": "[^"]*"' "$out/results.jsonl" | head -1)"
grep -q '"mode": "quick"' "$out/results.jsonl" || fail "records do not say quick mode"
names=$("$python" -c '
import sys, yaml
plot = yaml.safe_load(open(sys.argv[1]))["plot"]
specs = plot if isinstance(plot, list) else [plot]
print(" ".join(s.get("name", f"plot-{i + 1}") for i, s in enumerate(specs)))' "$out/config.resolved.yaml")
[ -n "$names" ] || fail "no plot names"
for name in $names; do
  [ "$(head -c 8 "$out/$name.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$name.png missing or not a PNG"
  grep -q "<svg" "$out/$name.svg" || fail "$name.svg missing or not an SVG"
done
[ "$(ls "$out" | grep -c '\.png$')" -eq "$(echo $names | wc -w)" ] || fail "unexpected PNG files: $(ls "$out")"
echo "ok $paper/$figure: $records records, figures: $names"

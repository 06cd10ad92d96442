#!/usr/bin/env bash
# Configs and scripts run from any checkout (issue 27): every input path in configs/ is a
# generator or under $TESSERA_DATA_DIR (no path relative to where the clone happens to sit);
# every config passes `tessera run --dry-run` with the shared data; scripts/reproduce.sh names
# only papers that exist and answers an unknown one with the list (exit 2).
#   repo_configs.sh <tessera binary>      (exit 77 when the shared data is absent)
set -uo pipefail
# grep -q stops reading at its first match and the writer then dies of SIGPIPE, which pipefail
# reports as a failure (seen under load): `matches` reads everything and prints nothing.
matches() { grep "$@" >/dev/null; }
tessera=$1
repo=$(cd "$(dirname "$0")/../.." && pwd)
data=${TESSERA_DATA_DIR:-${TESSERA_DEFAULT_DATA_DIR:-}}
fail() { echo "FAIL: $*" >&2; exit 1; }

bad=$(grep -rnE '^\s*-?\s*(file|labels):' "$repo/configs" | grep -v '\$TESSERA_DATA_DIR/')
[ -z "$bad" ] || fail "input paths not under \$TESSERA_DATA_DIR: $bad"
grep -rn 'shared/data' "$repo/configs" && fail "configs name ../shared/data directly"

header_papers=$(sed -n '/^#   paper /,/^#   figure /p' "$repo/scripts/reproduce.sh" | grep -o '[a-z0-9-]*-gpu')
[ "$(echo "$header_papers" | wc -w)" -eq 3 ] || fail "reproduce.sh header names $(echo $header_papers), not the 3 papers"
for p in $header_papers; do [ -d "$repo/configs/papers/$p" ] || fail "reproduce.sh names '$p', which has no configs/papers/$p"; done
"$repo/scripts/reproduce.sh" g2miner table4-tc --tessera "$tessera" 2>"${TMPDIR:-/tmp}/repro.$$" >/dev/null; rc=$?
err=$(cat "${TMPDIR:-/tmp}/repro.$$"); rm -f "${TMPDIR:-/tmp}/repro.$$"
[ "$rc" -eq 2 ] && echo "$err" | matches "no paper 'g2miner' (papers: g2miner-pattern-mining-gpu " || fail "unknown paper: exit $rc, $err"

# Quick mode warms every point up (a cold first point can invert a chart on tiny inputs).
has_mpi=$("$tessera" version | grep -c "features:.* mpi")
for config in "$repo"/configs/papers/*/*.yaml; do
  if [ "$has_mpi" -eq 0 ] && grep -q 'task: [a-z]*-distributed' "$config"; then continue; fi
  resolved=$("$tessera" run "$config" --quick --dry-run 2>&1) || fail "$config --quick --dry-run: $resolved"
  echo "$resolved" | matches '^warmup: [1-9]' || fail "$config: quick mode without a warm-up run"
done

[ -n "$data" ] && [ -d "$data/graphs" ] || { echo "SKIPPED: no shared data for the dry runs"; exit 77; }
for config in "$repo"/configs/*.yaml "$repo"/configs/experiments/*.yaml "$repo"/configs/papers/*/*.yaml; do
  if [ "$has_mpi" -eq 0 ] && grep -q 'task: [a-z]*-distributed' "$config"; then continue; fi
  TESSERA_DATA_DIR=$data "$tessera" run "$config" --dry-run >/dev/null 2>"${TMPDIR:-/tmp}/dry.$$" ||
    fail "$config --dry-run: $(cat "${TMPDIR:-/tmp}/dry.$$")"
done
rm -f "${TMPDIR:-/tmp}/dry.$$"
echo "PASS: configs"

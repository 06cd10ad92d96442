#!/usr/bin/env bash
# Wrong usage exits 2 with one line on stderr naming the problem, nothing on stdout (README:
# "1 bad input, 2 wrong usage"); one table row per case (issue 27). Also: Kokkos' thread option
# works in both spellings.   usage_errors.sh <tessera binary>
set -uo pipefail
tessera=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
g=gen:clique:n=5
h=gen:nn:lenet,input=14
# expected exit | stderr pattern (grep -E) | arguments
while IFS='|' read -r want pattern args; do
  [ -z "$want" ] && continue
  case "$want" in \#*) continue ;; esac
  # shellcheck disable=SC2086  # the arguments are words
  "$tessera" $args >"$tmp/out" 2>"$tmp/err"; rc=$?
  lines=$(grep -vc 'OMP_PROC_BIND\|In general, for best\|For best performance\|For unit testing' "$tmp/err")
  if [ "$rc" -ne "$want" ] || [ -s "$tmp/out" ] || [ "$lines" -ne 1 ] || ! grep -Eq -- "$pattern" "$tmp/err"; then
    echo "FAIL: tessera $args: exit $rc (want $want), stdout $(wc -c <"$tmp/out") bytes, stderr: $(cat "$tmp/err")" >&2
    failures=$((failures + 1))
  fi
done <<TABLE
2|cliques: --k must be between 3 and 8 \(got 0\)|cliques $g --k 0
2|cliques: --k must be between 3 and 8 \(got 9\)|cliques $g --k 9
2|motifs: --k must be 3 or 4 \(got 5\)|motifs $g --k 5
2|tc: .*unknown triangle-counting variant 'foo'|tc $g --variant foo
2|tc: .*'foo'|tc $g --intersection foo
2|--format: .*'xml'|tc $g --format xml
2|--format: .*'xml'|partition $h --k 2 --format xml
2|--format: .*'xml'|info $g --format xml
2|option 'runs' expects an integer in \[1, |partition $h --k 2 --runs 0
2|option 'runs' expects an integer in \[1, |partition $h --k 2 --runs -1
2|tc: needs a graph without self-loops; drop --keep-self-loops|tc $g --keep-self-loops
2|tc: works on undirected graphs only; drop --directed|tc $g --directed
2|cliques: works on undirected graphs only|cliques $g --directed
2|mine: needs a graph without self-loops|mine $g --pattern triangle --keep-self-loops
2|fsm: works on undirected graphs only|fsm $g --support 1 --directed
2|fsm: option 'support' expects an integer|fsm $g --support 0
2|fsm: option 'max-edges' expects an integer in \[1, 4\], got '0'|fsm $g --support 1 --max-edges 0
2|fsm: option 'max-edges' expects an integer in \[1, 4\], got '100'|fsm $g --support 1 --max-edges 100
2|mine needs --pattern|mine $g
2|unknown option --directed|partition $h --k 2 --directed
2|unknown option --keep-self-loops|partition $h --k 2 --keep-self-loops
2|unknown option --one-based|partition-check $h $tmp/p --one-based
2|unknown option --first-pin-is-source|tc $g --first-pin-is-source
2|unknown option --first-pin-is-source|cliques $g --first-pin-is-source
2|--kokkos-threads expects =N, a non-negative integer, got '--kokkos-threads=abc'|tc $g --kokkos-threads=abc
2|--kokkos-num-threads expects =N|tc $g --kokkos-num-threads=-3
2|--kokkos-threads expects =N|tc $g --kokkos-threads
2|--kokkos-device-id expects =N|tc $g --kokkos-device-id=x
2|unknown Kokkos option --kokkos-bogus|tc $g --kokkos-bogus=1
TABLE

# --kokkos-num-threads (Kokkos 4's name, which Kokkos 3.4 ignores) and --kokkos-threads both
# set the thread count (ctest runs this with OMP_NUM_THREADS=2).
for spelling in num-threads threads; do
  # The host space's threads (on a GPU build, `concurrency` is the device's).
  got=$("$tessera" version --kokkos-$spelling=1 | sed -n 's/^host threads: //p')
  [ "$got" = 1 ] || { echo "FAIL: --kokkos-$spelling=1 gave $got host threads" >&2; failures=$((failures + 1)); }
done
[ "$failures" -eq 0 ] || { echo "FAIL: $failures case(s)" >&2; exit 1; }
echo "PASS: usage errors"

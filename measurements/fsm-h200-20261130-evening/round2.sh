#!/usr/bin/env bash
# FSM at scale (issue 15; helper "fsmperf", branch `fsmperf`, 2026-11-30 evening), ROUND 2: merge
# branch `fsmperf` at 9558cd8 or later (head). Stars (edges, wedges, 3-/4-stars) and 3-paths get
# their MNI supports from per-vertex neighbour label counts (--counts on, default). Round 1 had
# citeseer wrong on CUDA (counting kernel's per-thread scratch; fixed in 5239062).
# 0. build/cuda/tests/tessera_tests -tc='fsm*' when built (count supports vs brute force/engine).
# 1. citeseer K=3 s=1 (counts on and off), cora K=3 s=100: --list must equal the reference (cmp).
# 2. kron20 labels=29 (seed=1): K=1, K=2 at s=6961 (main 5463894's lists), s=1 (all wedges),
#    s=4877 (50th-largest wedge support), K=3 at s=4877 and s=4784 (200th): list md5s from the
#    OpenMP build (and round 1); kron18 K=3 s=1371 md5 from OpenMP; K=2 s=4877 on the engine
#    (--counts off) for the table; K=4 s=4877 last, if time is left.
# Every run is cut so that the snippet ends by 76 s; rows are printed as they finish and again
# at the end; JSON lines in $OUT/fsm.jsonl, lists in $OUT/*.txt.
set -u
T=${TESSERA_BIN:-build/cuda/apps/tessera}
D=${TESSERA_DATA_DIR}/graphs/labelled
O=${OUT:-/tmp/fsmperf-gpu}
mkdir -p "$O"
rows=()
row() { rows+=("$1"); echo "row: $1"; }
field() { echo "$1" | grep -o "\"$2\": [0-9.e-]*" | head -1 | awk '{print $2}'; }
run() {  # label limit_s expected_list_or_md5_or_- tessera-fsm-args...
  local label=$1 limit=$2 ref=$3; shift 3
  [ "$limit" -gt $((76 - SECONDS)) ] && limit=$((76 - SECONDS))
  if [ "$limit" -lt 3 ]; then row "$label | skipped (time) | | | | | | |"; return; fi
  local out check=ok rc file
  file="$O/$(echo "$label" | tr ' =' '__').txt"
  out=$(timeout "$limit" "$T" fsm "$@" --list "$file" --json 2>&1); rc=$?
  echo "$out" | tr -d '\n' >> "$O/fsm.jsonl"; echo >> "$O/fsm.jsonl"
  local n; n=$(field "$out" frequent_patterns)
  if [ -z "$n" ]; then row "$label | ERROR rc=$rc$([ $rc = 124 ] && echo " (timeout ${limit} s)") $(echo "$out" | tail -c 160 | tr '\n' ' ') | | | | | | |"; return; fi
  local md5; md5=$(md5sum < "$file" | cut -c1-32)
  if [ "$ref" != - ]; then
    case "$ref" in
      md5:*) [ "$md5" = "${ref#md5:}" ] || check="LIST MD5 DIFFERS" ;;
      *) gzip -dc "$ref" | cmp -s - "$file" || check="LIST DIFFERS" ;;
    esac
  fi
  row "$label | $check | $n $(echo "$out" | grep -o '"by_edges": \[[0-9, ]*\]' | cut -d' ' -f2-) | $(field "$out" candidates) | $(field "$out" time_s) | $(field "$out" counts_s)$(field "$out" stars_s) | $(field "$out" engine_s) | $(field "$out" peak_device_bytes) | ${md5:0:12}"
}
# 0. The FSM unit and real-data tests on CUDA (count supports against brute force and the engine,
#    citeseer/cora lists with counts on and off), when the test binary was built.
if [ -x build/cuda/tests/tessera_tests ]; then
  timeout 25 build/cuda/tests/tessera_tests -tc='fsm*' > "$O/fsm-tests.log" 2>&1
  echo "fsm unit tests on CUDA: rc=$? $(grep -E '^\[doctest\] (test cases|assertions)' "$O/fsm-tests.log" | tr '\n' ' ')"
  grep -E "ERROR|FAILED" "$O/fsm-tests.log" | head -5
fi
run "citeseer K=3 s=1" 10 "$D/citeseer_k3_s1.patterns.txt.gz" "$D/citeseer.el.gz" --labels "$D/citeseer.labels.gz" --max-edges 3 --support 1
run "citeseer K=3 s=1 counts=off" 10 "$D/citeseer_k3_s1.patterns.txt.gz" "$D/citeseer.el.gz" --labels "$D/citeseer.labels.gz" --max-edges 3 --support 1 --counts off
run "cora K=3 s=100" 10 "$D/cora_k3_s100.patterns.txt.gz" "$D/cora.el.gz" --labels "$D/cora.labels.gz" --max-edges 3 --support 100
K20=${FSMPERF_GRAPH:-gen:kronecker:scale=20,edge_factor=16,seed=1,labels=29}  # (FSMPERF_GRAPH: a dry run elsewhere)
K18=gen:kronecker:scale=18,edge_factor=16,seed=1,labels=29
# md5s: main 5463894 on the H200 (K=1, K=2 s=6961) and the OpenMP build of this branch (the rest).
run "kron20 K=1 s=1" 10 md5:3acf964a45cd438203fb335e1dd59521 $K20 --max-edges 1 --support 1
run "kron20 K=2 s=6961" 10 md5:b8fa195515949e7045b5f9b9f73cf6c4 $K20 --max-edges 2 --support 6961
run "kron20 K=2 s=1" 10 md5:91cb89bc79904b7a0eea0efbc4a0778c $K20 --max-edges 2 --support 1
run "kron20 K=2 s=4877" 10 md5:020a310507cf90ce3f45d5250deac53e $K20 --max-edges 2 --support 4877
run "kron20 K=3 s=4877" 10 md5:3a50b56eb0afb1375b1eb9d83a6d4ef4 $K20 --max-edges 3 --support 4877
run "kron20 K=3 s=4784" 10 md5:b2ab78ded8dd7aeec394a240f4a8a177 $K20 --max-edges 3 --support 4784
run "kron18 K=3 s=1371" 10 md5:ed55696a64f604b2a62a6bf8736b9fe1 $K18 --max-edges 3 --support 1371
run "kron20 K=2 s=4877 counts=off" 15 md5:020a310507cf90ce3f45d5250deac53e $K20 --max-edges 2 --support 4877 --counts off
run "kron20 K=4 s=4877" 15 - $K20 --max-edges 4 --support 4877
echo
echo "case | check | patterns [by edges] | candidates | time_s | counts_s | engine_s | peak bytes | list md5"
echo "---|---|---|---|---|---|---|---|---"
printf '%s\n' "${rows[@]}"

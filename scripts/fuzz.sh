#!/usr/bin/env bash
# Builds the libFuzzer harnesses (`fuzz` preset, tests/fuzz/) and runs each over its seed
# corpus, one at a time, for a bounded time or a bounded number of inputs.
#
#   scripts/fuzz.sh [--time S | --runs N] [--seed K] [--out DIR] [--no-build] [--mutate-hdf5] [reader...]
#     --time S    seconds per reader (default 20)
#     --runs N    N inputs per reader instead: the same amount of fuzzing on a slow or a loaded
#                 machine (CI: `--runs 50000`, about 4 minutes on its 2 cores)
#     --seed K    libFuzzer's random seed (default: a new one each run, printed in the log)
#     --mutate-hdf5  also mutate HDF5 files; by default fuzz_hdf5 only replays its seeds, because
#                 mutated files reach memory errors inside libhdf5 1.10 itself (tests/fuzz/README.md)
#                 about once per 2500 inputs, which would make every CI run fail on them
#     --out DIR   logs, the grown corpora and crash inputs (default build/fuzz/runs)
#     reader      edge_list matrix_market metis hmetis dhg snn axh partition pattern vertex_labels
#                 hdf5 experiment generator_spec (default: all)
#
# A finding is a crash, a sanitizer report, an exception other than tessera::UserError (the
# harness aborts), an input taking more than 10 s, or more than 2 GB of memory. The input is
# saved as DIR/<reader>/crash-* (or timeout-*, oom-*); replay it with
# build/fuzz/tests/fuzz/fuzz_<reader> FILE, and add it to tests/fuzz/corpus/<reader>/ with the
# fix, so that every later run (and scripts/test-asan.sh) replays it. Exit status 1 when any
# reader has a finding.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=20
runs=
seed=
out=$repo/build/fuzz/runs
build=1
mutate_hdf5=0
readers=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) seconds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --mutate-hdf5) mutate_hdf5=1; shift ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) readers+=("$1"); shift ;;
  esac
done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: --time must be a positive number of seconds" >&2; exit 2; }
[[ -z "$runs" || "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: --runs must be a positive number" >&2; exit 2; }
[[ -z "$seed" || "$seed" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: --seed must be a positive number" >&2; exit 2; }
if [ ${#readers[@]} -eq 0 ]; then
  readers=(edge_list matrix_market metis hmetis dhg snn axh partition pattern vertex_labels hdf5 experiment
           generator_spec)
fi
for r in "${readers[@]}"; do
  [ -d "$repo/tests/fuzz/corpus/$r" ] || { echo "fuzz.sh: unknown reader '$r' (see --help)" >&2; exit 2; }
done
[ "$build" = 1 ] && "$repo/scripts/build.sh" fuzz

# One host thread, no thread binding; leaks are findings too; UBSan stops at the first report.
export OMP_NUM_THREADS=1 OMP_PROC_BIND=false
# A smaller quarantine keeps freed memory from counting against the RSS limit for long.
# allocator_may_return_null: a request beyond ASan's 1 TB maximum returns null, as malloc does
# in a release build (libhdf5 asks for that on some corrupt files and handles the null); any
# request above the RSS limit is still reported by libFuzzer's malloc limit.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:quarantine_size_mb=64:allocator_may_return_null=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$repo/tests/fuzz/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# `$TESSERA_DATA_DIR/...` in experiment files resolves to the same small folder on every machine
# (tests/fuzz/data), whatever the shell has: what a run covers does not depend on the data.
export TESSERA_DATA_DIR=$repo/tests/fuzz/data
status=0
printf '%-16s %8s %10s %8s %s\n' reader seconds executions coverage result
for r in "${readers[@]}"; do
  dir=$out/$r
  mkdir -p "$dir/corpus"
  dict=()
  [ -f "$repo/tests/fuzz/dict/$r.dict" ] && dict=(-dict="$repo/tests/fuzz/dict/$r.dict")
  bound=(-max_total_time="$seconds")
  [ -n "$runs" ] && bound=(-runs="$runs")
  [ -n "$seed" ] && bound+=(-seed="$seed")
  [ "$r" = hdf5 ] && [ "$mutate_hdf5" = 0 ] && bound=(-runs=0)  # replay the seeds only
  start=$SECONDS
  set +e
  "$repo/build/fuzz/tests/fuzz/fuzz_$r" "${dict[@]}" "${bound[@]}" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$dir/" "$dir/corpus" "$repo/tests/fuzz/corpus/$r" >"$dir/log" 2>&1
  rc=$?
  set -e
  execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$dir/log" | tail -n 1 || true)
  cov=$(grep -oE 'cov: [0-9]+' "$dir/log" | tail -n 1 | cut -d' ' -f2 || true)
  result=ok
  [ "${bound[0]}" = -runs=0 ] && result="ok (seeds replayed only; --mutate-hdf5 to fuzz)"
  if [ $rc -ne 0 ]; then
    found=$(ls -t "$dir"/crash-* "$dir"/timeout-* "$dir"/oom-* "$dir"/leak-* 2>/dev/null | head -n 1 || true)
    result="FINDING (exit $rc): ${found:-no input saved}; log $dir/log"
    status=1
  fi
  printf '%-16s %8s %10s %8s %s\n' "$r" "$((SECONDS - start))" "${execs:-?}" "${cov:-?}" "$result"
done
exit $status

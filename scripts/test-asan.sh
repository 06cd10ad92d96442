#!/usr/bin/env bash
# The sanitizer job (CI): builds the `debug-asan` preset (AddressSanitizer + UBSan at -O1 with
# assertions on; every report stops the process), runs the unit tests and the CLI smoke tests under it (their hostile inputs
# included), then feeds every seed of tests/fuzz/corpus/ to the `tessera` command that reads
# that kind of file. A seed may be refused (exit 1, one line) but nothing may crash, leak, hit
# undefined behaviour or exit otherwise.
#
#   scripts/test-asan.sh [--no-build] [--no-apt]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=1
build_args=()
for a in "$@"; do
  case "$a" in
    --no-build) build=0 ;;
    --no-apt) build_args+=(--no-apt) ;;
    *) echo "test-asan.sh: unknown argument '$a' (--no-build, --no-apt)" >&2; exit 2 ;;
  esac
done
[ "$build" = 1 ] && "$repo/scripts/build.sh" debug-asan "${build_args[@]}"

# allocator_may_return_null: the test of a failed 2^62-byte allocation expects the allocator's
# refusal (bad_alloc), not ASan's report. Sanitizer reports exit 86, never our 1.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1:exitcode=86}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=86}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$repo/tests/fuzz/lsan.supp}
export OMP_PROC_BIND=${OMP_PROC_BIND:-false} OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}
cd "$repo"
# Not here: real-data entries and the ISPD98 partitioning run (minutes of the same code paths
# under the sanitizers); the preset builds no MPI layer (Open MPI's own allocations would be
# reported as leaks) and only the test and CLI binaries.
ctest --preset debug-asan -R '^(unit|cli)-' -E 'distributed|ispd98' -j "${TESSERA_TEST_JOBS:-1}"

# The seed corpora through the CLI, with a 1 GiB memory budget: a seed whose sizes pass the
# budget of a big machine is then still refused here instead of being built under ASan.
export TESSERA_MEMORY_BUDGET_MB=1024
tessera=$repo/build/debug-asan/apps/tessera
corpus=$repo/tests/fuzz/corpus
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failures=0
seeds=0
run_seed() {  # run_seed <seed> <command...>
  local seed=$1; shift
  seeds=$((seeds + 1))
  local rc=0
  (cd "$out" && "$@") >"$out/stdout" 2>"$out/stderr" </dev/null || rc=$?
  if { [ $rc -ne 0 ] && [ $rc -ne 1 ]; } || grep -Eq 'ERROR: [A-Za-z]+Sanitizer|runtime error:' "$out/stderr"; then
    echo "FAIL (exit $rc): ${seed#$repo/}: $*" >&2
    head -n 30 "$out/stderr" >&2
    failures=$((failures + 1))
  fi
}
declare -A graph_format=([edge_list]=edge_list [matrix_market]=mtx [metis]=metis [hmetis]=hgr [dhg]=dhg [snn]=snn [axh]=axh
                         [hdf5]=hdf5)
for reader in "${!graph_format[@]}"; do
  for f in "$corpus/$reader"/*; do run_seed "$f" "$tessera" info "$f" --format "${graph_format[$reader]}"; done
done
for f in "$corpus"/partition/*; do run_seed "$f" "$tessera" partition-check "$corpus/hmetis/both-weights.hgr" "$f"; done
for f in "$corpus"/pattern/*; do run_seed "$f" "$tessera" mine gen:clique:n=5 --pattern "$f"; done
for f in "$corpus"/vertex_labels/*; do run_seed "$f" "$tessera" info gen:cycle:n=3 --labels "$f"; done
for f in "$corpus"/experiment/*; do run_seed "$f" "$tessera" run "$f" --dry-run; done
for f in "$corpus"/generator_spec/*; do run_seed "$f" "$tessera" info "gen:$(cat "$f")"; done
echo "test-asan: $seeds corpus seeds through the CLI under ASan+UBSan, $failures failed"
[ "$failures" -eq 0 ]

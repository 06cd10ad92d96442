#!/usr/bin/env bash
# Smoke tests of the `tessera` tool, one ctest entry per case:
#   cli_smoke.sh <tessera binary> <case>
# Exit 0 = pass, 77 = skipped (shared data absent), anything else = failure.
set -uo pipefail
# grep -q stops reading at its first match and the writer then dies of SIGPIPE, which pipefail
# reports as a failure (seen under load): `matches` reads everything and prints nothing.
matches() { grep "$@" >/dev/null; }
tessera=$1
case_name=$2
# The data folder: TESSERA_DATA_DIR at test time, as the doctest suites read it, else the one
# configured (TESSERA_DEFAULT_DATA_DIR, set by ctest).
data=${TESSERA_DATA_DIR:-${TESSERA_DEFAULT_DATA_DIR:-}}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
need_data() { [ -n "$data" ] && [ -f "$data/graphs/ground_truth.csv" ] || { echo "SKIPPED: no shared data"; exit 77; }; }
# expect_error <regex> <command...>: non-zero exit, exactly one stderr line matching regex, nothing on stdout.
expect_error() {
  local pattern=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err" && fail "'$*' succeeded"
  [ -s "$tmp/out" ] && fail "'$*' printed on stdout: $(cat "$tmp/out")"
  local lines; lines=$(grep -v 'OMP_PROC_BIND\|In general, for best\|For best performance\|For unit testing' "$tmp/err" | wc -l)
  [ "$lines" -eq 1 ] || fail "'$*' printed $lines error lines: $(cat "$tmp/err")"
  grep -Eq "$pattern" "$tmp/err" || fail "'$*' error does not match '$pattern': $(cat "$tmp/err")"
}

case "$case_name" in
  help)
    "$tessera" --help | matches "commands:" || fail "no command list"
    "$tessera" --help | matches -- "--version" || fail "--help does not list --version"
    "$tessera" --version | matches "^tessera [0-9]" || fail "--version"
    "$tessera" partition --help | matches "OMEGA/DELTA/LIMIT: at most OMEGA nodes per block" ||
      fail "partition --help does not say what the preset triples mean"
    for c in info convert generate run; do "$tessera" $c --help | matches "usage: tessera $c" || fail "$c --help"; done
    expect_error "unknown command" "$tessera" frobnicate
    expect_error "unknown option --bogus" "$tessera" info x.el --bogus
    expect_error "missing <input>" "$tessera" info
    # Only our help (no Kokkos banner), and --json is JSON without OMP_PROC_BIND set.
    "$tessera" tc --help | matches -i "kokkos command line" && fail "tc --help prints Kokkos' banner"
    "$tessera" tc --help | head -n 1 | matches "usage: tessera tc" || fail "tc --help does not start with our usage"
    env -u OMP_PROC_BIND "$tessera" info gen:clique:n=5 --json | python3 -c 'import json,sys; json.load(sys.stdin)' ||
      fail "--json is not JSON without OMP_PROC_BIND"
    ;;
  info-karate)
    need_data
    out=$("$tessera" info "$data/graphs/classic/karate.el.gz" --json) || fail "info failed"
    echo "$out" | matches '"n": 34, "m": 78' || fail "karate: $out"
    echo "$out" | matches '"max_degree": 17' || fail "karate max degree: $out"
    ;;
  tc)
    out=$("$tessera" tc gen:clique:n=10 --json) || fail "tc clique"
    echo "$out" | matches '"triangles": 120' || fail "clique(10) should have 120 triangles: $out"
    echo "$out" | matches -E '"time_s": [0-9.e-]+, "launches": 1, "grid_waves": [0-9]+, "setup_s": [0-9.e-]+, "preprocess_s"' || fail "tc timings: $out"
    for v in masked split; do for i in binary merge hash; do
      out=$("$tessera" tc gen:kronecker:scale=9,edge_factor=8,seed=2 --variant $v --intersection $i --json) || fail "tc $v/$i"
      t=$(echo "$out" | grep -o '"triangles": [0-9]*')
      [ -z "${first:-}" ] && first=$t
      [ "$t" = "$first" ] || fail "tc $v/$i gave $t, others $first"
    done; done
    "$tessera" tc gen:clique:n=5 --per-vertex "$tmp/pv.txt" > /dev/null || fail "per-vertex"
    grep -q '^0 6 1$' "$tmp/pv.txt" || fail "clique(5): vertex 0 is in 6 triangles, clustering 1: $(cat "$tmp/pv.txt")"
    expect_error "unknown triangle-counting variant 'fast'" "$tessera" tc gen:clique:n=4 --variant fast
    # --progress: phase lines on stderr, stdout still one JSON object; none without it (not a terminal).
    "$tessera" tc gen:clique:n=6 --json --progress >"$tmp/out" 2>"$tmp/err" || fail "tc --progress"
    grep -Eq '^tessera: \[ *[0-9.]+ s\] counting triangles$' "$tmp/err" || fail "tc --progress: no phase line: $(cat "$tmp/err")"
    grep -q '"triangles": 20' "$tmp/out" && [ "$(wc -l < "$tmp/out")" -eq 1 ] || fail "tc --progress stdout: $(cat "$tmp/out")"
    "$tessera" tc gen:clique:n=6 --json 2>"$tmp/err" >/dev/null
    grep -q 'counting triangles' "$tmp/err" && fail "progress lines without --progress on a non-terminal"
    "$tessera" partition gen:nn:random,neurons=300,fanout=4,seed=1 --max-size 16 --progress --json 2>"$tmp/err" >/dev/null ||
      fail "partition --progress"
    grep -q '\] coarsening: ' "$tmp/err" && grep -q '\] initial partitioning: 20 nodes$' "$tmp/err" &&
      grep -Eq '\] refined: level 0 in [0-9]+\.[0-9]{2} s' "$tmp/err" ||
      fail "partition --progress: $(cat "$tmp/err")"
    expect_error "undirected" "$tessera" tc gen:clique:n=4 --directed
    if [ -n "$data" ] && [ -f "$data/graphs/classic/karate.el.gz" ]; then
      "$tessera" tc "$data/graphs/classic/karate.el.gz" --json | matches '"triangles": 45' || fail "karate has 45 triangles"
    fi
    ;;
  tc-distributed)
    [ -n "${MPIEXEC:-}" ] || { echo "SKIPPED: no MPIEXEC"; exit 77; }
    spec=gen:kronecker:scale=10,edge_factor=8,seed=2
    want=$("$tessera" tc "$spec" --json | grep -o '"triangles": [0-9]*')
    # Default threads (OMP_NUM_THREADS unset): each rank takes its share of the cores.
    for np in 1 3; do for size in 1 4096; do
      got=$("$MPIEXEC" -n $np --oversubscribe --allow-run-as-root "$tessera" tc "$spec" --distributed \
            --buffer-size $size --compress lz4 --json 2>"$tmp/err") || fail "np=$np: $(cat "$tmp/err")"
      echo "$got" | matches "\"ranks\": $np" || fail "np=$np: $got"
      echo "$got" | matches '"host_threads_source": "node share"' || fail "np=$np threads: $got"
      [ "$(echo "$got" | grep -o '"triangles": [0-9]*')" = "$want" ] || fail "np=$np size=$size: $got, single node $want"
    done; done
    "$MPIEXEC" -n 2 --oversubscribe --allow-run-as-root "$tessera" tc "$tmp/missing.el" --distributed \
      >/dev/null 2>"$tmp/err" && fail "a missing file must fail every rank"
    grep -q "no such file" "$tmp/err" || fail "missing-file error: $(cat "$tmp/err")"
    ;;
  tc-distributed-options)
    # Every option of `tc` is honoured or rejected with --distributed (and the distributed-only
    # ones are rejected without it). A new tc option fails here until it is listed below.
    [ -n "${MPIEXEC:-}" ] || { echo "SKIPPED: no MPIEXEC"; exit 77; }
    honoured="format one-based compact-ids variant orientation json distributed buffer-size compress scan-chunk ranks-per-node gpu-ranks-per-node weigh-partition partition ipc-rows message-format receiver-streams help"
    rejected="directed keep-self-loops first-pin-is-source intersection per-vertex lane-sums grid-waves"
    # (Kokkos' own --kokkos-* options are not tc's, should a Kokkos release list them.)
    for o in $("$tessera" tc --help | sed -n 's/^  --\([a-z-]*\).*/\1/p' | grep -v '^kokkos-'); do
      case " $honoured $rejected " in *" $o "*) ;; *) fail "tc --$o: neither honoured nor rejected with --distributed in this test" ;; esac
    done
    mpi() { "$MPIEXEC" -n 2 --oversubscribe --allow-run-as-root "$tessera" "$@"; }
    # 1-based ids, an unknown extension: --format and --one-based reach rank 0's reader.
    printf '1 2\n2 3\n1 3\n3 4\n2 4\n6 7\n' > "$tmp/g.pairs"
    single=$("$tessera" tc "$tmp/g.pairs" --format edge_list --one-based --json) || fail "single node"
    got=$(mpi tc "$tmp/g.pairs" --distributed --format edge_list --one-based --json 2>"$tmp/err") || fail "$(cat "$tmp/err")"
    for key in '"n": 7' '"m": 6' '"triangles": 2'; do
      echo "$single" | matches "$key" || fail "single node $key: $single"
      echo "$got" | matches "$key" || fail "--distributed $key: $got"
    done
    got=$(mpi tc "$tmp/g.pairs" --distributed --format edge_list --one-based --compact-ids --json 2>"$tmp/err") || fail "$(cat "$tmp/err")"
    echo "$got" | matches '"n": 6, "m": 6, "triangles": 2' || fail "--compact-ids: $got"
    mpi tc "$tmp/g.pairs" --distributed >/dev/null 2>"$tmp/err" && fail "no --format: the extension is unknown"
    grep -q "cannot tell the format" "$tmp/err" || fail "no --format: $(cat "$tmp/err")"
    # The distributed parameters come back as run.
    got=$(mpi tc "$tmp/g.pairs" --one-based --format edge_list --distributed --variant gpu --orientation id --buffer-size 3 \
          --compress none --scan-chunk 5 --ranks-per-node 1 --gpu-ranks-per-node 0 --weigh-partition false --partition edges --ipc-rows map \
          --message-format compact --receiver-streams 2 --json 2>"$tmp/err") \
      || fail "$(cat "$tmp/err")"
    for key in '"variant": "gpu"' '"orientation": "id"' '"buffer-size": "3"' '"scan-chunk": "5"' '"ranks-per-node": "1"' \
               '"gpu-ranks-per-node": "0"' '"weigh-partition": "false"' '"partition": "edges"' '"ipc-rows": "map"' \
               '"message-format": "compact"' '"receiver-streams": "2"' '"nodes": 2' '"triangles": 2'; do
      echo "$got" | matches "$key" || fail "$key: $got"
    done
    mpi tc "$tmp/g.pairs" --one-based --format edge_list --distributed --help | matches "buffer-size" || fail "--help"
    # Rejected: usage errors (exit 2) for the single-node-only and hypergraph options, bad
    # values; as on a single node, --directed and --keep-self-loops are usage errors too.
    for bad in "--intersection merge" "--lane-sums on" "--grid-waves 2" "--per-vertex $tmp/pv" "--first-pin-is-source" "--buffer-size 0" "--variant masked" "--message-format pairs" "--receiver-streams 0" "--ipc-rows all"; do
      mpi tc "$tmp/g.pairs" --one-based --format edge_list --distributed $bad >/dev/null 2>"$tmp/err"; rc=$?
      [ $rc -eq 2 ] || fail "--distributed $bad: exit $rc, $(cat "$tmp/err")"
    done
    [ -e "$tmp/pv" ] && fail "--per-vertex wrote a file"
    for bad in --directed --keep-self-loops; do
      mpi tc "$tmp/g.pairs" --one-based --format edge_list --distributed $bad >/dev/null 2>"$tmp/err"; rc=$?
      [ $rc -eq 2 ] || fail "--distributed $bad: exit $rc, $(cat "$tmp/err")"
    done
    for o in buffer-size compress scan-chunk ranks-per-node gpu-ranks-per-node weigh-partition partition ipc-rows message-format \
             receiver-streams; do
      "$tessera" tc gen:clique:n=4 --$o 1 >/dev/null 2>"$tmp/err"; rc=$?
      [ $rc -eq 2 ] && grep -q "needs --distributed" "$tmp/err" || fail "--$o without --distributed: exit $rc, $(cat "$tmp/err")"
    done
    ;;
  bad-inputs)
    printf '0 1\n1 x\n' > "$tmp/bad.el"
    expect_error "bad.el:2: " "$tessera" info "$tmp/bad.el"
    printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n' > "$tmp/short.mtx"
    expect_error "short.mtx:[0-9]+: " "$tessera" info "$tmp/short.mtx"
    printf '2 3\n1 2\n' > "$tmp/short.hgr"
    expect_error "short.hgr:[0-9]+: " "$tessera" info "$tmp/short.hgr"
    printf '3 1\n2\n1 3\n' > "$tmp/bad.graph"
    expect_error "bad.graph:[0-9]+: " "$tessera" info "$tmp/bad.graph"
    expect_error "no such file" "$tessera" info "$tmp/missing.el"
    long=$(printf 'x%.0s' $(seq 300))  # a name the system refuses: still a user error, not internal
    expect_error "no such file" "$tessera" info "$tmp/$long.el"
    expect_error "does not exist" "$tessera" convert gen:clique:n=3 "$tmp/$long/k.el"
    expect_error "unknown pattern" "$tessera" mine gen:clique:n=3 --pattern "$long"
    expect_error "cannot tell the format" "$tessera" info "$tmp/file.xyz"
    expect_error "unknown generator|valid" "$tessera" info "gen:nosuch:n=3"
    printf 'not hdf5' > "$tmp/fake.h5"
    expect_error "fake.h5" "$tessera" info "$tmp/fake.h5"  # not HDF5, or HDF5 not built in: both name the file
    # Sizes from specs are checked against memory before anything is allocated (one line, exit 1).
    # The sizes are beyond any machine's memory (terabytes), so the test holds everywhere.
    expect_error "generator 'kronecker:scale=30,edge_factor=1024,.*' needs at least 1.76e\+04 GB, more than the .* GB of memory available" \
      "$tessera" generate kronecker:scale=30,edge_factor=1024 "$tmp/k.el"
    expect_error "generator 'er:n=10,m=99999999999999,seed=1' needs at least 1.6e\+06 GB" "$tessera" info gen:er:n=10,m=99999999999999
    expect_error "nn generator 'nn:random,neurons=2147483647,fanout=500' needs at least 8.61e\+03 GB" \
      "$tessera" partition nn:random,neurons=2147483647,fanout=500 --k 2
    [ ! -e "$tmp/k.el" ] || fail "a refused generator wrote its output"
    expect_error "a convolution layer of 5x5 gets a 2x2 map and would have no output; give a larger input=SIDE$" \
      "$tessera" partition nn:lenet,input=4 --k 2
    # The process's own limits count, not only /proc/meminfo (issue 27): a 40-byte edge list whose
    # header declares 4e8 vertices (9.6 GB built) is refused at once under ulimit -v 4 GB (it took
    # 32 s and 3.1 GB before). Where a 4 GB address space cannot even start the tool (ASan), skipped.
    printf '# Nodes: 400000000 Edges: 1\n0 1\n1 2\n' > "$tmp/huge-header.el"
    if (ulimit -v 4000000; "$tessera" version) >/dev/null 2>&1; then
      start=$SECONDS
      (ulimit -v 4000000; "$tessera" info "$tmp/huge-header.el" >"$tmp/out" 2>"$tmp/err"); rc=$?
      [ "$rc" -eq 1 ] && grep -q "huge-header.el: the header's 400000000 vertices needs at least 9.6 GB, more than the" "$tmp/err" ||
        fail "huge header under ulimit -v: exit $rc, $(cat "$tmp/err")"
      [ $((SECONDS - start)) -le 5 ] || fail "huge header under ulimit -v took $((SECONDS - start)) s"
    fi
    ;;
  generate-convert)
    # SIGTERM while an output is being written: its temporary is removed and the target never
    # appears (SIGINT alike; a background job of a script ignores SIGINT, so TERM is tested).
    "$tessera" generate kronecker:scale=19 "$tmp/big.el" 2>/dev/null &
    pid=$!
    # Up to 120 s for generation to reach the writing (about 1 s on an idle 2-core machine; far
    # longer under load); the loop ends as soon as the temporary appears.
    for _ in $(seq 1 2400); do compgen -G "$tmp/.big.el.tmp.*" > /dev/null && break; sleep 0.05; done
    compgen -G "$tmp/.big.el.tmp.*" > /dev/null || fail "no temporary seen while generating"
    kill -TERM $pid
    wait $pid
    status=$?
    [ $status -eq 143 ] || fail "SIGTERM: exit status $status"
    ! compgen -G "$tmp/.big.el.tmp.*" > /dev/null || fail "temporary left after SIGTERM: $(ls -a "$tmp")"
    [ ! -e "$tmp/big.el" ] || fail "target written after SIGTERM"
    "$tessera" generate kronecker:scale=8,edge_factor=8,seed=3 "$tmp/k.el.gz" --json > "$tmp/gen.json" || fail "generate"
    if ! "$tessera" version | matches "^features:.* hdf5"; then
      # Built without HDF5: the edge-list round trip still holds, and .h5 gives a clear error.
      "$tessera" convert "$tmp/k.el.gz" "$tmp/k2.el" || fail "convert"
      zcat "$tmp/k.el.gz" | cmp -s - "$tmp/k2.el" || fail "edge list -> edge list changed the graph"
      expect_error "built without HDF5" "$tessera" convert "$tmp/k.el.gz" "$tmp/k.h5"
      echo "PASS: $case_name (without HDF5)"
      exit 0
    fi
    "$tessera" convert "$tmp/k.el.gz" "$tmp/k.h5" || fail "convert to h5"
    "$tessera" convert "$tmp/k.h5" "$tmp/k2.el" || fail "convert back"
    zcat "$tmp/k.el.gz" | cmp -s - "$tmp/k2.el" || fail "edge list -> HDF5 -> edge list changed the graph"
    a=$("$tessera" info "$tmp/k.el.gz" --json | grep -o '"n": [0-9]*, "m": [0-9]*')
    b=$("$tessera" info "$tmp/k.h5" --json | grep -o '"n": [0-9]*, "m": [0-9]*')
    [ "$a" = "$b" ] || fail "info differs: $a vs $b"
    # A failed write leaves nothing behind.
    expect_error "does not exist" "$tessera" convert "$tmp/k.h5" "$tmp/no/such/dir/k.el"
    ;;
  run-experiment)
    cat > "$tmp/exp.yaml" <<YAML
name: smoke
repetitions: 2
inputs:
  - generator: clique:n=6
  - generator: kronecker:scale=7,edge_factor=4,seed=1
    name: kron7
tasks:
  - task: stats
  - task: orient
    params:
      orientation: [degree, id]
YAML
    "$tessera" run "$tmp/exp.yaml" --output "$tmp/res" 2>"$tmp/log" || fail "run: $(cat "$tmp/log")"
    grep -q '^\[1/12\] .*(elapsed 0:00:0[0-9], about 0:[0-9:]* left)$' "$tmp/log" || fail "no progress line: $(cat "$tmp/log")"
    [ "$(wc -l < "$tmp/res/results.csv")" -eq 13 ] || fail "expected 12 records: $(cat "$tmp/res/results.csv")"
    [ "$(wc -l < "$tmp/res/results.jsonl")" -eq 12 ] || fail "jsonl"
    grep -q '"git_commit"' "$tmp/res/results.jsonl" || fail "no context"
    grep -q '"n": 6, "m": 15' "$tmp/res/results.jsonl" || fail "clique size"
    [ -f "$tmp/res/config.resolved.yaml" ] && [ -f "$tmp/res/kokkos_config.txt" ] || fail "context files"
    printf 'name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\nrepetitons: 2\n' > "$tmp/typo.yaml"
    expect_error "typo.yaml:6: unknown key 'repetitons'" "$tessera" run "$tmp/typo.yaml" --output "$tmp/r2"
    printf 'name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: orient\n    params:\n      orientaton: id\n' > "$tmp/param.yaml"
    expect_error "no parameter 'orientaton'" "$tessera" run "$tmp/param.yaml" --output "$tmp/r3"
    # The whole grid is checked before the first run: a bad value, a duplicate key or a bad
    # generator spec fails at once with its line, and nothing is written.
    printf 'name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: stats\n  - task: tc\n    params:\n      variant: [auto, nonsense]\n' > "$tmp/grid.yaml"
    expect_error "grid.yaml:6: task 'tc' with variant=nonsense: " "$tessera" run "$tmp/grid.yaml" --output "$tmp/r4"
    printf 'name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: orient\n    params:\n      orientation: [id]\n      orientation: [degree]\n' > "$tmp/dup.yaml"
    expect_error "dup.yaml:8: duplicate key 'orientation'" "$tessera" run "$tmp/dup.yaml" --output "$tmp/r5"
    printf 'name: x\ninputs:\n  - generator: clique:n=3\n  - generator: clique:m=3\ntasks:\n  - task: stats\n' > "$tmp/spec.yaml"
    expect_error "spec.yaml:4: generator spec 'clique:m=3'" "$tessera" run "$tmp/spec.yaml" --output "$tmp/r6"
    [ ! -e "$tmp/r2" ] && [ ! -e "$tmp/r3" ] && [ ! -e "$tmp/r4" ] && [ ! -e "$tmp/r5" ] && [ ! -e "$tmp/r6" ] ||
      fail "invalid experiments created output"
    expect_error "cannot create the results folder '/proc/" "$tessera" run "$tmp/exp.yaml" --output /proc/tessera-results
    # Distributed tasks (MPI builds): the launcher is exec'd, never given to a shell, and one that
    # prints no JSON is named as such (issue 27).
    if "$tessera" version | matches "features:.* mpi"; then
      for launcher in "/bin/echo" "true; touch $tmp/pwned"; do
        printf 'name: l\ninputs:\n  - generator: clique:n=4\ntasks:\n  - task: tc-distributed\n    params:\n      launcher: "%s"\n' \
          "$launcher" > "$tmp/launch.yaml"
        "$tessera" run "$tmp/launch.yaml" --fail-fast --output "$tmp/rl" >/dev/null 2>"$tmp/err" && fail "launcher '$launcher' succeeded"
        case $launcher in
          /bin/echo) grep -q "printed no JSON object on its last line (got '.*tc gen:clique:n=4 --distributed --json" "$tmp/err" ||
                       fail "launcher without JSON: $(cat "$tmp/err")" ;;
          *) grep -q "could not start the launcher 'true;'" "$tmp/err" || fail "launcher through a shell? $(cat "$tmp/err")" ;;
        esac
        grep -q "trailing characters" "$tmp/err" && fail "JSON parser message leaked: $(cat "$tmp/err")"
      done
      [ ! -e "$tmp/pwned" ] || fail "the launcher went through a shell"
    fi
    # A point that fails at run time (here: an input that does not load) is recorded with its
    # error and the sweep goes on (exit 1); --fail-fast stops at the first failure.
    printf '0 1\n1 x\n' > "$tmp/bad.el"
    printf 'name: x\ninputs:\n  - file: bad.el\n  - generator: clique:n=4\ntasks:\n  - task: stats\n' > "$tmp/fail.yaml"
    "$tessera" run "$tmp/fail.yaml" --output "$tmp/r7" 2>"$tmp/log" && fail "a failed point gave exit 0"
    [ "$(grep -c '"error": "' "$tmp/r7/results.jsonl")" -eq 1 ] && grep -q '"n": 4, "m": 6' "$tmp/r7/results.jsonl" ||
      fail "failed point not recorded or sweep stopped: $(cat "$tmp/r7/results.jsonl")"
    "$tessera" run "$tmp/fail.yaml" --output "$tmp/r8" --fail-fast 2>"$tmp/log" && fail "--fail-fast gave exit 0"
    [ "$(wc -l < "$tmp/r8/results.jsonl")" -eq 1 ] || fail "--fail-fast went on: $(cat "$tmp/r8/results.jsonl")"
    ;;
  mining)
    # K8: C(8,3) triangles, C(8,4) 4-cliques, 6 diamonds and 3 4-cycles per 4 vertices (edge-induced).
    k8=gen:clique:n=8
    "$tessera" mine $k8 --pattern triangle --json | matches '"count": 56' || fail "K8 has 56 triangles"
    "$tessera" mine $k8 --pattern diamond --json | matches '"count": 420' || fail "K8 has 420 diamonds"
    "$tessera" mine $k8 --pattern 4-cycle --json | matches '"count": 210' || fail "K8 has 210 4-cycles"
    "$tessera" mine $k8 --pattern 4-cycle --induced --json | matches '"count": 0' || fail "K8 has no induced 4-cycle"
    "$tessera" mine $k8 --pattern diamond --tasks vertex --split 1 --json | matches '"count": 420' || fail "vertex tasks"
    "$tessera" cliques $k8 --k 5 --json | matches '"count": 56' || fail "K8 has 56 5-cliques"
    "$tessera" motifs $k8 --k 3 --json | matches '"motifs": {"wedge": 0, "triangle": 56}' || fail "K8 3-motifs"
    out=$("$tessera" motifs gen:clique:n=5 --k 4 --json)
    echo "$out" | matches '"3-star": 0, "4-path": 0, "tailed-triangle": 0, "4-cycle": 0, "diamond": 0, "4-clique": 5' || fail "K5 4-motifs: $out"
    # Listing: one line per match, each a set of distinct vertices, none repeated.
    "$tessera" cliques gen:clique:n=7 --k 4 --list "$tmp/k4.txt" --json | matches '"count": 35' || fail "K7 4-cliques"
    [ "$(wc -l < "$tmp/k4.txt")" -eq 35 ] || fail "listed $(wc -l < "$tmp/k4.txt") 4-cliques, want 35"
    [ "$(tr ' ' '\n' < "$tmp/k4.txt" | sort -n | uniq | wc -l)" -eq 7 ] || fail "vertex ids of K7"
    [ "$(while read -r line; do echo "$line" | tr ' ' '\n' | sort -n | tr '\n' ' '; echo; done < "$tmp/k4.txt" | sort -u | wc -l)" -eq 35 ] \
      || fail "a 4-clique listed twice"
    # A user pattern file: the bowtie (two triangles sharing a vertex). In K5: choose the centre (5 ways),
    # then split the other 4 vertices into two pairs (3 ways): 15.
    printf '# bowtie\n0 1\n1 2\n2 0\n0 3\n3 4\n4 0\n' > "$tmp/bowtie.txt"
    "$tessera" mine gen:clique:n=5 --pattern "$tmp/bowtie.txt" --json | matches '"count": 15' || fail "K5 bowties"
    if [ -n "$data" ] && [ -f "$data/graphs/classic/karate.el.gz" ]; then
      karate=$data/graphs/classic/karate.el.gz
      "$tessera" cliques $karate --k 4 --json | matches '"count": 11' || fail "karate has 11 4-cliques"
      "$tessera" motifs $karate --k 4 --json | matches '"3-star": 1098, "4-path": 681, "tailed-triangle": 452, "4-cycle": 36, "diamond": 85, "4-clique": 11' \
        || fail "karate 4-motifs"
    fi
    # Optimization switches: every setting gives the same count, and the JSON names what ran.
    for d in none prune wedge lgs flat balance order all; do
      "$tessera" cliques $k8 --k 5 --disable $d --json | matches '"count": 56' || fail "K8 5-cliques with --disable $d"
      "$tessera" mine $k8 --pattern 4-cycle --disable $d --json | matches '"count": 210' || fail "K8 4-cycles with --disable $d"
      "$tessera" mine $k8 --pattern diamond --disable $d --json | matches '"count": 420' || fail "K8 diamonds with --disable $d"
    done
    "$tessera" cliques $k8 --k 4 --flat-max 8 --json | matches '"count": 70' || fail "K8 4-cliques with --flat-max 8"
    "$tessera" cliques $k8 --k 5 --flat-pairs 64 --json | matches '"count": 56' || fail "K8 5-cliques with --flat-pairs 64"
    expect_error "option 'flat-pairs' expects an integer in \\[-1, " "$tessera" cliques $k8 --k 4 --flat-pairs -2
    "$tessera" cliques $k8 --k 4 --register-cap on --pivots 3 --json | matches '"count": 70' || fail "K8 4-cliques capped, 3 pivots"
    expect_error "option 'register-cap' expects on or off" "$tessera" cliques $k8 --k 4 --register-cap maybe
    "$tessera" cliques $k8 --k 4 --register-cap maybe > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad switch: exit code not 2"
    out=$("$tessera" cliques $k8 --k 4 --register-cap yes --json)  # what ran (hosts: no cap, and why)
    echo "$out" | matches '"register_cap_requested": true' || fail "register cap request: $out"
    echo "$out" | matches -E '"register_cap_note": "(host backend[^"]*)?"' || fail "register cap note: $out"
    echo "$out" | matches '"kernels": \[{"name": "wide", "lanes": ' || fail "launch report: $out"
    for c in -1 1 9; do  # merge or search: the same counts, the cost that ran in the report
      out=$("$tessera" cliques $k8 --k 4 --probe-cost $c --json)
      echo "$out" | matches '"count": 70' || fail "K8 4-cliques with --probe-cost $c"
      echo "$out" | matches "\"probe_cost\": $([ $c = -1 ] && echo 0 || echo $c)," || fail "probe cost report: $out"
    done
    expect_error "option 'probe-cost' expects an integer in \\[-1, 64\\]" "$tessera" cliques $k8 --k 4 --probe-cost 65
    "$tessera" cliques $k8 --k 5 --lane-sums off --vote off --register-cap off --json | matches '"count": 56' || fail "K8 5-cliques without lane sums and votes"
    "$tessera" mine $k8 --pattern 4-cycle --lane-sums off --json | matches '"count": 210' || fail "K8 4-cycles without lane sums"
    "$tessera" mine $k8 --pattern 4-cycle --wedge-mb 1 --json | matches '"count": 210' || fail "K8 4-cycles with --wedge-mb 1"
    expect_error "option 'wedge-mb' expects an integer in \\[0, " "$tessera" mine $k8 --pattern 4-cycle --wedge-mb -1
    expect_error "option 'split' expects an integer in \\[-1, " "$tessera" mine $k8 --pattern 4-cycle --split -5
    "$tessera" mine $k8 --pattern 4-cycle --split -5 > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad engine option: exit code not 2"
    out=$("$tessera" mine $k8 --pattern diamond --json)
    echo "$out" | matches '"optimizations": \["prune", "wedge", "lgs", "flat", "balance", "order"\]' || fail "enabled optimizations: $out"
    echo "$out" | matches '"pairs_counted": true' || fail "diamond pairs: $out"
    "$tessera" mine $k8 --pattern diamond --disable prune --json | matches '"pairs_counted": false' || fail "--disable prune"
    expect_error "unknown optimization" "$tessera" mine $k8 --pattern diamond --disable nosuch
    expect_error "unknown pattern|valid" "$tessera" mine $k8 --pattern nosuchpattern
    expect_error "needs .*pattern" "$tessera" mine $k8
    expect_error "between 3 and 8" "$tessera" cliques $k8 --k 9
    expect_error "3 or 4" "$tessera" motifs $k8 --k 5
    expect_error "unknown task kind 'warp'" "$tessera" mine $k8 --pattern triangle --tasks warp
    printf '0 1\n1 x\n' > "$tmp/bad-pattern.txt"
    expect_error "bad-pattern.txt:2: " "$tessera" mine $k8 --pattern "$tmp/bad-pattern.txt"
    printf '0 1\n2 3\n' > "$tmp/split-pattern.txt"
    expect_error "split-pattern.txt.*(connected|disconnected)" "$tessera" mine $k8 --pattern "$tmp/split-pattern.txt"
    expect_error "undirected" "$tessera" cliques $k8 --directed
    expect_error "does not exist|cannot" "$tessera" cliques $k8 --k 4 --list "$tmp/no/such/dir/out.txt"
    ;;
  run-mining)
    cat > "$tmp/mine.yaml" <<YAML
name: mining-smoke
inputs:
  - generator: clique:n=7
tasks:
  - task: cliques
    params:
      k: [3, 4]
  - task: mine
    params:
      pattern: diamond
      induced: [edge, vertex]
  - task: motifs
    params:
      k: 4
YAML
    "$tessera" run "$tmp/mine.yaml" --output "$tmp/res" 2>"$tmp/log" || fail "run: $(cat "$tmp/log")"
    [ "$(wc -l < "$tmp/res/results.jsonl")" -eq 5 ] || fail "expected 5 records: $(cat "$tmp/res/results.jsonl")"
    grep -q '"count": 35' "$tmp/res/results.jsonl" || fail "K7 has 35 triangles and 35 4-cliques"
    grep -q '"count": 210' "$tmp/res/results.jsonl" || fail "K7 has 6 * 35 = 210 diamonds"
    grep -q '"4-clique": 35' "$tmp/res/results.jsonl" || fail "K7 4-motifs"
    # A bad value anywhere in the grid is an error before the first run (line of its task).
    printf 'name: x\ninputs:\n  - generator: clique:n=3\ntasks:\n  - task: cliques\n    params:\n      k: [3, 12]\n' > "$tmp/k.yaml"
    expect_error "k.yaml:5: task 'cliques' with k=12: task 'cliques': k must be between 3 and 8" "$tessera" run "$tmp/k.yaml" --output "$tmp/r2"
    [ ! -e "$tmp/r2" ] || fail "an invalid grid created output"
    ;;
  fsm)
    # A 6-cycle with one label: the edge, the wedge and the 3-path each cover all 6 vertices.
    c6=gen:cycle:n=6,labels=1
    out=$("$tessera" fsm $c6 --max-edges 3 --support 6 --json) || fail "fsm c6"
    echo "$out" | matches '"frequent_patterns": 3, "by_edges": \[1, 1, 1\]' || fail "C6 patterns: $out"
    "$tessera" fsm $c6 --max-edges 3 --support 7 --json | matches '"frequent_patterns": 0' || fail "C6 at support 7"
    "$tessera" fsm $c6 --max-edges 2 --support 1 --list "$tmp/c6.txt" > /dev/null || fail "fsm --list"
    [ "$(grep -v '^#' "$tmp/c6.txt")" = "$(printf '1 6 L 0 0 E 0-1\n2 6 L 0 0 0 E 0-1 0-2')" ] || fail "C6 list: $(cat "$tmp/c6.txt")"
    # Usage errors exit 2, bad input 1; one line each.
    expect_error "fsm needs --support SIGMA" "$tessera" fsm $c6
    "$tessera" fsm $c6 > /dev/null 2>&1; [ $? -eq 2 ] || fail "missing --support should exit 2"
    expect_error "option 'max-edges' expects an integer in \[1, 4\], got '5'" "$tessera" fsm $c6 --support 1 --max-edges 5
    "$tessera" fsm $c6 --support 1 --max-edges 0 > /dev/null 2>&1; [ $? -eq 2 ] || fail "--max-edges 0 should exit 2 (usage)"
    expect_error "option 'support' expects an integer" "$tessera" fsm $c6 --support 0
    expect_error "needs vertex labels" "$tessera" fsm gen:cycle:n=6 --support 1
    expect_error "unknown option --labels" "$tessera" tc gen:cycle:n=6 --labels x
    printf '0 1\n1\n' > "$tmp/bad.labels"
    expect_error "bad.labels:2: expected 'vertex label'" "$tessera" fsm gen:cycle:n=6 --labels "$tmp/bad.labels" --support 1
    "$tessera" fsm gen:cycle:n=6 --labels "$tmp/bad.labels" --support 1 > /dev/null 2>&1; [ $? -eq 1 ] || fail "bad labels exit 1"
    printf '0 1\n1 1\n' > "$tmp/short.labels"
    expect_error "4 of 6 vertices have no label \(first: vertex 2\)" "$tessera" fsm gen:cycle:n=6 --labels "$tmp/short.labels" --support 1
    expect_error "does not exist|cannot" "$tessera" fsm $c6 --support 1 --list "$tmp/no/such/dir/out.txt"
    # info: the label histogram.
    "$tessera" info $c6 --json | matches '"labels": {"0": 6}' || fail "info label histogram"
    # HDF5 keeps generated labels: the same patterns from the file as from the generator.
    if "$tessera" version | matches hdf5; then
      "$tessera" generate kronecker:scale=6,edge_factor=4,labels=3 "$tmp/l.h5" > /dev/null || fail "generate labelled h5"
      a=$("$tessera" fsm "$tmp/l.h5" --support 2 --json | grep -o '"frequent_patterns": [0-9]*, "by_edges": [^]]*')
      b=$("$tessera" fsm gen:kronecker:scale=6,edge_factor=4,labels=3 --support 2 --json | grep -o '"frequent_patterns": [0-9]*, "by_edges": [^]]*')
      [ -n "$a" ] && [ "$a" = "$b" ] || fail "HDF5 labels: '$a' vs generator '$b'"
    fi
    # Real data: citeseer, the pattern list equal to the reference line for line.
    labelled=$data/graphs/labelled
    if [ -n "$data" ] && [ -f "$labelled/citeseer.el.gz" ]; then
      "$tessera" info "$labelled/citeseer.el.gz" --labels "$labelled/citeseer.labels.gz" --json |
        grep -q '"labels": {"0": 596, "1": 668, "2": 701, "3": 249, "4": 508, "5": 590}' || fail "citeseer labels"
      out=$("$tessera" fsm "$labelled/citeseer.el.gz" --labels "$labelled/citeseer.labels.gz" --max-edges 3 --support 100 \
        --list "$tmp/citeseer.txt" --json) || fail "fsm citeseer"
      echo "$out" | matches '"frequent_patterns": 24, "by_edges": \[7, 5, 12\]' || fail "citeseer k3 s100: $out"
      gzip -dc "$labelled/citeseer_k3_s100.patterns.txt.gz" | cmp -s - "$tmp/citeseer.txt" || fail "citeseer list differs"
    fi
    ;;
  run-fsm)
    printf '0 0\n1 0\n2 0\n3 0\n4 1\n' > "$tmp/p5.labels"
    cat > "$tmp/fsm.yaml" <<YAML
name: fsm-smoke
inputs:
  - generator: cycle:n=6,labels=1
  - generator: path:n=5
    labels: p5.labels
tasks:
  - task: fsm
    params:
      max_edges: [1, 3]
      support: 2
YAML
    "$tessera" run "$tmp/fsm.yaml" --output "$tmp/res" 2>"$tmp/log" || fail "run: $(cat "$tmp/log")"
    [ "$(wc -l < "$tmp/res/results.jsonl")" -eq 4 ] || fail "expected 4 records: $(cat "$tmp/res/results.jsonl")"
    # The 5-path 0-0-0-0-1: edges 0-0 (support 4) and 0-1 (1); wedges 0-0-0 (2: centres 1 and 2),
    # 0-0-1 (1); 3-paths 0-0-0-0 (2: inner 1, 2) and 0-0-0-1 (1). At support 2: [1], then [1, 1, 1].
    grep -q '"frequent_patterns": 3, "by_edges": \[1, 1, 1\]' "$tmp/res/results.jsonl" || fail "fsm records: $(cat "$tmp/res/results.jsonl")"
    printf 'name: x\ninputs:\n  - generator: cycle:n=4,labels=1\ntasks:\n  - task: fsm\n' > "$tmp/nos.yaml"
    "$tessera" run "$tmp/nos.yaml" --output "$tmp/r2" >/dev/null 2>"$tmp/err" && fail "fsm without support accepted"
    grep -q "task 'fsm' needs parameter 'support'" "$tmp/err" || fail "missing support: $(cat "$tmp/err")"
    # Parameter names match with '-' or '_' (max-edges = max_edges); one parameter given both ways is an error.
    printf 'name: x\ninputs:\n  - generator: cycle:n=6,labels=1\ntasks:\n  - task: fsm\n    params:\n      max-edges: 3\n      support: 2\n' > "$tmp/dash.yaml"
    "$tessera" run "$tmp/dash.yaml" --output "$tmp/r3" >/dev/null 2>"$tmp/err" || fail "max-edges spelling: $(cat "$tmp/err")"
    grep -q '"frequent_patterns": 3, "by_edges": \[1, 1, 1\]' "$tmp/r3/results.jsonl" || fail "max-edges record: $(cat "$tmp/r3/results.jsonl")"
    printf 'name: x\ninputs:\n  - generator: cycle:n=6,labels=1\ntasks:\n  - task: fsm\n    params:\n      max-edges: 3\n      max_edges: 2\n      support: 2\n' > "$tmp/twice.yaml"
    expect_error "twice.yaml:5: task 'fsm': parameter 'max_edges' is given twice" "$tessera" run "$tmp/twice.yaml" --output "$tmp/r4"
    ;;
  partition-snn)
    # The SNN families of paper 3's Table I (io/generators/nn_model.hpp, nn_allen.hpp,
    # nn_hypergraph.hpp), one small network each: the generator writes the same file on 1 and 2
    # threads, and multilevel and one-pass partitions pass partition-check.
    lim="--max-size 128 --max-inbound 512"
    for g in nn:model,neurons=1024,fanout=12,channels=4 nn:model-rand,neurons=1024,fanout=12,channels=4,rewire=0.2 \
             nn:allen,neurons=1000,fanout=16 nn:mobilenet,input=16,width=0.0625; do
      OMP_NUM_THREADS=1 "$tessera" generate "$g" "$tmp/g1.dhg" 2>/dev/null || fail "generate $g"
      OMP_NUM_THREADS=2 "$tessera" generate "$g" "$tmp/g2.dhg" 2>/dev/null || fail "generate $g, 2 threads"
      cmp -s "$tmp/g1.dhg" "$tmp/g2.dhg" || fail "$g differs between 1 and 2 threads"
      # info and convert take the spec itself as a hypergraph, the same one generate writes
      "$tessera" convert "$g" "$tmp/c.dhg" 2>/dev/null || fail "convert $g"
      cmp -s "$tmp/g1.dhg" "$tmp/c.dhg" || fail "convert $g differs from generate"
      "$tessera" info "$g" --json | matches '"kind": "hypergraph"' || fail "info $g"
      for a in multilevel one-pass; do
        "$tessera" partition "$tmp/g1.dhg" $lim --algorithm $a --output "$tmp/p_$a" --json > "$tmp/j" ||
          fail "partition $g ($a): $(cat "$tmp/j")"
        "$tessera" partition-check "$tmp/g1.dhg" "$tmp/p_$a" $lim > /dev/null || fail "$g: $a partition invalid"
      done
    done
    # Table I's 16k-model: 2^14 neurons of fanout 128; one-pass fills 16 blocks of 4 channels.
    "$tessera" partition nn:table1=16k-model --max-size 1024 --max-inbound 4096 --algorithm one-pass --json > "$tmp/j" ||
      fail "table1 preset: $(cat "$tmp/j")"
    grep -q '"nodes": 16384, "nets": 16384, "pins": 2113536' "$tmp/j" && grep -q '"num_parts": 16,' "$tmp/j" ||
      fail "16k-model: $(cat "$tmp/j")"
    expect_error "unknown Table I network 'nope'" "$tessera" generate nn:table1=nope "$tmp/x.dhg"
    expect_error "rewire' is a probability" "$tessera" partition nn:model-rand,neurons=100,fanout=4,rewire=2 --max-size 64
    expect_error "more than the .* of memory available" "$tessera" partition nn:model,neurons=2000000000,fanout=500 --max-size 64
    ;;
  partition)
    # Generated LeNet hypergraph: constrained and k-way runs, identical output on 1 and 2 threads,
    # the checker agrees, and impossible instances are one-line errors.
    g=gen:nn:lenet,input=14
    OMP_NUM_THREADS=1 "$tessera" partition "$g" --max-size 64 --max-inbound 200 --output "$tmp/p1" --json > "$tmp/j1" || fail "partition: $(cat "$tmp/j1")"
    OMP_NUM_THREADS=2 "$tessera" partition "$g" --max-size 64 --max-inbound 200 --output "$tmp/p2" --json > "$tmp/j2" || fail "partition 2 threads"
    cmp -s "$tmp/p1" "$tmp/p2" || fail "partitions differ between 1 and 2 threads"
    # --host: the host backend (the same space in CPU builds, OpenMP beside the GPU in GPU builds).
    "$tessera" partition "$g" --max-size 64 --max-inbound 200 --host --output "$tmp/ph" > /dev/null || fail "partition --host"
    cmp -s "$tmp/p1" "$tmp/ph" || fail "partitions differ between the default and the host backend"
    for key in valid num_parts connectivity cut soed imbalance time_s; do grep -q "\"$key\"" "$tmp/j1" || fail "json lacks $key: $(cat "$tmp/j1")"; done
    grep -q '"valid": true' "$tmp/j1" || fail "invalid: $(cat "$tmp/j1")"
    "$tessera" partition-check "$g" "$tmp/p1" --max-size 64 --max-inbound 200 --json > "$tmp/c1" || fail "check: $(cat "$tmp/c1")"
    conn=$(grep -o '"connectivity": [0-9.]*' "$tmp/j1")
    grep -q "$conn" "$tmp/c1" || fail "checker connectivity differs: $conn vs $(cat "$tmp/c1")"
    "$tessera" partition-check "$g" "$tmp/p1" --max-size 8 > /dev/null 2>&1 && fail "checker accepted blocks over Omega = 8"
    "$tessera" partition "$g" --k 4 --epsilon 0.03 --output "$tmp/k4" --json > "$tmp/j3" || fail "k-way"
    # k-way V-cycles and level FM (issue 25): the same partition for 1 and 2 threads.
    OMP_NUM_THREADS=1 "$tessera" partition "$g" --k 4 --vcycles 2 --output "$tmp/kv1" > /dev/null || fail "k-way vcycles"
    OMP_NUM_THREADS=2 "$tessera" partition "$g" --k 4 --vcycles 2 --output "$tmp/kv2" > /dev/null || fail "k-way vcycles 2 threads"
    cmp -s "$tmp/kv1" "$tmp/kv2" || fail "k-way V-cycle partitions differ between 1 and 2 threads"
    expect_error "option 'vcycles' belongs to the k-way mode" "$tessera" partition "$g" --max-size 64 --vcycles 7
    expect_error "option 'constrained-fm' belongs to the constrained mode" "$tessera" partition "$g" --k 4 --constrained-fm off
    grep -q '"num_parts": 4' "$tmp/j3" && grep -q '"valid": true' "$tmp/j3" || fail "k-way: $(cat "$tmp/j3")"
    [ "$(wc -l < "$tmp/k4")" -eq "$(grep -o '"nodes": [0-9]*' "$tmp/j3" | grep -o '[0-9]*')" ] || fail "one line per node"
    expect_error "impossible instance" "$tessera" partition "$g" --max-size 64 --max-inbound 1
    expect_error "exceeds the number of nodes" "$tessera" partition "$g" --k 100000000
    expect_error "option 'epsilon' expects a number in \[0, 1e6\], got '-1'" "$tessera" partition "$g" --k 2 --epsilon -1
    expect_error "option 'runs' expects an integer in \[1, " "$tessera" partition "$g" --k 2 --runs 0
    expect_error "unknown constraint preset" "$tessera" partition "$g" --preset nope
    expect_error "give one of" "$tessera" partition "$g" --k 2 --preset Loihi-64
    "$tessera" partition-check "$g" "$tmp/missing" > /dev/null 2>&1 && fail "missing partition file accepted"
    # The baselines and the ablation options (declared once in partition_options.cpp).
    for a in one-pass overlap; do
      "$tessera" partition "$g" --max-size 64 --max-inbound 200 --algorithm $a --output "$tmp/b_$a" --json > "$tmp/jb" || fail "$a: $(cat "$tmp/jb")"
      grep -q "\"algorithm\": \"$a\"" "$tmp/jb" || fail "$a: $(cat "$tmp/jb")"
      "$tessera" partition-check "$g" "$tmp/b_$a" --max-size 64 --max-inbound 200 > /dev/null || fail "$a partition invalid"
    done
    "$tessera" partition "$g" --max-size 64 --max-inbound 200 --matching greedy --neighbors off --chaining off \
      --candidates 8 --repetitions 4 --output "$tmp/abl" > /dev/null || fail "ablation switches"
    "$tessera" partition-check "$g" "$tmp/abl" --max-size 64 --max-inbound 200 > /dev/null || fail "ablation partition invalid"
    expect_error "expects an integer in \[1, 8\]" "$tessera" partition "$g" --max-size 64 --candidates 9
    "$tessera" partition "$g" --max-size 64 --candidates 9 > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad option value: exit code not 2"
    expect_error "max-size/preset only" "$tessera" partition "$g" --k 2 --algorithm one-pass
    "$tessera" partition "$g" --k 2 --algorithm one-pass > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad combination: exit code not 2"
    expect_error "expects an integer in \[1, 4611686018427387904\], got '9223372036854775807'" "$tessera" partition "$g" --max-size 9223372036854775807
    expect_error "option 'epsilon' expects a number in \[0, 1e6\], got '1e19'" "$tessera" partition "$g" --k 2 --epsilon 1e19
    expect_error "belongs to the k-way mode" "$tessera" partition "$g" --max-size 64 --trials 3
    printf 'name: p\ninputs:\n  - generator: nn:lenet,input=14\ntasks:\n  - task: partition\n    params:\n      max_size: [64]\n      algorithm: [one-pass]\n      repetitions: [4]\n' > "$tmp/pb.yaml"
    "$tessera" run "$tmp/pb.yaml" --output "$tmp/pbres" 2>"$tmp/log" || fail "run partition one-pass: $(cat "$tmp/log")"
    grep -q '"algorithm": "one-pass"' "$tmp/pbres/results.jsonl" || fail "yaml one-pass: $(cat "$tmp/pbres/results.jsonl")"
    printf 'name: p\ninputs:\n  - generator: nn:lenet,input=14\ntasks:\n  - task: partition\n    params:\n      k: [2]\n' > "$tmp/p.yaml"
    "$tessera" run "$tmp/p.yaml" --output "$tmp/pres" 2>"$tmp/log" || fail "run partition: $(cat "$tmp/log")"
    grep -q '"valid": true' "$tmp/pres/results.jsonl" || fail "yaml partition: $(cat "$tmp/pres/results.jsonl")"
    # YAML values go through the CLI's checks (partition_options.cpp), for the whole grid first.
    printf 'name: p\ninputs:\n  - generator: nn:lenet,input=14\ntasks:\n  - task: partition\n    params:\n      k: [2, abc]\n' > "$tmp/pk.yaml"
    expect_error "pk.yaml:5: task 'partition' with k=abc: option 'k' expects an integer" "$tessera" run "$tmp/pk.yaml" --output "$tmp/pkres"
    printf 'name: p\ninputs:\n  - generator: nn:lenet,input=14\ntasks:\n  - task: partition\n    params:\n      max_size: [64]\n      trials: [3]\n' > "$tmp/pt.yaml"
    expect_error "pt.yaml:5: .*option 'trials' belongs to the k-way mode" "$tessera" run "$tmp/pt.yaml" --output "$tmp/ptres"
    [ ! -e "$tmp/pkres" ] && [ ! -e "$tmp/ptres" ] || fail "invalid partition experiments created output"
    ;;
  formats-axon)
    # AxonCUDA's .snn and .axh (io/README.md): generate writes them, info / convert / partition /
    # partition-check / run read them, and every route gives the same hypergraph.
    g=nn:lenet,input=14
    "$tessera" generate "$g" "$tmp/g.dhg" 2>/dev/null || fail "generate .dhg"
    for ext in snn axh snn.gz axh.gz; do
      "$tessera" generate "$g" "$tmp/g.$ext" 2>/dev/null || fail "generate .$ext"
      "$tessera" convert "$tmp/g.$ext" "$tmp/back.dhg" 2>/dev/null || fail "convert .$ext"
      cmp -s "$tmp/g.dhg" "$tmp/back.dhg" || fail ".$ext -> .dhg differs from the generated .dhg"
    done
    "$tessera" convert "$tmp/g.dhg" "$tmp/c.snn" 2>/dev/null && cmp -s "$tmp/g.snn" "$tmp/c.snn" || fail ".dhg -> .snn differs"
    "$tessera" convert "$tmp/g.snn" "$tmp/c.axh" 2>/dev/null && cmp -s "$tmp/g.axh" "$tmp/c.axh" || fail ".snn -> .axh differs"
    zcat "$tmp/g.snn.gz" | cmp -s - "$tmp/g.snn" || fail ".snn.gz is not the gzip of .snn"
    # The header: node and net counts as info reports them.
    counts=$("$tessera" info "$tmp/g.snn" --json | grep -o '"nodes": [0-9]*, "nets": [0-9]*') || fail "info .snn"
    [ "$("$tessera" info "$tmp/g.axh.gz" --json | grep -o '"nodes": [0-9]*, "nets": [0-9]*')" = "$counts" ] || fail "info .axh.gz"
    header=$(od -An -tu4 -N8 "$tmp/g.snn" | xargs)
    [ "$counts" = "\"nodes\": ${header% *}, \"nets\": ${header#* }" ] || fail "header '$header' vs info $counts"
    lim="--max-size 64 --max-inbound 200"
    "$tessera" partition "$tmp/g.snn" $lim --output "$tmp/p_snn" > /dev/null || fail "partition .snn"
    "$tessera" partition "$tmp/g.axh" $lim --output "$tmp/p_axh" > /dev/null || fail "partition .axh"
    cmp -s "$tmp/p_snn" "$tmp/p_axh" || fail "partitions of .snn and .axh differ"
    "$tessera" partition-check "$tmp/g.axh" "$tmp/p_snn" $lim > /dev/null || fail "partition-check .axh"
    cp "$tmp/g.axh" "$tmp/g.bin"  # named by `format:`, not by its extension
    printf 'name: ax\ninputs:\n  - file: g.snn\n  - file: g.axh.gz\n  - file: g.bin\n    format: axh\ntasks:\n  - task: partition\n    params:\n      max_size: [64]\n      max_inbound: [200]\n' > "$tmp/ax.yaml"
    "$tessera" run "$tmp/ax.yaml" --output "$tmp/axres" 2>"$tmp/log" || fail "run: $(cat "$tmp/log")"
    [ "$(grep -c '"valid": true' "$tmp/axres/results.jsonl")" -eq 3 ] || fail "yaml records: $(cat "$tmp/axres/results.jsonl")"
    # Malformed files: one line naming the file and the byte offset.
    : > "$tmp/empty.snn"
    expect_error "empty.snn: byte offset 0: empty file" "$tessera" info "$tmp/empty.snn"
    head -c 20 "$tmp/g.snn" > "$tmp/cut.snn"
    expect_error "cut.snn: byte offset 4: the header announces [0-9]+ nets" "$tessera" info "$tmp/cut.snn"
    cp "$tmp/g.axh" "$tmp/long.axh" && printf 'x' >> "$tmp/long.axh"
    expect_error "long.axh: byte offset [0-9]+: 1 byte after the last of the [0-9]+ nets" "$tessera" partition "$tmp/long.axh" $lim
    printf '1 2\n1 2\n' > "$tmp/u.hgr"  # undirected: a .snn net needs its source
    expect_error "cannot write .*u.snn' as .snn: net 0 has no source" "$tessera" convert "$tmp/u.hgr" "$tmp/u.snn"
    [ ! -e "$tmp/u.snn" ] || fail "a refused .snn was written"
    "$tessera" convert "$tmp/u.hgr" "$tmp/u.snn" --first-pin-is-source 2>/dev/null || fail "hgr with sources -> .snn"
    ;;
  partition-ispd98)
    need_data
    h="$data/hypergraphs/ispd98/ibm01.hgr.gz"
    "$tessera" partition "$h" --preset Loihi-64 --output "$tmp/l" --json > "$tmp/j" || fail "Loihi-64: $(cat "$tmp/j")"
    grep -q '"valid": true' "$tmp/j" || fail "Loihi-64 invalid: $(cat "$tmp/j")"
    "$tessera" partition-check "$h" "$tmp/l" --preset Loihi-64 > /dev/null || fail "checker rejects Loihi-64 result"
    ;;
  run-mixed)
    # Graph tasks run on the graph inputs, partition on the hypergraph input; the summary table
    # has one row per input, task and grid point; --quick takes the quick: block.
    cat > "$tmp/mixed.yaml" <<YAML
name: mixed
inputs:
  - generator: clique:n=6
    name: k6
  - generator: nn:random,neurons=300,fanout=4,seed=1
    name: snn
tasks:
  - task: tc
  - task: cliques
    params:
      k: [3, 4]
  - task: partition
    params:
      preset: [TrueNorth]
      algorithm: [one-pass]
quick:
  inputs:
    - generator: clique:n=5
      name: k5
  tasks:
    - task: cliques
      params:
        k: [5]
YAML
    "$tessera" run "$tmp/mixed.yaml" --output "$tmp/res" 2>"$tmp/log" || fail "run: $(cat "$tmp/log")"
    [ "$(wc -l < "$tmp/res/results.jsonl")" -eq 4 ] || fail "expected 4 records: $(cat "$tmp/res/results.jsonl")"
    grep -q '^\[4/4\] snn partition' "$tmp/log" || fail "partition not on the hypergraph: $(cat "$tmp/log")"
    grep -Eq '^tc +k6 +- +[0-9.e-]+ +triangles=20$' "$tmp/log" || fail "summary tc row: $(cat "$tmp/log")"
    grep -Eq '^cliques +k6 +k=4 +[0-9.e-]+ +count=15$' "$tmp/log" || fail "summary cliques row: $(cat "$tmp/log")"
    grep -Eq '^partition +snn +- +[0-9.e-]+ +connectivity=[0-9]+$' "$tmp/log" || fail "summary partition row: $(cat "$tmp/log")"
    grep -q '"mode": "full"' "$tmp/res/results.jsonl" || fail "mode"
    "$tessera" run "$tmp/mixed.yaml" --quick --output "$tmp/quick" 2>"$tmp/log" || fail "quick: $(cat "$tmp/log")"
    [ "$(wc -l < "$tmp/quick/results.jsonl")" -eq 1 ] && grep -q '"mode": "quick".*"count": 1,' "$tmp/quick/results.jsonl" ||
      fail "quick records: $(cat "$tmp/quick/results.jsonl")"
    printf 'name: x\ninputs:\n  - generator: nn:lenet,input=8\n    name: net\ntasks:\n  - task: tc\n' > "$tmp/kind.yaml"
    expect_error "input 'net' is a hypergraph but no task of the experiment reads hypergraphs" "$tessera" run "$tmp/kind.yaml" --output "$tmp/r6"
    # A task's inputs: only those (per-input limits, as Table I's), and a listed input must be of
    # the task's kind; an input no task runs on is an error too.
    printf 'name: x\ninputs:\n  - {generator: "clique:n=6", name: k6}\n  - {generator: "clique:n=5", name: k5}\ntasks:\n  - task: tc\n    inputs: [k5]\n  - task: cliques\n    params: {k: 4}\n' > "$tmp/select.yaml"
    "$tessera" run "$tmp/select.yaml" --output "$tmp/r7" 2>"$tmp/log" || fail "selected inputs: $(cat "$tmp/log")"
    [ "$(wc -l < "$tmp/r7/results.jsonl")" -eq 3 ] && [ "$(grep -c '"task": "tc"' "$tmp/r7/results.jsonl")" -eq 1 ] &&
      grep -q '"input": "k5".*"triangles": 10' "$tmp/r7/results.jsonl" || fail "selected inputs records: $(cat "$tmp/r7/results.jsonl")"
    printf 'name: x\ninputs:\n  - {generator: "nn:lenet,input=8", name: net}\n  - {generator: "clique:n=5", name: k5}\ntasks:\n  - task: tc\n    inputs: [net]\n' > "$tmp/wrong.yaml"
    expect_error "wrong.yaml:6: task 'tc' lists input 'net', a hypergraph it does not read" "$tessera" run "$tmp/wrong.yaml" --output "$tmp/r8"
    printf 'name: x\ninputs:\n  - {generator: "clique:n=6", name: k6}\n  - {generator: "clique:n=5", name: k5}\ntasks:\n  - task: tc\n    inputs: [k5]\n' > "$tmp/unused.yaml"
    expect_error "input 'k6' is a graph but no task of the experiment reads graphs and lists it in its 'inputs'" "$tessera" run "$tmp/unused.yaml" --output "$tmp/r9"
    ;;
  mining-distributed)
    # Replicated mining over MPI ranks: counts equal the single-node ones for both schedules and
    # chunks of 1 unit and more units than exist; rank 0 prints the per-rank report.
    [ -n "${MPIEXEC:-}" ] || { echo "SKIPPED: no MPIEXEC"; exit 77; }
    spec=gen:kronecker:scale=9,edge_factor=8,seed=2
    mpi() { "$MPIEXEC" -n "$1" --oversubscribe --allow-run-as-root "$tessera" "${@:2}"; }
    for run in "cliques --k 4" "mine --pattern diamond" "motifs --k 4"; do
      want=$("$tessera" ${run%% *} $spec ${run#* } --json | grep -o '"count": [0-9]*\|"motifs": {[^}]*}') || fail "$run single node"
      [ -n "$want" ] || fail "$run: no count in the single-node output"
      for np_sched in "1 --schedule round-robin" "3 --schedule round-robin --chunk-size 1" "3 --schedule round-robin --chunk-size 100000" "3 --schedule even"; do
        np=${np_sched%% *} sched=${np_sched#* }
        got=$(mpi $np ${run%% *} $spec ${run#* } --distributed $sched --json 2>"$tmp/err") || fail "$run np=$np $sched: $(cat "$tmp/err")"
        [ "$(echo "$got" | grep -o '"count": [0-9]*\|"motifs": {[^}]*}')" = "$want" ] || fail "$run np=$np $sched: $got, single node $want"
        echo "$got" | matches "\"num_ranks\": $np" || fail "$run np=$np: $got"
        [ "$(echo "$got" | grep -o '"rank": [0-9]*' | wc -l)" -eq $np ] || fail "$run np=$np per-rank report: $got"
        echo "$got" | matches '"imbalance": ' || fail "$run np=$np imbalance: $got"
      done
    done
    # FSM: the same pattern list (OR-reduced domains), written by rank 0 only.
    fsm_spec=gen:kronecker:scale=9,edge_factor=8,seed=2,labels=3
    "$tessera" fsm $fsm_spec --max-edges 3 --support 20 --list "$tmp/fsm1.txt" >/dev/null || fail "fsm single node"
    [ "$(grep -vc '^#' "$tmp/fsm1.txt")" -gt 5 ] || fail "fsm: too few frequent patterns to compare"
    for np_sched in "2 --schedule round-robin --chunk-size 1" "3 --schedule even"; do
      np=${np_sched%% *} sched=${np_sched#* }
      got=$(mpi $np fsm $fsm_spec --max-edges 3 --support 20 --distributed $sched --list "$tmp/fsm$np.txt" --json 2>"$tmp/err") \
        || fail "fsm np=$np: $(cat "$tmp/err")"
      cmp -s "$tmp/fsm1.txt" "$tmp/fsm$np.txt" || fail "fsm np=$np $sched: pattern lists differ"
      echo "$got" | matches "\"num_ranks\": $np" || fail "fsm np=$np: $got"
    done
    # Usage errors (exit 2): the share's options without --distributed, bad values, listing.
    for c in "cliques --k 4" "mine --pattern diamond" "motifs --k 3" "fsm --support 2"; do
      for bad in "--schedule even" "--chunk-size 5"; do
        "$tessera" ${c%% *} $spec ${c#* } $bad >/dev/null 2>"$tmp/err"; rc=$?
        [ $rc -eq 2 ] || fail "$c $bad without --distributed: exit $rc, $(cat "$tmp/err")"
        grep -q "needs --distributed" "$tmp/err" || fail "$c $bad: $(cat "$tmp/err")"
      done
    done
    for bad in "--schedule blocks" "--chunk-size 0" "--list $tmp/l.txt"; do
      mpi 2 cliques $spec --k 4 --distributed $bad >/dev/null 2>"$tmp/err"; rc=$?
      [ $rc -eq 2 ] || fail "--distributed $bad: exit $rc, $(cat "$tmp/err")"
    done
    [ -e "$tmp/l.txt" ] && fail "--list wrote a file with --distributed"
    ;;
  *) fail "unknown case $case_name" ;;
esac
echo "PASS: $case_name"

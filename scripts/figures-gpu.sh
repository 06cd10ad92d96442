#!/usr/bin/env bash
# The paper figures worth a GPU run, in full mode, within about 6 minutes on an H200 machine (2 GPUs for the scaling figures) (issue 16):
# each experiment gets a time budget; a run cut by its budget keeps the records it finished
# (tessera run writes them after every point) and its figure shows those, its caption saying
# how many. Results go to OUT/<paper>/<figure>/; the figures are drawn there when this machine
# has matplotlib, else draw them elsewhere with
#   scripts/plot.py OUT/<paper>/<figure> --output docs/figures/<paper>
#
#   TESSERA_DATA_DIR=... scripts/figures-gpu.sh OUT [path/to/tessera] [paper/figure ...]
#
# Naming figures runs only those (with their budgets below), e.g. a shorter GPU round.
#
# FIGURES_QUICK=1 runs the quick blocks instead (a smoke test of this script on a CPU build).
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: scripts/figures-gpu.sh OUT [path/to/tessera]" >&2; exit 2; }
out=$1
tessera=${2:-$repo/build/cuda/apps/tessera}
shift $(( $# >= 2 ? 2 : 1 ))
only=" $* "
[ -x "$tessera" ] || { echo "figures-gpu.sh: no tessera binary at '$tessera'" >&2; exit 1; }
[ -n "${TESSERA_DATA_DIR:-}" ] || export TESSERA_DATA_DIR=$repo/../shared/data

# paper/figure seconds: the budgets add up to 380 s (name a few figures for a shorter round).
figures=(
  g2miner-pattern-mining-gpu/table4-tc:15
  g2miner-pattern-mining-gpu/table5-cliques:25
  g2miner-pattern-mining-gpu/table6-subgraph-listing:20
  g2miner-pattern-mining-gpu/table7-motifs:20
  g2miner-pattern-mining-gpu/table2-ablation:25
  g2miner-pattern-mining-gpu/table8-fsm:20
  hypergraph-partitioning-gpu/fig7-baselines:30
  hypergraph-partitioning-gpu/fig8-step-breakdown:15
  hypergraph-partitioning-gpu/fig16-ablation:55
  hypergraph-partitioning-gpu/fig15-kway-ispd98:30
  triangle-counting-distributed-gpu/fig7-ipc-mpi:25
  triangle-counting-distributed-gpu/fig8-variants:25
  triangle-counting-distributed-gpu/fig5-buffer-ranks:30
  triangle-counting-distributed-gpu/fig6-lz4:20
  triangle-counting-distributed-gpu/fig13-scaling:25
)

for name in "$@"; do
  [[ " ${figures[*]} " == *" $name:"* ]] || { echo "figures-gpu.sh: '$name' is not one of: ${figures[*]%%:*}" >&2; exit 2; }
done

python=""
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
  if "$candidate" -c 'import matplotlib, yaml' 2>/dev/null; then python=$candidate; break; fi
done

summary="figure records failed seconds status"
for entry in "${figures[@]}"; do
  name=${entry%:*} budget=${entry##*:}
  [ "$only" = "  " ] || [[ $only == *" $name "* ]] || continue
  dir=$out/$name
  mkdir -p "$dir"
  start=$SECONDS
  timeout -k 5 "$budget" "$tessera" run "$repo/configs/papers/$name.yaml" ${FIGURES_QUICK:+--quick} --output "$dir" >"$dir/run.log" 2>&1
  status=$?
  case $status in 0) what=complete ;; 124|137) what="cut at ${budget}s" ;; *) what="exit $status" ;; esac
  records=$(cat "$dir/results.jsonl" 2>/dev/null | wc -l)
  failed=$(grep -c '"error":' "$dir/results.jsonl" 2>/dev/null)
  if [ -n "$python" ] && [ "$records" -gt 0 ]; then
    "$python" "$repo/scripts/plot.py" "$dir" >/dev/null 2>>"$dir/run.log" || what="$what, plot failed"
  fi
  summary+=$'\n'"$name $records ${failed:-0} $((SECONDS - start)) ${what// /_}"
done
# column(1) is not on every machine (the H200 image lacks it): fall back to the plain lines.
if command -v column >/dev/null; then echo "$summary" | column -t; else echo "$summary"; fi

#!/usr/bin/env bash
# One paper figure or table from one command (issue 16): runs configs/papers/<paper>/<figure>.yaml
# with `tessera run` and draws its `plot:` block with scripts/plot.py.
#
#   scripts/reproduce.sh <paper> <figure> [--quick] [--output DIR] [--tessera PATH]
#
#   paper     folder under configs/papers/: g2miner-pattern-mining-gpu, hypergraph-partitioning-gpu,
#             triangle-counting-distributed-gpu (the papers in ../shared/papers/)
#   figure    YAML name without .yaml (e.g. table4-tc, fig7-baselines)
#   --quick   the experiment's `quick:` block: small generated inputs, seconds on a 2-core CPU
#   --output  results and figures folder (default results/<paper>/<figure>/, quick: .../quick/)
#   --tessera the binary (default $TESSERA, else build/cuda/apps/tessera when it exists, else
#             build/openmp/apps/tessera)
#
# Inputs under $TESSERA_DATA_DIR (default ../shared/data beside the repository). PYTHON picks the
# interpreter (default: the first of python3, /usr/bin/python3 that has matplotlib and yaml).
# Exit status: 0 done; 1 a run or the plot failed; 2 usage.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: scripts/reproduce.sh <paper> <figure> [--quick] [--output DIR] [--tessera PATH]" >&2; exit 2; }

[ $# -ge 2 ] || usage
paper=$1 figure=$2
shift 2
quick=() output="" tessera=${TESSERA:-}
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=(--quick); shift ;;
    --output) [ $# -ge 2 ] || usage; output=$2; shift 2 ;;
    --tessera) [ $# -ge 2 ] || usage; tessera=$2; shift 2 ;;
    *) echo "reproduce.sh: unknown option '$1'" >&2; usage ;;
  esac
done

config=$repo/configs/papers/$paper/$figure.yaml
if [ ! -d "$repo/configs/papers/$paper" ] || [ -z "$paper" ]; then
  echo "reproduce.sh: no paper '$paper' (papers: $(cd "$repo/configs/papers" && ls -d */ | tr -d / | tr '\n' ' '))" >&2
  exit 2
fi
if [ ! -f "$config" ]; then
  echo "reproduce.sh: no experiment $config (figures of '$paper':" \
    "$(cd "$repo/configs/papers/$paper" 2>/dev/null && ls *.yaml 2>/dev/null | sed 's/\.yaml$//' | tr '\n' ' '))" >&2
  exit 2
fi
if [ -z "$tessera" ]; then
  tessera=$repo/build/openmp/apps/tessera
  [ -x "$repo/build/cuda/apps/tessera" ] && tessera=$repo/build/cuda/apps/tessera
fi
[ -x "$tessera" ] || { echo "reproduce.sh: no tessera binary at '$tessera' (build it, or pass --tessera)" >&2; exit 1; }
[ -n "$output" ] || output=results/$paper/$figure${quick:+/quick}

python=${PYTHON:-}
if [ -z "$python" ]; then
  for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c 'import matplotlib, yaml' 2>/dev/null; then python=$candidate; break; fi
  done
  [ -n "$python" ] || { echo "reproduce.sh: no python3 with matplotlib and yaml (scripts/setup-deps.sh installs them)" >&2; exit 1; }
fi

export TESSERA_DATA_DIR=${TESSERA_DATA_DIR:-$repo/../shared/data}
status=0
"$tessera" run "$config" "${quick[@]}" --output "$output" || status=$?
# A failed grid point still leaves its record: the figure is drawn from the others (the caption
# lists the failed ones), and the exit status says that something failed.
if [ -s "$output/results.jsonl" ]; then
  "$python" "$repo/scripts/plot.py" "$output" || status=1
else
  echo "reproduce.sh: no results in $output" >&2
  status=1
fi
exit $(( status == 0 ? 0 : 1 ))

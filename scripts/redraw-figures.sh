#!/usr/bin/env bash
# Redraws the committed H200 figures, docs/figures/<paper>/<name>.{png,svg}, from their records
# (docs/figures/<paper>/h200-data/<figure>.csv) and the plot: block of
# configs/papers/<paper>/<figure>.yaml, so a change to scripts/plot.py or a plot block reaches
# every figure without a GPU. A figure whose records hold no successful point (a run cut by its
# budget) is reported and left as it was; the others of its experiment are still drawn.
#   scripts/redraw-figures.sh            (PYTHON picks the interpreter, as in reproduce.sh)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-}
if [ -z "$python" ]; then
  for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c 'import matplotlib, yaml' 2>/dev/null; then python=$candidate; break; fi
  done
  [ -n "$python" ] || { echo "redraw-figures.sh: no python3 with matplotlib and yaml" >&2; exit 1; }
fi
status=0
for records in "$repo"/docs/figures/*/h200-data/*.csv; do
  paper=$(basename "$(dirname "$(dirname "$records")")")
  figure=$(basename "$records" .csv)
  "$python" "$repo/scripts/plot.py" --records "$records" --config "$repo/configs/papers/$paper/$figure.yaml" \
    --output "$repo/docs/figures/$paper" >/dev/null || status=1
done
exit $status

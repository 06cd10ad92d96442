#!/usr/bin/env bash
# The SNN goals of issue 14 (paper 3, §VII-A, Table I) through the CLI, one row per run:
#   network | nodes | pins | algorithm | blocks | connectivity | time_s | valid | levels stop | top steps | wall
# and, at the end, multilevel / one-pass per network (blocks and connectivity) with their mean.
#
#   OUT=/tmp/snn BUDGET_S=75 scripts/bench-snn.sh [path/to/tessera] [section...]
#
# Sections (default: all, in this order):
#   families  each new generated family at a size that takes seconds on one H200 (16k-model,
#             16k-rand and lenet at Table I's sizes, allen 20k x 100, mobilenet-24x0.75),
#             multilevel and --algorithm one-pass under Table I's limits (goal: multilevel no
#             more blocks, connectivity <= 0.6x one-pass's on average)
#   convnets  the same for alexnet-64x0.25 and vgg-32x0.25 (the issue's instances)
#   256k      nn:table1=256k-model (262,144 neurons, 67.4M pins; goal <= 30 s on one H200)
#   1m        nn:model,neurons=1000000,fanout=64 (1M neurons, 65M pins; goal: no out-of-memory)
#   cpu       GPU vs the same code on one CPU thread (--host, OMP_NUM_THREADS=1; goal 50x) on
#             nn:table1=lenet (20.5k neurons, 0.79M pins): what a one-thread run may finish
#             within a snippet's time
#   smoke     nn:lenet,input=14 only (seconds on a CPU: checks the script)
#   allen     the families' allen row alone (20k x 100: at fanout 300 a 20k sheet is within two
#             hops of itself, |N(n)| ~ half the network, and multilevel took > 12 s on the H200)
#   diagnose  allen 5k x 300 with --progress; 16k-model with --fewest-blocks off
#   table1    every Table I network at the table's size, multilevel then one-pass (hours on a
#             CPU; minutes on the GPU where memory allows)
# Limits (Omega / Delta): Table I's 2^10 / 2^12 for lenet, alexnet, 16k-rand and the -model
# networks, 2^12 / 2^16 for the others. Runs are skipped once BUDGET_S seconds have passed
# (default: no budget); each run has its own timeout. JSON lines (label, tab, the command's output) go to $OUT/snn.jsonl.
set -u
T=${1:-build/cuda/apps/tessera}
[ $# -gt 0 ] && shift
sections=${*:-families convnets 256k 1m cpu}
O=${OUT:-/tmp/snn}
mkdir -p "$O"
: > "$O/snn.jsonl"
budget=${BUDGET_S:-0}
S="--max-size 1024 --max-inbound 4096"
L="--max-size 4096 --max-inbound 65536"

# One row from a run's output (argv: label, exit status, wall seconds, input and options).
read -r -d '' ROW_PY <<'PY'
import json, sys
label, rc, wall, args = sys.argv[1:5]
text = sys.stdin.read()
try:
    j = json.loads(text[text.index("{"):text.rindex("}") + 1])
except ValueError:
    what = "timeout" if rc in ("124", "137") else "ERROR rc=" + rc
    print("%s | %s | %s after %ss: %s" % (label, args, what, wall, " ".join(text.split())[-220:]))
    sys.exit()
STEPS = ("neighbors", "proposal", "matching", "contraction", "initial", "gains", "sequence", "validity")
steps = sorted(((s, j[s + "_s"]) for s in STEPS if s + "_s" in j), key=lambda kv: -kv[1])[:4]
algorithm = j["algorithm"] + (" host" if "--host" in args.split() else "")
print("%s | %d | %d | %s | %d | %.0f | %.3f | %s | %d %s | %s | %ss" % (
    label, j["nodes"], j["pins"], algorithm, j["num_parts"], j["connectivity"], j["time_s"], j["valid"],
    j["levels"], j["coarsening_stop"], " ".join("%s=%.2f" % kv for kv in steps), wall))
PY

echo "network | nodes | pins | algorithm | blocks | connectivity | time_s | valid | levels stop | top steps | wall"
run() {  # label timeout_s input [partition options...]
  local label=$1 limit=$2 input=$3; shift 3
  if [ "$budget" -gt 0 ]; then
    if [ "$SECONDS" -ge "$budget" ]; then echo "$label | $input | skipped (budget)"; return; fi
    local left=$((budget + 4 - SECONDS)); [ "$limit" -gt "$left" ] && limit=$left
  fi
  local out rc t0=$SECONDS
  out=$(timeout "$limit" "$T" partition "$input" "$@" --json 2>&1)
  rc=$?
  printf '%s\t%s\n' "$label" "$(printf '%s' "$out" | tr -d '\n')" >> "$O/snn.jsonl"
  python3 -c "$ROW_PY" "$label" "$rc" "$((SECONDS - t0))" "$input $*" <<<"$out"
}
both() {  # label timeout_s input limits...: multilevel, then one-pass
  local label=$1 limit=$2 input=$3; shift 3
  run "$label" "$limit" "$input" "$@"
  run "$label" 10 "$input" "$@" --algorithm one-pass
}

for section in $sections; do
  case $section in
    families)
      both 16k-model 15 nn:table1=16k-model $S
      both 16k-rand 12 nn:table1=16k-rand $S
      both lenet 10 nn:table1=lenet $S
      both allen-20k 12 nn:allen,neurons=20000,fanout=100 $L
      both mobilenet-24x0.75 12 nn:mobilenet,input=24,width=0.75 $L
      ;;
    convnets)
      both alexnet-64x0.25 12 nn:alexnet,input=64,width=0.25 $S
      both vgg-32x0.25 15 nn:vgg,input=32,width=0.25 $L
      ;;
    smoke) both lenet-14 10 nn:lenet,input=14 $S ;;
    allen) both allen-20k 12 nn:allen,neurons=20000,fanout=100 $L ;;
    diagnose)
      # Where the time of a cortical sheet goes (phases with elapsed seconds on stderr: the last
      # one survives a timeout), and what the fewest-blocks search costs on the 16k-model.
      run allen-5k 6 nn:allen,neurons=5000,fanout=300 $L --progress
      run 16k-model-fewest-off 6 nn:table1=16k-model $S --fewest-blocks off
      ;;
    256k) run 256k-model 32 nn:table1=256k-model $S --progress ;;
    1m) run 1m-model 25 nn:model,neurons=1000000,fanout=64 $S --progress ;;
    cpu)
      run lenet 10 nn:table1=lenet $S
      OMP_NUM_THREADS=1 run lenet-1thread 60 nn:table1=lenet $S --host
      ;;
    table1)
      for name in lenet alexnet mobilenet vgg11 16k-rand 64k-rand 256k-rand 1M allen-v1 16k-model 64k-model 256k-model; do
        case $name in lenet|alexnet|16k-rand|*-model) lim=$S ;; *) lim=$L ;; esac
        both "$name" 600 "nn:table1=$name" $lim
      done
      ;;
    *) echo "bench-snn.sh: unknown section '$section' (smoke allen diagnose families convnets 256k 1m cpu table1)" >&2; exit 2 ;;
  esac
done

# Multilevel vs one-pass per network (from this run's JSON lines).
python3 - "$O/snn.jsonl" <<'PY'
import json, sys
rows = {}
for line in open(sys.argv[1]):
    label, _, text = line.partition("\t")
    try:
        j = json.loads(text[text.index("{"):text.rindex("}") + 1])
    except ValueError:
        continue
    rows.setdefault(label, {})[j["algorithm"]] = j
ratios = []
print("\nnetwork | multilevel blocks / connectivity | one-pass blocks / connectivity | blocks ok | connectivity ratio")
for name, r in rows.items():
    if "multilevel" not in r or "one-pass" not in r:
        continue
    m, o = r["multilevel"], r["one-pass"]
    ratio = m["connectivity"] / o["connectivity"] if o["connectivity"] else float("nan")
    ratios.append(ratio)
    print("%s | %d / %.0f | %d / %.0f | %s | %.3f" % (name, m["num_parts"], m["connectivity"], o["num_parts"],
                                                       o["connectivity"], m["num_parts"] <= o["num_parts"], ratio))
if ratios:
    print("mean connectivity ratio (multilevel / one-pass): %.3f over %d networks" % (sum(ratios) / len(ratios), len(ratios)))
PY

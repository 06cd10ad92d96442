# mgpu helper (issue 15, multi-GPU mining), ROUND 1 as run (17:52 UTC; the run lines are those of
# the round; this copy's summary also prints kernel_s, which round 1's binary did not report:
# it shows 0 there). kron20 5-cliques and 4-motifs, 1 vs 2 ranks, round-robin vs even. One rank per GPU (KOKKOS_NUM_DEVICES=2: rank r takes GPU r). Every
# run uses --distributed (also 1 rank): time_s = slowest rank's mining + the reduction. One line
# per run as it goes, a table at the end. <= 80 s (runs that could pass 78 s are skipped).
T=build/cuda/apps/tessera
G=gen:kronecker:scale=20,edge_factor=16,seed=1
export KOKKOS_NUM_DEVICES=2 NCCL_NVLS_ENABLE=0
MPI="mpiexec --oversubscribe --allow-run-as-root --bind-to none -x KOKKOS_NUM_DEVICES=2 -x NCCL_NVLS_ENABLE=0"
unset OMP_NUM_THREADS
TAB=/tmp/mgpu_table.txt
: > $TAB
cat > /tmp/mgpu_summ.py <<'PY'
import json, sys
tag, tab = sys.argv[1], sys.argv[2]
lines = [l for l in sys.stdin.read().splitlines() if l.startswith("{")]
if not lines:
    print(tag, "FAILED or timed out"); open(tab, "a").write("| %s | failed or timed out |\n" % tag); sys.exit()
j = json.loads(lines[-1])
count = j.get("count", j.get("motifs"))
per = " ".join("r%d:%.3f/%.3f" % (r["rank"], r["time_s"], r.get("kernel_s", 0)) for r in j["ranks"])
key = "/tmp/mgpu_base_" + tag.split()[0]
base = None
try:
    base = float(open(key).read())
except Exception:
    pass
if j["num_ranks"] == 1:
    open(key, "w").write(str(j["time_s"]))
speed = ("%.2fx" % (base / j["time_s"])) if base and j["num_ranks"] > 1 else "-"
print("%-44s count=%s time=%.3f per-rank(time/kernel)=[%s] imbalance=%.3f speedup=%s" % (tag, count, j["time_s"], per, j["imbalance"], speed))
open(tab, "a").write("| %s | %.3f | %s | %.3f | %s |\n" % (tag, j["time_s"], per, j["imbalance"], speed))
PY
run() {  # run <limit_s> <np> <tag-word> <command and options...>; skipped when it could pass 78 s
  if [ $((SECONDS + $1)) -gt 78 ]; then echo "$3 np=$2 skipped (time)"; echo "| $3 np=$2 ${*:6} | skipped (time) |" >> $TAB; return; fi
  local lim=$1 np=$2 tag=$3; shift 3
  timeout "$lim" $MPI -n "$np" $T "$@" --distributed --json 2>/tmp/mgpu_err.txt | python3 /tmp/mgpu_summ.py "$tag np=$np ${*:3}" $TAB
  grep -v "^$" /tmp/mgpu_err.txt | head -3
}
echo "== kron20 (scale 20, edge factor 16): time_s = slowest rank + reduction; per-rank time/units =="
run 24 1 cl5 cliques $G --k 5
run 16 2 cl5 cliques $G --k 5 --schedule round-robin
run 20 2 cl5 cliques $G --k 5 --schedule even
run 10 1 mo4 motifs $G --k 4
run 8 2 mo4 motifs $G --k 4 --schedule round-robin
run 8 2 mo4 motifs $G --k 4 --schedule even
run 8 2 mo4 motifs $G --k 4 --schedule round-robin --chunk-size 1
run 8 2 mo4 motifs $G --k 4 --schedule round-robin --chunk-size 1024
run 16 2 cl5 cliques $G --k 5 --schedule round-robin --chunk-size 1
echo
echo "| run | time s | per-rank time s / kernel s | imbalance | speedup vs 1 rank |"
echo "|---|---:|---|---:|---:|"
cat $TAB
echo "elapsed ${SECONDS}s"

# tc helper (issue 13), round 1 (one H200): distributed TC with the setup on the device and the
# single-node kernels on the gathered DAG (every rank readable), ranks sharing the GPU for the
# per-rank split; the distributed kernel (gpu variant, MPI) at kron22; single-node tc with the
# kernel choices for task 2. <= 90 s (runs that could pass 84 s are skipped).
T=build/cuda/apps/tessera
MPI="mpiexec --oversubscribe --allow-run-as-root --bind-to none"
unset OMP_NUM_THREADS
cat > /tmp/tc_summ.py <<'PY'
import json, sys
tag = sys.argv[1]
lines = [l for l in sys.stdin.read().splitlines() if l.startswith("{")]
if not lines:
    print(tag, "FAILED or timed out"); sys.exit()
j = json.loads(lines[-1]); m = j["metrics"]
f = lambda k: ("%.3f/%.3f" % (m[k]["min"], m[k]["max"])) if k in m else "-"
print("%-26s tri=%d total=%.3f read=%.2f setup=%s [upload=%s order=%s orient=%s share=%s stats=%s gather=%s] local=%s scan=%s remote=%s wait=%s count_imb=%.2f"
      % (tag, j["triangles"], j["time_s"], j["read_s"], f("setup_s"), f("upload_s"), f("order_s"), f("orient_s"), f("share_s"),
         f("stats_s"), f("gather_s"), f("local_s"), f("scan_s"), f("remote_s"), f("wait_s"), j["counting_imbalance"]))
PY
run() {  # run <limit_s> <ranks> <scale> <variant> [extra options]
  if [ $((SECONDS + $1)) -gt 86 ]; then echo "kron$3 np=$2 $4 skipped (time)"; return; fi
  local lim=$1 np=$2 s=$3 v=$4; shift 4
  timeout "$lim" $MPI -n "$np" $T tc gen:kronecker:scale=$s,edge_factor=16,seed=1 --distributed --variant "$v" \
    --partition work "$@" --json 2>/dev/null | python3 /tmp/tc_summ.py "kron$s np=$np $v $*"
}
tc1() {  # tc1 <scale> [options]: single-node count / preprocessing
  local s=$1; shift
  if [ $SECONDS -gt 80 ]; then echo "tc kron$s $* skipped (time)"; return; fi
  timeout 10 $T tc gen:kronecker:scale=$s,edge_factor=16,seed=1 "$@" --json 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); print("tc kron'$s' '"$*"'", d["triangles"], "count_ms=%.2f pre_ms=%.2f" % (d["time_s"]*1e3, d["preprocess_s"]*1e3))' || echo "tc kron$s $* FAILED/timeout"
}
echo "== distributed on one GPU (min/max over ranks, s) =="
run 12 1 22 ipc
run 12 2 22 ipc
run 12 2 22 gpu
run 20 1 24 ipc
run 20 2 24 ipc
echo "== single node tc: auto, then the kernel choices =="
tc1 22
tc1 24
for v in masked split; do for i in binary merge; do tc1 22 --variant $v --intersection $i; done; done
tc1 24 --variant masked --intersection binary
tc1 24 --variant split --intersection binary
tc1 24 --intersection merge
tc1 24 --intersection hash
echo "elapsed ${SECONDS}s"

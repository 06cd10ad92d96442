# tc helper (issue 13), round 2 (2-GPU H200 machine, tc branch). One rank per GPU
# (KOKKOS_NUM_DEVICES=2), --bind-to none. 1 vs 2 GPUs at kron24 (ipc: degrees now exchanged by IPC);
# the MPI-only gpu variant with rows records (out-lists per destination) at kron20/kron24; kron26
# on 2 GPUs with peers' rows read in place (--ipc-rows map: no rank holds the whole graph; peak
# device bytes per rank); then the CPU-rank table (kron20, shm, default threads) as time allows.
# Prints one table row per run as it goes.
T=build/cuda/apps/tessera
export KOKKOS_NUM_DEVICES=2 NCCL_NVLS_ENABLE=0
MPI="mpiexec --oversubscribe --allow-run-as-root --bind-to none -x KOKKOS_NUM_DEVICES=2 -x NCCL_NVLS_ENABLE=0"
unset OMP_NUM_THREADS
cat > /tmp/tc_summ.py <<'PY'
import json, sys
tag = sys.argv[1]
lines = [l for l in sys.stdin.read().splitlines() if l.startswith("{")]
if not lines:
    print("| %s | FAILED or timed out |" % tag, flush=True); sys.exit()
j = json.loads(lines[-1]); m = j["metrics"]
f = lambda k: ("%.3f/%.3f" % (m[k]["min"], m[k]["max"])) if k in m else "-"
print("| %s | %d | %.3f | %.2f | %s | order %s orient %s share %s stats %s gather %s | local %s scan %s remote %s wait %s | %.2f | q %.3g B %.3g | %.2f GB | thr %d |"
      % (tag, j["triangles"], j["time_s"], j["read_s"], f("setup_s"), f("order_s"), f("orient_s"), f("share_s"),
         f("stats_s"), f("gather_s"), f("local_s"), f("scan_s"), f("remote_s"), f("wait_s"),
         j["counting_imbalance"], m["queries_sent"]["max"], m["bytes_sent_raw"]["max"],
         m.get("peak_device_bytes", {"max": 0})["max"] / 1e9, m["host_threads"]["max"]), flush=True)
PY
run() {  # run <limit_s> <ranks> <scale> <variant> [extra options]; skipped when it could pass 79 s
  if [ $((SECONDS + $1)) -gt 79 ]; then echo "| kron$3 ranks=$2 $4 $5 $6 | skipped (time) |"; return; fi
  local lim=$1 np=$2 s=$3 v=$4; shift 4
  timeout "$lim" $MPI -n "$np" $T tc gen:kronecker:scale=$s,edge_factor=16,seed=1 --distributed --variant "$v" \
    --partition work "$@" --json 2>/tmp/tc_err.txt | python3 /tmp/tc_summ.py "kron$s ranks=$np $v $*"
  grep -m2 -i "error" /tmp/tc_err.txt | cut -c1-300
}
echo "| run | triangles | total s | read s | setup s | setup steps min/max | counting min/max | count imb | queries, bytes sent (max rank) | peak device (max rank) | host threads |"
echo "|---|---:|---:|---:|---|---|---|---:|---|---:|---:|"
run 10 1 24 ipc
run 10 2 24 ipc
run 8 2 20 gpu --message-format rows
run 12 2 24 gpu --message-format rows
run 30 2 26 ipc --ipc-rows map
run 7 1 20 shm
run 7 16 20 shm
run 7 4 20 shm
run 6 2 20 gpu --message-format compact
run 7 2 20 shm
run 7 8 20 shm
echo "elapsed ${SECONDS}s"

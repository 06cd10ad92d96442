# tc helper (issue 13), round 1 (2-GPU H200 machine, tc branch): 1 vs 2 GPUs after the device-side
# degree order; the MPI-only gpu variant with the new receiver (streams; rows records, compact
# runs with the split-edge kernel, flat pairs);
# ipc with peers' rows read in place (--ipc-rows map: no rank holds the whole graph) at kron24 and
# kron26. One rank per GPU (KOKKOS_NUM_DEVICES=2), --bind-to none. Prints a table as it goes.
T=build/cuda/apps/tessera
export KOKKOS_NUM_DEVICES=2 NCCL_NVLS_ENABLE=0
MPI="mpiexec --oversubscribe --allow-run-as-root --bind-to none -x KOKKOS_NUM_DEVICES=2 -x NCCL_NVLS_ENABLE=0"
unset OMP_NUM_THREADS
cat > /tmp/tc_summ.py <<'PY'
import json, sys
tag = sys.argv[1]
lines = [l for l in sys.stdin.read().splitlines() if l.startswith("{")]
if not lines:
    print("| %s | FAILED or timed out |" % tag); sys.exit()
j = json.loads(lines[-1]); m = j["metrics"]
f = lambda k: ("%.3f/%.3f" % (m[k]["min"], m[k]["max"])) if k in m else "-"
print("| %s | %d | %.3f | %.2f | %s | order %s orient %s share %s stats %s gather %s | local %s scan %s remote %s wait %s | %.2f | q %.3g B %.3g | %.2f GB |"
      % (tag, j["triangles"], j["time_s"], j["read_s"], f("setup_s"), f("order_s"), f("orient_s"), f("share_s"),
         f("stats_s"), f("gather_s"), f("local_s"), f("scan_s"), f("remote_s"), f("wait_s"),
         j["counting_imbalance"], m["queries_sent"]["max"], m["bytes_sent_raw"]["max"],
         m.get("peak_device_bytes", {"max": 0})["max"] / 1e9), flush=True)
PY
run() {  # run <limit_s> <gpus> <scale> <variant> [extra options]; skipped when it could pass 78 s
  if [ $((SECONDS + $1)) -gt 79 ]; then echo "| kron$3 gpus=$2 $4 $5 $6 | skipped (time) |"; return; fi
  local lim=$1 np=$2 s=$3 v=$4; shift 4
  timeout "$lim" $MPI -n "$np" $T tc gen:kronecker:scale=$s,edge_factor=16,seed=1 --distributed --variant "$v" \
    --partition work "$@" --json 2>/tmp/tc_err.txt | python3 /tmp/tc_summ.py "kron$s gpus=$np $v $*"
  grep -m2 -i "error" /tmp/tc_err.txt
}
echo "| run | triangles | total s | read s | setup s | setup steps min/max | counting min/max | count imb | queries, bytes sent (max rank) | peak device (max rank) |"
echo "|---|---:|---:|---:|---|---|---|---:|---|---:|"
run 10 1 24 ipc
run 10 2 24 ipc
run 8 2 20 gpu --message-format rows
run 12 2 24 gpu --message-format rows
run 34 2 26 ipc --ipc-rows map
run 8 2 20 gpu --message-format compact
run 8 2 20 gpu --message-format flat
run 14 2 24 ipc --ipc-rows map
run 10 2 24 mpi+ipc
echo "elapsed ${SECONDS}s"

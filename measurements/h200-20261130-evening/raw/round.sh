#!/usr/bin/env bash
# Lead's device round: CUDA build, each request snippet under a time limit, then the CUDA suite.
# Env: REQS (snippet names, default all in .gpu-req/req-*.sh), REQ_LIMIT (s), RUN_TESTS (0/1).
set -uo pipefail
repo=$PWD
export NCCL_NVLS_ENABLE=0 OMP_PROC_BIND=false TESSERA_DATA_DIR=$repo/.data PATH=$PATH:/usr/local/cuda/bin
# Logs collect in /tmp/round-logs and are packed into $OUT/round.tgz after every step: the
# device returns only a limited number of files, and a cut call keeps what was packed.
final=${OUT:-/tmp/round-out}; out=/tmp/round-logs; rm -rf "$out"; mkdir -p "$out" "$final"
pack() { tar czf "$final/round.tgz.tmp" -C "$out" . 2>/dev/null && mv "$final/round.tgz.tmp" "$final/round.tgz"; }
# A snippet cut by its time limit may leave tessera / mpiexec running on the GPUs: stop them.
reap() { pkill -9 -f 'apps/tessera' 2>/dev/null; pkill -9 -f 'mpiexec|mpirun|orted|ncu' 2>/dev/null; sleep 1; }
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
scripts/setup-deps.sh --backend cuda --no-apt >"$out/deps.log" 2>&1 || { tail -30 "$out/deps.log"; exit 1; }
scripts/build.sh cuda --no-apt -DTESSERA_DATA_DIR="$TESSERA_DATA_DIR" >"$out/build.log" 2>&1 ||
  { grep -m 30 -A 8 'error' "$out/build.log"; exit 1; }
echo "build: $(( $(date +%s) - t0 )) s"; pack
# AXON_BG=1: build the partitioning paper's artifact in the background for a later call (lead-b.sh).
if [ "${AXON_BG:-0}" = 1 ] && [ -f .peers/build-axon.sh ]; then
  (JOBS=12 nohup bash .peers/build-axon.sh /tmp/peers-work/axon >/tmp/axon.out 2>/tmp/axon.log &)
fi
scripts/check-lambda-odr.sh build/cuda 2>&1 | tail -n 3
for f in ${REQS:-.gpu-req/req-*.sh}; do
  name=$(basename "$f" .sh); name=${name#req-}
  echo "== $name (limit ${REQ_LIMIT:-100} s)"
  s=$(date +%s)
  OUT="$out" timeout "${REQ_LIMIT:-100}" bash "$f" >"$out/$name.log" 2>&1
  echo "== $name: exit $? after $(( $(date +%s) - s )) s"
  tail -n "${TAIL:-12}" "$out/$name.log" | cut -c1-200
  reap; pack
done
if [ "${RUN_TESTS:-1}" = 1 ] && [ $(( $(date +%s) - t0 )) -lt "${TEST_IF_BEFORE:-440}" ]; then
  s=$(date +%s)
  ctest --preset cuda --timeout 300 -j 4 --output-on-failure >"$out/ctest.log" 2>&1
  rc=$?; pack; echo "ctest exit $rc after $(( $(date +%s) - s )) s"; grep -E "tests passed|Failed|\*\*\*" "$out/ctest.log" | tail -n 15
fi
echo "total: $(( $(date +%s) - t0 )) s"

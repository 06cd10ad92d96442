#!/usr/bin/env bash
# Lead's round 2, second call (warm machine, build present): helper snippets REQS_B, then the
# papers' artifacts beside Tessera (G2Miner; AxonCUDA from the background build of call A when
# it finished), then the figures not yet run on the H200. Everything packed into $OUT/round-b.tgz
# after every step.
set -uo pipefail
export NCCL_NVLS_ENABLE=0 OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/.data PATH=$PATH:/usr/local/cuda/bin
final=${OUT:-/tmp/round-out}; out=/tmp/round-logs-b; rm -rf "$out"; mkdir -p "$out" "$final"
pack() { tar czf "$final/round-b.tgz.tmp" -C "$out" . 2>/dev/null && mv "$final/round-b.tgz.tmp" "$final/round-b.tgz"; }
reap() { pkill -9 -f 'apps/tessera' 2>/dev/null; pkill -9 -f 'mpiexec|mpirun|orted|ncu' 2>/dev/null; sleep 1; }
t0=$(date +%s)
[ -x build/cuda/apps/tessera ] || { echo "no build: call A first"; exit 1; }
for f in ${REQS_B:-}; do
  name=$(basename "$f" .sh); name=${name#req-}
  s=$(date +%s)
  OUT="$out" timeout "${REQ_LIMIT:-50}" bash "$f" >"$out/$name.log" 2>&1
  echo "== $name: exit $? after $(( $(date +%s) - s )) s"
  tail -n "${TAIL:-12}" "$out/$name.log" | cut -c1-220
  reap; pack
done
axon=$(tail -1 /tmp/axon.out 2>/dev/null)
[ -x "$axon" ] && export PEERS_AXON_BIN=$axon || export PEERS_NO_AXON=1
echo "== peers (AxonCUDA: ${PEERS_AXON_BIN:-not built})"
s=$(date +%s)
PEERS_BUDGET_S=${PEERS_BUDGET_S:-150} TESSERA_RUN_LIMIT=40 PEERS_SCALES=20 \
  PEERS_REAL="ego-Facebook ca-HepPh email-Enron cit-HepTh" \
  PEERS_PATTERN_GRAPHS="ego-Facebook ca-HepPh email-Enron cit-HepTh kron20" \
  timeout $(( ${PEERS_BUDGET_S:-150} + 40 )) scripts/bench-vs-peers.sh build/cuda/apps/tessera .peers .data "$out/peers" > "$out/peers.log" 2>&1
echo "peers: exit $? after $(( $(date +%s) - s )) s"; tail -n 40 "$out/peers/vs-peers.md" 2>/dev/null | cut -c1-220
reap; pack
s=$(date +%s)
timeout ${FIG_LIMIT:-140} scripts/figures-gpu.sh "$out/fig" build/cuda/apps/tessera ${FIGS:-} > "$out/figures.log" 2>&1
echo "figures: exit $? after $(( $(date +%s) - s )) s"; tail -n 15 "$out/figures.log"
find "$out/fig" -name '*.h5' -delete 2>/dev/null
reap; pack
echo "total: $(( $(date +%s) - t0 )) s"

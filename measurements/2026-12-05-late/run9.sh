#!/usr/bin/env bash
# Fifth device run of the 2026-12-05 late session (the last of its device time, so short): the
# new TC defaults (2 waves, lane sums on) and the mining kernels back on the division in the merge
# (registers and spills equal to 288fb9d's by ptxas). `old/tessera`: main 288fb9d. /tmp/o:
#   tests-cuda.log     CUDA unit tests of triangle counting and set_ops
#   tc-*-1/            warm TC, old against new defaults
#   tc-cli-*.jsonl     one-shot `tessera tc --json`, old against new
#   motifs-*.jsonl, cliques-*.jsonl   one-shot 4-motifs and 4-cliques, old against new
# Started detached from the repository root: setsid nohup bash .devbin/run9.sh >/tmp/o/log 2>&1 &
set -u
cd "$(dirname "$0")"
[ -x tessera ] || tar xJf bin.tar.xz
[ -f old.tar.xz ] && [ ! -x old/tessera ] && { mkdir -p old && tar xJf old.tar.xz -C old; }
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
T=$PWD/tessera O=$PWD/old/tessera o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
timeout 60 ./tessera_tests --source-file='*triangle_count*,*set_ops*' --test-suite-exclude=real-data > "$o/tests-cuda.log" 2>&1
stamp "tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
{ echo "name: tc-warm"; echo "warmup: 1"; echo "repetitions: 7"; echo "inputs:"
  for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "  - {generator: \"kronecker:scale=20,edge_factor=16,seed=1\", name: kron20}"
  echo "tasks:"; echo "  - task: tc"; } > "$o/tc.yaml"
for b in old new; do bin=$T; [ $b = old ] && bin=$O
  timeout 60 "$bin" run "$o/tc.yaml" --output "$o/tc-$b-1" > "$o/tc-$b-1.log" 2>&1; done
stamp "TC warm done"
for g in $snap; do for b in old new; do bin=$T; [ $b = old ] && bin=$O
  timeout 20 "$bin" tc "data/graphs/snap/$g.el.gz" --json >> "$o/tc-cli-$b.jsonl" 2>/dev/null
  timeout 30 "$bin" cliques "data/graphs/snap/$g.el.gz" --k 4 --json >> "$o/cliques-$b.jsonl" 2>/dev/null
  timeout 60 "$bin" motifs "data/graphs/snap/$g.el.gz" --k 4 --json >> "$o/motifs-$b.jsonl" 2>/dev/null
done; done
stamp "all done"

#!/usr/bin/env bash
# Interleaved A/B of the full tc --distributed read path: before = 0726a8b^1, after = a7b5416 (HEAD).
B=${1:?usage: followup-sweep.sh before/tessera after/tessera} A=${2:?}
run() { # label bin scale p
  line=$(mpiexec --oversubscribe --allow-run-as-root --bind-to none -n "$4" "$2" tc gen:kronecker:scale=$3,edge_factor=16,seed=1 --distributed --variant cpu --json 2>/dev/null | tail -n 1)
  echo "{\"bin\": \"$1\", \"omp\": \"${OMP_NUM_THREADS:-unset}\", \"at\": \"$(date +%T)\", ${line#\{}"
}
export OMP_PROC_BIND=false
for rep in 1 2; do
  for scale in 18 20; do for p in 1 2 4; do
    export OMP_NUM_THREADS=1
    if [ $rep = 1 ]; then run before $B $scale $p; run after $A $scale $p; else run after $A $scale $p; run before $B $scale $p; fi
  done; done
done
unset OMP_NUM_THREADS
run after $A 20 4; run before $B 20 4

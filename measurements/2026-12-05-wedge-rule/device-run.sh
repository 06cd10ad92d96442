#!/usr/bin/env bash
# Issue 28 calibration run on one H200 (detached; results under /tmp/r as they are made):
#   mkdir -p /tmp/r && setsid nohup bash measurements/2026-12-05-wedge-rule/device-run.sh >/tmp/r/log 2>&1 &
# Carried: .deps/src, .data, .peers (G2Miner binaries built on the CPU machine with
# ../shared/peers/build-g2miner.sh, el2gm). Steps:
# 1. CUDA build of this checkout.
# 2. 4-cycles and 4-motifs with and without wedge aggregation on every SNAP graph of the shared
#    data and Kronecker scales 16, 18, 20 (`tessera run`, one warm-up, 3 repetitions): the data the
#    planner's graph-driven choice between the two 4-cycle plans is fitted to.
# 3. ncu (kernel time, launch, occupancy, warp states) of the 4-clique and 4-cycle kernels of
#    Tessera and G2Miner on email-Enron and cit-HepTh: where the per-kernel gap is.
set -u
repo=$(pwd)
r=${R:-/tmp/r}
mkdir -p "$r/sweep" "$r/ncu" /tmp/peers-work/gm /tmp/peers-work/el
export TESSERA_DEPS_DIR=$repo/.deps TESSERA_SRC_DIR=$repo/.deps/src TESSERA_DATA_DIR=$repo/.data
export OMP_PROC_BIND=false CUDA_VISIBLE_DEVICES=0 PATH=$PATH:/usr/local/cuda/bin
t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
echo "commit ${TESSERA_GIT_COMMIT:-?}"
stamp build
scripts/build.sh cuda --no-apt -DTESSERA_DATA_DIR="$TESSERA_DATA_DIR" >"$r/build.log" 2>&1 || { stamp "build FAILED"; tail -40 "$r/build.log"; exit 1; }
T=$repo/build/cuda/apps/tessera
stamp built
S=$TESSERA_DATA_DIR/graphs/snap
for s in 16 18 20; do
  "$T" generate "kronecker:scale=$s,edge_factor=16,seed=1" "/tmp/peers-work/el/kron$s.h5" >/dev/null 2>&1
done
stamp generated
graphs=${GRAPHS:-"$(cd "$S" && ls *.el.gz | sed 's/\.el\.gz$//' | tr '\n' ' ') kron16 kron18 kron20"}
task() { printf '  - task: %s\n    params: {%s}\n' "$1" "$2"; }
main5=" ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh "
for g in $graphs; do
  case $g in kron*) f=/tmp/peers-work/el/$g.h5 ;; *) f=$S/$g.el.gz ;; esac
  { echo "name: wedge-$g"; echo "warmup: 1"; echo "repetitions: 3"; echo "inputs:"
    echo "  - {file: $f, name: $g}"; echo "tasks:"
    task mine "pattern: 4-cycle"
    task motifs "k: 4"
    if [ "$g" != kron20 ]; then
      task mine "pattern: 4-cycle, disable: wedge"
      task motifs "k: 4, disable: wedge"
    fi
    case $main5 in *" $g "*)
      task mine "pattern: 4-cycle, split: -1"
      task mine "pattern: 4-cycle, lanes: 8"
      task mine "pattern: 4-cycle, lanes: 4"
      task mine "pattern: 4-cycle, disable: wedge, pivots: -1"
      task cliques "k: 4"
      task cliques "k: 4, pivots: -1"
      task cliques "k: 4, chunk: 8"
      task cliques "k: 4, split: -1"
      task cliques "k: 4, disable: order"
      task tc "" ;;
    esac
  } >"$r/sweep/$g.yaml"
  timeout 120 "$T" run "$r/sweep/$g.yaml" --output "$r/sweep/$g" >"$r/sweep/$g.log" 2>&1
  stamp "sweep $g (exit $?)"
done
NCU="ncu --clock-control none --csv --page details --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section InstructionStats --metrics l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum,smsp__inst_executed.sum,smsp__thread_inst_executed_per_inst_executed.ratio"
for g in email-Enron cit-HepTh ego-Facebook; do
  .peers/el2gm "$S/$g.el.gz" "/tmp/peers-work/gm/$g" >"$r/ncu/el2gm-$g.log" 2>&1
  timeout 120 $NCU --kernel-name regex:clique4 .peers/g2miner/clique_gpu_base "/tmp/peers-work/gm/$g" 4 >"$r/ncu/g2-4clique-$g.csv" 2>&1
  timeout 120 $NCU --kernel-name-base demangled --kernel-name regex:DfsKernel "$T" cliques "$S/$g.el.gz" --k 4 --json >"$r/ncu/ts-4clique-$g.csv" 2>&1
  timeout 120 $NCU --kernel-name regex:rectangle .peers/g2miner/sgl_gpu_base "/tmp/peers-work/gm/$g" rectangle >"$r/ncu/g2-4cycle-$g.csv" 2>&1
  timeout 120 $NCU --kernel-name-base demangled --kernel-name regex:DfsKernel "$T" mine "$S/$g.el.gz" --pattern 4-cycle --disable wedge --json >"$r/ncu/ts-4cycle-plain-$g.csv" 2>&1
  timeout 120 $NCU --kernel-name-base demangled --kernel-name regex:DfsKernel "$T" mine "$S/$g.el.gz" --pattern 4-cycle --json >"$r/ncu/ts-4cycle-wedge-$g.csv" 2>&1
  timeout 120 $NCU -c 10 .peers/g2miner/tc_gpu_base "/tmp/peers-work/gm/$g" >"$r/ncu/g2-tc-$g.csv" 2>&1
  timeout 120 $NCU -c 80 "$T" tc "$S/$g.el.gz" --json >"$r/ncu/ts-tc-$g.csv" 2>&1
  stamp "ncu $g"
done
stamp "all done"

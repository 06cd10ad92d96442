#!/usr/bin/env bash
# Fifteenth session, for a short device budget (four refused starts left 809 s): run29.sh's
# essentials, the partitions first. Commit of .devbin/commit: steps 3-4 in one team on GPUs for up
# to 8,192 moves (sequence_one_team.hpp), five fewer fills a repetition, and the fourteenth
# session's validity events, incremental net runs and dense proposals, none run on a GPU before.
#   snn/             Table I's six beside AxonCUDA (built in the background): the partitions must
#                    be run 28's (blocks / connectivity), the times against AxonCUDA's
#   kt-lenet.*       lenet with the kernel timer (CUDA_LAUNCH_BLOCKING=1): the launches left
#   tests-cuda.log   the CUDA refinement tests (test_sequence.cpp: both launches of steps 3-4)
# Start (carry .devbin and .peers, then poll carrying nothing):
#   mkdir -p /tmp/o; setsid nohup bash measurements/2026-12-06-coarse-tail/run30.sh > /tmp/o/log 2>&1 < /dev/null &
(bash .peers/build-axon.sh /tmp/axon > /tmp/axon-path.txt 2> /tmp/build-axon.log) &
axon_build=$!
source measurements/2026-12-06-coarse-tail/device-prelude.sh
wait $axon_build; cp /tmp/axon-path.txt /tmp/build-axon.log "$o/"; axon=$(tail -1 "$o/axon-path.txt"); [ -x "$axon" ] || axon=-
stamp "axon: $axon"
LIMIT_S=60 BUDGET_S=150 timeout 200 scripts/bench-snn-vs-axoncuda.sh "$T" "$axon" "$o/snn" \
  lenet 16k-model 16k-rand 64k-model alexnet 256k-model > "$o/snn.log" 2>&1
stamp "snn six networks done"
cat "$o/snn/snn-vs-axoncuda.csv"
g++ -O2 -shared -fPIC -o /tmp/kt.so bench/tools/kokkos_kernel_timer.cpp
CUDA_LAUNCH_BLOCKING=1 KERNEL_TIMER_ROWS=60 KOKKOS_PROFILE_LIBRARY=/tmp/kt.so timeout 60 \
  "$T" partition nn:table1=lenet --preset Loihi-64 --json > "$o/kt-lenet.json" 2> "$o/kt-lenet.txt"
stamp "kernel timer lenet exit $?: $(grep -h 'kernels;' "$o/kt-lenet.txt")"
nice ninja -C build/cuda -j 16 tests/tessera_tests > "$o/build-tests.log" 2>&1
stamp "tests built: $?"
ex='--test-case-exclude=*OpenMP*,*Serial* --test-suite-exclude=real-data'
timeout 90 stdbuf -oL build/cuda/tests/tessera_tests --source-file='*refinement*' $ex --duration=true > "$o/tests-cuda.log" 2>&1
stamp "refinement tests exit $?: $(tail -3 "$o/tests-cuda.log" | tr '\n' ' ')"
stamp "all done"

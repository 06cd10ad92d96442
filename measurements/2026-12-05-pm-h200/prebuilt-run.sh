#!/usr/bin/env bash
# Prebuilt CUDA binaries (built on the CPU machine with nvcc 13, sm_90) on the device: TC and
# fixed-depth tests, then TC lane sums on/off and a pivots on/off sweep (tessera run).
# Saves the device build (about 200 s of a 30-minute budget): the binaries are built here with
# nvcc 13 (`ninja -C build/cuda apps/tessera tests/tessera_tests`), packed with the two libraries
# the device's Ubuntu 24.04 lacks (yaml-cpp 0.7, cudart 13) and the five SNAP graphs into the
# ignored folder .devbin, which the call carries:
#   mkdir -p .devbin/lib .devbin/data/graphs/snap && cp measurements/2026-12-05-pm-h200/prebuilt-run.sh .devbin/run.sh
#   cp /lib/x86_64-linux-gnu/libyaml-cpp.so.0.7* /usr/local/cuda-13.0/lib/libcudart.so.13* .devbin/lib/
#   cp .data/graphs/snap/{ego-Facebook,ca-HepPh,email-Enron,wiki-Vote,cit-HepTh}.el.gz .devbin/data/graphs/snap/
#   tar cf - -C build/cuda/apps tessera -C ../tests tessera_tests | xz -T2 > .devbin/bin.tar.xz
# then on the device (carry .devbin): bash .devbin/run.sh   (results in $OUT/o.tgz). Not run yet:
# the 2026-12-05 afternoon session had 265 s of device time left when it was ready.
set -u
cd "$(dirname "$0")"
tar xJf bin.tar.xz
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/data
o=/tmp/o; mkdir -p "$o"
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 60 ./tessera_tests --source-file='*triangle_count*' --test-suite-exclude=real-data > "$o/tests-tc.log" 2>&1; echo "TC unit tests exit $?"; tail -3 "$o/tests-tc.log"
timeout 40 ./tessera_tests -tc='*fixed*,*lane*' > "$o/tests-fixed.log" 2>&1; echo "fixed-depth tests exit $?"; tail -3 "$o/tests-fixed.log"
snap="ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh"
{ echo "name: tc-lane-sums"; echo "warmup: 1"; echo "repetitions: 5"; echo "inputs:"
  for g in $snap; do echo "  - {file: $PWD/data/graphs/snap/$g.el.gz, name: $g}"; done
  echo "tasks:"; printf '  - task: tc\n    params: {lane_sums: "off"}\n  - task: tc\n    params: {lane_sums: "on"}\n'
  for t in "cliques|k: 4" "cliques|k: 5" "mine|pattern: diamond" "mine|pattern: 4-cycle" "motifs|k: 4"; do
    for piv in 0 -1; do printf '  - task: %s\n    params: {%s, pivots: %s}\n' "${t%%|*}" "${t#*|}" "$piv"; done
  done
} > "$o/ab.yaml"
timeout 120 ./tessera run "$o/ab.yaml" --output "$o/ab" > "$o/ab.log" 2>&1; echo "A/B exit $?"; tail -2 "$o/ab.log"
for g in $snap; do timeout 20 ./tessera tc data/graphs/snap/$g.el.gz --json > "$o/tc-cli-$g.json" 2>&1; timeout 20 ./tessera tc data/graphs/snap/$g.el.gz --lane-sums on --json > "$o/tc-cli-lanesums-$g.json" 2>&1; done
[ -n "${OUT:-}" ] && tar czf "$OUT/o.tgz" -C /tmp o; echo done

#!/usr/bin/env bash
# Packs the ignored folder .devbin that the device call carries (run.sh, final.sh): the CUDA
# binaries built on this machine (nvcc 13, sm_90: `ninja -C build/cuda apps/tessera
# tests/tessera_tests`), the two libraries the device's Ubuntu 24.04 lacks (yaml-cpp 0.7, cudart
# 13) and the shared data; with OLD_TESSERA, also an older `tessera` binary for A/B runs.
#   OLD_TESSERA=/path/to/tessera measurements/2026-12-05-eve-h200/pack.sh   (from the repository root)
set -euo pipefail
here=$(dirname "$0")
rm -rf .devbin && mkdir -p .devbin/lib .devbin/data
cp "$here/run.sh" "$here/final.sh" .devbin/
cp /lib/x86_64-linux-gnu/libyaml-cpp.so.0.7* /usr/local/cuda-13.0/lib64/libcudart.so.13* .devbin/lib/
cp -r "$TESSERA_DATA_DIR/graphs" "$TESSERA_DATA_DIR/hypergraphs" .devbin/data/
tar cf - -C build/cuda/apps tessera -C ../tests tessera_tests | xz -T2 -3 > .devbin/bin.tar.xz
if [ -n "${OLD_TESSERA:-}" ]; then
  d=$(mktemp -d) && cp "$OLD_TESSERA" "$d/tessera" && tar cf - -C "$d" tessera | xz -T2 -3 > .devbin/old.tar.xz && rm -r "$d"
fi
du -sh .devbin

# Sourced by this folder's device scripts from run 30 on (the earlier ones repeat it inline):
# output folder $o, stamp(), the CUDA tessera built (device-build.sh; TARGETS, default
# apps/tessera) into $T, the GPU and version printed. Exits the script when the build fails.
set -u
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
TARGETS=${TARGETS:-apps/tessera} bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 ||
  { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/.devbin/data
T=$PWD/.devbin/bin/tessera
"$T" --version | head -3

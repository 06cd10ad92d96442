# Sourced by the run scripts from the repository root: /tmp/o, `stamp`, CUDA and Nsight Compute on
# PATH, AxonCUDA built in the background ($axon_build, its path the last line of
# $o/axon-path.txt), Tessera built on the device (device-build.sh; the script ends here when the
# build fails), the environment of the runs and T, the tessera binary.
o=/tmp/o; mkdir -p "$o"; t0=$SECONDS
stamp() { echo "[+$((SECONDS - t0)) s] $*"; }
export PATH=$PATH:/usr/local/cuda/bin
command -v ncu >/dev/null || export PATH=$PATH:$(ls -d /opt/nvidia/nsight-compute/*/ 2>/dev/null | tail -1)
(bash .peers/build-axon.sh /tmp/axon > "$o/axon-path.txt" 2> "$o/build-axon.log") &
axon_build=$!
bash measurements/2026-12-06-mining/device-build.sh > "$o/build.log" 2>&1 || { stamp "build failed"; tail -40 "$o/build.log"; stamp "all done"; exit 1; }
stamp "built"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OMP_PROC_BIND=false TESSERA_DATA_DIR=$PWD/.devbin/data
T=$PWD/.devbin/bin/tessera
"$T" --version | head -3

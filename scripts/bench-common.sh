# Sourced by the benchmark scripts (bench-tc.sh, bench-mining.sh); defines no variables.

# The device a preset's benchmark runs on, as a file-name slug ("nvidia-h200", "amd-epyc"):
# the GPU's name for cuda, the CPU model otherwise.
device_slug() {
  local device
  if [ "$1" = cuda ] && command -v nvidia-smi >/dev/null; then
    device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)
  else
    device=$(sed -nE 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -n1)
  fi
  printf '%s' "${device:-unknown}" | tr -cs 'A-Za-z0-9' '-' | sed -E 's/^-+|-+$//g' | tr 'A-Z' 'a-z'
}

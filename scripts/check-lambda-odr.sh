#!/usr/bin/env bash
# Lists nvcc host-device lambda wrappers that more than one object file of a CUDA build defines:
# each is a template with a KOKKOS_LAMBDA instantiated with the same arguments in several
# translation units, which can crash on the host (core/kokkos_ext/instantiate.hpp explains why).
# Exit status 1 when there is any.
#
#   scripts/check-lambda-odr.sh [build/cuda]
set -euo pipefail
build=${1:-build/cuda}
[ -d "$build" ] || { echo "check-lambda-odr: no build folder $build" >&2; exit 2; }
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$build" -name '*.o' -not -path '*/_deps/*' | while read -r object; do
  nm --defined-only "$object" 2>/dev/null |
    awk -v object="$object" '$2 == "W" && $3 ~ /__nv_hdl_wrapper_t/ && $3 ~ /7managerI/ {print $3, object}'
done | sort -u >"$list"
duplicated=$(awk '{print $1}' "$list" | uniq -d)
if [ -z "$duplicated" ]; then
  echo "check-lambda-odr: no host-device lambda is instantiated in more than one object file"
  exit 0
fi
echo "check-lambda-odr: lambdas instantiated in several object files (enclosing function, objects):"
for symbol in $duplicated; do
  function=$(echo "$symbol" | c++filt | grep -o '&[a-zA-Z_:]*[a-zA-Z_]<' | head -n 1 | tr -d '&<')
  objects=$(grep -F "$symbol " "$list" | awk '{print $2}' | xargs -n1 basename | sort -u | tr '\n' ' ')
  echo "  ${function:-?} :: $objects"
done | sort -u
exit 1

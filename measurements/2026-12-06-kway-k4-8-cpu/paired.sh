#!/usr/bin/env bash
# Time comparison: for each k and instance, the before binary then the after binary, one after the
# other (so both see the same load on the shared machine); run.sh's JSON lines on stdout.
#   usage: paired.sh BEFORE_BIN AFTER_BIN   env: KS, INSTANCES as run.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for k in ${KS:-4}; do
  for i in ${INSTANCES:-01 02 03 04 05 06 07 08 09}; do
    KS=$k INSTANCES=$i "$here/run.sh" before "$1"
    KS=$k INSTANCES=$i "$here/run.sh" after "$2"
  done
done

# Sourced by the run scripts: ncu_rep NAME COMMAND... profiles COMMAND with Nsight Compute's
# sections below and writes $o/ncu-NAME.txt (details page) and $o/ncu-NAME-sass.csv.xz (per-SASS
# counts, for sass_mix.py); the report itself is removed.
sections="--section SpeedOfLight --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats --section SourceCounters"
ncu_rep() {
  local name=$1; shift
  timeout 120 ncu --clock-control none $sections -o "$o/ncu-$name" -f "$@" > /dev/null 2>&1
  ncu -i "$o/ncu-$name.ncu-rep" --page details > "$o/ncu-$name.txt" 2>&1
  ncu -i "$o/ncu-$name.ncu-rep" --page source --csv --print-source sass | xz -T4 > "$o/ncu-$name-sass.csv.xz"
  rm -f "$o/ncu-$name.ncu-rep"
}

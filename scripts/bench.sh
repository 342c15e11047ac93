#!/usr/bin/env bash
# make bench: speed of an RQNMA backbone (20 amplitudes, elastic dry friction, non-Masing cycles)
# on interfaces of 48 and 600 zero-thickness elements, on 1 and 2 ranks. Paper
# porter-et-al-2022, Table 10: 81 s per such backbone (588-element interface, MATLAB).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_BENCH_OUT:-out/bench}
mkdir -p "$out"
blas=$(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || echo unknown)
echo "tribo bench on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), BLAS $blas"
printf "%-10s %-6s %-6s %-6s %-6s %-12s %-14s %-12s %-10s %s\n" interface points DOFs ranks amps "backbone_s" "law_evals/s" "peak_MB" "vs_81s" "not_settled"
for grid in "12 4" "60 10"; do
  set -- $grid
  rom="$out/rom_${1}x${2}.h5"
  bin/tribo model -output "$rom" -lapframe_nx "$1" -lapframe_ny "$2" > "$out/model_${1}x${2}.log"
  for np in 1 2; do
    log="$out/backbone_${1}x${2}_np$np.log"
    /usr/bin/time -f "%M" -o "$out/mem.txt" "${MPIEXEC[@]}" -n "$np" bin/tribo backbone -rom "$rom" -options_file configs/demo.yaml \
      -rqnma_max_cycles 4 -backbone_quiet -output "$out/backbone_${1}x${2}_np$np.h5" > "$log" 2>&1
    line=$(grep 'Backbone of elastic mode' "$log")
    secs=$(echo "$line" | sed -E 's/.*: ([0-9.]+) s, .*/\1/')
    rate=$(echo "$line" | sed -E 's/.*\(([0-9.e+]+) per second\).*/\1/')
    dofs=$(grep -m1 'DOFs:' "$log" | sed -E 's/.*DOFs: ([0-9]+),.*/\1/')
    pts=$(grep -m1 'quadrature points' "$log" | sed -E 's/.* ([0-9]+) quadrature points.*/\1/')
    notset=$(grep -c -E '\((damping still changing|Newton failed)\)' "$log" || true)
    mem=$(( $(cat "$out/mem.txt") / 1024 ))
    printf "%-10s %-6s %-6s %-6s %-6s %-12s %-14s %-12s %-10s %s\n" "$(( $1 * $2 ))el" "$pts" "$dofs" "$np" 20 "$secs" "$rate" "$mem" "$(awk -v s="$secs" 'BEGIN{printf "%.0fx", 81/s}')" "$notset"
  done
done
echo "(backbone_s: wall time of the 20-amplitude RQNMA after prestress and modes; peak_MB: largest"
echo " resident set of the mpiexec process tree's biggest process as /usr/bin/time reports it;"
echo " vs_81s: ratio to the 81 s of paper porter-et-al-2022 Table 10)"

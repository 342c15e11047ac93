#!/usr/bin/env bash
# tribo surface on a BRB-size synthetic pair (issue 12): the interface of the Brake-Reuss beam, 121.4 x 25.4 mm, scanned at
# 21.8 um (5570 x 1166 = 6.49 million points per surface, the issue's 6.5 million), band-limited roughness with a bowl and
# dimples at three bolts, the Gaussian mesoscale filter (sigma 215 points), erosion sizes 2, 25, 50, 75 on 2 ranks.
# With 2 ranks and 4 sizes the default is min(ranks, sizes) = 2 groups of one rank, two sizes at once (TriboSurfProcess());
# TRIBO_SURFACE_GROUPS=1 runs the sizes one after another on one group of both ranks, each size's grid in 2 tiles. TRIBO_BIN picks another binary (e.g. a build of main for a before/after comparison).
# Paper porter-brake-2023: 9.4 min for one erosion size on 6 cores (MATLAB); aim < 20 s per size.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_BENCH_OUT:-out/bench}
mkdir -p "$out"
np=${TRIBO_SURFACE_RANKS:-2}
bin=${TRIBO_BIN:-bin/tribo}
groups=()
[ -n "${TRIBO_SURFACE_GROUPS:-}" ] && groups=(-surface_groups "$TRIBO_SURFACE_GROUPS")
echo; echo "tribo surface: BRB-size synthetic pair, 5570 x 1166 points per surface at 21.8 um, erosion sizes 2,25,50,75, $np ranks ${groups[*]:-}"
log="$out/surface.log"
/usr/bin/time -f "%e %M" -o "$out/surface_time.txt" "${MPIEXEC[@]}" -n "$np" "$bin" surface -surface_generate_nx 5570 -surface_generate_ny 1166 \
  -surface_generate_dx 21.8e-6 -surface_generate_bolts 0.0304,0.0607,0.091 -surface_generate_bolt_depth 5e-6 "${groups[@]}" \
  -output "$out/surface.h5" -surface_png "$out/surface" > "$log" 2>&1
read -r wall kb < "$out/surface_time.txt"
printf "%-8s %-9s %-11s %-10s %-10s %-12s %s\n" erosion regions asperities Re_mm z_max_um eta_1/m2 seconds
awk '/^ erosion/{t=1; next} t && NF==10 {printf "%-8s %-9s %-11s %-10s %-10s %-12s %s\n", $1, $2, $3, $6, $8, $7, $10} /^wrote/{t=0}' "$log"
echo "set-up (levelling, hole filling, Gaussian filter of both surfaces): $(sed -nE 's/.*set-up ([0-9.]+) s.*/\1/p' "$log") s;" \
  "whole run (set-up, 4 sizes, writing, pictures): $wall s; peak resident set $((kb / 1024)) MB (largest process)"
echo "(seconds: wall time of each erosion size on its sub-communicator (opening, Sobel, watershed, fits, statistics, gap PDF);"
echo " the sizes of one sub-communicator run one after the other, those of different ones at the same time)"

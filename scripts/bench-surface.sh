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
/usr/bin/time -f "%e %M" -o "$out/surface_time.txt" "${MPIEXEC[@]}" -n "$np" "$bin" surface -surface_generate band -surface_generate_band 5e-4,5e-3 -surface_generate_nx 5570 -surface_generate_ny 1166 \
  -surface_generate_dx 21.8e-6 -surface_generate_bolts 0.0304,0.0607,0.091 -surface_generate_bolt_depth 5e-6 "${groups[@]}" \
  -output "$out/surface.h5" -surface_png "$out/surface" > "$log" 2>&1
read -r wall kb < "$out/surface_time.txt"
printf "%-8s %-9s %-11s %-10s %-10s %-12s %s\n" erosion regions asperities Re_mm z_max_um eta_1/m2 seconds
awk '/^ erosion/{t=1; next} t && NF==10 {printf "%-8s %-9s %-11s %-10s %-10s %-12s %s\n", $1, $2, $3, $6, $8, $7, $10} /^wrote/{t=0}' "$log"
echo "set-up (levelling, hole filling, Gaussian filter of both surfaces): $(sed -nE 's/.*set-up ([0-9.]+) s.*/\1/p' "$log") s;" \
  "whole run (set-up, 4 sizes, writing, pictures): $wall s; peak resident set $((kb / 1024)) MB (largest process)"
echo "(seconds: wall time of each erosion size on its sub-communicator (opening, Sobel, watershed, fits, statistics, gap PDF);"
echo " the sizes of one sub-communicator run one after the other, those of different ones at the same time)"

# Porter and Brake 2023 Table 3 (issue 36) at full size: the self-affine pair of tests/cli/t974 over the whole 25.4 mm width,
# the paper's acceptance rules and, beside them, tribo's default criteria; ratios to Table 3's R_e and eta.
echo; echo "Table 3 (porter-brake-2023) on a BRB-size self-affine pair (Hurst 0.3, cutoff 0.3 mm, roll-off 2 mm, RMS 2 um), $np ranks"
for acc in paper tribo; do
  TRIBO_PICTURES=0 "${MPIEXEC[@]}" -n "$np" "$bin" surface -surface_generate selfaffine -surface_generate_hurst 0.3 \
    -surface_generate_band 3e-4,1 -surface_generate_rolloff 2e-3 -surface_generate_rms 2e-6 -surface_generate_nx 5570 \
    -surface_generate_ny 1166 -surface_generate_dx 21.8e-6 -surface_acceptance "$acc" -output "$out/table3_$acc.h5" > "$out/table3_$acc.log" 2>&1
  echo "-surface_acceptance $acc:"
  awk 'BEGIN {re[2] = 1.365; re[25] = 9.819; re[50] = 23.80; re[75] = 29.93; eta[2] = 1.371e6; eta[25] = 1.583e5; eta[50] = 6.050e4; eta[75] = 3.638e4
         z[2] = 28.05; z[25] = 25.85; z[50] = 24.36; z[75] = 27.61
         printf "  %-8s %-11s %-9s %-9s %-12s %-9s %-9s %-9s\n", "erosion", "asperities", "Re_mm", "/Table3", "eta_1/m2", "/Table3", "z_max_um", "/Table3"}
       /^ erosion/{t=1; next}
       t && NF==10 {printf "  %-8s %-11s %-9s %-9.3f %-12s %-9.3f %-9s %-9.3f\n", $1, $3, $6, $6 / re[$1], $7, $7 / eta[$1], $8, $8 / z[$1]}
       /^wrote/{t=0}' "$out/table3_$acc.log"
done

#!/usr/bin/env bash
# tribo fit (issue 14): a 100 x 100 NSGA-II (population 100, 100 generations, 10,100 backbones) of a Masing 4-parameter Iwan
# WJROM on 20 amplitudes (the built-in backbone made by tribo, fs 10 N, kt 1e5 N/m, chi -0.5, beta 0.01, with 1 % noise),
# on 1 and 2 ranks (the same front). Paper porter-et-al-2022 §4.6: about 0.17 s per backbone in MATLAB, 28 min for such a
# run; aim < 1 min on 2 cores. Then the boundary intersection (-fit_method bi, 20 directions) on 1 and 2 ranks against
# NSGA-II's front in one area-metric box. Then tribo ringdown on its built-in synthetic signal (20,000 samples).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_BENCH_OUT:-out/bench}
mkdir -p "$out"
echo; echo "tribo fit: NSGA-II 100 x 100 of a Masing 4-parameter Iwan WJROM, 20 amplitudes (1 % noise)"
printf "%-6s %-12s %-10s %-14s %s\n" ranks backbones seconds ms/backbone front
for np in 1 2; do
  log="$out/fit_np$np.log"
  /usr/bin/time -f "%e" -o "$out/fit_time.txt" "${MPIEXEC[@]}" -n "$np" bin/tribo fit -fit_synthetic_noise 0.01 -nsga_population 100 -nsga_generations 100 \
    -output "$out/fit_np$np.h5" -fit_png "$out/fit_np$np.png" > "$log" 2>&1
  line=$(grep "backbones in" "$log")
  n=$(echo "$line" | awk '{print $1}'); s=$(echo "$line" | awk '{print $4}')
  printf "%-6s %-12s %-10s %-14s %s\n" "$np" "$n" "$s" "$(awk -v s="$s" -v n="$n" -v p="$np" 'BEGIN{printf "%.2f", 1e3*s*p/n}')" "$(grep -o 'Pareto front: [0-9]* members' "$log")"
done
echo "(seconds: the optimization alone; ms/backbone: per backbone and rank; whole runs $(cat "$out/fit_time.txt") s wall on 2 ranks with start-up and writing)"
grep -E "^  (fs|kt|chi|beta|area)" "$out/fit_np2.log" | sed 's/^/  /'
echo; echo "tribo fit -fit_method bi: boundary intersection (eq. 43), 20 directions, same WJROM and data; area metrics in the box 0,0 - 0.011,0.06"
printf "%-6s %-10s %-22s %-10s %s\n" ranks seconds evaluations/direction area front
for np in 1 2; do
  log="$out/fit_bi_np$np.log"
  "${MPIEXEC[@]}" -n "$np" bin/tribo fit -fit_synthetic_noise 0.01 -fit_method bi -fit_bi_n 20 -fit_box 0,0,0.011,0.06 \
    -output "$out/fit_bi_np$np.h5" -fit_png "$out/fit_bi_np$np.png" > "$log" 2>&1
  printf "%-6s %-10s %-22s %-10s %s\n" "$np" "$(grep -o 'fit in [0-9.]*' "$log" | awk '{print $3}')" "$(grep -o 'evaluations per direction [0-9.]* (most [0-9]*)' "$log" | cut -d' ' -f4-)" \
    "$(grep -o 'area metric: [0-9.e-]*' "$log" | awk '{print $3}')" "$(grep -o 'Pareto front: [0-9]* members' "$log")"
done
grep -E "utopia|directions solved" "$out/fit_bi_np2.log" | sed 's/^/  /'
"${MPIEXEC[@]}" -n 2 bin/tribo fit -fit_synthetic_noise 0.01 -nsga_population 100 -nsga_generations 100 -fit_box 0,0,0.011,0.06 \
  -output "$out/fit_nsga_box.h5" -fit_png "$out/fit_nsga_box.png" > "$out/fit_nsga_box.log" 2>&1
echo "  NSGA-II 100 x 100 in the same box: $(grep -o 'area metric: [0-9.e-]*' "$out/fit_nsga_box.log"), $(grep -o 'Pareto front: [0-9]* members' "$out/fit_nsga_box.log")"
echo "  (a smaller area is a front nearer the origin: the better front)"

echo; echo "tribo ringdown: built-in two-mode signal, 20,000 samples"
/usr/bin/time -f "%e s wall" bin/tribo ringdown -output "$out/ringdown.h5" -ringdown_png "$out/ringdown.png" 2>&1 | grep -v "^wrote" | sed 's/^/  /'
echo; echo "tribo ringdown -ringdown_ripp: built-in RIPP whole-joint ROM free decay (60,000 samples, 20 steps each) and the eqs. 40-47 estimate"
/usr/bin/time -f "%e s wall" bin/tribo ringdown -ringdown_synthetic ripp -ringdown_ripp -ringdown_ripp_phimax 6.0793e-4 -ringdown_ripp_fslip 44.7214 \
  -ringdown_noise_factor 1 -output "$out/ripp.h5" -ringdown_png "$out/ripp.png" 2>&1 | grep -E "RIPP|wall" | sed 's/^/  /'
# A fit on a user's ROM (-fit_model rom, src/fit/fjrom.c): the small built-in lap beam (tribo model -lapframe_nx 4
# -lapframe_nel_overlap 4: 64 interface points), Jenkins on the whole interface; the measured backbone is its own Masing
# backbone (ts 1e6, kt 1e12, 8 amplitudes 3e-5 .. 1e-3) with 0.001 viscous damping; an NSGA-II 12 x 5 over ts and kt
# (two decades each), then the cost of one evaluation for each backbone method.
echo; echo "tribo fit -fit_model rom: the small lap beam ROM, Jenkins on 64 interface points, 8 amplitudes"
bin/tribo model -lapframe_nx 4 -lapframe_nel_overlap 4 -output "$out/lap.h5" > /dev/null
bin/tribo backbone -rom "$out/lap.h5" -friction_type jenkins -rqnma_masing -backbone_qmin 3e-5 -backbone_n 8 -output "$out/lapbb.h5" > /dev/null
/usr/bin/python3 - "$out" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
b = h5py.File(d + "/lapbb.h5", "r")["/backbone/mode1"]
np.savetxt(d + "/lapbb.csv", np.c_[b["modal_amplitude"][:], b["frequency_hz"][:], b["damping"][:] + 0.001], delimiter=",",
           header="amplitude,frequency,damping", comments="", fmt="%.17g")
PYEOF
R=(-fit_model rom -fit_rom "$out/lap.h5" -fit_law jenkins -fit_zeta0 0.001 -fit_measured "$out/lapbb.csv" -fit_n 8)
for np in 1 2; do
  "${MPIEXEC[@]}" -n "$np" bin/tribo fit "${R[@]}" -fit_params ts:1e5:1e7:log,kt:1e11:1e13:log -nsga_population 12 -nsga_generations 5 \
    -output "$out/romfit_np$np.h5" -fit_png "$out/romfit_np$np.png" > "$out/romfit_np$np.log" 2>&1
  echo "  NSGA-II 12 x 5 on $np rank(s): $(grep 'backbones in' "$out/romfit_np$np.log" | sed 's/^ *//'); $(grep -o 'least frequency error [0-9.e+-]* (damping [0-9.e+-]*)' "$out/romfit_np$np.log")"
done
head -6 "$out/lapbb.csv" > "$out/lapbb5.csv" # EPMC's continuation ends near 5e-4: its evaluation compares the 5 amplitudes up to 2.2e-4
for m in rqnma rqnma_nonmasing epmc; do
  n=8; M=(); [ $m = epmc ] && n=4 && M=(-fit_measured "$out/lapbb5.csv")
  bin/tribo fit "${R[@]}" "${M[@]}" -fit_n $n -fit_backbone $m -fit_params ts:0.999999e6:1.000001e6:log -nsga_population 4 -nsga_generations 0 \
    -output "$out/romeval_$m.h5" -fit_png "$out/romeval_$m.png" > "$out/romeval_$m.log" 2>&1
  echo "  one evaluation, -fit_backbone $m ($n amplitudes): $(grep -o '([0-9.]* ms each on one rank)' "$out/romeval_$m.log"); errors $(grep -o 'least frequency error [0-9.e+-]* (damping [0-9.e+-]*)' "$out/romeval_$m.log")"
done

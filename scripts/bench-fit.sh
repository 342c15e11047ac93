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

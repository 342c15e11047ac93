#!/usr/bin/env bash
# make bench: speed of an RQNMA backbone (20 amplitudes, elastic dry friction, non-Masing cycles)
# (and, at the end, of an EPMC backbone of the built-in lap beam)
# on interfaces of 48 and 600 zero-thickness elements, on 1 and 2 ranks. Paper
# porter-et-al-2022, Table 10: 81 s per such backbone (588-element interface, MATLAB).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_BENCH_OUT:-out/bench}
mkdir -p "$out"
blas=$(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || echo unknown)
echo "tribo bench on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), BLAS $blas"
printf "%-10s %-6s %-6s %-6s %-6s %-8s %-12s %-14s %-12s %-10s %s\n" interface points DOFs ranks amps solver "backbone_s" "law_evals/s" "peak_MB" "vs_81s" "not_settled"
for grid in "12 4" "60 10"; do
  set -- $grid
  rom="$out/rom_${1}x${2}.h5"
  bin/tribo model -output "$rom" -lapframe_nx "$1" -lapframe_ny "$2" > "$out/model_${1}x${2}.log"
  for np in 1 2; do
  for solver in lagged fast; do # -rqnma_solver: the former path and the default
    log="$out/backbone_${1}x${2}_np${np}_$solver.log"
    /usr/bin/time -f "%M" -o "$out/mem.txt" "${MPIEXEC[@]}" -n "$np" bin/tribo backbone -rom "$rom" -options_file configs/demo.yaml \
      -rqnma_max_cycles 4 -rqnma_solver "$solver" -backbone_quiet -output "$out/backbone_${1}x${2}_np${np}_$solver.h5" > "$log" 2>&1
    line=$(grep 'Backbone of elastic mode' "$log")
    secs=$(echo "$line" | sed -E 's/.*: ([0-9.]+) s, .*/\1/')
    rate=$(echo "$line" | sed -E 's/.*\(([0-9.e+]+) per second\).*/\1/')
    dofs=$(grep -m1 'DOFs:' "$log" | sed -E 's/.*DOFs: ([0-9]+),.*/\1/')
    pts=$(grep -m1 'quadrature points' "$log" | sed -E 's/.* ([0-9]+) quadrature points.*/\1/')
    notset=$(grep -c -E '\((damping still changing|Newton failed)\)' "$log" || true)
    mem=$(( $(cat "$out/mem.txt") / 1024 ))
    printf "%-10s %-6s %-6s %-6s %-6s %-8s %-12s %-14s %-12s %-10s %s\n" "$(( $1 * $2 ))el" "$pts" "$dofs" "$np" 20 "$solver" "$secs" "$rate" "$mem" "$(awk -v s="$secs" 'BEGIN{printf "%.0fx", 81/s}')" "$notset"
  done
  done
done
echo "(backbone_s: wall time of the 20-amplitude RQNMA after prestress and modes (-rqnma_solver lagged: the former path); peak_MB: largest"
echo " resident set of the mpiexec process tree's biggest process as /usr/bin/time reports it;"
echo " vs_81s: ratio to the 81 s of paper porter-et-al-2022 Table 10)"

# tribo rom: the real Brake-Reuss beam deck when ../shared/data is there, else the generated beam
deck=../shared/data/brb/BRB_MATEX.inp
if [ ! -f "$deck" ]; then
  deck="$out/lapbeam.inp"
  bin/tribo mesh -output "$deck" -lapbeam_view 0 > /dev/null
  echo; echo "tribo rom on the generated lap beam ($deck; the BRB deck is not in ../shared/data)"
else
  echo; echo "tribo rom on the real BRB deck ($deck)"
fi
log="$out/rom.log"
"${MPIEXEC[@]}" -n 2 bin/tribo rom -deck "$deck" -output "$out/cb.h5" -rom_monitor > "$log" 2>&1
# the condensation from the saved Craig-Bampton ROM (kept for the interface reductions of scripts/bench-rqnma-brb.sh)
"${MPIEXEC[@]}" -n 2 bin/tribo rom -rom "$out/cb.h5" -output "$out/rom.h5" -rom_condense_modes 30 > "$out/rom_condense.log" 2>&1
cb() { grep -E "^  CB .*$1" "$log" | tail -1 | awk '{print $2}'; }
tf=$(cb "factored K_ii"); tm=$(cb "fixed-interface modes"); ts=$(cb "static constraint modes")
echo "$(grep -E '^Read ' "$log" | sed -E 's/.*: ([0-9]+) nodes, ([0-9]+) elements.*/nodes \1, elements \2/'), $(grep -E '^Assembled' "$log" | sed -E 's/.*: ([0-9]+) DOFs, ([0-9]+) independent.*/DOFs \1 (\2 independent)/')"
printf "%-12s %-12s %-14s %-10s %-14s %-14s %-10s %s\n" parse_s assembly_s factorization_s modes_s static_modes_s condense_s total_s peak_MB
grep -E '^Timings' "$log" | sed -E 's/.*parse ([0-9.]+), assembly ([0-9.]+), reduction ([0-9.]+), condensation ([0-9.]+), write ([0-9.]+), total ([0-9.]+); peak memory ([0-9]+) MB.*/\1 \2 \3 \4 \6 \7/' |
  while read -r p a r c t m; do
    c=$(sed -nE 's/^Timings \(s\): total ([0-9.]+).*/\1/p' "$out/rom_condense.log")
    printf "%-12s %-12s %-14s %-10s %-14s %-14s %-10s %s\n" "$p" "$a" "$tf" "$(awk -v a="$tm" -v b="$tf" 'BEGIN{printf "%.1f", a-b}')" "$(awk -v a="$ts" -v b="$tm" 'BEGIN{printf "%.1f", a-b}')" "$c" "$t" "$m"
  done
echo "(factorization_s, modes_s, static_modes_s: the Craig-Bampton stages; total_s: deck to the Craig-Bampton ROM; condense_s: tribo rom -rom cb.h5 -rom_condense_modes 30 afterwards; peak_MB: rank 0's largest resident set;"
echo " aim for the BRB: under 2 minutes on two cores)"

# Assembly of the deck per C3D8R formulation (issue 28: C3D8R not slower than the C3D8 path): the TriboFEElements event (element
# matrices, insertion, constrained elements) of tests/fe/t322 on 2 ranks, the least of 3 runs
if [ -f ../shared/data/brb/BRB_MATEX.inp ]; then
  make -s build/tests/fe/t322-assemble-brb
  echo; echo "FE assembly of the BRB deck's C3D8R elements, 2 ranks (TriboFEElements event, least of 3 runs)"
  printf "%-14s %-12s %s\n" "-fe_c3d8r_as" assembly_s "ratio to full"
  tfull=
  for as in full reduced incompatible; do
    best=
    for r in 1 2 3; do
      t=$("${MPIEXEC[@]}" -n 2 build/tests/fe/t322-assemble-brb -fe_c3d8r_as "$as" -log_view 2> /dev/null | awk '/^TriboFEElements/{print $4}')
      best=$(awk -v a="$best" -v b="$t" 'BEGIN{print (a == "" || b + 0 < a + 0) ? b : a}')
    done
    [ -z "$tfull" ] && tfull=$best
    printf "%-14s %-12.3f %.2f\n" "$as" "$best" "$(awk -v a="$best" -v b="$tfull" 'BEGIN{print a / b}')"
  done
fi
bash scripts/bench-epmc-brb.sh
bash scripts/bench-rqnma-brb.sh
bash scripts/bench-rough-brb.sh

# EPMC backbone (harmonic balance, continuation) of the demo case on the built-in lap beam
# (tribo model): harmonics 0-3, Nt = 128, 30 continuation points (the first and 29 steps)
echo; echo "EPMC backbone of the built-in lap beam (harmonics 0,1,2,3, Nt 128, 30 points; configs/demo.yaml)"
rom="$out/rom_model.h5"
bin/tribo model -output "$rom" > "$out/model_epmc.log"
printf "%-6s %-8s %-8s %-8s %-12s %-10s %-12s %-10s %s\n" ranks DOFs unknowns points backbone_s newton_it s_per_point s_per_it peak_MB
for np in 1 2; do
  log="$out/epmc_np$np.log"
  h5="$out/epmc_np$np.h5"
  /usr/bin/time -f "%M" -o "$out/mem.txt" "${MPIEXEC[@]}" -n "$np" bin/tribo backbone -rom "$rom" -options_file configs/demo.yaml \
    -nma_type epmc -hb_harmonics 0,1,2,3 -hb_nt 128 -cont_max_steps 29 -backbone_qmax 1e-2 -cont_atol 1e-6 \
    -output "$h5" > "$log" 2>&1 || { echo "EPMC on $np rank(s) failed: see $log"; tail -3 "$log"; continue; }
  secs=$(grep -E '^EPMC: [0-9]+ points' "$log" | sed -E 's/.*, ([0-9.]+) s(;.*)?$/\1/')
  unk=$(grep -m1 -E '^EPMC: [0-9]+ unknowns' "$log" | sed -E 's/^EPMC: ([0-9]+) unknowns \([0-9]+ harmonic columns x ([0-9]+) DOFs.*/\1 \2/')
  read -r pts its < <(/usr/bin/python3 -c "import h5py,sys; g=h5py.File(sys.argv[1],'r')['backbone/mode1']; print(len(g['frequency_hz']), int(g['newton_iterations'][:].sum()))" "$h5")
  mem=$(( $(cat "$out/mem.txt") / 1024 ))
  set -- $unk
  printf "%-6s %-8s %-8s %-8s %-12s %-10s %-12s %-10s %s\n" "$np" "$2" "$1" "$pts" "$secs" "$its" \
    "$(awk -v s="$secs" -v n="$pts" 'BEGIN{printf "%.3f", s/n}')" "$(awk -v s="$secs" -v n="$its" 'BEGIN{printf "%.3f", n ? s/n : 0}')" "$mem"
done
echo "(backbone_s: wall time of the continuation after prestress and modes (the 'EPMC: N points' line);"
echo " newton_it: the Newton iterations of the kept points (/backbone/mode1/newton_iterations), rejected"
echo " steps not counted; peak_MB as above)"

# Interface laws: one point, one step from the committed history, tangent included (tests/bench/bench-laws.c)
echo; echo "Interface laws: evaluations per second on one core (one point, one step, tangent included; a_t, a_n: path scales)"
build/tests/bench/bench-laws -bench_seconds 0.5
echo; echo "Dormand-Prince integration of the rate-form laws (tests/bench/bench-law-bw.c)"
build/tests/bench/bench-law-bw
echo "(targets of issue 9: jenkins and edf >= 5e7/s; closed-form Iwan (iwan4) >= 1e7/s; iwan_discrete with 100 sliders"
echo " >= 5e5/s; Bouc-Wen by Dormand-Prince >= 1e5 integration steps/s, see the boucwen line and its steps per call)"
bash scripts/bench-surface.sh
bash scripts/bench-contact.sh
bash scripts/bench-fit.sh
bash scripts/bench-sweep.sh

# time-left estimates of the progress lines (issue 30): the demo's lap beam ROM, RQNMA on 1 and 2 ranks, EPMC
echo
bin/tribo mesh -mesh_type lapbeam -output "$out/progress_lapbeam.inp" > /dev/null
"${MPIEXEC[@]}" -n 2 bin/tribo rom -deck "$out/progress_lapbeam.inp" -output "$out/progress_rom.h5" -rom_condense_modes 20 > /dev/null
TRIBO_PYTHON=/bin/true /usr/bin/python3 scripts/bench-progress.py bin/tribo "${MPIEXEC[*]}" configs/demo.yaml "$out/progress_rom.h5"

#!/usr/bin/env bash
# make bench, the real Brake-Reuss beam (issue 10): the RQNMA backbone (non-Masing, elastic dry friction with the
# parameters of Brake, Porter & Karpov §4.1, 12,249 N per bolt) on the full 588-face interface (2,073 DOFs) and on
# the 24 x 5 ZTE grid (120 elements, 486 DOFs), each with the default solver and with the previous one
# (-rqnma_solver lagged: GMRES on an LU refreshed every 10 Newton steps) in the same run, on 2 ranks: seconds,
# Newton steps, seconds per Newton step and the ratio old / new. The full interface runs 4 amplitudes (the old
# path takes about 35 s per amplitude), the reduced one 20. Needs the Craig-Bampton ROM of the deck (cb.h5, not
# condensed), made by scripts/bench.sh; skipped without the deck.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_BENCH_OUT:-out/bench}
cb="$out/cb.h5"
deck=../shared/data/brb/BRB_MATEX.inp
if [ ! -f "$deck" ]; then echo "RQNMA on the BRB: skipped (no $deck)"; exit 0; fi
if [ ! -f "$cb" ]; then
  "${MPIEXEC[@]}" -n 2 bin/tribo rom -deck "$deck" -output "$cb" > "$out/cb.log" 2>&1
fi
bin/tribo rom -rom "$cb" -output "$out/brb_full.h5" -rom_condense_modes 30 > "$out/brb_full.log" 2>&1
bin/tribo rom -rom "$cb" -output "$out/brb_zte.h5" -rom_zte_grid 24,5 -rom_condense_modes 30 > "$out/brb_zte.log" 2>&1
law=(-friction_type edf -friction_mu 0.9627 -friction_kt 5.261e14 -friction_kn 5.765e11 -friction_coupled 0 -prestress_tension 12249
  -prestress_conservative -backbone_zeta0 8.7e-4 -backbone_qmin 1e-6 -backbone_qmax 1e-4)
echo
echo "RQNMA backbone of the real BRB on 2 ranks (non-Masing, EDF): default solver against -rqnma_solver lagged"
printf "%-22s %-6s %-5s %-8s %-12s %-8s %-12s %-10s %s\n" interface DOFs amps solver backbone_s newton s_per_newton ratio f_end_Hz
for case in "full 588 faces:brb_full:4" "grid 24x5, 120 ZTEs:brb_zte:20"; do
  IFS=: read -r label rom namp <<<"$case"
  prev=""
  for solver in lagged default; do
    opt=()
    [ "$solver" = lagged ] && opt=(-rqnma_solver lagged)
    log="$out/rq_${rom}_$solver.log"
    TRIBO_PYTHON=/bin/true "${MPIEXEC[@]}" -n 2 bin/tribo backbone -rom "$out/$rom.h5" "${law[@]}" -backbone_n "$namp" "${opt[@]}" \
      -backbone_quiet -output "$out/rq_${rom}_$solver.h5" > "$log" 2>&1 || { echo "$label $solver failed: see $log"; continue; }
    secs=$(grep 'Backbone of elastic mode' "$log" | sed -E 's/.*: ([0-9.]+) s, .*/\1/')
    read -r its fend < <(/usr/bin/python3 -c "import h5py,sys; g=h5py.File(sys.argv[1],'r')['backbone/mode1']; print(int(g['newton_iterations'][:].sum()), '%.4f' % g['frequency_hz'][-1])" "$out/rq_${rom}_$solver.h5")
    dofs=$(grep -m1 'DOFs:' "$log" | sed -E 's/.*DOFs: ([0-9]+),.*/\1/')
    ratio="-"
    [ -n "$prev" ] && ratio=$(awk -v a="$prev" -v b="$secs" 'BEGIN{printf "%.1fx", a / b}')
    printf "%-22s %-6s %-5s %-8s %-12s %-8s %-12s %-10s %s\n" "$label" "$dofs" "$namp" "$solver" "$secs" "$its" \
      "$(awk -v s="$secs" -v n="$its" 'BEGIN{printf "%.4f", n ? s / n : 0}')" "$ratio" "$fend"
    prev=$secs
  done
done
echo "(backbone_s: the 'Backbone of elastic mode' time; newton: /backbone/mode1/newton_iterations summed; ratio: lagged"
echo " over default seconds; targets of issue 10: 20 amplitudes of the full interface under 60 s, the reduced one a few s)"

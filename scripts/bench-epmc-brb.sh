#!/usr/bin/env bash
# make bench, EPMC on the real Brake-Reuss beam (issue 8 benchmark b): the ROM of tribo rom (cached by
# scripts/bench.sh as out/bench/rom.h5, 2,073 DOFs, 2,352 interface points), elastic dry friction with the BRB
# parameters of Brake, Porter & Karpov §4.1, prestress 12,249 N per bolt, EPMC of mode 1 with harmonics 0-3,
# Nt = 128, the distributed matrix-free solver (-epmc_solver gmres), 3 continuation steps from q = 1e-7, on 1
# and 2 ranks: seconds per residual, per linearization (AFT with the point Jacobian blocks) and per bordered
# GMRES solve, GMRES iterations, seconds per Newton iteration, peak memory. Skipped without the deck.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_BENCH_OUT:-out/bench}
rom="$out/rom.h5"
deck=../shared/data/brb/BRB_MATEX.inp
if [ ! -f "$deck" ]; then echo "EPMC on the BRB: skipped (no $deck)"; exit 0; fi
mkdir -p "$out"
if [ ! -f "$rom" ] || ! h5ls "$rom/rom" > /dev/null 2>&1; then
  "${MPIEXEC[@]}" -n 2 bin/tribo rom -deck "$deck" -output "$rom" -rom_condense_modes 30 > "$out/rom_epmc.log" 2>&1
fi
law=(-friction_type edf -friction_mu 0.9627 -friction_kt 5.261e14 -friction_kn 5.765e11 -friction_coupled 0)
echo; echo "EPMC on the real BRB ROM ($rom): harmonics 0-3, Nt 128, 3 steps from q = 1e-7, -epmc_solver gmres"
printf "%-6s %-8s %-10s %-12s %-14s %-10s %-8s %-14s %s\n" ranks points Newton residual_s linearize_s solve_s GMRES s/Newton peak_MB
for np in 1 2; do
  log="$out/epmc_brb_np$np.log"
  TRIBO_PYTHON=/bin/true /usr/bin/time -f "%M" -o "$out/mem_epmc.txt" "${MPIEXEC[@]}" -n "$np" bin/tribo backbone -rom "$rom" "${law[@]}" \
    -prestress_tension 12249 -prestress_conservative -nma_type epmc -epmc_solver gmres -backbone_qmin 1e-7 -backbone_qmax 1e-4 \
    -cont_max_steps 3 -output "$out/epmc_brb_np$np.h5" > "$log" 2>&1
  line=$(grep '^EPMC: .* points' "$log")
  pts=$(echo "$line" | sed -E 's/^EPMC: ([0-9]+) points.*/\1/')
  secs=$(echo "$line" | sed -E 's/.*, ([0-9.]+) s;.*/\1/')
  res=$(echo "$line" | sed -E 's/.* residuals ([0-9.]+) s each.*/\1/')
  lin=$(echo "$line" | sed -E 's/.* linearizations \(AFT with Jacobian blocks\) ([0-9.]+) s each.*/\1/')
  nlin=$(echo "$line" | sed -E 's/.*; [0-9]+ residuals [0-9.]+ s each, ([0-9]+) linearizations.*/\1/')
  sol=$(echo "$line" | sed -E 's/.* GMRES solves ([0-9.]+) s and.*/\1/')
  its=$(echo "$line" | sed -E 's/.* and ([0-9.]+) iterations each.*/\1/')
  mem=$(( $(cat "$out/mem_epmc.txt") / 1024 ))
  printf "%-6s %-8s %-10s %-12s %-14s %-10s %-8s %-14s %s\n" "$np" "$pts" "$nlin" "$res" "$lin" "$sol" "$its" \
    "$(awk -v s="$secs" -v n="$nlin" 'BEGIN{printf "%.2f", s / (n > 0 ? n : 1)}')" "$mem"
done
echo "(Newton: linearizations, i.e. Newton iterations and tangents; s/Newton: EPMC wall time over them, the first"
echo " solve includes the preconditioner's dense generalized eigenproblem of order 2,073; aim: 0.5 s per Newton"
echo " iteration on two cores; tmdsimpy needs about 30 s for one residual with Jacobian at this size)"

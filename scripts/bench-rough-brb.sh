#!/usr/bin/env bash
# make bench, rough contact (issue 11): the kernel's speed on one core (build/tests/bench/bench-rough: asperity
# updates per second, tangent and Mindlin-Iwan fit models) and, with ../shared/data, the RQNMA backbones of the real
# Brake-Reuss beam with the Porter-Brake law (elastic asperities, mu = 0.03, the measured statistics and mesoscale gap,
# 232 RBE3 patches, 20 amplitudes 1e-7 to 7e-5, 2 ranks) for the tangent and MIF asperity models, against the
# paper's Table 4 (26 min and 3 h on 6 cores in MATLAB), then the flagship EPMC comparison (scripts/rough-brb.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_BENCH_OUT:-out/bench}
mkdir -p "$out"
echo
echo "Rough-contact law kernel, one core (plastic spheres, 100 levels; MIF: 100 rings per asperity)"
build/tests/bench/bench-rough
deck=../shared/data/brb/BRB_MATEX.inp
surf=../shared/data/brb/brb_surface_data.mat
if [ ! -f "$deck" ] || [ ! -f "$surf" ]; then echo "rough contact on the BRB: skipped (no $deck or $surf)"; exit 0; fi
[ -f "$out/cb.h5" ] || "${MPIEXEC[@]}" -n 2 bin/tribo rom -deck "$deck" -output "$out/cb.h5" > "$out/cb.log" 2>&1
mkdir -p "$out/rough"
ln -sf "$(readlink -f "$out/cb.h5")" "$out/rough/cb.h5"
"${MPIEXEC[@]}" -n 2 bin/tribo rom -rom "$out/cb.h5" -rom_zte_patches 232 -rom_condense_modes 30 -output "$out/rough/p232.h5" > "$out/rough/p232.log" 2>&1
echo
echo "RQNMA backbone of the BRB, rough contact (elastic asperities, mu 0.03, mesoscale gap), 232 patches, 20 amplitudes, 2 ranks"
printf "%-10s %-12s %-12s %-14s %-14s %-12s %s\n" model backbone_s newton f_first_Hz f_last_Hz zeta_last paper_Table4
for m in tangent mif; do
  log=$out/rough/rq_$m.log
  TRIBO_PYTHON=/bin/true "${MPIEXEC[@]}" -n 2 bin/tribo backbone -rom "$out/rough/p232.h5" -friction_type rough -friction_surface "$surf" \
    -friction_asperity_normal elastic -friction_asperity_tangential "$m" -friction_mu 0.03 -prestress_tension 12249 -prestress_conservative \
    -backbone_zeta0 8.7e-4 -backbone_qmin 1e-7 -backbone_qmax 7e-5 -backbone_n 20 -backbone_quiet -output "$out/rough/rq_$m.h5" > "$log" 2>&1 ||
    { echo "$m failed: see $log"; continue; }
  secs=$(grep 'Backbone of elastic mode' "$log" | sed -E 's/.*: ([0-9.]+) s, .*/\1/')
  read -r its f0 f1 z1 < <(/usr/bin/python3 -c "import h5py,sys; g=h5py.File(sys.argv[1],'r')['backbone/mode1']; print(int(g['newton_iterations'][:].sum()), '%.3f %.3f %.4e' % (g['frequency_hz'][0], g['frequency_hz'][-1], g['damping'][-1]))" "$out/rough/rq_$m.h5")
  paper=$([ "$m" = tangent ] && echo "26 min (6 cores)" || echo "3 h (6 cores)")
  printf "%-10s %-12s %-12s %-14s %-14s %-12s %s\n" "$m" "$secs" "$its" "$f0" "$f1" "$z1" "$paper"
done
echo
echo "EPMC flagship: Plastic 1, mu 0.03, tangent asperities, mesoscale gap and flat, against Porter & Brake 2023 (paper: 40 min to 4 h on 24 cores)"
bash scripts/rough-brb.sh "$out/rough" full

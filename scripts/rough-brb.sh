#!/usr/bin/env bash
# The flagship comparison of issue 11: tribo's own ROM of the real Brake-Reuss beam with the Porter-Brake rough-contact
# law ("Plastic 1": S_ys = 330 MPa, E_t = 620 MPa, mu = 0.03, tangent asperity model, statistics and mesoscale gap of
# ../shared/data/brb/brb_surface_data.mat), EPMC backbones of mode 1 with the measured mesoscale gap and with a flat
# interface, against the MATLAB backbones of Porter and Brake 2023 (../shared/data/reference/brb_epmc_meso.yaml,
# brb_epmc_flat.yaml): frequency and damping differences over the common amplitude range (monotone interpolant in log
# amplitude) and one picture of all four backbones.
#
#   scripts/rough-brb.sh [OUT] [full|ci]     (default out/rough-brb, full)
#
# ROM: the deck's Craig-Bampton ROM (OUT/cb.h5, made when missing, about 45 s on 2 ranks) reduced to 232 RBE3 patches
# (the paper's ZTE count) and 30 modes. EPMC: harmonics 0-3, Nt 128 (the paper's), Rayleigh damping fitted to 0.087 %
# and 0.034 % on the first two bending modes (eq. 60), the zeroth harmonic free (eq. 61a). "ci" runs fewer amplitudes
# (to 3e-5) for the test suite. Prints one line per backbone and the differences; exits 1 when a run fails.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${1:-out/rough-brb}
size=${2:-full}
source scripts/brbdata.sh "rough-contact BRB"
if [ ! -f "$out/cb.h5" ]; then
  echo "tribo rom: Craig-Bampton ROM of the deck -> $out/cb.h5"
  "${MPIEXEC[@]}" -n "$np" bin/tribo rom -deck "$deck" -output "$out/cb.h5" > "$out/cb.log" 2>&1 || { echo "tribo rom failed: see $out/cb.log"; exit 1; }
fi
if [ ! -f "$out/p232.h5" ]; then
  "${MPIEXEC[@]}" -n "$np" bin/tribo rom -rom "$out/cb.h5" -rom_zte_patches 232 -rom_condense_modes 30 -output "$out/p232.h5" > "$out/p232.log" 2>&1 ||
    { echo "interface reduction failed: see $out/p232.log"; exit 1; }
fi
qmax=7e-5
[ "$size" = ci ] && qmax=3e-5
law=(-friction_type rough -friction_surface "$surf" -friction_asperity_normal plastic -friction_asperity_tangential tangent
  -friction_asperity_recontact previous -friction_e 192.31e9 -friction_nu 0.3 -friction_sys 330e6 -friction_et 620e6 -friction_mu 0.03
  -friction_nlevels 101 -prestress_tension 12249 -prestress_conservative)
epmc=(-nma_type epmc -hb_harmonics 0,1,2,3 -hb_nt 128 -epmc_solver mumps -epmc_static_free -epmc_rayleigh_modes 1,3
  -epmc_rayleigh_zeta 8.7e-4,3.4e-4 -backbone_qmin 1e-7 -backbone_qmax "$qmax" -cont_jacobian_lag 4 -cont_target_it 8 -cont_ds_max 64)
rc=0
for case in meso flat; do
  opt=()
  [ "$case" = flat ] && opt=(-friction_mesoscale 0)
  log=$out/epmc_$case.log
  start=$(date +%s.%N)
  if TRIBO_PYTHON=/bin/true "${MPIEXEC[@]}" -n "$np" bin/tribo backbone -rom "$out/p232.h5" "${law[@]}" "${epmc[@]}" "${opt[@]}" \
    -output "$out/epmc_$case.h5" > "$log" 2>&1; then
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b - a}')
    echo "EPMC $case: $secs s on $np ranks ($(grep -m1 -E '^EPMC: [0-9]+ points' "$log" | cut -c1-80))"
  else
    echo "EPMC $case failed: see $log"
    rc=1
  fi
done
[ $rc = 0 ] || exit 1
PYTHONPATH=python${PYTHONPATH:+:$PYTHONPATH} /usr/bin/python3 - "$out" "$ref" <<'EOF' || exit 1
import sys
from tribo.compare import brb_report
out, ref = sys.argv[1], sys.argv[2]
brb_report([(c, "%s/epmc_%s.h5" % (out, c), "tribo, %s" % n, "Porter & Brake 2023, %s" % n) for c, n in (("meso", "mesoscale gap"), ("flat", "flat"))],
           ref, out, "BRB mode 1, rough contact (Plastic 1, mu = 0.03): tribo EPMC against the paper", "%s/rough_brb.png" % out)
EOF

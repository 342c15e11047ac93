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
import sys, h5py, numpy as np
from tribo.compare import read_flow_yaml, compare_backbones
from tribo import figures as tf
out, ref = sys.argv[1], sys.argv[2]
worst = {}
for case in ("meso", "flat"):
    with h5py.File("%s/epmc_%s.h5" % (out, case), "r") as h:
        g = h["backbone/mode1"]
        q, f, z, c = g["modal_amplitude"][:], g["frequency_hz"][:], g["damping"][:], g["converged"][:]
    r = read_flow_yaml("%s/brb_epmc_%s.yaml" % (ref, case))
    ok = c > 0
    d = compare_backbones(q[ok], f[ok], z[ok], r["modal_amplitude"], r["frequency_rad_per_s"] / (2 * np.pi), r["damping_factor_frac_crit"])
    worst[case] = d
    print("%s: tribo %.2f -> %.2f Hz, reference %.2f -> %.2f Hz; over q = %.3g..%.3g (%d points): frequency within %.2f %%, damping within %.1f %%"
          % (case, f[ok][0], f[ok][-1], r["frequency_rad_per_s"][0] / (2 * np.pi), d["f_ref"][-1], d["range"][0], d["range"][1], d["points"],
             100 * d["freq_max_rel"], 100 * d["damp_max_rel"]))
    with open("%s/reference_%s.csv" % (out, case), "w") as fh:
        fh.write("modal_amplitude,frequency_hz,damping\n")
        for a, b, e in zip(r["modal_amplitude"], r["frequency_rad_per_s"] / (2 * np.pi), r["damping_factor_frac_crit"]):
            fh.write("%.12e,%.12e,%.12e\n" % (a, b, e))
try:
    fig = tf.backbone_figure(["%s/epmc_meso.h5" % out, "%s/epmc_flat.h5" % out], x="modal", labels=["tribo, mesoscale gap", "tribo, flat"],
                             measured=["%s/reference_meso.csv" % out, "%s/reference_flat.csv" % out],
                             measured_labels=["Porter & Brake 2023, mesoscale gap", "Porter & Brake 2023, flat"],
                             title="BRB mode 1, rough contact (Plastic 1, mu = 0.03): tribo EPMC against the paper")
    tf.save(fig, "%s/rough_brb.png" % out)
    print("picture: %s/rough_brb.png" % out)
except Exception as e:  # matplotlib missing: the numbers still count
    print("no picture: %s" % e)
EOF

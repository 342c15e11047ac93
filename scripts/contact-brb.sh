#!/usr/bin/env bash
# The FE-BE multiscale method (issue 13) on the real Brake-Reuss beam against Porter and Brake 2023: tribo contact on the
# deck's ROM (Craig-Bampton, condensed to 30 modes, as t967) with a 48 x 10 half-space grid (2.5 mm cells), the bolt axes
# tied axially (1e5 N/m), mu = 0.03 (the reference's), QSMA of mode 1 at 8 amplitudes from 1e-7 to 6.6e-5 sqrt(kg) m, once
# with the measured mesoscale gap map of ../shared/data/brb/brb_surface_data.mat and once flat (the default 1 um waviness
# only); their EPMC backbones (../shared/data/reference/brb_epmc_meso.yaml, brb_epmc_flat.yaml) drawn with them as markers.
#
#   scripts/contact-brb.sh [OUT]     (default out/contact-brb; about 10 minutes on 2 ranks, 5 of them the ROM)
#
# Writes OUT/meso.h5, OUT/flat.h5 (with their pressure / stick-slip pictures), OUT/backbone.png (doc/guide.md's
# doc/img/contact_brb_backbone.png), the references as OUT/reference_*.csv, and one line per backbone: the largest frequency
# and damping differences over the common amplitude range (tribo.compare.brb_report, shared with scripts/rough-brb.sh). The
# reference's damping includes 0.087 % of modal damping; QSMA's is friction alone (hence the large relative damping
# differences at small amplitude).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${1:-out/contact-brb}
source scripts/brbdata.sh "contact BRB"
if [ ! -f "$out/rom.h5" ]; then
  echo "tribo rom: the deck's ROM -> $out/rom.h5"
  "${MPIEXEC[@]}" -n "$np" bin/tribo rom -deck "$deck" -output "$out/cb.h5" > "$out/cb.log" 2>&1 &&
    "${MPIEXEC[@]}" -n "$np" bin/tribo rom -rom "$out/cb.h5" -output "$out/rom.h5" -rom_condense_modes 30 > "$out/rom.log" 2>&1 ||
    { echo "tribo rom failed: see $out/cb.log, $out/rom.log"; exit 1; }
fi
common=(-rom "$out/rom.h5" -contact_n 48 -contact_bolt_xy -0.030353,0,0,0,0.030353,0 -contact_bolt_radius 7e-3 -contact_bolt_shear_k 0
  -contact_bolt_axial_k 1e5 -contact_mode 1 -contact_mu 0.03 -contact_qsma_n 8 -contact_qsma_qmax 6.6e-5 -contact_qsma_decades 2.82
  -contact_deflate_max 8 -contact_lin_nev 6)
for run in meso flat; do
  gap=()
  [ $run = meso ] && gap=(-contact_gap "$surf")
  SECONDS=0
  "${MPIEXEC[@]}" -n "$np" bin/tribo contact "${common[@]}" "${gap[@]}" -output "$out/$run.h5" > "$out/$run.log" 2>&1 ||
    { echo "tribo contact ($run) failed: see $out/$run.log"; exit 1; }
  echo "$run ($SECONDS s): $(grep '^preload' "$out/$run.log" | sed 's/.*C.4): \([0-9.]*\).*/linearized \1 Hz/'),"\
    "$(grep '^QSMA' "$out/$run.log" | tail -n 1 | sed 's/.*q_mod \([^ ]*\) .*frequency \([^ ]*\) Hz  damping \(.*\)/q \1: \2 Hz, damping \3/')"
done
PYTHONPATH=python${PYTHONPATH:+:$PYTHONPATH} /usr/bin/python3 - "$out" "$ref" <<'EOF' || exit 1
import sys
from tribo.compare import brb_report
out, ref = sys.argv[1], sys.argv[2]
brb_report([(c, "%s/%s.h5" % (out, c), "tribo FE-BE, %s" % n, "Porter & Brake 2023 EPMC, %s" % n) for c, n in (("meso", "measured gap map"), ("flat", "flat"))],
           ref, out, "BRB mode 1 (mu 0.03, 48 x 10 grid): QSMA against the published EPMC", "%s/backbone.png" % out)
EOF

#!/usr/bin/env bash
# Porter and Brake 2023 Table 3 (issue 36): the asperity statistics over erosion sizes 2, 25, 50, 75 on a synthetic
# self-affine pair of the BRB interface's length, against the published R_e, eta and z_max. The pair (doc/guide.md, "Large
# erosion sizes", says why these parameters): Hurst exponent 0.3, short cutoff 0.3 mm, roll-off 2 mm, RMS 2 um, spacing
# 21.8 um (the scans' 21.8-23.6 um), 121.4 x 12.7 mm (half the interface's width: make bench runs the whole 25.4 mm), the
# paper's mesoscale filter (sigma 215 points), 2 ranks, the paper's acceptance rules (-surface_acceptance paper) and the
# residual heights (the default, as the paper's code). Checks and tolerances:
#   the trend: R_e increases and eta decreases with the erosion size;
#   R_e and eta within a factor 3 of Table 3 at every size, and within a factor 2.5 at sizes 25-75 (measured at this size:
#     R_e 2.57, 0.94, 0.60, 0.75 and eta 1.44, 0.96, 0.63, 0.41 of Table 3's);
#   z_max (7 IQR of the gaps, the paper's fences) within a factor 1.5 of Table 3's 28.05, 25.85, 24.36, 27.61 um.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
export TRIBO_PICTURES=0 # no pictures: the statistics are the check
mpirun "$d" t3 2 surface -surface_generate selfaffine -surface_generate_hurst 0.3 -surface_generate_band 3e-4,1 \
  -surface_generate_rolloff 2e-3 -surface_generate_rms 2e-6 -surface_generate_nx 5570 -surface_generate_ny 583 \
  -surface_generate_dx 21.8e-6 -surface_acceptance paper -output t3.h5
[ $RC = 0 ] && pass "tribo surface, 2 ranks" || fail "tribo surface, 2 ranks (exit $RC)" "failed" "$d/t3.out" "$d/t3.err"
[ $HAVE_H5PY = 1 ] || { skip "Table 3" "no h5py"; finish; exit; }
pychecks table3 "$d" <<'PYEOF'
import sys, h5py
d = sys.argv[1]
f = h5py.File(d + "/t3.h5", "r")
table3 = {2: (1.365e-3, 1.371e6, 28.05e-6), 25: (9.819e-3, 1.583e5, 25.85e-6), 50: (23.80e-3, 6.050e4, 24.36e-6), 75: (29.93e-3, 3.638e4, 27.61e-6)}
prev = None
for k, (re3, eta3, z3) in table3.items():
    st = f["erosion_%d/statistics" % k]
    re, eta, z = float(st["re"][0]), float(st["eta"][0]), float(st["z_max"][0])
    fac = 3.0 if k == 2 else 2.5
    for name, v, ref, tol in (("R_e", re, re3, fac), ("eta", eta, eta3, fac), ("z_max", z, z3, 1.5)):
        r = v / ref
        print(("ok" if 1 / tol <= r <= tol else "not ok") + " - erosion %d %s %.4g, Table 3 %.4g: ratio %.3f (within a factor %g)" % (k, name, v, ref, r, tol))
    if prev:
        print(("ok" if re > prev[0] and eta < prev[1] else "not ok") + " - erosion %d: R_e up (%.4g > %.4g mm), eta down (%.4g < %.4g 1/m^2)" % (k, 1e3 * re, 1e3 * prev[0], eta, prev[1]))
    prev = (re, eta)
PYEOF
finish

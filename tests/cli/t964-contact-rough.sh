#!/usr/bin/env bash
# tribo contact -contact_case rough: a flat 1 mm square patch (96 x 96) with band-limited Gaussian roughness (TriboSurfaceSynthesize,
# RMS 1 um, wavelengths 50-250 um, seed 1) pressed by 10 load steps 10 .. 100 N (a decade of small loads: contact fraction
# 0.3 .. 2 %). Checks and tolerances, from the file alone:
#   force of each step = sum p dx dy = the load step within 1e-9; p >= 0, gap >= -1e-9 of the largest gap, p gap = 0 (gap within
#     1e-9 of the largest gap where p > 0);
#   the same run on 2 ranks: pressure and gap of every step within 1e-9 (relative to their largest values) of the 1-rank run;
#   the contact area fraction grows strictly with the load at 10, 50 and 100 N (and over all 10 steps);
#   real contact area roughly proportional to load (Bush-Gibson-Thomas, Persson: A = kappa P/(E* h'rms) at small loads): the
#     ratio A/P varies by a factor below 2 over the decade 10 .. 100 N (measured 1.69: 3.47e-10 .. 2.06e-10 m^2/N);
#   bad input: a band below two grid spacings is one error line and no file.
set -u
source tests/cli/lib.sh
export TRIBO_PYTHON=${TRIBO_PYTHON:-/usr/bin/python3}
d=$TMPDIR_TEST
args="contact -contact_case rough -contact_n 96 -contact_steps 10 -contact_load 100 -contact_png none"
# shellcheck disable=SC2086 # args is a list of words
run "$d" rough $args -output rough.h5
[ $RC = 0 ] && [ -s "$d/rough.h5" ] && pass "rough 96 x 96, 10 steps: $(grep '^rough step 9' "$d/rough.out")" || fail "rough (exit $RC)" "no rough.h5" "$d/rough.out" "$d/rough.err"
# shellcheck disable=SC2086
mpirun "$d" par 2 $args -output par.h5
[ $RC = 0 ] && pass "2 ranks" || fail "2 ranks (exit $RC)" "failed" "$d/par.err"
if [ $HAVE_H5PY = 1 ]; then
  pychecks rough "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
def ok(c, what): print(("ok" if c else "not ok") + " - " + what)
f, g = h5py.File(d + "/rough.h5", "r")["contact"], h5py.File(d + "/par.h5", "r")["contact"]
dx, dy, nx, ny = float(f.attrs["dx"]), float(f.attrs["dy"]), int(f.attrs["nx"]), int(f.attrs["ny"])
force, area = f["steps/force"][:], f["steps/area"][:]
worst = [0, 0, 0]
for k in range(10):
    s, q = f["step_%d" % k], g["step_%d" % k]
    p, gap = s["pressure"][:], s["gap"][:]
    worst[0] = max(worst[0], abs(p.sum() * dx * dy - force[k]) / force[k], abs(force[k] - 10 * (k + 1)) / force[k])
    ok(p.min() >= 0 and gap.min() >= -1e-9 * gap.max() and np.abs(gap[p > 0]).max() <= 1e-9 * gap.max(), "step %d: p >= 0, gap >= 0, p gap = 0" % k)
    worst[1] = max(worst[1], np.abs(q["pressure"][:] - p).max() / p.max())
    worst[2] = max(worst[2], np.abs(q["gap"][:] - gap).max() / gap.max())
ok(worst[0] <= 1e-9, "force = sum p dx dy = load (10 .. 100 N) within %.2e" % worst[0])
ok(worst[1] <= 1e-9 and worst[2] <= 1e-9, "2 ranks against 1: pressure %.2e, gap %.2e" % (worst[1], worst[2]))
frac = area / (nx * ny * dx * dy)
ok(frac[0] < frac[4] < frac[9] and np.all(np.diff(frac) > 0), "contact fraction grows with load: %.4f, %.4f, %.4f at 10, 50, 100 N" % (frac[0], frac[4], frac[9]))
r = area / force
ok(r.max() / r.min() < 2, "A/P over 10 .. 100 N: %.3e .. %.3e m^2/N, factor %.3f < 2" % (r.min(), r.max(), r.max() / r.min()))
PYEOF
else skip "result files" "no h5py"; fi
W=$d/bad
expect_fail "band below two grid spacings" "contact_rough_lmin;two grid spacings" contact -contact_case rough -contact_n 16 -contact_rough_lmin 1e-5
finish

#!/usr/bin/env bash
# tribo contact -contact_case rough: a flat 1 mm square patch (96 x 96) with band-limited Gaussian roughness (TriboSurfaceSynthesize,
# RMS 1 um, wavelengths 50-250 um, seed 1) pressed by 10 load steps 10 .. 100 N (a decade of small loads: contact fraction
# 0.3 .. 3 %). Checks and tolerances, from the file alone:
#   force of each step = sum p dx dy = the load step within 1e-9; p >= 0, gap >= -1e-9 of the largest gap, p gap = 0 (gap within
#     1e-9 of the largest gap where p > 0);
#   the same run on 2 ranks: pressure and gap of every step within 1e-9 (relative to their largest values) of the 1-rank run;
#   the contact area fraction grows strictly with the load at 10, 50 and 100 N (and over all 10 steps);
#   real contact area roughly proportional to load (Bush-Gibson-Thomas, Persson: A = kappa P/(E* h'rms) at small loads): the
#     ratio A/P varies by a factor below 1.5 over the decade 10 .. 100 N (measured 1.238: 3.02e-10 .. 3.74e-10 m^2/N);
#   -contact_gap: a small surface.h5 written here (mesoscale/x, y on +-1 mm, gap = 5 um + 2e-3 x + 1e-3 y, linear so bilinear
#     interpolation is exact) on a 32 x 32 rough run: initial_gap with the map minus without it equals 2e-3 x + 1e-3 y plus one
#     constant (the shift that puts the smallest gap at 0) within 1e-12 m, and on 2 ranks
#     initial gap and pressure within 1e-9 (relative) of 1 rank; a map on +-0.3 mm (not covering the 1 mm grid) is one
#     error line naming the file and the extents, no file; the BRB mesoscale map (../shared/data/brb, Rice .mat) on a 64 x 64
#     grid over 25 mm at 1-3 kN runs and gives a growing contact fraction (skipped with a message without the data);
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
ok(r.max() / r.min() < 1.5, "A/P over 10 .. 100 N: %.3e .. %.3e m^2/N, factor %.3f < 1.5" % (r.min(), r.max(), r.max() / r.min()))
PYEOF
else skip "result files" "no h5py"; fi
small="contact -contact_case rough -contact_n 32 -contact_rough_lmin 1e-4 -contact_rough_lmax 4e-4 -contact_load 1 -contact_png none"
if [ $HAVE_H5PY = 1 ]; then
  $PY - "$d" <<'PYEOF'
import sys, h5py, numpy as np
for name, e in (("surface.h5", 1e-3), ("small.h5", 0.3e-3)):
    with h5py.File(sys.argv[1] + "/" + name, "w") as f:
        for k, v in (("re", 1e-4), ("eta", 1e8), ("z_max", 1e-5)): f["statistics/" + k] = np.array([v])
        f["statistics/gap_pdf_z"], f["statistics/gap_pdf_p"] = np.array([0.0, 1.0]), np.array([1.0, 1.0])
        x = np.linspace(-e, e, 5); X, Y = np.meshgrid(x, x)
        f["mesoscale/x"], f["mesoscale/y"], f["mesoscale/gap"] = x, x, 5e-6 + 2e-3 * X + 1e-3 * Y
PYEOF
  # shellcheck disable=SC2086
  run "$d" nogap $small -output nogap.h5
  # shellcheck disable=SC2086
  run "$d" withgap $small -contact_gap surface.h5 -output withgap.h5
  [ $RC = 0 ] && pass "-contact_gap surface.h5" || fail "-contact_gap (exit $RC)" "failed" "$d/withgap.err"
  # shellcheck disable=SC2086
  mpirun "$d" withgap2 2 $small -contact_gap surface.h5 -output withgap2.h5
  [ $RC = 0 ] && pass "-contact_gap on 2 ranks" || fail "-contact_gap 2 ranks (exit $RC)" "failed" "$d/withgap2.err"
  pychecks gapmap "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
def ok(c, what): print(("ok" if c else "not ok") + " - " + what)
a, b = h5py.File(d + "/nogap.h5", "r")["contact"], h5py.File(d + "/withgap.h5", "r")["contact"]
x, y = a["x"][:], a["y"][:]
X, Y = np.meshgrid(x, y)
r = b["initial_gap"][:] - a["initial_gap"][:] - (2e-3 * X + 1e-3 * Y).reshape(a["initial_gap"].shape)
ok(np.ptp(r) <= 1e-12, "gap map added = map by hand (bilinear of a linear map): spread %.2e m" % np.ptp(r))
c = h5py.File(d + "/withgap2.h5", "r")["contact"]
e = max(np.abs(c["initial_gap"][:] - b["initial_gap"][:]).max() / b["initial_gap"][:].max(), np.abs(c["step_0/pressure"][:] - b["step_0/pressure"][:]).max() / b["step_0/pressure"][:].max())
ok(e <= 1e-9, "gap map on 2 ranks against 1: initial gap and pressure within %.2e" % e)
PYEOF
  W=$d/bad
  # shellcheck disable=SC2086
  expect_fail "gap map not covering the grid" "small.h5;does not cover;-0.0003" $small -contact_gap "$d/small.h5"
  # the coupled lap beam solves on the gap with the map (it once kept the gap of its set-up and ignored -contact_gap): a bowl
  # 0.01 x^2 (36 um at the ends of the 0.12 m grid of the default 48 x 10 run; a tilt would be taken up by the halves' rigid
  # rotation) moves the first preload step's pressure towards the middle: its mean |x| falls by more than 0.5 mm (measured
  # 27.14 -> 26.05 mm; identical without the map's effect)
  $PY - "$d" <<'PYEOF'
import sys, h5py, numpy as np
with h5py.File(sys.argv[1] + "/bowl.h5", "w") as f:
    for k, v in (("re", 1e-4), ("eta", 1e8), ("z_max", 1e-5)): f["statistics/" + k] = np.array([v])
    f["statistics/gap_pdf_z"], f["statistics/gap_pdf_p"] = np.array([0.0, 1.0]), np.array([1.0, 1.0])
    x = np.linspace(-0.5, 0.5, 101); X, Y = np.meshgrid(x, x)
    f["mesoscale/x"], f["mesoscale/y"], f["mesoscale/gap"] = x, x, 0.01 * X**2
PYEOF
  lap="contact -contact_qsma_n 1 -contact_png none"
  # shellcheck disable=SC2086
  run "$d" lapflat $lap -output lapflat.h5
  # shellcheck disable=SC2086
  run "$d" lapbowl $lap -contact_gap bowl.h5 -output lapbowl.h5
  if [ $RC = 0 ]; then
    pychecks lapbowl "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
def ok(c, what): print(("ok" if c else "not ok") + " - " + what)
m = []
for name in ("lapflat", "lapbowl"):
    c = h5py.File(d + "/" + name + ".h5", "r")["contact"]
    p = c["step_0/pressure"][:]
    m.append((p * np.abs(np.broadcast_to(c["x"][:], p.shape))).sum() / p.sum())
ok(m[1] < m[0] - 5e-4, "lap beam with a bowl-shaped gap map: the pressure's mean |x| %.5g m against %.5g m flat (closer to the middle by more than 0.5 mm)" % (m[1], m[0]))
PYEOF
  else fail "lap beam with a gap map (exit $RC)" "failed" "$d/lapbowl.err"; fi
else skip "gap map" "no h5py"; fi
brb=../shared/data/brb/brb_surface_data.mat
if [ -f "$brb" ]; then
  run "$d" brb contact -contact_case rough -contact_n 64 -contact_rough_side 0.025 -contact_rough_lmin 1e-3 -contact_rough_lmax 5e-3 -contact_steps 3 \
    -contact_load 3000 -contact_png none -contact_gap "$PWD/$brb" -output brb.h5
  f=$(grep '^rough step' "$d/brb.out" | sed 's/.*fraction \([^,]*\),.*/\1/' | tr '\n' ' ')
  if [ $RC = 0 ] && $PY -c "import sys; v=[float(t) for t in sys.argv[1].split()]; sys.exit(0 if len(v)==3 and v[0]<v[1]<v[2] else 1)" "$f"; then
    pass "BRB mesoscale gap map, 64 x 64 over 25 mm, 1/2/3 kN: contact fractions $f"
  else fail "BRB gap map (exit $RC)" "fractions '$f'" "$d/brb.out" "$d/brb.err"; fi
else skip "BRB gap map" "no $brb"; fi
W=$d/bad
expect_fail "band below two grid spacings" "contact_rough_lmin;two grid spacings" contact -contact_case rough -contact_n 16 -contact_rough_lmin 1e-5
finish

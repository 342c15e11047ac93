#!/usr/bin/env bash
# tribo contact: the built-in half-space cases, their result files, 1 against 2 ranks, and bad input. Checks and tolerances:
#   hertz (96 x 96, 2 load steps) writes contact.h5 and contact.xdmf: /contact with its attributes, x, y, initial_gap, mask,
#     reference (the closed forms), steps/<columns> and step_<k>/{pressure, gap, state}; from the file alone: the force of
#     each step is the sum of p dx dy within 1e-9 and equals the load steps 50 N, 100 N; p >= 0, gap >= -1e-9 of the largest
#     gap, gap = 0 (1e-9) where p > 0, state = 1 exactly where p > 0; the XDMF is XML whose every HDF reference names a
#     dataset of contact.h5 of the stated shape;
#   the same run on 2 ranks: pressure and gap within 1e-9 (relative to their largest values) of the 1-rank run;
#   mindlin (32 x 32, 4 steps per quarter cycle): |q| <= mu p everywhere (1e-9), |q| = mu p where the state is slip;
#   wavy (64 x 8, periodic): the attribute periodic = 1 and the contact fraction of the last load (1.2 p*) is 1;
#   bad input fails with one line 'tribo contact: error: ...' and no output file: a grid larger than the memory, an empty contact
#     mask, mindlin with nu != 0, -contact_periodic on a non-periodic case, a misspelt option, -contact_n 2.
set -u
source tests/cli/lib.sh
export TRIBO_PYTHON=${TRIBO_PYTHON:-/usr/bin/python3}
d=$TMPDIR_TEST
run "$d" hertz contact -contact_case hertz -contact_n 96 -contact_steps 2 -contact_png none -output contact.h5
if [ $RC = 0 ] && [ -s "$d/contact.h5" ] && [ -s "$d/contact.xdmf" ]; then pass "hertz 96 x 96: $(grep '^Hertz' "$d/hertz.out" | cut -c1-150)"
else fail "hertz (exit $RC)" "no contact.h5 or contact.xdmf" "$d/hertz.out" "$d/hertz.err"; fi
mpirun "$d" par 2 contact -contact_case hertz -contact_n 96 -contact_steps 2 -contact_png none -output par.h5
[ $RC = 0 ] && pass "2 ranks" || fail "2 ranks (exit $RC)" "failed" "$d/par.err"
run "$d" mindlin contact -contact_case mindlin -contact_n 32 -contact_steps 4 -contact_png none -output mindlin.h5
[ $RC = 0 ] && pass "mindlin 32 x 32" || fail "mindlin (exit $RC)" "failed" "$d/mindlin.err"
run "$d" wavy contact -contact_case wavy -contact_n 64 -contact_png none -output wavy.h5
[ $RC = 0 ] && pass "wavy 64 x 8" || fail "wavy (exit $RC)" "failed" "$d/wavy.err"
if [ $HAVE_H5PY = 1 ]; then
  pychecks layout "$d" <<'PYEOF'
import sys, h5py, numpy as np, xml.etree.ElementTree as ET
d = sys.argv[1]
def ok(c, what): print(("ok" if c else "not ok") + " - " + what)
f, g = h5py.File(d + "/contact.h5", "r"), h5py.File(d + "/par.h5", "r")
c = f["contact"]
need = ["x", "y", "initial_gap", "mask", "reference", "steps", "step_0", "step_1"]
ok(all(k in c for k in need) and all(a in c.attrs for a in ["case", "nx", "ny", "dx", "dy", "E", "nu", "bytes_per_point"]), "layout of /contact")
dx, dy = float(c.attrs["dx"]), float(c.attrs["dy"])
force, steps = c["steps/force"][:], []
for k in range(2):
    s = c["step_%d" % k]
    p, gap, st = s["pressure"][:], s["gap"][:], s["state"][:]
    steps.append(p.sum() * dx * dy)
    ok(abs(p.sum() * dx * dy - force[k]) <= 1e-9 * force[k] and abs(force[k] - 50 * (k + 1)) <= 1e-9 * force[k], "step %d: force %.9g N = sum p dx dy" % (k, force[k]))
    ok(p.min() >= 0 and gap.min() >= -1e-9 * gap.max() and np.abs(gap[p > 0]).max() <= 1e-9 * gap.max(), "step %d: p >= 0, gap >= 0, gap = 0 where p > 0" % k)
    ok(np.array_equal(st == 1, p > 0) and set(np.unique(st)) <= {0, 1}, "step %d: state 1 exactly where p > 0" % k)
    q = g["contact/step_%d" % k]
    ep = np.abs(q["pressure"][:] - p).max() / p.max()
    eg = np.abs(q["gap"][:] - gap).max() / gap.max()
    ok(ep <= 1e-9 and eg <= 1e-9, "step %d: 2 ranks against 1: pressure %.2e, gap %.2e" % (k, ep, eg))
x = ET.parse(d + "/contact.xdmf")
refs = [e for e in x.iter("DataItem") if e.get("Format") == "HDF"]
good = all(r.text.split(":")[1] in f and list(f[r.text.split(":")[1]].shape) == [int(v) for v in r.get("Dimensions").split()] for r in refs)
ok(len(refs) > 0 and good, "contact.xdmf: %d HDF references, each a dataset of contact.h5 of that shape" % len(refs))
try:  # a reader other than ours: meshio's time series (it reads no structured XDMF grid: the quadrilaterals of /contact/mesh)
    import meshio
    with meshio.xdmf.TimeSeriesReader(d + "/contact.xdmf") as r:
        pts, cells = r.read_points_cells()
        steps = [r.read_data(k) for k in range(r.num_steps)]
    nx, ny = int(f["contact"].attrs["nx"]), int(f["contact"].attrs["ny"])
    quads = cells[0].data
    # the corners of every quadrilateral: one grid cell, counter-clockwise, at the coordinates of /contact/x and /contact/y
    X, Y = f["contact/x"][:], f["contact/y"][:]
    geo = np.allclose(pts[:, 0], np.tile(X, ny), rtol=0, atol=1e-15) and np.allclose(pts[:, 1], np.repeat(Y, nx), rtol=0, atol=1e-15)
    area = 0.5 * ((pts[quads[:, 2], 0] - pts[quads[:, 0], 0]) * (pts[quads[:, 3], 1] - pts[quads[:, 1], 1])
                  - (pts[quads[:, 3], 0] - pts[quads[:, 1], 0]) * (pts[quads[:, 2], 1] - pts[quads[:, 0], 1]))
    same = all(np.array_equal(pd["pressure"].reshape(-1), f["contact/step_%d/pressure" % k][:].reshape(-1)) for k, (t, pd, cd) in enumerate(steps))
    ok(len(cells) == 1 and cells[0].type == "quad" and len(quads) == (nx - 1) * (ny - 1) and geo and np.allclose(area, dx * dy, rtol=1e-9)
       and len(steps) == 2 and same,
       "meshio reads contact.xdmf: %d points, %d quadrilaterals of area dx dy, %d steps, the pressures of contact.h5" % (len(pts), len(quads), len(steps)))
except ImportError:
    print("ok - meshio reads contact.xdmf # SKIP no python3-meshio")
m = h5py.File(d + "/mindlin.h5", "r")["contact"]
mu, worst, slipgap = 0.3, 0.0, 0.0
for k in [int(n[5:]) for n in m if n.startswith("step_")]:
    s = m["step_%d" % k]
    if "shear" not in s: continue
    p, q, st = s["pressure"][:], s["shear"][:], s["state"][:]
    worst = max(worst, (np.abs(q) - mu * p).max() / (mu * p.max()))
    if (st == 2).any(): slipgap = max(slipgap, np.abs(np.abs(q[st == 2]) - mu * p[st == 2]).max() / (mu * p.max()))
ok(worst <= 1e-9 and slipgap <= 1e-9, "mindlin: |q| <= mu p (%.2e), |q| = mu p where slipping (%.2e)" % (worst, slipgap))
w = h5py.File(d + "/wavy.h5", "r")["contact"]
n = int(w.attrs["nx"]) * int(w.attrs["ny"])
ok(int(w.attrs["periodic"]) == 1 and abs(w["steps/area"][-1] / (n * float(w.attrs["dx"]) ** 2) - 1) < 1e-12, "wavy: periodic, full contact at 1.2 p*")
PYEOF
else skip "result files" "no h5py"; fi
W=$d/bad
expect_fail "grid larger than the memory" "needs about;GiB;contact_memory_max" contact -contact_case hertz -contact_n 60000
expect_fail "empty contact mask" "mask is empty;contact_mask_radius" contact -contact_case hertz -contact_n 32 -contact_mask_radius 1e-9
expect_fail "mindlin with nu 0.3" "mindlin;contact_nu 0" contact -contact_case mindlin -contact_nu 0.3
expect_fail "periodic hertz" "contact_periodic;wavy" contact -contact_case hertz -contact_periodic
expect_fail "misspelt option" "contact_cse" contact -contact_cse hertz
expect_fail "grid of 2 points" "contact_n" contact -contact_n 2
finish

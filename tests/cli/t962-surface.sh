#!/usr/bin/env bash
# tribo surface: the built-in synthetic pair by default, user scans (a tilted CSV point cloud and an HDF5 height grid of the
# same surface), the layout the rough-contact law reads, 1 and 2 ranks, and bad input. Checks and tolerances:
#   the default run writes surface.h5 with /erosion_<k>/statistics/{re, rp, rpp, eta, z_max, alpha, gap_pdf_z, gap_pdf_p} and
#     /erosion_<k>/mesoscale/{x, y, gap}: gap_pdf_z from exactly 0 to exactly 1, increasing; the trapezoid integral of
#     gap_pdf_p 1 within 1e-12; R_e = sqrt(R' R'') (1e-12); R' >= R''; the gap map's x, y increasing and its minimum exactly 0;
#     /meta with the options; a picture per erosion size (when matplotlib is there);
#   the same run on 2 ranks with -surface_groups 1 (each grid in 2 tiles): every dataset of every /erosion_<k> bit for bit equal;
#   the scans as files: scan 1 of the default run (the grid stored in /surface/scan1) written as an HDF5 height grid and
#     as a CSV point cloud in um with a tilt of 1e-3 and 2e-3 added: the CSV run finds the tilt (plane slopes within 1e-9 in
#     the summary), grids the cloud at the same spacing, and its R_e, eta and z_max equal the HDF5 run's within 5e-5 relative
#     (the rotation onto the plane scales heights and in-plane lengths by about 2.5e-6, the spacing estimated from the
#     rotated cloud then differs by ~6e-6 and the density, 1/dx^2, by ~1.2e-5);
#   the mesoscale gap map of two mirrored bowls (roughness RMS 1 nm) against its closed form 1.8 A u^2 in the interior, within
#     1e-3 of 1.8 A;
#   -surface_trim and -surface_holes: the gap map NaN in the trimmed border and the hole, finite elsewhere;
#   the same cloud as HDF5 /points in m: the CSV run's statistics within 1e-9 (only the unit conversion differs);
#   bad input fails with one line 'tribo surface: error: ...' and no output file: a second scan placed off the first, a scan with NaN over
#     most of the area, two scans of different spacings, an erosion size larger than the grid, a misspelt option, a missing scan file;
#   on 2 ranks a missing scan and a CSV with a bad line end every rank with the error, no hang (issue 34);
#   checkpoints (-surface_checkpoint, -surface_stop_after, -surface_restart): stopped on 2 ranks and resumed on 1, and the
#     reverse, equal bit for bit to an uninterrupted run; a restart with other physics or without the file is refused.
set -u
source tests/cli/lib.sh
export TRIBO_PYTHON=${TRIBO_PYTHON:-/usr/bin/python3}
d=$TMPDIR_TEST
S=(-surface_generate_nx 400 -surface_generate_ny 160 -surface_erosion 2,6 -surface_sigma 40 -surface_view_max 400)
run "$d" default surface "${S[@]}" -output surface.h5
if [ $RC = 0 ] && [ -s "$d/surface.h5" ]; then pass "default synthetic pair: $(grep -c '^ *[0-9]' "$d/default.out") erosion sizes"
else fail "default synthetic pair (exit $RC)" "no surface.h5" "$d/default.out" "$d/default.err"; fi
mpirun "$d" par 2 surface "${S[@]}" -surface_groups 1 -output par.h5 -surface_png par
[ $RC = 0 ] && pass "2 ranks" || fail "2 ranks (exit $RC)" "failed" "$d/par.err"
[ $HAVE_H5PY = 1 ] || { skip "result files" "no h5py"; finish; exit; }
pychecks layout "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
f, g = h5py.File(d + "/surface.h5", "r"), h5py.File(d + "/par.h5", "r")
groups = sorted(k for k in f if k.startswith("erosion_"))
print(("ok" if groups == ["erosion_2", "erosion_6"] else "not ok") + " - groups %s" % groups)
for k in groups:
    st = f[k]["statistics"]
    z, p = st["gap_pdf_z"][:], st["gap_pdf_p"][:]
    integ = np.sum(0.5 * (p[1:] + p[:-1]) * np.diff(z))
    ok = z[0] == 0 and z[-1] == 1 and np.all(np.diff(z) > 0) and abs(integ - 1) < 1e-12 and np.all(p >= 0)
    print(("ok" if ok else "not ok") + " - %s gap PDF on [%r, %r], integral - 1 = %.2e" % (k, z[0], z[-1], integ - 1))
    re, rp, rpp = (float(st[n][0]) for n in ("re", "rp", "rpp"))
    ok = abs(re - np.sqrt(rp * rpp)) <= 1e-12 * re and rp >= rpp > 0 and st["eta"][0] > 0 and st["z_max"][0] > 0 and st["alpha"].shape == (1,)
    print(("ok" if ok else "not ok") + " - %s R_e %.4g mm = sqrt(R' R''), eta %.4g 1/m^2, z_max %.4g um" % (k, 1e3 * re, st["eta"][0], 1e6 * st["z_max"][0]))
    m = f[k]["mesoscale"]
    gap = m["gap"][:]
    ok = gap.shape == (len(m["y"]), len(m["x"])) and np.all(np.diff(m["x"][:]) > 0) and np.all(np.diff(m["y"][:]) > 0) and np.nanmin(gap) == 0
    print(("ok" if ok else "not ok") + " - %s mesoscale gap %s, min %r, max %.3g um" % (k, gap.shape, np.nanmin(gap), 1e6 * np.nanmax(gap)))
    same = True
    def walk(name, obj):
        global same
        if isinstance(obj, h5py.Dataset) and "seconds" not in name:
            b = g[k][name][()]
            same = same and np.array_equal(obj[()], b, equal_nan=True)
    f[k].visititems(walk)
    print(("ok" if same else "not ok") + " - %s: 2 ranks give every dataset bit for bit" % k)
print(("ok" if "options" in f["meta"].attrs and f["meta"].attrs["verb"] == "surface" else "not ok") + " - /meta provenance")
# scan 1 as files: an HDF5 grid (m) and a tilted CSV point cloud (um)
s = f["surface"]["scan1"]
x, y, h = s["x"][:], s["y"][:], s["height"][:]
with h5py.File(d + "/grid.h5", "w") as o:
    o["height"], o["x"], o["y"] = h, x, y
X, Y = np.meshgrid(x, y)
Z = h + 1e-3 * X + 2e-3 * Y + 5e-6
with h5py.File(d + "/cloud.h5", "w") as o:
    o["points"] = np.column_stack([X.ravel(), Y.ravel(), Z.ravel()])
np.savetxt(d + "/cloud.csv", 1e6 * np.column_stack([X.ravel(), Y.ravel(), Z.ravel()]), delimiter=",", header="x, y, z (um)")
PYEOF
run "$d" grid surface -surface_scans grid.h5 -surface_units m -surface_erosion 2,6 -surface_sigma 40 -output grid_out.h5
[ $RC = 0 ] && pass "HDF5 height grid" || fail "HDF5 height grid (exit $RC)" "failed" "$d/grid.err"
run "$d" cloud surface -surface_scans cloud.csv -surface_units um -surface_erosion 2,6 -surface_sigma 40 -output cloud_out.h5
[ $RC = 0 ] && pass "CSV point cloud: $(grep '^Scan 1' "$d/cloud.out")" || fail "CSV point cloud (exit $RC)" "failed" "$d/cloud.err"
run "$d" cloudh5 surface -surface_scans cloud.h5 -surface_units m -surface_erosion 2,6 -surface_sigma 40 -output cloudh5_out.h5
[ $RC = 0 ] && pass "HDF5 point cloud (/points)" || fail "HDF5 point cloud (exit $RC)" "failed" "$d/cloudh5.err"
pychecks files "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
a, b = h5py.File(d + "/grid_out.h5", "r"), h5py.File(d + "/cloud_out.h5", "r")
for k in ("erosion_2", "erosion_6"):
    for n in ("re", "eta", "z_max"):
        u, v = a[k]["statistics"][n][0], b[k]["statistics"][n][0]
        print(("ok" if abs(u - v) <= 5e-5 * abs(u) else "not ok") + " - %s %s: grid %.9g, tilted cloud %.9g" % (k, n, u, v))
        w = h5py.File(d + "/cloudh5_out.h5", "r")[k]["statistics"][n][0]
        print(("ok" if abs(w - v) <= 1e-9 * abs(v) else "not ok") + " - %s %s: the cloud as HDF5 /points (m) %.12g, as CSV (um) %.12g" % (k, n, w, v))
PYEOF
line=$(grep '^Scan 1' "$d/cloud.out")
/usr/bin/python3 - "$line" <<'PYEOF' && pass "the CSV cloud's tilt found: $line" || fail "tilt" "expected slopes 1e-3, 2e-3 within 1e-9"
import re, sys
a, b = (float(v) for v in re.search(r"plane slopes (\S+), (\S+)", sys.argv[1]).groups())
sys.exit(0 if abs(a - 1e-3) < 1e-9 and abs(b - 2e-3) < 1e-9 else 1)
PYEOF
# the mesoscale gap map against its closed form: two bowls z = A u^2 and 0.8 A u^2 (u = 2 (x - xc)/Lx), the second mirrored in
# x, roughness of RMS 1 nm only: in the interior (3 sigma from the edges, where the replicated edges do not reach) the
# Gaussian filter keeps a quadratic up to a constant, so gap(xc) - gap(x) = 1.8 A u^2 within 1e-3 of 1.8 A
run "$d" bowl surface -surface_generate band -surface_generate_band 5e-4,5e-3 -surface_generate_dx 25e-6 -surface_generate_nx 400 -surface_generate_ny 120 -surface_generate_rms 1e-9 -surface_generate_form_amp 1e-5 \
  -surface_sigma 20 -surface_erosion 2 -surface_gap_spacing 2.5e-4 -output bowl.h5
[ $RC = 0 ] && pass "bowl pair" || fail "bowl pair (exit $RC)" "failed" "$d/bowl.err"
pychecks bowl "$d" <<'PYEOF'
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1] + "/bowl.h5", "r")["erosion_2/mesoscale"]
x, gap = f["x"][:], f["gap"][:]
Lx, xc, A = 399 * 25e-6, 0.5 * 399 * 25e-6, 1e-5
inner = (x > x[0] + 60 * 25e-6) & (x < x[-1] - 60 * 25e-6)
row = gap[gap.shape[0] // 2]
u = 2 * (x - xc) / Lx
ic = np.argmin(abs(x - xc))
err = np.max(abs((row[ic] - row[inner]) - 1.8 * A * (u[inner] ** 2 - u[ic] ** 2))) / (1.8 * A)
print(("ok" if err < 1e-3 else "not ok") + " - mesoscale gap of two mirrored bowls against 1.8 A u^2: error %.2e of 1.8 A (interior, %d points)" % (err, inner.sum()))
PYEOF
# trimming and a hole: the gap map is NaN within the trimmed border and the hole and finite elsewhere (one grid step of margin)
run "$d" trim surface -surface_generate_nx 400 -surface_generate_ny 160 -surface_generate_dx 25e-6 -surface_erosion 2 -surface_sigma 40 -surface_trim 5e-4 \
  -surface_holes 0.005,0.002 -surface_hole_radius 1e-3 -surface_gap_spacing 1e-4 -output trim.h5
[ $RC = 0 ] && pass "trim and hole: $(grep -m1 '^ *2 ' "$d/trim.out" | tr -s ' ')" || fail "trim and hole (exit $RC)" "failed" "$d/trim.err"
pychecks trim "$d" <<'PYEOF'
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1] + "/trim.h5", "r")["erosion_2/mesoscale"]
x, y, gap = f["x"][:], f["y"][:], f["gap"][:]
X, Y = np.meshgrid(x, y)
Lx, Ly, h, r, t = 399 * 25e-6, 159 * 25e-6, 25e-6, 1e-3, 5e-4
dist = np.hypot(X - 0.005, Y - 0.002)
inside = (dist < r - h) | (X < t - h) | (X > Lx - t + h) | (Y < t - h) | (Y > Ly - t + h)
outside = (dist > r + 2 * h) & (X > t + 2 * h) & (X < Lx - t - 2 * h) & (Y > t + 2 * h) & (Y < Ly - t - 2 * h)
ok = np.all(np.isnan(gap[inside])) and np.all(np.isfinite(gap[outside]))
print(("ok" if ok else "not ok") + " - gap map NaN in the hole and the border (%d points), finite elsewhere (%d points)" % (inside.sum(), outside.sum()))
PYEOF
# checkpoints (issue 34): stopped after the first round of erosion sizes and resumed, 2 ranks then 1 and 1 then 2: every
# dataset and attribute equal bit for bit to the uninterrupted run (the seconds and /meta excepted)
S3=(-surface_generate_nx 400 -surface_generate_ny 160 -surface_erosion 2,6,9 -surface_sigma 40 -surface_view_max 400)
run "$d" ck_ref surface "${S3[@]}" -output ck_ref.h5
for order in "2 1" "1 2"; do
  read -r n1 n2 <<<"$order"
  t=ck_$n1$n2
  mpirun "$d" "${t}_stop" "$n1" surface "${S3[@]}" -output "$t.h5" -surface_checkpoint "${t}_ck.h5" -surface_stop_after 1
  rc1=$RC
  mpirun "$d" "${t}_go" "$n2" surface "${S3[@]}" -output "$t.h5" -surface_checkpoint "${t}_ck.h5" -surface_restart
  if [ $rc1 != 0 ] && grep -q "stopped by -surface_stop_after after [12] of 3 erosion sizes: they are saved in ${t}_ck.h5" "$d/${t}_stop.err" &&
    [ $RC = 0 ] && grep -q "restarted from ${t}_ck.h5: [12] of 3 erosion sizes done" "$d/${t}_go.out"; then
    pass "checkpoint: stopped on $n1 rank(s) ($(grep -o '[12] of 3 erosion sizes done' "$d/${t}_go.out")), resumed on $n2"
  else fail "checkpoint stop on $n1, resume on $n2 (exit $rc1, $RC)" "" "$d/${t}_stop.err" "$d/${t}_go.err"; fi
done
pychecks checkpoint "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
ref = h5py.File(d + "/ck_ref.h5", "r")
for t in ("ck_21", "ck_12"):
    b, bad, n = h5py.File(d + "/" + t + ".h5", "r"), [], [0]
    def visit(name, obj):
        if name.startswith("meta"):
            return
        if isinstance(obj, h5py.Dataset):
            n[0] += 1
            if name not in b or not np.array_equal(obj[()], b[name][()], equal_nan=True):
                bad.append(name)
        for k, v in obj.attrs.items():
            if k not in ("seconds", "setup_seconds") and not np.array_equal(np.asarray(v), np.asarray(b[name].attrs[k])):
                bad.append(name + "@" + k)
    ref.visititems(visit)
    print(("ok" if not bad and n[0] > 20 else "not ok") + " - %s: stopped and resumed = uninterrupted, %d datasets bit for bit %s" % (t, n[0], bad[:3]))
PYEOF
W=$d/bad
expect_fail "restart with other physics" "other physics;-surface_min_sag" surface "${S3[@]}" -surface_min_sag 0.2 -surface_checkpoint "$d/ck_21_ck.h5" -surface_restart
expect_fail "restart without a checkpoint" "-surface_restart;-surface_checkpoint" surface "${S3[@]}" -surface_restart
expect_fail "second scan placed off the first" "mismatched surfaces;-surface_offset" surface -surface_offset 0.05,0 -surface_generate_nx 300 -surface_generate_ny 100 -surface_erosion 2
# bad input
/usr/bin/python3 - "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
with h5py.File(d + "/holes.h5", "w") as o:
    h = np.zeros((50, 60)); h[:, 10:] = np.nan
    o["height"], o["x"], o["y"] = h, np.arange(60) * 1e-5, np.arange(50) * 1e-5
with h5py.File(d + "/fine.h5", "w") as o:
    o["height"], o["x"], o["y"] = np.random.default_rng(1).random((50, 60)) * 1e-6, np.arange(60) * 1e-5, np.arange(50) * 1e-5
with h5py.File(d + "/coarse.h5", "w") as o:
    o["height"], o["x"], o["y"] = np.random.default_rng(2).random((50, 60)) * 1e-6, np.arange(60) * 2e-5, np.arange(50) * 2e-5
PYEOF
expect_fail "NaN holes over most of the scan" "holes.h5;NaN;-surface_min_valid" surface -surface_scans "$d/holes.h5" -surface_units m -surface_sigma 5 -surface_erosion 2
expect_fail "mismatched surfaces" "mismatched surfaces;spacing" surface -surface_scans "$d/fine.h5,$d/coarse.h5" -surface_units m -surface_sigma 5 -surface_erosion 2
expect_fail "erosion size larger than the grid" "-surface_erosion;larger than the grid" surface -surface_erosion 2,500 -surface_generate_nx 300 -surface_generate_ny 100
expect_fail "misspelt option" "-surface_erosin" surface -surface_erosin 2
expect_fail "noise correction of the opened heights" "-surface_noise_fit;-surface_fit_heights residual" surface -surface_fit_heights opened -surface_noise_fit true -surface_generate_nx 300 -surface_generate_ny 100 -surface_erosion 2
expect_fail "missing scan" "nothere.csv" surface -surface_scans nothere.csv
# issue 34: on 2 ranks a scan that rank 0 cannot read used to leave rank 1 waiting in MPI_Bcast for ever
printf 'x,y,z\n0,0,1\n1,abc,2\n' >"$d/badline.csv"
for bad in "missing:nothere.csv" "bad line:$d/badline.csv"; do
  IFS=: read -r name file <<<"$bad"
  (cd "$d" && timeout 60 $MPIEXEC -n 2 "$TRIBO_ABS" surface -surface_scans "$file" -output never.h5) >"$d/hang.out" 2>"$d/hang.err"
  RC=$?
  if [ "$RC" != 0 ] && [ "$RC" != 124 ] && [ ! -f "$d/never.h5" ] && grep -q "error: .*$(basename "$file")" "$d/hang.err"; then
    pass "2 ranks, $name scan: every rank ends with the error (exit $RC)"
  else
    fail "2 ranks, $name scan" "exit $RC (124: hung until the timeout)" "$d/hang.err"
  fi
done
# issue 36: an erosion size with too few asperities for a gap distribution, computed by the second group of ranks, was an
# error there alone and left rank 0 in MPI_Bcast for ever; it is one collective error naming the size
for np in 1 2 3; do
  (cd "$d" && timeout 60 $MPIEXEC -n $np "$TRIBO_ABS" surface -surface_generate_nx 500 -surface_generate_ny 200 -surface_sigma 40 \
    -surface_erosion 2,40 -output never.h5) >"$d/few.out" 2>"$d/few.err"
  RC=$?
  if [ "$RC" != 0 ] && [ "$RC" != 124 ] && [ ! -f "$d/never.h5" ] && grep -q "error: erosion size 40: .*too few for a gap distribution" "$d/few.err" &&
    [ "$(grep -v '(left ~[0-9.]* s)$' "$d/few.err" | grep -c '^tribo surface: error:')" = 1 ]; then
    pass "$np rank(s), too few asperities at size 40 (on 2-3 ranks the second group's): one error line, every rank ends (exit $RC)"
  else
    fail "$np rank(s), too few asperities at size 40" "exit $RC (124: hung until the timeout)" "$d/few.err"
  fi
done
finish

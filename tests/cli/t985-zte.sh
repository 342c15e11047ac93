#!/usr/bin/env bash
# Interface reduction to a coarse ZTE mesh (tribo rom -rom_zte_*, src/rom/zte.c, ztemesh.c) on the generated lap
# beam (two halves pressed together by three bolts; 175 node pairs, 144 faces):
# - a coarse mesh equal to the fine one (CSV and Abaqus files written here from /rom/interface) reproduces the fine
#   ROM: K, M, Fv, R to 1e-12 of their largest entry, the quadrature to 1e-14;
# - grid 6,3 (interpolation) and 12 patches (RBE3 means): the total interface area equals the fine one to 1e-12;
#   the bolt load is carried exactly: after the prestress the interface's normal force sum_p w_p t_n,p is
#   3 x 12,249 N to 1e-9 (an equilibrium the projection must keep: the rigid motion of each half lies in the
#   coarse basis); the rigid-body modes: 12 eigenvalues of (K, M) below 1e-8 of the 13th (each half is free
#   without the joint), and their sensor motions R Z span the fine ROM's (largest principal angle below 1e-6 rad);
# - 2 ranks: the same reduced ROM (eigenvalues of (K, M) up to the 40th to 1e-9, the quadrature to 1e-14);
# - re-reduction of a saved Craig-Bampton ROM (-rom) equals reducing from the deck (bitwise);
# - bad input: a mesh that does not cover the interface, an inverted element, a bow tie, a node missing, more
#   patches than faces, two kinds at once, a condensed ROM to re-reduce: one error line, no output.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
W=$d/bad
[ $HAVE_H5PY = 1 ] || { skip "interface reduction" "h5py/numpy not available to /usr/bin/python3"; finish; exit; }
run "$d" mesh mesh -output lb.inp -lapbeam_view 0
run "$d" fine rom -deck lb.inp -output fine.h5
[ $RC = 0 ] || { fail "tribo rom (fine)" "exit $RC" "$d/fine.err"; finish; exit; }
$PY - "$d" <<'EOF'
import h5py, sys
d = sys.argv[1]
f = h5py.File(d + "/fine.h5", "r")["rom/interface"]
X, E = f["nodes"][:], f["elements"][:]
with open(d + "/fine.csv", "w") as o:
  o.write("# the fine interface as a coarse mesh\n")
  for i, x in enumerate(X): o.write("node,%d,%.17g,%.17g,%.17g\n" % (i + 101, *x))
  for e, c in enumerate(E): o.write("quad,%d,%d,%d,%d,%d\n" % (e + 1, *(c + 101)))
with open(d + "/fine.inp", "w") as o:
  o.write("** the fine interface\n*Node\n")
  for i, x in enumerate(X): o.write("%d, %.17g, %.17g, %.17g\n" % (i + 1, *x))
  o.write("*Element, type=S4R, elset=IFACE\n")
  for e, c in enumerate(E): o.write("%d, %d, %d, %d, %d\n" % (e + 1, *(c + 1)))
# bad meshes: shrunk (does not cover), one element inverted, one a bow tie, a missing node
lines = open(d + "/fine.csv").read().splitlines()
def write(name, ls): open(d + "/" + name, "w").write("\n".join(ls) + "\n")
c = X.mean(axis=0)
write("shrunk.csv", [("node,%d,%.17g,%.17g,%.17g" % (i + 101, *(c + 0.9 * (x - c)))) for i, x in enumerate(X)] + [l for l in lines if l.startswith("quad")])
q = [l for l in lines if l.startswith("quad")]
p = q[5].split(","); inv = list(q); inv[5] = ",".join(p[:2] + [p[5], p[4], p[3], p[2]])
write("inverted.csv", [l for l in lines if not l.startswith("quad")] + inv)
p = q[7].split(","); bow = list(q); bow[7] = ",".join(p[:2] + [p[3], p[2], p[4], p[5]])
write("bowtie.csv", [l for l in lines if not l.startswith("quad")] + bow)
write("missing.csv", [l for l in lines if not l.startswith("node,101,")])
EOF
run "$d" same_csv rom -rom fine.h5 -output same_csv.h5 -rom_zte_mesh fine.csv
run "$d" same_inp rom -deck lb.inp -output same_inp.h5 -rom_zte_mesh fine.inp
run "$d" grid rom -deck lb.inp -output grid.h5 -rom_zte_grid 6,3
run "$d" grid_re rom -rom fine.h5 -output grid_re.h5 -rom_zte_grid 6,3
run "$d" patches rom -deck lb.inp -output patches.h5 -rom_zte_patches 12
run "$d" patches_re rom -rom fine.h5 -output patches_re.h5 -rom_zte_patches 12
mpirun "$d" grid2 2 rom -deck lb.inp -output grid2.h5 -rom_zte_grid 6,3
mpirun "$d" patches2 2 rom -deck lb.inp -output patches2.h5 -rom_zte_patches 12
for c in same_csv same_inp grid grid_re patches patches_re grid2 patches2; do
  if [ -s "$d/$c.h5" ]; then pass "tribo rom ($c)"; else fail "tribo rom ($c)" "no ROM" "$d/$c.err"; fi
done
for c in fine grid patches; do
  run "$d" ps_$c prestress -rom $c.h5 -output ps_$c.h5 -prestress_tension 12249
  [ $RC = 0 ] || fail "prestress ($c)" "exit $RC" "$d/ps_$c.err"
done
pychecks zte "$d" <<'EOF'
import h5py, numpy as np, sys
d = sys.argv[1]
def rom(n): return h5py.File(d + "/" + n + ".h5", "r")["rom"]
def check(ok, msg): print(("ok - " if ok else "not ok - ") + msg)
F = rom("fine")
for n in ["same_csv", "same_inp"]:
  C = rom(n)
  e = max(np.abs(C[k][:] - F[k][:]).max() / np.abs(F[k][:]).max() for k in ["K", "M", "Fv", "R"])
  check(e < 1e-12, "%s: coarse mesh = fine mesh reproduces K, M, Fv, R (max relative difference %.1e < 1e-12)" % (n, e))
  e = max(np.abs(C["interface/" + k][:] - F["interface/" + k][:]).max() / np.abs(F["interface/" + k][:]).max() for k in ["weights", "points"])
  check(e < 1e-14, "%s: the same quadrature points and weights (%.1e)" % (n, e))
a = rom("grid"); b = rom("grid_re")
check(all(np.array_equal(a[k][:], b[k][:]) for k in ["K", "M", "Fv", "R"]), "-rom fine.h5 then -rom_zte_grid equals the reduction from the deck (bitwise)")
def rigid(R):
  K, M = R["K"][:], R["M"][:]
  L = np.linalg.cholesky(M)
  Li = np.linalg.inv(L)
  w, V = np.linalg.eigh(Li @ K @ Li.T)
  return w, Li.T @ V
wf, Zf = rigid(F)
area = F["interface/weights"][:].sum()
ps = h5py.File(d + "/ps_fine.h5", "r")
fn_f = (F["interface/weights"][:] * ps["prestress/point_traction"][:, 2]).sum()
check(abs(fn_f / (3 * 12249) - 1) < 1e-9, "fine: interface normal force %.9g N = 3 x 12249 N (%.1e)" % (fn_f, fn_f / (3 * 12249) - 1))
for n, two in [("grid", "grid2"), ("patches", "patches2")]:
  C = rom(n)
  ac = C["interface/weights"][:].sum()
  check(abs(ac / area - 1) < 1e-12, "%s: interface area %.9g m^2 = fine %.9g (%.1e)" % (n, ac, area, ac / area - 1))
  ps = h5py.File(d + "/ps_" + n + ".h5", "r")
  fn = (C["interface/weights"][:] * ps["prestress/point_traction"][:, 2]).sum()
  check(abs(fn / (3 * 12249) - 1) < 1e-9, "%s: the bolt load is carried: normal force %.9g N = 3 x 12249 N (%.1e)" % (n, fn, fn / (3 * 12249) - 1))
  w, Z = rigid(C)
  nz, nzf = int((np.abs(w) < 1.0).sum()), int((np.abs(wf) < 1.0).sum())
  check(nz == nzf and nz >= 6, "%s: as many rigid-body modes as the fine ROM (%d and %d eigenvalues below 1 rad^2/s^2; the next %.3g and %.3g)" % (n, nz, nzf, w[nz], wf[nzf]))
  A = F["R"][:] @ Zf[:, :nzf]; B = C["R"][:] @ Z[:, :nz]
  qa, qb = np.linalg.qr(A)[0], np.linalg.qr(B)[0]
  ang = np.arccos(min(1.0, np.linalg.svd(qa.T @ qb, compute_uv=False).min()))
  check(ang < 1e-6, "%s: the rigid-body modes move the sensors alike (largest principal angle %.1e rad)" % (n, ang))
  D = rom(two)
  w2 = rigid(D)[0]
  e = np.abs(w2[nz:40] - w[nz:40]).max() / w[nz:40].max()
  e2 = np.abs(D["interface/weights"][:] - C["interface/weights"][:]).max() / C["interface/weights"][:].max()
  if n == "patches": # recursive coordinate bisection (the default): the patches depend on the geometry only
    P = [rom(m)["interface/points"][:] for m in ("patches", "patches_re", "patches2")]
    check(all(np.array_equal(P[0], q) for q in P[1:]), "patches: the same patch points bitwise from the deck, from fine.h5 and on 2 ranks")
    wq = C["interface/weights"][:]
    check(wq.max() / wq.min() < 2.0, "patches: areas balanced by the bisection (largest / smallest %.3f < 2)" % (wq.max() / wq.min()))
  check(e < 1e-9 and e2 < 1e-14, "%s: 1 and 2 ranks give the same ROM: eigenvalues %d-40 to %.1e, quadrature to %.1e (the mode shapes of the first stage may differ in sign)" % (n, nz + 1, e, e2))
EOF
# bad input: one error line, nothing written
expect_fail shrunk "does not cover;shrunk.csv" rom -rom "$d/fine.h5" -rom_zte_mesh "$d/shrunk.csv"
expect_fail inverted "inverted;inverted.csv;element 6" rom -rom "$d/fine.h5" -rom_zte_mesh "$d/inverted.csv"
expect_fail bowtie "not convex|bow tie;element 8" rom -rom "$d/fine.h5" -rom_zte_mesh "$d/bowtie.csv"
expect_fail missing "node 101;not defined" rom -rom "$d/fine.h5" -rom_zte_mesh "$d/missing.csv"
expect_fail toomany "patches;144 faces" rom -rom "$d/fine.h5" -rom_zte_patches 500
expect_fail twokinds "one of" rom -rom "$d/fine.h5" -rom_zte_patches 5 -rom_zte_grid 3,3
expect_fail nofile "cannot open;nosuch.csv" rom -rom "$d/fine.h5" -rom_zte_mesh nosuch.csv
run "$d" cond rom -deck lb.inp -output cond.h5 -rom_condense_modes 10
expect_fail condensed "already condensed" rom -rom "$d/cond.h5" -rom_zte_grid 6,3
finish

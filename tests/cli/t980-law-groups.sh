#!/usr/bin/env bash
# Law groups of one interface (-friction_groups, src/rom/lawgroups.c) on the built-in lap-frame model (3 bolts on
# the line y = 0 at x = 0, +-0.0381 m; interface in the plane z = 0):
# - two groups (near: within 8 mm of a bolt axis, far: within 20 mm) with the default law and parameters give the
#   backbone of one law: frequency and damping equal to 1e-12 relative + 1e-15 (the same point evaluations in
#   runs; measured identical); on 2 ranks to the rank-invariance bounds of t903 (frequency 1e-8 relative since 2026-11-27, measured 1.1e-9 on the freshly set-up machine, as t903; damping
#   1e-9 + 1e-6 |z|; measured 7.4e-10 and 5e-15);
# - the same with EPMC and the matrix-free HB solver (-epmc_solver gmres, TriboHBOp, runs of points per law) and the
#   parameters of configs/demo.yaml, which the groups' laws inherit from the default law;
# - the printed point counts of the groups equal those computed here from /rom/interface/points (distance to the
#   vertical lines through the bolts, first listed group wins);
# - far group with mu = 0.2 (the default of edf is 0.5) or a Jenkins near group: a different backbone, at
#   the largest amplitude more damping (> 1.2 times) and a lower frequency than with one law (more slip);
# - bad names and options fail with one clear error line and leave no file.
# timeout: 180
set -u
. tests/cli/lib.sh
[ $HAVE_H5PY = 1 ] || { echo "needs /usr/bin/python3 with h5py and numpy"; exit 77; }
W=$TMPDIR_TEST/t980

run "$W" model model -output rom.h5
if [ $RC -ne 0 ] || [ ! -f "$W/rom.h5" ]; then
  fail "tribo model -output rom.h5" "exit status $RC" "$W/model.err"
  finish
  exit 1
fi
OPTS="-rom rom.h5 -backbone_n 6 -backbone_qmax 2e-4 -backbone_quiet"
B="-friction_bolt_xyz -0.0381,0,0,0,0,0,0.0381,0,0"
G="-friction_groups near,far -near_group_radius 0.008 -far_group_radius 0.02"
# shellcheck disable=SC2086 # option lists
{
  run "$W" b0 backbone $OPTS -output b0.h5
  run "$W" b1 backbone $OPTS $B $G -output b1.h5
  mpirun "$W" b1np2 2 backbone $OPTS $B $G -output b1np2.h5
  run "$W" b2 backbone $OPTS $B $G -far_friction_mu 0.2 -output b2.h5
  run "$W" b3 backbone $OPTS $B -friction_groups near -near_group_radius 0.01 -near_friction_type jenkins -near_friction_ts 1e5 -output b3.h5
  E="-rom rom.h5 -options_file $PWD/configs/demo.yaml -nma_type epmc -epmc_solver gmres -backbone_qmax 2e-4 -backbone_n 4 -backbone_quiet"
  run "$W" e0 backbone $E -output e0.h5
  run "$W" e1 backbone $E $B $G -output e1.h5
}
for b in b0 b1 b1np2 b2 b3 e0 e1; do
  if [ -f "$W/$b.h5" ]; then pass "tribo backbone ($b) wrote $b.h5"; else fail "tribo backbone ($b)" "no $b.h5" "$W/$b.err" "$W/$b.out"; fi
done
line=$(grep "law groups:" "$W/b1.out")
echo "# b1: $line"

pychecks "law groups: backbones and point counts" "$W" "$line" <<'PY'
import os, re, sys
import h5py
import numpy as np

d, line = sys.argv[1], sys.argv[2]
pts = h5py.File(os.path.join(d, "rom.h5"), "r")["/rom/interface/points"][()]
bolts = np.array([[-0.0381, 0, 0], [0, 0, 0], [0.0381, 0, 0]])
dist = np.min(np.hypot(pts[:, None, 0] - bolts[None, :, 0], pts[:, None, 1] - bolts[None, :, 1]), axis=1)
near = int(np.sum(dist <= 0.008))
far = int(np.sum((dist > 0.008) & (dist <= 0.02)))
rest = len(pts) - near - far
m = re.search(r"(\d+) points keep the default law, (\d+) in near \(edf\), (\d+) in far \(edf\)", line)
got = tuple(int(x) for x in m.groups()) if m else None
print("%s - point counts default/near/far %s, expected %s" % ("ok" if got == (rest, near, far) else "not ok", got, (rest, near, far)))

def bb(name):
  g = h5py.File(os.path.join(d, name + ".h5"), "r")["/backbone/mode1/"]
  return g["modal_amplitude"][()], g["frequency_hz"][()], g["damping"][()]

q0, f0, z0 = bb("b0")
for name, ftol, za, zr in (("b1", 1e-12, 1e-15, 1e-12), ("b1np2", 1e-8, 1e-9, 1e-6)):
  q, f, z = bb(name)
  df = np.max(np.abs(f - f0) / np.abs(f0))
  dz = np.max(np.abs(z - z0) / (za + zr * np.abs(z0)))
  ok = np.array_equal(q, q0) and df <= ftol and dz <= 1
  print("%s - %s (two groups, same law) = one law: frequency %.1e relative, damping %.1e of its bound" % ("ok" if ok else "not ok", name, df, dz))
qe, fe, ze = bb("e0")
q, f, z = bb("e1")
df = np.max(np.abs(f - fe) / np.abs(fe))
dz = np.max(np.abs(z - ze) / (1e-15 + 1e-12 * np.abs(ze)))
ok = np.array_equal(q, qe) and df <= 1e-12 and dz <= 1
print("%s - EPMC (TriboHBOp, demo.yaml parameters inherited by the groups): two groups = one law: frequency %.1e, damping %.1e of its bound" % ("ok" if ok else "not ok", df, dz))
for name in ("b2", "b3"):
  q, f, z = bb(name)
  ok = np.array_equal(q, q0) and z[-1] > 1.2 * z0[-1] and f[-1] < f0[-1]
  print("%s - %s (groups with other laws) differs: at q = %.1e zeta %.4e vs %.4e, f %.5f vs %.5f Hz" % ("ok" if ok else "not ok", name, q[-1], z[-1], z0[-1], f[-1], f0[-1]))
PY

# expect_bb NAME 'KEY1;KEY2' ARGS...: tribo backbone -rom ../rom.h5 ARGS in a fresh folder (expect_fail of tests/cli/lib.sh)
expect_bb() { local name=$1 keys=$2; shift 2; expect_fail "$name" "$keys" backbone -rom ../rom.h5 "$@"; }
# shellcheck disable=SC2086 # option lists
{
  expect_bb "group listed twice" '-friction_groups;"a" is listed twice' $B -friction_groups a,a -a_group_radius 0.01
  expect_bb "group name not lower case" '-friction_groups;"Bad";lower-case' $B -friction_groups Bad
  expect_bb "group without selection" 'group a;-a_group_radius' $B -friction_groups a
  expect_bb "radius without bolts" '-a_group_radius;-friction_bolt_xyz' -friction_groups a -a_group_radius 0.01
  expect_bb "bolts not in threes" '-friction_bolt_xyz;multiple of 3;got 2' -friction_bolt_xyz 1,2 -friction_groups a -a_group_radius 0.01
  expect_bb "radius <= 0" '-a_group_radius;> 0' $B -friction_groups a -a_group_radius -1
  expect_bb "group selecting no point" 'group a selects no interface point;1e-05' $B -friction_groups a -a_group_radius 1e-5
  expect_bb "unknown law of a group" '-a_friction_type;"nosuch";penalty, jenkins, edf' $B -friction_groups a -a_group_radius 0.01 -a_friction_type nosuch
  expect_bb "misspelt group option" 'unknown option;-a_frcition_mu' $B -friction_groups a -a_group_radius 0.01 -a_frcition_mu 0.1
  expect_bb "option of a group not listed" 'unknown option;-b_friction_mu' $B -friction_groups a -a_group_radius 0.01 -b_friction_mu 0.1
  expect_bb "element sets are not kept" '-a_group_elset;element sets;-a_group_radius' $B -friction_groups a -a_group_elset CT
}
finish

#!/usr/bin/env bash
# iwan_discrete with -friction_iwan_grid midpoint (issue 35, item 5): tmdsimpy's slider grid (Iwan4Force/VectorIwan4,
# alphasliders = 1: N bins of width phi_max/N, sliders slipping at the bin midpoints with stiffness R phi_j^chi dphi, plus
# the delta slider S at phi_max; Segalman 2005 eqs. 25-26) against an independent implementation written here in numpy from
# those equations: the tangential traction over two cycles of u1 = A sin(2 pi t), at amplitudes inside microslip (A = 1e-6,
# 2e-6 m) and in macroslip (A = 4e-6 m; phi_max = 2.54e-6 m), F_S = 1e6, K_T = 1e12, chi = -0.5, beta = 0.1, 100 sliders.
# Tolerance: 1e-12 of the largest traction. The default grid (equal stiffness) differs from it by more than 1e-4 (4.4e-4) at
# A = 1e-6 (the midpoint rule's error where R phi^chi is singular), which is why the choice exists.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
export TRIBO_PYTHON=/bin/true
P=(-friction_type iwan_discrete -friction_fs 1e6 -friction_kt 1e12 -friction_chi -0.5 -friction_beta 0.1 -friction_nsliders 100 -law_steps 800)
for a in 1e-6 2e-6 4e-6; do
  run "$d" "mid$a" law "${P[@]}" -friction_iwan_grid midpoint -law_u1 "sin($a,0.5)" -output "mid$a.h5"
  [ $RC = 0 ] || fail "tribo law, midpoint grid, A = $a" "exit $RC" "$d/mid$a.err"
done
run "$d" eq law "${P[@]}" -law_u1 "sin(1e-6,0.5)" -output eq.h5
[ $RC = 0 ] || fail "tribo law, equal-stiffness grid" "exit $RC" "$d/eq.err"
[ $HAVE_H5PY = 1 ] || { skip "comparison with the numpy sliders" "no h5py"; finish; exit; }
pychecks midpoint "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
fs, kt, chi, beta, N = 1e6, 1e12, -0.5, 0.1, 100
c = (chi + 1) / (chi + 2)
phimax = fs * (1 + beta) / (kt * (beta + c))
R = fs * (chi + 1) / (phimax ** (chi + 2) * (beta + c))  # Segalman eq. 25
S = fs * beta / (phimax * (beta + c))                  # eq. 26
dphi = phimax / N
phi = np.append((np.arange(N) + 0.5) * dphi, phimax)
w = np.append(R * phi[:-1] ** chi * dphi, S)
def sliders(u):  # each slider a Jenkins element from rest at u = 0: stretch s_j capped at phi_j
    s, out = np.zeros(N + 1), []
    up = 0.0
    for x in u:
        s = np.clip(s + (x - up), -phi, phi)
        up = x
        out.append(w @ s)
    return np.array(out)
for a in ("1e-6", "2e-6", "4e-6"):
    f = h5py.File("%s/mid%s.h5" % (d, a), "r")
    u, t = f["law/u"][:, 0], f["law/iwan_discrete/t"][:, 0]
    ref = sliders(u)
    err = np.max(np.abs(t - ref)) / np.max(np.abs(ref))
    print(("ok" if err <= 1e-12 else "not ok") + " - A = %s m: the midpoint grid equals the numpy sliders within %.1e of max |t| = %.4g Pa" % (a, err, np.max(np.abs(ref))))
g = h5py.File(d + "/eq.h5", "r")
f = h5py.File(d + "/mid1e-6.h5", "r")
dd = np.max(np.abs(g["law/iwan_discrete/t"][:, 0] - f["law/iwan_discrete/t"][:, 0])) / np.max(np.abs(f["law/iwan_discrete/t"][:, 0]))
print(("ok" if dd > 1e-4 else "not ok") + " - the equal-stiffness grid differs from the midpoint one by %.2e of max |t| at A = 1e-6 m" % dd)
PYEOF
finish

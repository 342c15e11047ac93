#!/usr/bin/env bash
# EPMC starts anywhere (issue 35 item 3) and reports reversals (item 1).
# The system (inputs only): NLvib's ex05, 2 DOF, m = [0.02, 1], springs ground-1 0, 1-2 40, 2-ground 600, a tanh friction
# element on DOF 1 (mu N = 5, eps 0.05), no viscous damping; EPMC of mode 1, harmonics 0-21, Nt 1024. The tanh law has no
# stiffness at rest, so the prestressed tangent is the sliding system's: the default start diverges at small amplitude.
# - -epmc_start stuck (the tanh element held) traces q = 0.03 to 10 upward, 1 and 2 ranks equal (1e-9): its low end at the
#   fixed-contact frequency sqrt(640)/(2 pi) = 4.026316 Hz and its high end at the free system's 3.844578 Hz (closed forms of
#   the 2x2 eigenproblems, 1e-4 relative), with an interior damping peak (0.1 < q < 0.3, 5 times both ends).
# - Downward (-backbone_qmin 10 -backbone_qmax 0.03, the default start) traces the same branch: it is stored with growing q,
#   complete, within 1e-3 in frequency of the upward run interpolated in log q, and at the requested amplitudes 0.05, 0.165, 2
#   a downward run (-cont_direction -1, slipped start) and an upward one (stuck start) agree within 1e-8 in frequency and 1e-6
#   in damping (the Newton tolerance on the scaled xi).
# - Independent check of those three solutions: a time integration (RK4, 20000 steps a period, numpy) of the EPMC's system
#   M x'' + (C - xi M) x' + K x + f_tanh(x') = 0 from the EPMC state at t = 0 for one period returns to it within 1e-3 of its
#   size, and the energy the tanh element dissipates equals the EPMC's dissipation_J within 1e-3 (measured 1e-4 at most).
# - -epmc_start file:BRANCH.h5 starts from the nearest point of an earlier branch file and lands on the same solution (1e-8).
# - The default start at q = 0.03 fails with one line naming -epmc_start and the downward trace; bad starts are refused.
# - Reversals (item 1), NLvib's ex04 (2 DOF, unit masses, springs 1-1-1, cubic spring 0.5 on DOF 1), harmonics 0-3, q from 0.1
#   to 100: the backbone folds at an internal resonance near q = 74.6; default steps and steps of at most 0.05 find the same
#   single fold (1e-6), the run exits 0 with a warning line naming the reversal, and the branch, which turns back and leaves
#   the range at its start, is marked complete = 0 with the reason in the attribute stopped.
# timeout: 300
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t959
mkdir -p "$W"
export TRIBO_PYTHON=/bin/true # no pictures here
cat >"$W/ex05.yaml" <<'EOF'
M: [0.02, 1]
K: [[40, -40], [-40, 640]]
C: [[0, 0], [0, 0]]
elements:
  - law: tanh
    W: [[1], [0]]
    params: {mu: 1, fn: 5, eps: 0.05}
EOF
cat >"$W/ex04.yaml" <<'EOF'
M: [1, 1]
K: [[2, -1], [-1, 2]]
C: [[0, 0], [0, 0]]
elements:
  - law: cubic
    W: [[1], [0]]
    params: {k3: 0.5}
EOF
H=$(seq -s, 0 21)
common=(backbone -rom ex05.yaml -nma_type epmc -backbone_mode 1 -hb_harmonics "$H" -hb_nt 1024)
amps=0.05,0.165,2

run "$W" up "${common[@]}" -backbone_qmin 0.03 -backbone_qmax 10 -epmc_start stuck -output up.h5
[ "$RC" = 0 ] && pass "stuck start, 0.03 to 10, 1 rank" || fail "stuck start" "exit $RC" "$W/up.err"
mpirun "$W" up2 2 "${common[@]}" -backbone_qmin 0.03 -backbone_qmax 10 -epmc_start stuck -output up2.h5
[ "$RC" = 0 ] && pass "stuck start, 0.03 to 10, 2 ranks" || fail "stuck start, 2 ranks" "exit $RC" "$W/up2.err"
run "$W" down "${common[@]}" -backbone_qmin 10 -backbone_qmax 0.03 -output down.h5
[ "$RC" = 0 ] && pass "downward from 10 to 0.03 (-backbone_qmin above -backbone_qmax), default start" || fail "downward" "exit $RC" "$W/down.err"
run "$W" reqd "${common[@]}" -backbone_amplitudes $amps -cont_direction -1 -epmc_start slipped -cont_output brq.h5 -output reqd.h5
[ "$RC" = 0 ] && pass "requested amplitudes traced downward (-cont_direction -1), slipped start" || fail "requested, downward" "exit $RC" "$W/reqd.err"
run "$W" requ "${common[@]}" -backbone_amplitudes $amps -epmc_start stuck -output requ.h5
[ "$RC" = 0 ] && pass "requested amplitudes traced upward, stuck start" || fail "requested, upward" "exit $RC" "$W/requ.err"
run "$W" file "${common[@]}" -backbone_qmin 0.05 -backbone_qmax 1 -epmc_start "file:$W/brq.h5" -output file.h5
[ "$RC" = 0 ] && grep -q "EPMC start: point .* of .*brq.h5" "$W/file.out" && pass "start from a branch file (-epmc_start file:)" \
  || fail "start from a file" "exit $RC" "$W/file.err"
run "$W" tangent "${common[@]}" -backbone_qmin 0.03 -backbone_qmax 10 -output tangent.h5
if [ "$RC" != 0 ] && [ "$(grep -c . "$W/tangent.err")" = 1 ] && grep -q "did not converge from the tangent start.*-epmc_start.*downward" "$W/tangent.err"; then
  pass "the default start at q = 0.03 fails in one line naming -epmc_start and the downward trace"
else
  fail "default start at 0.03" "exit $RC, expected non-zero and one line" "$W/tangent.err"
fi
expect_fail "an unknown start is refused" "epmc_start;tangent, stuck, slipped or file:PATH" backbone -rom "$W/ex05.yaml" -nma_type epmc -epmc_start fixed
expect_fail "a branch file of other harmonics is refused" "brq.h5;89 unknowns;this EPMC has 17" backbone -rom "$W/ex05.yaml" -nma_type epmc \
  -backbone_qmin 0.05 -backbone_qmax 1 -hb_harmonics 0,1,2,3 -epmc_start "file:$W/brq.h5"
expect_fail "-cont_direction other than 1 or -1 is refused" "cont_direction;1 or -1" backbone -rom "$W/ex05.yaml" -nma_type epmc -cont_direction 2
expect_fail "-cont_direction -1 is refused by the FRF, pointing to -frf_range" "cont_direction;frf_range" frf -rom "$W/ex05.yaml" \
  -frf_range 3,5 -cont_direction -1

ex04=(backbone -rom ex04.yaml -nma_type epmc -backbone_qmin 0.1 -backbone_qmax 100 -hb_harmonics 0,1,2,3 -hb_nt 64 -cont_max_steps 20000)
run "$W" fold "${ex04[@]}" -output fold.h5
[ "$RC" = 0 ] && grep -q "^warning: EPMC: the modal amplitude reverses at q = 74.6.* (1 fold of the branch.*turned back" "$W/fold.out" \
  && pass "a reversing backbone exits 0 with a warning line naming the reversal" || fail "reversal warning" "exit $RC" "$W/fold.out"
run "$W" foldf "${ex04[@]}" -cont_ds_max 0.05 -cont_output foldf_branch.h5 -output foldf.h5
run "$W" foldd "${ex04[@]}" -cont_output foldd_branch.h5 -output foldd.h5
[ "$RC" = 0 ] && pass "the same with default steps and a branch file" || fail "fold, branch file" "exit $RC" "$W/foldd.err"

if [ "$HAVE_H5PY" = 1 ]; then
  pychecks "start and direction checks" "$W" <<'EOF'
import sys, h5py, numpy as np
w = sys.argv[1]
def bb(f):
    with h5py.File(w + "/" + f, "r") as h:
        g = h["backbone/mode1"]
        return (np.array(g["modal_amplitude"]), np.array(g["frequency_hz"]), np.array(g["damping"]), int(g.attrs["complete"]),
                np.array(g["dissipation_J"]))
fixed = np.sqrt(640) / (2 * np.pi)
M = np.diag([0.02, 1.0]); K = np.array([[40.0, -40.0], [-40.0, 640.0]])
free = np.sqrt(np.min(np.linalg.eigvals(np.linalg.solve(M, K)).real)) / (2 * np.pi)
q, f, z, c, _ = bb("up.h5")
ok = c == 1 and abs(q[0] / 0.03 - 1) < 1e-12 and abs(f[0] / fixed - 1) < 1e-4 and abs(f[-1] / free - 1) < 1e-4
print(("ok" if ok else "not ok") + " - upward from q = 0.03 (%d points, complete %d): f %.6f Hz there (fixed contact %.6f), %.6f Hz at q = %.3g (free %.6f)"
      % (len(q), c, f[0], fixed, f[-1], q[-1], free))
i = np.argmax(z)
ok = 0.1 < q[i] < 0.3 and z[i] > 5 * z[0] and z[i] > 5 * z[-1]
print(("ok" if ok else "not ok") + " - the damping peak: zeta %.4f at q = %.4f, ends %.2e and %.2e" % (z[i], q[i], z[0], z[-1]))
q2, f2, z2, _, _ = bb("up2.h5")
print(("ok" if len(q2) == len(q) and np.allclose(f2, f, rtol=1e-9) and np.allclose(z2, z, rtol=1e-9, atol=1e-12) else "not ok") + " - 1 and 2 ranks agree")
qd, fd, zd, cd, _ = bb("down.h5")
fi = np.interp(np.log(qd), np.log(q), f)
ok = cd == 1 and np.all(np.diff(qd) > 0) and abs(qd[-1] / 10 - 1) < 1e-12 and qd[0] < 0.06 and np.max(np.abs(fd / fi - 1)) < 1e-3
print(("ok" if ok else "not ok") + " - the downward run is complete, stored with growing q (%.3g to %.3g), on the upward branch (max |df/f| %.1e, 1e-3: "
      "linear interpolation between the upward run's points)"
      % (qd[0], qd[-1], np.max(np.abs(fd / fi - 1))))
qa, fa, za, _, Wa = bb("reqd.h5")
qb, fb, zb, _, _ = bb("requ.h5")
want = np.array([0.05, 0.165, 2])
ok = len(qa) == 3 and len(qb) == 3 and np.max(np.abs(qa / want - 1)) < 1e-12 and np.max(np.abs(qb / want - 1)) < 1e-12
df, dz = (np.max(np.abs(fa / fb - 1)), np.max(np.abs(za / zb - 1))) if ok else (1, 1)
print(("ok" if ok and df < 1e-8 and dz < 1e-6 else "not ok")
      + " - downward (slipped start) and upward (stuck start) agree at the requested amplitudes: |df/f| %.1e (1e-8), |dz/z| %.1e (1e-6: the Newton tolerance)" % (df, dz))
# the time integration of the EPMC's own system from its state at t = 0, one period
H, n = 21, 2
nc = 2 * H + 1
nn = nc * n
muN, eps = 5.0, 0.05
with h5py.File(w + "/brq.h5", "r") as h:
    hits = np.array(h["/cont/target_hits"])
Minv = np.linalg.inv(M)
worst = 0
for x in hits:
    om, xi, A = x[nn], x[nn + 1], 10 ** x[nn + 2]
    P = x[:nn].reshape(nc, n)
    y0 = np.concatenate([P[0] + A * sum(P[2 * h - 1] for h in range(1, H + 1)), om * A * sum(h * P[2 * h] for h in range(1, H + 1))])
    def rhs(y):
        fr = np.array([muN * np.tanh(y[2] / eps), 0.0])
        return np.concatenate([y[2:], Minv @ (xi * M @ y[2:] - K @ y[:2] - fr)]), fr @ y[2:]
    ns = 20000
    dt = 2 * np.pi / om / ns
    y, E = y0.copy(), 0.0
    for k in range(ns):
        k1, p1 = rhs(y); k2, p2 = rhs(y + dt / 2 * k1); k3, p3 = rhs(y + dt / 2 * k2); k4, p4 = rhs(y + dt * k3)
        y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        E += dt / 6 * (p1 + 2 * p2 + 2 * p3 + p4)
    Wq = Wa[np.argmin(np.abs(qa - A))]
    per = np.max(np.abs(y - y0)) / np.max(np.abs(y0))
    ok = abs(E / Wq - 1) < 1e-3 and per < 1e-3
    worst = max(worst, abs(E / Wq - 1))
    print(("ok" if ok else "not ok") + " - q = %.4g: the integrated period dissipates %.6e J in the tanh element, EPMC %.6e J (rel %.1e, 1e-3); periodic to %.1e (1e-3)"
          % (A, E, Wq, E / Wq - 1, per))
qf, ff, zf, cf, _ = bb("file.h5")
ok = abs(qf[0] / 0.05 - 1) < 1e-12 and abs(ff[0] / fa[0] - 1) < 1e-8 and abs(zf[0] / za[0] - 1) < 1e-8 and cf == 1
print(("ok" if ok else "not ok") + " - the start from the branch file lands on the same solution at q = 0.05 (|df/f| %.1e, 1e-8)" % abs(ff[0] / fa[0] - 1))
def folds(f):
    with h5py.File(w + "/" + f, "r") as h:
        return 10 ** np.array(h["/cont/folds"])[:, -1] if int(h["/cont"].attrs["nfolds"]) else np.array([])
fa_, fb_ = folds("foldd_branch.h5"), folds("foldf_branch.h5")
ok = len(fa_) == 1 and len(fb_) == 1 and abs(fa_[0] / fb_[0] - 1) < 1e-6
print(("ok" if ok else "not ok") + " - default and fine steps find the same fold: %s and %s" % (fa_, fb_))
with h5py.File(w + "/fold.h5", "r") as h:
    g = h["backbone/mode1"]
    c, st, qq = int(g.attrs["complete"]), str(g.attrs.get("stopped", "")), np.array(g["modal_amplitude"])
ok = c == 0 and "reverses at q = 74.6" in st and "turned back" in st and np.all(np.diff(qq) > 0) and qq[-1] < 75
print(("ok" if ok else "not ok") + " - the reversing backbone is marked complete = 0, the reason stored, its points up to the fold (q <= %.4g)" % qq[-1])
EOF
fi
finish

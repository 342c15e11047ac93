#!/usr/bin/env bash
# Python post-processing, the Masing manifold figure (paper brake-porter-karpov-masing-manifolds §2-§3):
# an independent numpy implementation of the paper's formulas (eq. 1 marched literally over two periods,
# the anchor extremes of eqs. 3-4 maximized over the cycle, eq. 5 as the half difference, the points A-F,
# the manifold read on the loading face between the anchor's reversals, and the constraint inequalities
# eqs. 8, 16 and 17 evaluated literally between samples) writes a /law file in the layout agreed with
# `tribo law` for the examples of §3 (1000 samples per period): N = 2.5 sin(2 pi t - pi/4) + 5 MN (on the
# manifold, within 1e-10 of max|f|) and eq. 19 (eq. 8 violated, off the manifold at samples 251-331). The
# figure kind "manifold" draws them (faces, response, projection, off-manifold samples; read back from the
# Figure), the PNG is written and non-trivial (> 20 kB, many colours), the older kinds do not apply to a /law file
# and the first three kinds stay backbone, prestress, modal; `python3 -m tribo plot --kind manifold` draws it
# (taking N from the law's normal traction when /law/N is absent).
# When the C driver tests/law/t160 is built, the stretches it reports (samples and condition) must equal
# numpy's for eq. 19 and for eq. 18 with a 9 MN jump (eq. 16 at sample 511, eq. 17 failing at 557).
# tribo law -law_masing (§3, N = 2.5 sin(2 pi t) + 5 MN, 2 periods of 300 steps) draws <png stem>_manifold.png, and
# a file with the attribute first (the steady period's first sample, 300) is drawn from it on: 301 samples and the
# closing one, all on the manifold; with two laws, one picture per law (_manifold_<law>.png, --law).
# One line per check.
# timeout: 120
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
need_matplotlib
W=$TMPDIR_TEST/t830
mkdir -p "$W"
T160=$ROOT/${TRIBO_BUILD_DIR:-build}/tests/law/t160-masing-manifold
[ -x "$T160" ] && "$T160" -masing_mu 0.9627 -masing_kt 5.26e14 >"$W/t160.out" 2>&1

pychecks "manifold" "$W" <<'EOF'
import os, sys, subprocess
import numpy as np, h5py
import tribo
from tribo import figures as tf

W = sys.argv[1]
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))

mu, kT, nt = 0.9627, 5.26e14, 1000
t = np.arange(nt) / nt
u = 50e-9 * np.sin(2 * np.pi * t)
H = lambda x: (x >= 0).astype(float)
cases = {"phase": 2.5e6 * np.sin(2 * np.pi * t - np.pi / 4) + 5e6,
         "eq19": 8e6 - 5e6 * H(t - 0.3) * (1 - H(t - 0.4)) * np.sin(2 * np.pi / 0.2 * (t - 0.3)) ** 2,
         "eq18x3": 2e6 + 9e6 * H(t - 0.5) * (1 - H(t - 0.6)) * (1 - np.cos(2 * np.pi / 0.2 * (t - 0.5)) ** 2)}

def reference(N):
    """eq. 1 literally (u0, f0), three periods from rest; the manifold; the conditions between samples"""
    f = np.zeros(3 * nt); s = np.zeros(3 * nt, int); u0 = f0 = 0.0
    for j in range(3 * nt):
        fs = kT * (u[j % nt] - u0) + f0
        if abs(fs) < mu * N[j % nt]:
            f[j] = fs
        else:
            s[j] = int(np.sign(fs)); f[j] = mu * N[j % nt] * s[j]
        u0, f0 = u[j % nt], f[j]
    w = mu * N / kT
    amax, amin, imax, imin = (u - w).max(), (u + w).min(), int((u - w).argmax()), int((u + w).argmin())
    uamp = max(0.0, 0.5 * (amax - amin))
    uoff = 0.5 * (amax + amin) if uamp > 0 else min(max(0.0, amax), amin)
    wm, fsm, Nm = mu * N.max() / kT, mu * N.max(), N.max()
    V = np.array([[uoff + uamp, 0, 0], [uoff - uamp, 0, 0], [uoff + uamp + wm, fsm, Nm], [uoff - uamp - wm, -fsm, Nm],
                  [uoff + uamp - wm, -fsm, Nm], [uoff - uamp + wm, fsm, Nm]])
    pos, ln = (np.arange(nt) - imin) % nt, (imax - imin) % nt
    load = (pos >= 1) & (pos <= ln)
    fm = np.clip(kT * (u - np.where(load, uoff - uamp, uoff + uamp)), -mu * N, mu * N)
    viol, events = np.zeros(nt, int), []
    for k in range(nt - 1, 2 * nt - 1):            # a slip sample followed by a stuck one: sticking starts at k+1
        if s[k] == 0 or s[k + 1] != 0:
            continue
        sk, u0, f0, e = s[k], u[k % nt], f[k], k + 1
        while s[e] == 0:
            e += 1
        moving = np.sign(u[(k + 1) % nt] - u[k % nt]) == sk
        eq16 = moving and mu * (N[(k + 1) % nt] - N[k % nt]) > kT * (u[(k + 1) % nt] - u[k % nt]) * sk
        if eq16:                                   # eq. 17 from t1 = k+1 until the velocity reverses
            t1, m, fail17 = k + 1, k + 1, None
            while np.sign(u[(m + 1) % nt] - u[m % nt]) != -sk and m < k + nt:
                m += 1
                if sk * (kT * (u[m % nt] - u[t1 % nt]) + f[t1]) >= mu * N[m % nt]:
                    fail17 = m; break
            if fail17 is not None:
                viol[[x % nt for x in range(k + 1, fail17)]] = 16
                events.append((16, (k + 1) % nt, (fail17 - 1) % nt, fail17 % nt))
            continue
        fe = kT * (u[e % nt] - u0) + f0            # eq. 8 at the end of the stuck stretch
        if fe * np.sign(u[e % nt] - u0) < -mu * N[e % nt]:
            viol[[x % nt for x in range(k + 1, e)]] = 8
            events.append((8, (k + 1) % nt, (e - 1) % nt, e % nt))
    return f[nt:2 * nt], fm, V, viol, events, uamp

refs = {k: reference(N) for k, N in cases.items()}
f, fm, V, viol, ev, _ = refs["phase"]
d = np.abs(f - fm).max() / np.abs(f).max()
check(d <= 1e-10 and not viol.any(), "numpy: N = 2.5 sin(2 pi t - pi/4) + 5 MN stays on the manifold (deviation %.1e <= 1e-10, no condition violated)" % d)
f, fm, V, viol, ev, _ = refs["eq19"]
dv = np.abs(f - fm) / np.abs(f).max()
check([e[:3] for e in ev] == [(8, 251, 331)] and (viol != 0).sum() == 81 and np.array_equal(viol != 0, dv > 1e-10),
      "numpy: eq. 19 leaves the manifold by eq. 8 at samples 251-331 exactly where the forces differ (largest %.3f of max|f|)" % dv.max(), str(ev))
check([e[:3] for e in refs["eq18x3"][4]] == [(16, 511, 556)], "numpy: eq. 18 with a 9 MN jump: eq. 16, eq. 17 fails, samples 511-556", str(refs["eq18x3"][4]))

if os.path.exists(W + "/t160.out"):
    out = open(W + "/t160.out").read()
    want = ["case 6: eq. 8 violated at sample %d, off the manifold at samples %d-%d" % (refs["eq19"][4][0][3], 251, 331),
            "case 7: eq. 16 violated at sample 511, off the manifold at samples 511-556"]
    check(all(w in out for w in want) and "FAILED" not in out, "the C driver t160 reports the same stretches and conditions as numpy", out[-400:])

def write(path, N, ref):
    f, fm, V, viol, ev, uamp = ref
    with h5py.File(path, "w") as h:
        m = h.create_group("meta"); m.attrs["program"] = "tribo"; m.attrs["verb"] = "law"
        g = h.create_group("law")
        g["time"] = t
        g["u"] = np.stack([u, 0 * u, N / 5.765e11], axis=1)
        g["N"] = N
        g["edf/t"] = np.stack([f, 0 * f, N], axis=1)
        mg = g.create_group("edf/manifold")
        mg["vertices"] = V; mg["t"] = fm; mg["violation"] = viol.astype(np.int32)
        mg.attrs["mu"] = mu; mg.attrs["kT"] = kT; mg.attrs["u_anchor_amp"] = uamp; mg.attrs["N_max"] = N.max()

for name in ("phase", "eq19"):
    write(W + "/%s.h5" % name, cases[name], refs[name])
r = tribo.read(W + "/eq19.h5")
kinds = list(tribo.FIGURES)
check(kinds[:3] == ["backbone", "prestress", "modal"] and "manifold" in kinds and tribo.FIGURES["manifold"].applies(r)
      and not any(tribo.FIGURES[k].applies(r) for k in kinds[:kinds.index("manifold")] if k in ("backbone", "prestress", "modal", "loops", "frf")),
      "kinds: backbone, prestress, modal first; manifold applies to a /law file with a manifold, the older kinds do not", str(kinds))
fig = tf.manifold_figure(r)
ax3, ax2 = fig.axes[0], fig.axes[1]
faces = sorted(c.get_gid() for c in ax3.collections if (c.get_gid() or "").startswith("manifold-face-"))
check(faces == ["manifold-face-%s" % n for n in ("ACE", "ACFB", "BDEA", "BDF")], "3-D panel: the four faces ACE, BDF, ACFB, BDEA", str(faces))
lines = {l.get_gid(): l for l in ax3.get_lines()}
ok = {"response-3d", "response-projection", "off-manifold-3d", "manifold-top"} <= set(lines)
if ok:
    x, y, z = lines["response-projection"].get_data_3d()
    ok = np.allclose(z, 0) and len(x) == nt + 1 and np.isclose(x.max(), 50.0)   # nm, closed loop
    _, _, zr = lines["response-3d"].get_data_3d()
    ok = ok and np.isclose(zr.max(), 8.0) and len(lines["off-manifold-3d"].get_data_3d()[0]) == 81   # MN
check(ok, "3-D panel: response (N in MN), its projection on N = 0 (u in nm, closed), 81 samples off the manifold", str(sorted(lines)))
l2 = {l.get_gid() for l in ax2.get_lines()}
check({"loop-direct", "loop-manifold", "off-manifold"} <= l2 and "eq. 8" in ax2.get_title(), "loop panel: law, manifold reading, eq. 8 in the title",
      ax2.get_title())
png = tribo.save(fig, W + "/eq19.png")
import matplotlib.image as mpimg
img = mpimg.imread(png)
ncol = len(np.unique((img[..., :3] * 255).astype(int).reshape(-1, 3), axis=0))
check(os.path.getsize(png) > 20000 and open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n" and ncol > 50 and img[..., :3].std() > 0.02,
      "PNG written and non-trivial (%d bytes, %d colours)" % (os.path.getsize(png), ncol))
fig = tf.manifold_figure(tribo.read(W + "/phase.h5"))
check("on the manifold" in fig.axes[1].get_title() and not any(l.get_gid() == "off-manifold" for l in fig.axes[1].get_lines()),
      "the pi/4 case is drawn on the manifold, nothing marked off")
try:
    tf.manifold_figure(r, law="jenkins")
    check(False, "an unknown law is refused", "no error")
except tribo.ResultError as e:
    check("jenkins" in str(e) and "edf" in str(e), "an unknown law is refused naming the laws with a manifold", str(e))
with h5py.File(W + "/phase.h5", "a") as h:
    del h["law/N"]                                   # the figure falls back on the law's normal traction
cp = subprocess.run([sys.executable, "-m", "tribo", "plot", W + "/phase.h5", "--kind", "manifold", "-o", W + "/phase.png"], capture_output=True,
                    text=True)
check(cp.returncode == 0 and os.path.getsize(W + "/phase.png") > 20000 and "(manifold)" in cp.stdout,
      "CLI: plot --kind manifold draws it (N from the law's normal traction when /law/N is absent)", cp.stderr + cp.stdout)
EOF
E=(-friction_type edf -friction_mu 0.9627 -friction_kt 5.26e14 -friction_kn 1)
(cd "$W" && run1 law "${E[@]}" -law_masing -law_u1 "sin(50e-9,1)" -law_n "5e6+sin(2.5e6,1)" -law_periods 2 -law_steps 600 -output run.h5 \
  > run.out 2> run.err)
rc=$?
if [ $rc = 0 ] && [ "$(head -c 4 "$W/run_manifold.png" | tail -c 3)" = PNG ] && grep -q "wrote run_manifold.png" "$W/run.out"; then
  pass "tribo law -law_masing draws run_manifold.png next to run.h5 and run.png"
else fail "tribo law -law_masing picture (exit $rc)" "no run_manifold.png" "$W/run.out" "$W/run.err"; fi
(cd "$W" && run1 law -law_laws a,b -a_friction_type edf -b_friction_type edf -b_friction_mu 0.3 -law_masing -law_u1 "sin(2e-6,1)" \
  -law_n "1e6+sin(5e5,1)" -law_steps 200 -output two.h5 > two.out 2> two.err)
rc=$?
if [ $rc = 0 ] && [ -s "$W/two_manifold_a.png" ] && [ -s "$W/two_manifold_b.png" ]; then pass "two laws: two_manifold_a.png and two_manifold_b.png"
else fail "two laws (exit $rc)" "no picture per law" "$W/two.out" "$W/two.err"; fi
pychecks "manifold of a tribo law run" "$W" <<'EOF'
import sys
import numpy as np
import tribo
from tribo import figures as tf
W = sys.argv[1]
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))
r = tribo.read(W + "/run.h5")
fig = tf.manifold_figure(r)
lines = {l.get_gid(): l for l in fig.axes[0].get_lines()}
x, y, z = lines["response-3d"].get_data_3d()
u = r.get("/law/u")[:, 0]
check(r.attrs["/law/edf/manifold"]["first"] == 300 and len(x) == 302 and np.allclose(x[:-1] / 1e9, u[300:], rtol=0, atol=1e-20) and x[-1] == x[0]
      and "off-manifold-3d" not in lines and "on the manifold" in fig.axes[1].get_title(),
      "attribute first = 300: only the last period is drawn (302 points, closed), on the manifold", "%d points" % len(x))
fb = tf.manifold_figure(tribo.read(W + "/two.h5"), law="b")
check("of b" in fb._suptitle.get_text(), "two laws: law b drawn on request", fb._suptitle.get_text())
EOF
finish

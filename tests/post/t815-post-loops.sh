#!/usr/bin/env bash
# Python post-processing, the hysteresis loops (issue 7): bin/tribo backbone on the built-in
# model with -backbone_loop_points 0,100 stores the last cycle of each amplitude
# (/backbone/mode1/loop_q, loop_force, loop_point_*); the loops figure draws one modal loop per
# chosen amplitude and one panel per point, axis limits around the data (read back from the
# Figure); its loops are closed and their areas are the stored dissipation; auto still draws the
# backbone; the command line (--kind loops --amps). One line per check.
# timeout: 60
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
need_matplotlib
W=$TMPDIR_TEST/t815
mkdir -p "$W"
if ! (cd "$W" && run1 model -output rom.h5 && run1 backbone -rom rom.h5 -options_file "$ROOT/configs/demo.yaml" -backbone_n 4 \
  -backbone_loop_points 0,100 -output b.h5) >"$W/run.out" 2>"$W/run.err" || [ ! -s "$W/b.h5" ]; then
  fail "tribo backbone -backbone_loop_points 0,100 writes b.h5" "tribo failed" "$W/run.err"
  finish
  exit 1
fi
pass "tribo backbone -backbone_loop_points 0,100 writes b.h5"

pychecks "loops" "$W" <<'EOF'
import os, sys, subprocess
import numpy as np
import tribo
from tribo import figures as tf

W = sys.argv[1]
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))
def lines(ax, prefix):
    return [l for l in ax.get_lines() if (l.get_gid() or "").startswith(prefix)]
def contains(lim, data):
    data = np.asarray(data, dtype=float)
    data = data[np.isfinite(data)]
    lo, hi = sorted(lim)
    return data.size > 0 and lo <= data.min() and data.max() <= hi

r = tribo.read(W + "/b.h5")
b = r.backbone()
na = len(b["modal_amplitude"])
q, F = b["loop_q"], b["loop_force"]
U, T = b["loop_point_displacement"], b["loop_point_traction"]
nl = q.shape[1]
check(q.shape == F.shape == (na, nl) and nl % 2 == 0 and list(b["loop_point_index"]) == [0, 100] and U.shape == T.shape == (na, nl, 2, 3),
      "datasets: loop_q, loop_force (%d x %d), loop_point_index [0, 100], loop_point_* (na x nloop x 2 x 3)" % (na, nl), "%s %s" % (q.shape, U.shape))
ok = b["converged"] > 0
amp = b["modal_amplitude"]
check(np.allclose(np.abs(q[ok, 0]), amp[ok]) and np.allclose(q[ok, nl // 2 - 1], -amp[ok]) and np.allclose(q[ok, -1], amp[ok]),
      "each loop runs +q -> -q -> +q")
D = np.array([np.sum(0.5 * (F[i] + np.roll(F[i], -1)) * (np.roll(q[i], -1) - q[i])) for i in range(na)])
Ds = b["dissipation_J"]
i = na - 1
check(abs(D[i] - Ds[i]) <= 0.05 * abs(Ds[i]) and Ds[i] > 0, "modal loop area (trapezoid) %.4g = stored dissipation %.4g (5%%)" % (D[i], Ds[i]))

fig = tf.loops_figure(r)
ax = fig.axes[0]
lm = lines(ax, "loop-modal-")
check(len(lm) == int(np.isfinite(q).any(axis=1).sum()) == na, "modal panel: one line per amplitude (%d)" % len(lm))
check(contains(ax.get_xlim(), q) and contains(ax.get_ylim(), F), "modal panel: axis limits contain the loops",
      "%s %s" % (ax.get_xlim(), ax.get_ylim()))
check(all(l.get_xdata()[0] == l.get_xdata()[-1] for l in lm), "modal loops are drawn closed")
check("modal amplitude" in ax.get_xlabel() and "force" in ax.get_ylabel(), "modal panel: axis labels")
for p in range(2):
    axp = fig.axes[1 + p]
    lp = lines(axp, "loop-point-%d-" % p)
    xs = np.concatenate([l.get_xdata() for l in lp])
    ys = np.concatenate([l.get_ydata() for l in lp])
    check(len(lp) == na and contains(axp.get_xlim(), xs) and contains(axp.get_ylim(), ys) and "MPa" in axp.get_ylabel()
          and "um" in axp.get_xlabel() and axp.get_title() == "point %d" % [0, 100][p],
          "point %d panel: %d lines, limits contain the data (traction %.3g..%.3g MPa)" % ([0, 100][p], len(lp), ys.min(), ys.max()))
fig = tf.loops_figure(r, amps="0,%d" % (na - 1))
check(len(lines(fig.axes[0], "loop-modal-")) == 2 and len(lines(fig.axes[1], "loop-point-0-")) == 2, "amps 0,%d: two loops per panel" % (na - 1))
try:
    tf.loops_figure(r, amps="7")
    check(False, "amps out of range is refused", "no error")
except tribo.ResultError as e:
    check("out of range" in str(e), "amps out of range is refused", str(e))
check(tf.auto_kind([r]) == "backbone" and "loops" in tribo.FIGURES, "auto still draws the backbone; loops registered")
env = dict(os.environ)
cp = subprocess.run([sys.executable, "-m", "tribo", "plot", W + "/b.h5", "--kind", "loops", "--amps", "1,3", "-o", W + "/l.png"],
                    capture_output=True, text=True, env=env)
check(cp.returncode == 0 and os.path.getsize(W + "/l.png") > 0 and "(loops)" in cp.stdout, "CLI: plot --kind loops --amps 1,3", cp.stderr)
cp = subprocess.run([sys.executable, "-m", "tribo", "plot", W + "/b.h5", "--kind", "backbone", "--amps", "1"], capture_output=True, text=True, env=env)
check(cp.returncode == 2 and "--amps does not apply" in cp.stderr, "CLI: --amps refused for the backbone", cp.stderr)
EOF
finish

#!/usr/bin/env bash
# The "pareto" figure with the experimental variability and a prediction (python/tribo/figures.py, porter-et-al-2022 Figs. 9-12):
# tribo fit on the built-in backbone with bounds (-fit_synthetic_variability 0.005, 1 % noise, NSGA-II 16 x 4), then its front
# applied to the built-in mode 2 (-fit_predict), both drawn in one figure by tribo plot. Read back from the Figure:
#   - the variability box's corner is (max of the frequency variabilities, max of the damping ones) of /fit/variability;
#   - the reference point (x) is /fit/reference_point;
#   - one curve per file: the fit's front (sorted /fit/front_errors) and the prediction's members (markers only);
#   - the measured bounds are drawn as bands, and the prediction file draws one thin backbone per member;
#   - tribo ringdown -ringdown_ripp's picture: the two frequencies of eq. 40 are /ringdown/ripp's omega1, omega2 over 2 pi.
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
need_matplotlib
W=$TMPDIR_TEST/t822
mkdir -p "$W"
run "$W" fit fit -fit_synthetic_variability 0.005 -fit_synthetic_noise 0.01 -nsga_population 16 -nsga_generations 4 -output m1.h5
[ $RC = 0 ] && [ "$(head -c 4 "$W/m1.png" | tail -c 3)" = PNG ] && pass "tribo fit with bounds draws m1.png" || fail "tribo fit picture (exit $RC)" "no PNG" "$W/fit.out" "$W/fit.err"
run "$W" pred fit -fit_predict m1.h5 -fit_predict_k0 3.2e6 -fit_predict_psi 0.6 -output m2.h5
[ $RC = 0 ] && [ "$(head -c 4 "$W/m2.png" | tail -c 3)" = PNG ] && pass "tribo fit -fit_predict draws m2.png" || fail "prediction picture (exit $RC)" "no PNG" "$W/pred.out" "$W/pred.err"
run "$W" rd ringdown -ringdown_synthetic ripp -ringdown_ripp -ringdown_ripp_phimax 6.0793e-4 -ringdown_ripp_fslip 44.7214 -ringdown_noise_factor 1 -output rd.h5
[ $RC = 0 ] && [ "$(head -c 4 "$W/rd.png" | tail -c 3)" = PNG ] && pass "tribo ringdown -ringdown_ripp draws rd.png" || fail "ringdown picture (exit $RC)" "no PNG" "$W/rd.out" "$W/rd.err"
run "$W" plot plot m1.h5 m2.h5 -plot_output both.png
[ $RC = 0 ] && [ -s "$W/both.png" ] && pass "tribo plot draws both files in one figure" || fail "tribo plot (exit $RC)" "no PNG" "$W/plot.out" "$W/plot.err"
pychecks "variability figure" "$W" <<'PYEOF'
import sys
import numpy as np
import tribo
from tribo import figures as tf
W = sys.argv[1]
def check(ok, name):
    print(("ok - " if ok else "not ok - ") + name)
a, b = tribo.read(W + "/m1.h5"), tribo.read(W + "/m2.h5")
fig = tf.pareto_figure([a, b])
ax = fig.axes[0]
v = np.asarray(a.get("/fit/variability"), dtype=float)
box = [l for l in ax.get_lines() if l.get_gid() == "variability-box"]
check(len(box) == 1 and np.isclose(box[0].get_xdata()[1], np.nanmax(v[0::2]), rtol=1e-14) and np.isclose(box[0].get_ydata()[1], np.nanmax(v[1::2]), rtol=1e-14),
      "variability box corner = (%.4g, %.4g) from /fit/variability" % (np.nanmax(v[0::2]), np.nanmax(v[1::2])))
rp = np.asarray(a.get("/fit/reference_point"), dtype=float)
x = [l for l in ax.get_lines() if l.get_gid() == "reference-point"]
check(len(x) == 1 and np.allclose([x[0].get_xdata()[0], x[0].get_ydata()[0]], rp, rtol=1e-14), "reference point = /fit/reference_point %s" % rp)
fronts = [l for l in ax.get_lines() if (l.get_gid() or "").startswith("pareto-front-")]
e = np.asarray(b.get("/fit/front_errors"), dtype=float).reshape(-1, 2)
o = np.argsort(e[:, 0])
check(len(fronts) == 2 and fronts[1].get_linestyle() == "None" and np.array_equal(fronts[1].get_xdata(), e[o, 0]),
      "one curve per file; the prediction's %d members as markers" % len(e))
bands = [c for c in fig.axes[1].collections]
members = [l for l in fig.axes[1].get_lines() if l.get_color() == "0.6"]
check(len(bands) == 1, "measured bounds drawn as a band (%d)" % len(bands))
fig2 = tf.pareto_figure([b])
members = [l for l in fig2.axes[1].get_lines() if l.get_color() == "0.6"]
check(len(members) == len(e), "prediction: one backbone per member (%d of %d)" % (len(members), len(e)))
r = tribo.read(W + "/rd.h5")
rp = np.asarray(r.get("/ringdown/ripp"), dtype=float)
fig3 = tf.ringdown_figure(r)
hl = {l.get_gid(): l.get_ydata()[0] for l in fig3.axes[1].get_lines() if l.get_gid() in ("ripp-f1", "ripp-fslip")}
check(len(hl) == 2 and np.isclose(hl["ripp-f1"], rp[5] / (2 * np.pi), rtol=1e-14) and np.isclose(hl["ripp-fslip"], rp[6] / (2 * np.pi), rtol=1e-14),
      "ringdown: eq. 40's frequencies %s Hz drawn" % ["%.4f" % v for v in hl.values()])
PYEOF
finish

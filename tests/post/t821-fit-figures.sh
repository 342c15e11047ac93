#!/usr/bin/env bash
# The figure kinds "ringdown" and "pareto" (python/tribo/figures.py): tribo ringdown and tribo fit (reduced NSGA-II 16 x 4)
# draw their pictures next to their results, tribo plot picks the kind from /ringdown and /fit, and the axes carry the data
# read back from the Figure: the ringdown's frequency and damping curves are /ringdown/backbone's columns against its
# amplitude; the Pareto curve is /fit/front_errors sorted by the frequency error.
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
need_matplotlib
W=$TMPDIR_TEST/t821
mkdir -p "$W"
run "$W" rd ringdown -output rd.h5
[ $RC = 0 ] && [ "$(head -c 4 "$W/rd.png" | tail -c 3)" = PNG ] && pass "tribo ringdown draws rd.png" || fail "tribo ringdown picture (exit $RC)" "no PNG" "$W/rd.out" "$W/rd.err"
run "$W" fit fit -nsga_population 16 -nsga_generations 4 -nsga_union 2 -output fit.h5
[ $RC = 0 ] && [ "$(head -c 4 "$W/fit.png" | tail -c 3)" = PNG ] && pass "tribo fit draws fit.png" || fail "tribo fit picture (exit $RC)" "no PNG" "$W/fit.out" "$W/fit.err"
pychecks "fit figures" "$W" <<'PYEOF'
import sys
import numpy as np
import tribo
from tribo import figures as tf
W = sys.argv[1]
def check(ok, name):
    print(("ok - " if ok else "not ok - ") + name)
r = tribo.read(W + "/rd.h5")
check(tf.auto_kind([r]) == "ringdown", "auto kind of a tribo ringdown file: ringdown")
b = np.asarray(r.get("/ringdown/backbone"))
fig = tf.ringdown_figure(r)
lf = [l for a in fig.axes for l in a.get_lines() if l.get_gid() == "ringdown-frequency"]
lz = [l for a in fig.axes for l in a.get_lines() if l.get_gid() == "ringdown-damping"]
check(len(lf) == 1 and len(lz) == 1 and np.array_equal(lf[0].get_xdata(), b[:, 0]) and np.array_equal(lf[0].get_ydata(), b[:, 1])
      and np.array_equal(lz[0].get_ydata(), b[:, 2]), "ringdown: frequency and damping curves are /ringdown/backbone")
f = tribo.read(W + "/fit.h5")
check(tf.auto_kind([f]) == "pareto", "auto kind of a tribo fit file: pareto")
e = np.asarray(f.get("/fit/front_errors")).reshape(-1, 2)
o = np.argsort(e[:, 0])
fig = tf.pareto_figure([f, f], labels=["a", "b"])
lp = [l for l in fig.axes[0].get_lines() if (l.get_gid() or "").startswith("pareto-front-")]
check(len(lp) == 2 and np.array_equal(lp[0].get_xdata(), e[o, 0]) and np.array_equal(lp[0].get_ydata(), e[o, 1]),
      "pareto: one front per file, the curve is /fit/front_errors (%d members)" % len(e))
PYEOF
finish

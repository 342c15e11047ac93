#!/usr/bin/env bash
# The figure kind "law" (python/tribo/figures.py): tribo law draws its picture next to its result (a PNG), tribo plot
# picks the kind from the /law group, and the axes carry the data read back from the Figure: t_t1 against u_t1 for
# every law (a curve each, with its gid), a second panel t_n against u_n only when u_n varies; the registry keeps
# backbone, prestress, modal first and lists law after frf. One line per check.
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
need_matplotlib
W=$TMPDIR_TEST/t820
mkdir -p "$W"
(cd "$W" && run1 law -law_laws a,b -a_friction_type jenkins -b_friction_type edf -b_friction_mu 0.5 -law_u1 "sin(2e-6,1)" \
  -law_un "1e-6+cos(2e-7,2)" -law_steps 400 -output two.h5 > two.out 2> two.err)
rc=$?
if [ $rc = 0 ] && [ -s "$W/two.h5" ] && [ "$(head -c 4 "$W/two.png" | tail -c 3)" = PNG ] && grep -q "wrote two.h5 and two.png" "$W/two.out"; then
  pass "tribo law draws two.png next to two.h5"
else fail "tribo law picture (exit $rc)" "no PNG" "$W/two.out" "$W/two.err"; fi
(cd "$W" && run1 law -friction_type jenkins -law_u1 "sin(2e-6,1)" -law_steps 200 -output one.h5 -law_png one_loop.svg > one.out 2> one.err)
rc=$?
if [ $rc = 0 ] && grep -q "<svg" "$W/one_loop.svg"; then pass "-law_png one_loop.svg: an SVG picture"
else fail "-law_png (exit $rc)" "no SVG" "$W/one.out" "$W/one.err"; fi
(cd "$W" && "$TRIBO_ABS" plot two.h5 -output plot.png > plot.out 2> plot.err)
rc=$?
if [ $rc = 0 ] && [ -s "$W/plot.png" ] && grep -q "(law)" "$W/plot.out"; then pass "tribo plot two.h5: the law kind, picked from /law"
else fail "tribo plot (exit $rc)" "not the law kind" "$W/plot.out" "$W/plot.err"; fi
pychecks "law figure" "$W" <<'PYEOF'
import sys
import numpy as np
import tribo
from tribo import figures as tf
W = sys.argv[1]
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))
kinds = list(tribo.FIGURES)
check(kinds[:3] == ["backbone", "prestress", "modal"] and "law" in kinds and kinds.index("law") > kinds.index("frf"),
      "registry: %s" % ", ".join(kinds))
r = tribo.read(W + "/two.h5")
check(tf.auto_kind([r]) == "law" and tf.law_names(r) == ["a", "b"], "auto kind law; laws a, b in order")
fig = tf.law_figure(r)
ax1, ax2 = fig.axes[:2]
ok = len(fig.axes) == 2
for name in ("a", "b"):
    t, u = r.get("/law")[name]["t"], r.get("/law")["u"]
    l1 = [l for l in ax1.get_lines() if l.get_gid() == "law-t1-0-" + name]
    l2 = [l for l in ax2.get_lines() if l.get_gid() == "law-n-0-" + name]
    ok = ok and len(l1) == 1 and len(l2) == 1 and np.array_equal(l1[0].get_xdata(), u[:, 0]) and np.array_equal(l1[0].get_ydata(), t[:, 0])
    ok = ok and np.array_equal(l2[0].get_xdata(), u[:, 2]) and np.array_equal(l2[0].get_ydata(), t[:, 2])
check(ok, "two laws, u_n varying: two panels, t_t1(u_t1) and t_n(u_n) of each law")
check("u_t1" in ax1.get_xlabel() and "Pa" in ax1.get_ylabel() and "u_n" in ax2.get_xlabel(), "axis labels with units")
one = tf.law_figure(W + "/one.h5", title="")
check(len(one.axes) == 1 and len(one.axes[0].get_lines()) >= 1 and one.axes[0].get_lines()[0].get_gid() == "law-t1-0-jenkins",
      "one law, u_n constant: one panel")
both = tf.law_figure([W + "/two.h5", W + "/one.h5"], labels=["two", "one"])
check(len([l for l in both.axes[0].get_lines() if (l.get_gid() or "").startswith("law-t1-")]) == 3, "two files overlaid: three curves")
PYEOF
finish

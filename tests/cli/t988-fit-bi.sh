#!/usr/bin/env bash
# tribo fit -fit_method bi and both: the built-in Iwan backbone with 1 % noise fitted by boundary intersection (eq. 43) with
# 2 directions on 1 and 2 ranks gives the same BI points (/fit/bi/parameters and /fit/bi/log_errors equal to 1e-10: the
# directions are spread over the ranks); the front marks its members' method (/fit/front_method, all 1 for bi); -fit_method
# both (NSGA-II 16 x 4, then BI from its front) writes NSGA-II's populations and BI's points; -fit_bi_start one.h5 with no
# Latin grid starts from the first run's front only; bad input is one error line and
# no file: -fit_bi_n 0, an unknown method, a missing -fit_bi_start file. Checkpoints: stopped on 2 ranks after the first
# round of directions and resumed on 1 = the uninterrupted run; a restart with other physics or without the file refused.
# timeout: 240
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t988
mkdir -p "$W"
export TRIBO_PYTHON=/bin/true
S=(-fit_synthetic_noise 0.01 -fit_bi_n 2)
run "$W" one fit -fit_method bi "${S[@]}" -output one.h5
[ $RC = 0 ] && grep -q "directions solved" "$W/one.out" && pass "BI fit, 1 rank: $(grep 'directions solved' "$W/one.out")" || fail "BI fit, 1 rank" "exit $RC" "$W/one.out" "$W/one.err"
mpirun "$W" two 2 fit -fit_method bi "${S[@]}" -output two.h5
[ $RC = 0 ] && pass "BI fit, 2 ranks" || fail "BI fit, 2 ranks" "exit $RC" "$W/two.out" "$W/two.err"
run "$W" both fit -fit_method both "${S[@]}" -nsga_population 16 -nsga_generations 4 -nsga_union 2 -output both.h5
[ $RC = 0 ] && pass "NSGA-II then BI: $(grep 'from the boundary intersection' "$W/both.out")" || fail "NSGA-II then BI" "exit $RC" "$W/both.out" "$W/both.err"
run "$W" start fit -fit_method bi "${S[@]}" -fit_bi_grid 0 -fit_bi_start one.h5 -output start.h5
[ $RC = 0 ] && pass "BI from a previous fit's front only (-fit_bi_start, no grid): $(grep 'least frequency' "$W/start.out")" || fail "-fit_bi_start" "exit $RC" "$W/start.out" "$W/start.err"
if [ $HAVE_H5PY = 1 ]; then
  pychecks "BI points" "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
g = {k: h5py.File("%s/%s.h5" % (d, k), "r")["/fit"] for k in ("one", "two", "both")}
same = all(np.allclose(g["two"]["bi"][n][:], g["one"]["bi"][n][:], rtol=1e-10, atol=0) for n in ("parameters", "log_errors"))
print("%s - the BI points on 2 ranks equal those on 1 to 1e-10 (%d points)" % ("ok" if same else "not ok", g["one"]["bi"]["parameters"].shape[0]))
m = g["one"]["front_method"][:]
print("%s - -fit_method bi: every front member from BI (%d)" % ("ok" if len(m) and np.all(m == 1) else "not ok", len(m)))
b = g["both"]
print("%s - -fit_method both: NSGA-II populations and BI points written, front methods %s" % ("ok" if "nsga2" in b and "bi" in b and "front_method" in b else "not ok", sorted(set(b["front_method"][:].astype(int).tolist()))))
PYEOF
else
  skip "BI points" "needs h5py"
fi
# checkpoints (issue 34): 4 directions stopped after the anchors and the first round (2 directions on 2 ranks), resumed on 1
# rank: every /fit dataset equals the uninterrupted 1-rank run to 1e-10 (the 1-versus-2-rank tolerance above)
S4=(-fit_synthetic_noise 0.01 -fit_bi_n 4)
run "$W" ck_ref fit -fit_method bi "${S4[@]}" -output ck_ref.h5
mpirun "$W" ck_stop 2 fit -fit_method bi "${S4[@]}" -output ck.h5 -fit_bi_checkpoint bick.h5 -fit_bi_stop_after 1
rc1=$RC
[ -e "$W/ck.h5" ] && rc1=0 # a stopped run leaves no result
run "$W" ck_go fit -fit_method bi "${S4[@]}" -output ck.h5 -fit_bi_checkpoint bick.h5 -fit_bi_restart
if [ $rc1 != 0 ] && grep -q "stopped by -fit_bi_stop_after with the anchors and 2 of 4 directions done: they are saved in bick.h5" "$W/ck_stop.err" &&
  [ $RC = 0 ] && grep -q "restarted from bick.h5: the anchors and 2 of 4 directions done" "$W/ck_go.out"; then
  pass "BI checkpoint: stopped on 2 ranks after 2 of 4 directions, resumed on 1"
else fail "BI checkpoint (exit $rc1, $RC)" "" "$W/ck_stop.err" "$W/ck_go.err"; fi
if [ $HAVE_H5PY = 1 ]; then
  pychecks "BI checkpoint" "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
a, b = h5py.File(d + "/ck_ref.h5", "r")["/fit"], h5py.File(d + "/ck.h5", "r")["/fit"]
bad, n, dmax = [], [0], [0.0]
def visit(name, obj):
    if not isinstance(obj, h5py.Dataset):
        return
    n[0] += 1
    x, y = obj[()], b[name][()] if name in b else None
    if y is None or np.shape(x) != np.shape(y):
        bad.append(name)
    elif np.asarray(x).dtype.kind == "f":
        fin = np.isfinite(x)
        if not np.array_equal(fin, np.isfinite(y)) or not np.allclose(x[fin], y[fin], rtol=1e-10, atol=0):
            bad.append(name)
        elif fin.any():
            dmax[0] = max(dmax[0], float(np.max(np.abs(x[fin] - y[fin]) / np.maximum(np.abs(x[fin]), 1e-300))))
    elif not np.array_equal(x, y):
        bad.append(name)
a.visititems(visit)
print("%s - BI stopped and resumed = uninterrupted: %d datasets, largest relative difference %.1e %s" % ("ok" if not bad and n[0] > 10 else "not ok", n[0], dmax[0], bad[:3]))
PYEOF
fi
expect_fail "BI restart with other physics" "other physics;-fit_bi_ctol" fit -fit_method bi "${S4[@]}" -fit_bi_ctol 1e-6 -fit_bi_checkpoint "$W/bick.h5" -fit_bi_restart
expect_fail "BI restart without a checkpoint" "-fit_bi_restart;-fit_bi_checkpoint" fit -fit_method bi "${S4[@]}" -fit_bi_restart
expect_fail "no direction" "-fit_bi_n;at least 1" fit -fit_method bi -fit_bi_n 0
expect_fail "unknown method" "-fit_method;simplex" fit -fit_method simplex
expect_fail "missing start file" "-fit_bi_start;nothere.h5;does not exist" fit -fit_method bi -fit_bi_start nothere.h5
finish

#!/usr/bin/env bash
# tribo fit -fit_method bi and both: the built-in Iwan backbone with 1 % noise fitted by boundary intersection (eq. 43) with
# 2 directions on 1 and 2 ranks gives the same BI points (/fit/bi/parameters and /fit/bi/log_errors equal to 1e-10: the
# directions are spread over the ranks); the front marks its members' method (/fit/front_method, all 1 for bi); -fit_method
# both (NSGA-II 16 x 4, then BI from its front) writes NSGA-II's populations and BI's points; -fit_bi_start one.h5 with no
# Latin grid starts from the first run's front only; bad input is one error line and
# no file: -fit_bi_n 0, an unknown method, a missing -fit_bi_start file.
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
expect_fail "no direction" "-fit_bi_n;at least 1" fit -fit_method bi -fit_bi_n 0
expect_fail "unknown method" "-fit_method;simplex" fit -fit_method simplex
expect_fail "missing start file" "-fit_bi_start;nothere.h5;does not exist" fit -fit_method bi -fit_bi_start nothere.h5
finish

#!/usr/bin/env bash
# tribo fit: the built-in case (a backbone made by tribo's WJROM with a 4-parameter Iwan element, fs 10 N, kt 1e5 N/m,
# chi -0.5) runs by default at reduced size (NSGA-II 24 x 8) on 1 and 2 ranks with the same front (the /fit/front_errors
# and /fit/front_parameters datasets equal to 1e-14: rank invariance through the verb); the result holds the front, the
# comparison amplitudes and the measured values; a CSV backbone (columns amplitude, frequency, damping) written here from
# the built-in run's measured values gives the same front as the built-in run to 1e-12 (it interpolates at the same
# amplitudes); bad input is one error line and no file: an empty backbone file, non-monotone amplitudes, bounds in the
# wrong order, an unknown parameter, a misspelt option.
# timeout: 120
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t987
mkdir -p "$W"
export TRIBO_PYTHON=/bin/true
S=(-nsga_population 24 -nsga_generations 8 -nsga_union 4)
run "$W" one fit "${S[@]}" -output one.h5
[ $RC = 0 ] && grep -q "Pareto front" "$W/one.out" && pass "built-in fit, 1 rank: $(grep 'Pareto front' "$W/one.out")" || fail "built-in fit" "exit $RC" "$W/one.out" "$W/one.err"
mpirun "$W" two 2 fit "${S[@]}" -output two.h5
[ $RC = 0 ] && pass "built-in fit, 2 ranks" || fail "built-in fit, 2 ranks" "exit $RC" "$W/two.out" "$W/two.err"
if [ $HAVE_H5PY = 1 ]; then
  $PY - "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
f = h5py.File(d + "/one.h5", "r")["/fit"]
with open(d + "/bb.csv", "w") as fp:
    fp.write("amplitude,frequency,damping\n")
    for q, w, z in zip(f["amplitude"][:], f["measured_frequency"][:], f["measured_damping"][:]):
        fp.write("%r,%r,%r\n" % (float(q), float(w), float(z)))
with open(d + "/empty.csv", "w") as fp:
    fp.write("amplitude,frequency,damping\n")
with open(d + "/back.csv", "w") as fp:
    fp.write("amplitude,frequency,damping\n1e-6,100,0.001\n1e-5,99,0.002\n5e-6,98,0.003\n")
PYEOF
  run "$W" csv fit "${S[@]}" -fit_measured bb.csv -output csv.h5
  [ $RC = 0 ] && pass "CSV backbone" || fail "CSV backbone" "exit $RC" "$W/csv.out" "$W/csv.err"
  pychecks "fronts" "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
g = {k: h5py.File("%s/%s.h5" % (d, k), "r")["/fit"] for k in ("one", "two", "csv")}
for k, tol in (("two", 1e-14), ("csv", 1e-12)):
    same = all(g[k][n].shape == g["one"][n].shape and np.allclose(g[k][n][:], g["one"][n][:], rtol=tol, atol=0) for n in ("front_errors", "front_parameters"))
    print("%s - %s gives the 1-rank built-in front (%d members) to %g" % ("ok" if same else "not ok", k, g["one"]["front_errors"].shape[0], tol))
n = [s.decode() if isinstance(s, bytes) else s for s in g["one"]["names"][:]]
print("%s - parameters %s, %d comparison amplitudes" % ("ok" if n == ["fs", "kt", "chi", "beta"] and g["one"]["amplitude"].shape == (20,) else "not ok", n, g["one"]["amplitude"].shape[0]))
PYEOF
  expect_fail "empty backbone" "empty.csv;no rows" fit -fit_measured "$W/empty.csv"
  expect_fail "non-monotone amplitudes" "back.csv;increase" fit -fit_measured "$W/back.csv"
else
  skip "fronts" "needs h5py"
fi
expect_fail "bounds in the wrong order" "-fit_params;kt;wrong order" fit -fit_params fs:1:100:log,kt:1e6:1e4:log
expect_fail "unknown parameter" "unknown parameter \"mu\";iwan4;fs, kt, chi, beta" fit -fit_params mu:0.1:1
expect_fail "misspelt option" "-fit_paramz" fit -fit_paramz fs:1:2
# every member failing used to give an empty front with exit status 0 (issue 34, item 13)
expect_fail "every evaluation fails" "no parameter set gave a finite backbone;24 of 24" fit -nsga_population 8 -nsga_generations 2 -nsga_union 2 -fit_params "fs:1e-30:1e-29:log,kt:1e-30:1e-29:log"
finish

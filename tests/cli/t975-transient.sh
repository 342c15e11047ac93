#!/usr/bin/env bash
# tribo transient: bad options (negative or missing time step, unknown scheme, alpha out of [-1/3, 0] or without hht,
# malformed load functions, wrong initial-state sizes, points out of range, no load shape, a misspelt option) are
# one-line errors naming the option, with a non-zero exit and no output file; a two-DOF system with a Jenkins and a
# cubic element, forced, gives bitwise the same /transient on 1 and 2 ranks, its energy balance is zero to 1e-10 of the
# external work (the trapezoidal rule's identity), x(0) and the load follow the options, and the picture is drawn (kind
# transient, also picked by tribo plot); a step whose Newton fails is halved, and a run that cannot go on stops with
# reason diverged and its records written; the lap frame ROM from its prestress gives the same history on 1 and 2 ranks
# to 1e-8 (its interface points split over them: sums in another order); the RIPP configs (configs/ripp-sdof-*.yaml) run for 5 ms once their Iwan laws
# are registered (skipped before).
# timeout: 240
set -u
. tests/cli/lib.sh
d=$TMPDIR_TEST/t975
mkdir -p "$d"
cat >"$d/one.yaml" <<'EOF'
M: [1]
K: [1]
elements:
  - law: jenkins
    W: [[1]]
    params: {kt: 3, ts: 1, kn: 0}
excitation: [1]
EOF
cat >"$d/noshape.yaml" <<'EOF'
M: [1]
K: [1]
elements:
  - law: cubic
    W: [[1]]
    params: {k3: 1}
EOF
cat >"$d/two.yaml" <<'EOF'
title: two masses, a Jenkins slider to ground and a cubic spring between them
M: [[1, 0], [0, 2]]
K: [[2, -1], [-1, 1]]
C: [[0.02, 0], [0, 0.02]]
elements:
  - law: jenkins
    W: [[1], [0]]
    params: {kt: 3, ts: 0.5, kn: 0}
  - law: cubic
    W: [[1], [-1]]
    params: {k3: 0.5}
recovery: {labels: [x1, x2], R: [[1, 0], [0, 1]]}
excitation: [0, 1]
EOF
bad() { # name sys expected-words -- args...
  local name=$1 sys=$2 w=() ok=1
  shift 2
  while [ "$1" != "--" ]; do w+=("$1"); shift; done
  shift
  rm -f "$d/out.h5"
  run "$d" "$name" transient -rom "$sys" -output out.h5 "$@"
  [ $RC -ne 0 ] || ok=0
  [ ! -e "$d/out.h5" ] || ok=0
  [ "$(grep -c 'tribo transient: error:' "$d/$name.err")" = 1 ] || ok=0
  [ "$(wc -l <"$d/$name.err")" = 1 ] || ok=0
  for x in "${w[@]}"; do grep -q -- "$x" "$d/$name.err" || ok=0; done
  if [ $ok = 1 ]; then pass "$name: $(head -1 "$d/$name.err" | cut -c1-150)"; else fail "$name (exit $RC)" "expected one error line naming ${w[*]}" "$d/$name.err"; fi
}
T=(-transient_time 1)
bad neg_dt one.yaml "-transient_dt" "> 0" -- -transient_dt -0.01 "${T[@]}"
bad no_dt one.yaml "no time step" "-transient_dt" -- "${T[@]}"
bad no_time one.yaml "no end time" "-transient_time" -- -transient_dt 0.01
bad scheme one.yaml "-transient_scheme rk4" "newmark or hht" -- -transient_dt 0.01 "${T[@]}" -transient_scheme rk4
bad alpha one.yaml "-transient_alpha" "[-1/3, 0]" "-0.5" -- -transient_dt 0.01 "${T[@]}" -transient_scheme hht -transient_alpha -0.5
bad alpha_pos one.yaml "-transient_alpha" "[-1/3, 0]" -- -transient_dt 0.01 "${T[@]}" -transient_scheme hht -transient_alpha 0.1
bad alpha_newmark one.yaml "-transient_alpha" "hht" -- -transient_dt 0.01 "${T[@]}" -transient_alpha -0.1
bad beta one.yaml "-transient_beta" "unconditional" -- -transient_dt 0.01 "${T[@]}" -transient_beta 0.1
bad force_args one.yaml "-transient_force" "takes 2 numbers" -- -transient_dt 0.01 "${T[@]}" -transient_force "sin(5)"
bad force_name one.yaml "-transient_force" "unknown load function" "square" -- -transient_dt 0.01 "${T[@]}" -transient_force "square(1,2)"
bad force_num one.yaml "-transient_force" "expected a number" -- -transient_dt 0.01 "${T[@]}" -transient_force "sin(a,2)"
bad force_freq one.yaml "-transient_force" "frequency must be > 0" -- -transient_dt 0.01 "${T[@]}" -transient_force "cos(1,0)"
bad x0 one.yaml "-transient_x0" "needs 1 values" -- -transient_dt 0.01 "${T[@]}" -transient_x0 1,2
bad points one.yaml "-transient_points" "out of range" -- -transient_dt 0.01 "${T[@]}" -transient_points 3
bad no_shape noshape.yaml "needs a load shape" "-transient_dof" -- -transient_dt 0.01 "${T[@]}" -transient_force "sin(1,1)"
bad dof one.yaml "-transient_dof 4" "1 DOFs" -- -transient_dt 0.01 "${T[@]}" -transient_dof 4
bad every one.yaml "-transient_output_every" ">= 1" -- -transient_dt 0.01 "${T[@]}" -transient_output_every 0
bad misspelt one.yaml "-transient_dtt" -- -transient_dt 0.01 "${T[@]}" -transient_dtt 2
# a forced two-DOF run on 1 and 2 ranks
args=(transient -rom two.yaml -transient_dt 0.01 -transient_time 30 -transient_force "sin(1.5,0.2)" -transient_x0 0.1,0 -transient_output_every 2)
run "$d" one "${args[@]}" -output one.h5
rc1=$RC
mpirun "$d" two 2 "${args[@]}" -output two.h5
rc2=$RC
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && [ -s "$d/one.h5" ] && [ -s "$d/two.h5" ] && grep -q "completed at t = 30" "$d/one.out"; then
  pass "two-DOF run on 1 and 2 ranks: $(grep 'completed' "$d/one.out" | sed 's/^ *//')"
else fail "two-DOF run (exit $rc1, $rc2)" "no result" "$d/one.out" "$d/one.err" "$d/two.out" "$d/two.err"; fi
run "$d" info info -input one.h5
if [ $RC = 0 ] && grep -q "/transient     1501 records from 0. to 30. s, load sin(1.5,0.2)" "$d/info.out"; then pass "tribo info describes /transient"
else fail "tribo info (exit $RC)" "no /transient line" "$d/info.out" "$d/info.err"; fi
if [ $HAVE_H5PY = 1 ]; then
  pychecks "/transient" "$d/one.h5" "$d/two.h5" <<'PYEOF'
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r")["transient"], h5py.File(sys.argv[2], "r")["transient"]
names = ["time", "x", "v", "load", "recovery", "point_u", "point_t", "energy/kinetic", "energy/strain", "energy/external_work",
         "energy/damping", "energy/joint_work", "energy/balance"]
same = [n for n in names if np.array_equal(a[n][()], b[n][()])]
print("%s - 1 and 2 ranks: %d of %d datasets bitwise equal" % ("ok" if len(same) == len(names) else "not ok", len(same), len(names)))
t, x, g = a["time"][()], a["x"][()], a["load"][()]
ok = len(t) == 1501 and abs(t[-1] - 30) < 1e-12 and np.allclose(x[0], [0.1, 0]) and np.allclose(g, 1.5 * np.sin(2 * np.pi * 0.2 * t), atol=1e-12)
print("%s - records every 2 steps to 30 s, x(0) = (0.1, 0), load 1.5 sin(2 pi 0.2 t)" % ("ok" if ok else "not ok"))
e = a["energy"]
bal = np.max(np.abs(e["balance"][()])) / np.max(np.abs(e["external_work"][()]))
print("%s - energy balance %.1e of the external work (1e-10)" % ("ok" if bal < 1e-10 else "not ok", bal))
pu, pt = a["point_u"][()], a["point_t"][()]
ok = pu.shape == (1501, 2, 3) and np.allclose(pu[:, 0, 0], x[:, 0]) and np.allclose(pu[:, 1, 0], x[:, 0] - x[:, 1]) \
    and np.allclose(pt[:, 1, 0], 0.5 * pu[:, 1, 0] ** 3) and np.max(np.abs(pt[:, 0, 0])) <= 0.5 + 1e-12
print("%s - element histories: u = W^T x, cubic force 0.5 u^3, Jenkins force within ts = 0.5" % ("ok" if ok else "not ok"))
print("%s - attributes: scheme %s, reason %s" % ("ok" if a.attrs["scheme"] == "newmark" and a.attrs["reason"] == "completed" else "not ok",
                                                  a.attrs["scheme"], a.attrs["reason"]))
PYEOF
else skip "/transient in the result file" "no h5py"; fi
if $PY -c 'import matplotlib, h5py' 2>/dev/null; then
  if [ -s "$d/one.png" ]; then pass "tribo transient drew one.png"; else fail "picture" "no one.png" "$d/one.out" "$d/one.err"; fi
  run "$d" plot plot one.h5 -o plot.png
  if [ $RC = 0 ] && [ -s "$d/plot.png" ] && grep -q "(transient)" "$d/plot.out"; then pass "tribo plot picks the transient kind"
  else fail "tribo plot of /transient (exit $RC)" "no picture" "$d/plot.out" "$d/plot.err"; fi
  run "$d" plot_hht plot one.h5 -o p2.png --row x2 --point 1
  if [ $RC = 0 ] && [ -s "$d/p2.png" ]; then pass "tribo plot --row x2 --point 1"; else fail "tribo plot --row --point (exit $RC)" "no picture" "$d/plot_hht.err"; fi
else skip "pictures of /transient" "no matplotlib or h5py"; fi
# step cuts: Newton limited to one iteration on a Duffing oscillator halves the steps and completes; without cuts the run
# stops, keeps its records and says so (reason diverged, exit 0: a result, not a crash)
cat >"$d/duffing.yaml" <<'EOF'
M: [1]
K: [1]
elements:
  - law: cubic
    W: [[1]]
    params: {k3: 1}
EOF
dargs=(transient -rom duffing.yaml -transient_dt 0.1 -transient_time 5 -transient_x0 3 -transient_max_it 1 -transient_quiet)
run "$d" cuts "${dargs[@]}" -transient_max_cuts 4 -output cuts.h5
if [ $RC = 0 ] && grep -q "completed at t = 5" "$d/cuts.out" && ! grep -q " 0 step cuts" "$d/cuts.out"; then
  pass "step cuts: $(grep 'completed' "$d/cuts.out" | sed 's/^ *//')"
else fail "step cuts (exit $RC)" "expected a completed run with step cuts" "$d/cuts.out" "$d/cuts.err"; fi
run "$d" nocuts "${dargs[@]}" -transient_max_cuts 0 -output nocuts.h5
if [ $RC = 0 ] && grep -q "Newton failed at t = 0" "$d/nocuts.out" && grep -q "diverged at t = 0" "$d/nocuts.out" && [ -s "$d/nocuts.h5" ]; then
  pass "no cuts allowed: $(grep 'Newton failed' "$d/nocuts.out")"
else fail "no cuts allowed (exit $RC)" "expected the run to stop with reason diverged and its file written" "$d/nocuts.out" "$d/nocuts.err"; fi
# a reduced structure (the built-in lap frame, its joint's points split over the ranks): 10 steps from the prestress
run "$d" model model -output rom.h5
targs=(transient -rom rom.h5 -options_file "$PWD/configs/demo.yaml" -transient_dt 2e-5 -transient_time 2e-4 -transient_recovery 2
  -transient_force "sin(20,190)" -transient_points 0,7 -transient_quiet)
run "$d" lap1 "${targs[@]}" -output lap1.h5 -prestress_png lap1_ps.png
rc1=$RC
mpirun "$d" lap2 2 "${targs[@]}" -output lap2.h5 -prestress_png lap2_ps.png
rc2=$RC
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && grep -q "completed at t = 0.0002" "$d/lap1.out"; then pass "lap frame ROM on 1 and 2 ranks: $(grep 'energy at the end' "$d/lap1.out" | sed 's/^ *//')"
else fail "lap frame ROM (exit $rc1, $rc2)" "no result" "$d/lap1.out" "$d/lap1.err" "$d/lap2.err"; fi
if [ $HAVE_H5PY = 1 ]; then
  pychecks "/transient of the lap frame" "$d/lap1.h5" "$d/lap2.h5" <<'PYEOF'
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
# the joint's sums over the ranks are identical on every rank but in another order than on one rank, and the prestress
# Newton stops within its tolerance at another point: the two starts differ by ~1e-10
err = max(np.max(np.abs(a["transient"][n][()] - b["transient"][n][()])) / np.max(np.abs(a["transient"][n][()]))
          for n in ("x", "v", "point_u", "point_t"))
print("%s - lap frame: x, v and point histories on 1 and 2 ranks agree to %.1e (1e-8 of their largest values)" % ("ok" if err < 1e-8 else "not ok", err))
x0, us = a["transient/x"][0], a["prestress/u"][()]
bal = np.max(np.abs(a["transient/energy/balance"][()])) / np.max(np.abs(a["transient/energy/strain"][()]))
print("%s - starts at the prestress u_s; energy balance %.1e of the strain energy (1e-10)" % ("ok" if np.array_equal(x0, us) and bal < 1e-10 else "not ok", bal))
PYEOF
else skip "/transient of the lap frame" "no h5py"; fi
# the RIPP configs, once the Iwan laws exist
run1 law -friction_view_models >"$d/models.out" 2>&1
for law in iwan4 iwan5 uniform stribeck discrete; do
  name=$law
  case $law in uniform | stribeck | discrete) name=iwan_$law ;; esac
  if ! grep -qw "$name" "$d/models.out"; then
    skip "configs/ripp-sdof-$law.yaml" "no law $name registered"
    continue
  fi
  run "$d" "ripp_$law" transient -rom "$PWD/configs/ripp-sdof-$law.yaml" -options_file "$PWD/configs/ripp-sdof-transient.yaml" \
    -transient_time 0.005 -transient_quiet -output "ripp_$law.h5" -transient_png "ripp_$law.png"
  if [ $RC = 0 ] && grep -q "completed at t = 0.005" "$d/ripp_$law.out"; then pass "configs/ripp-sdof-$law.yaml: 5 ms completed"
  else fail "configs/ripp-sdof-$law.yaml (exit $RC)" "did not complete" "$d/ripp_$law.out" "$d/ripp_$law.err"; fi
done
finish

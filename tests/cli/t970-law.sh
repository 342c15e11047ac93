#!/usr/bin/env bash
# tribo law: interface laws driven through a prescribed history, checked against closed forms and an independent
# implementation (numpy, in this file). Tolerances:
#   jenkins (kt 1e12 N/m^3, ts 1e6 Pa) under u_t1 = a sin(2 pi t), a = 5e-6 m, 2 periods, 4000 steps: the energy per
#     cycle against the closed form 4 ts (a - ts/kt) = 16 J/m^2 within 1e-3 relative (the sampled path misses the
#     peak by a (1 - cos(pi/2000)) ~ 1e-6 a and the slip onset by one step: errors ~1e-6);
#   the same under the triangle wave tri(a, 1) (piecewise linear, 2000 steps per period: the peaks and the slip
#     onsets fall on samples, so the trapezoid rule is exact): 16 J/m^2 within 1e-9 relative;
#   the tractions against the play operator t_k = clip(t_{k-1} + kt du_k, -ts, ts) written here, within 1e-6 Pa
#     (1e-12 of ts), the states (1 exactly where the stuck prediction exceeds ts) exactly, the energy against the
#     trapezoid sum of t . du here within 1e-12 relative;
#   two laws in one run (jenkins and edf with mu 0.5 at u_n = 1e-6 m, kn 1e12: slip traction 5e5 Pa, closed form
#     4 mu N (a - mu N/kt) = 9 J/m^2 within 1e-3), the jenkins law of that run bit for bit as the single run;
#   a normal traction N = 1e6 Pa (-law_n) on edf is u_n = N/kn = 1e-6 m: the same tractions as -law_un 1e-6 (1e-12);
#   a CSV table and an HDF5 table of the formula run's samples give the same tractions and energy (1e-12 relative;
#     the velocity differs but jenkins does not depend on it);
#   tanh (rate dependent) under the same sine: t_t1 = mu fn tanh(v/eps) with v = 2 pi a cos(2 pi t) (1e-12 relative);
#   edf under u_n = 1e-6 cos(2 pi t): state 2 (separated) exactly at the samples with u_n <= 0, where t = 0;
#   1 and 2 ranks: the same file contents (bit for bit) and the same summary table.
set -u
source tests/cli/lib.sh
export TRIBO_PYTHON=/bin/true # no pictures here (tests/post/t820 draws them)
d=$TMPDIR_TEST
J=(-friction_type jenkins -friction_kt 1e12 -friction_ts 1e6 -friction_kn 1e12)
runok() { # name args...: tribo law in $d, must succeed and write name.h5
  local name=$1
  shift
  (cd "$d" && run1 law -output "$name.h5" "$@" > "$name.out" 2> "$name.err")
  local rc=$?
  if [ $rc = 0 ] && [ -s "$d/$name.h5" ] && grep -q "wrote $name.h5" "$d/$name.out"; then pass "tribo law $name: $(grep -A1 'energy/cycle' "$d/$name.out" | tail -1 | tr -s ' ')"
  else fail "tribo law $name (exit $rc)" "no result" "$d/$name.out" "$d/$name.err"; fi
}
runok sine "${J[@]}" -law_u1 "sin(5e-6,1)" -law_periods 2 -law_steps 4000
runok tri "${J[@]}" -law_u1 "tri(5e-6,1)" -law_time 2 -law_steps 4000
runok two -law_laws a,b -a_friction_type jenkins -a_friction_kt 1e12 -a_friction_ts 1e6 -a_friction_kn 1e12 \
  -b_friction_type edf -b_friction_kt 1e12 -b_friction_kn 1e12 -b_friction_mu 0.5 -law_u1 "sin(5e-6,1)" -law_un 1e-6 -law_periods 2 -law_steps 4000
runok edfun -friction_type edf -friction_kn 1e12 -friction_mu 0.5 -law_u1 "sin(5e-6,1)" -law_un "1e-6" -law_steps 400
runok sep -friction_type edf -friction_kn 1e12 -friction_mu 0.5 -law_u1 "sin(5e-6,2)" -law_un "cos(1e-6,1)" -law_steps 400
runok tanh -friction_type tanh -friction_mu 0.5 -friction_fn 1e6 -friction_eps 1e-5 -law_u1 "sin(5e-6,1)" -law_steps 400
runok edfn -friction_type edf -friction_kn 1e12 -friction_mu 0.5 -law_u1 "sin(5e-6,1)" -law_n "1e6" -law_steps 400
# shellcheck disable=SC2086 # MPIEXEC is a command with its flags
(cd "$d" && $MPIEXEC -n 2 "$TRIBO_ABS" law -output par.h5 "${J[@]}" -law_u1 "sin(5e-6,1)" -law_periods 2 -law_steps 4000 > par.out 2> par.err)
rc=$?
t1=$(grep -A1 'energy/cycle' "$d/sine.out"); t2=$(grep -A1 'energy/cycle' "$d/par.out")
if [ $rc = 0 ] && [ -s "$d/par.h5" ] && [ -n "$t1" ] && [ "$t1" = "$t2" ]; then pass "2 ranks: the same summary table"
else fail "2 ranks (exit $rc)" "no result or another table" "$d/par.out" "$d/par.err"; fi
[ $HAVE_H5PY = 1 ] || { skip "result files" "no h5py"; finish; exit; }
# tables of the sine run's samples: CSV and HDF5
$PY - "$d" <<'EOF' || fail "tables" "could not write them"
import sys, h5py, numpy as np
d = sys.argv[1]
f = h5py.File(d + "/sine.h5", "r")["law"]
t, u = f["time"][:], f["u"][:]
with open(d + "/hist.csv", "w") as fp:
    fp.write("# the samples of sine.h5\ntime, u1, u2, un\n")
    for k in range(len(t)):
        fp.write("%r,%r,%r,%r\n" % (t[k], u[k, 0], u[k, 1], u[k, 2]))
with h5py.File(d + "/hist.h5", "w") as g:
    g["hist/samples"] = np.column_stack([t, u])
EOF
runok csv "${J[@]}" -law_table hist.csv -law_period 1
runok h5tab "${J[@]}" -law_table hist.h5:/hist/samples -law_period 1
pychecks "law results" "$d" <<'EOF'
import sys, h5py, numpy as np
d = sys.argv[1]
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))
def law(name):
    return h5py.File(d + "/" + name + ".h5", "r")["law"]
kt, ts, a = 1e12, 1e6, 5e-6
closed = 4 * ts * (a - ts / kt)
s = law("sine")
j = s["jenkins"]
epc = j.attrs["energy_per_cycle"]
check(abs(epc - closed) <= 1e-3 * closed, "jenkins, sine: energy per cycle %.9g J/m^2 = 4 ts (a - ts/kt) = %g within 1e-3" % (epc, closed))
tr = law("tri")["jenkins"].attrs["energy_per_cycle"]
check(abs(tr - closed) <= 1e-9 * closed, "jenkins, triangle wave: energy per cycle %.12g J/m^2 = %g within 1e-9 (exact path)" % (tr, closed))
time, u, v, t, w, st = s["time"][:], s["u"][:], s["v"][:], j["t"][:], j["energy"][:], j["state"][:]
check(len(time) == 4001 and abs(time[-1] - 2) < 1e-15 and u.shape == (4001, 3) and t.shape == (4001, 3) and st.dtype.kind == "i",
      "layout: /law/time, u, v (4001 x 3), /law/jenkins/t, energy, state (ints)")
check(np.allclose(u[:, 0], a * np.sin(2 * np.pi * time), rtol=0, atol=1e-20) and np.allclose(v[:, 0], 2 * np.pi * a * np.cos(2 * np.pi * time), rtol=0, atol=1e-18),
      "u and the exact velocity of sin(5e-6,1)")
# independent play operator
tp, sp, prev, up = np.zeros(len(time)), np.zeros(len(time), dtype=int), 0.0, 0.0
for k in range(len(time)):
    star = prev + kt * (u[k, 0] - up)
    tp[k], sp[k] = np.clip(star, -ts, ts), int(abs(star) > ts)
    if tp[k] == 0 and u[k, 2] <= 0:
        sp[k] = 2  # all tractions zero with u_n <= 0: separated (the first sample)
    prev, up = tp[k], u[k, 0]
check(np.max(np.abs(t[:, 0] - tp)) <= 1e-6 and np.all(t[:, 1:] == 0), "tractions = play operator within 1e-6 Pa (max diff %.3g)" % np.max(np.abs(t[:, 0] - tp)))
check(np.array_equal(st, sp), "states: slip exactly where the stuck prediction exceeds ts (%d of %d samples differ)" % (np.sum(st != sp), len(st)))
wt = np.concatenate([[0], np.cumsum(0.5 * np.sum((t[1:] + t[:-1]) * np.diff(u, axis=0), axis=1))])
check(np.allclose(w, wt, rtol=1e-12, atol=1e-12 * closed), "energy = trapezoid sum of t . du")
check(abs(j.attrs["slip_fraction"] - np.mean(st == 1)) < 1e-15 and j.attrs["kt"] == kt and j.attrs["type"] == "jenkins" and j.attrs["max_traction_t"] == ts,
      "attributes: type, parameters, slip fraction %.4f, max traction" % j.attrs["slip_fraction"])
two = law("two")
ea, eb = two["a"].attrs["energy_per_cycle"], two["b"].attrs["energy_per_cycle"]
cb = 4 * 0.5e6 * (a - 0.5e6 / kt)
check(abs(eb - cb) <= 1e-3 * cb and two["b"].attrs["type"] == "edf", "two laws: edf (mu 0.5, N 1e6): %.9g J/m^2 = 4 mu N (a - mu N/kt) = %g" % (eb, cb))
check(np.array_equal(two["a"]["t"][:, :2], t[:, :2]) and np.all(two["a"]["t"][:, 2] == 1e6) and ea == epc and two.attrs["laws"] == "a,b",
      "two laws: law a = the single jenkins run, bit for bit (and t_n = kn u_n = 1e6 Pa)")
un, fn = law("edfun"), law("edfn")
check("N" in fn and np.all(fn["N"][:] == 1e6) and np.allclose(fn["edf"]["u"][:, 2], 1e-6, rtol=1e-15) and "u" not in un["edf"]
      and np.allclose(fn["edf"]["t"][:], un["edf"]["t"][:], rtol=1e-12, atol=1e-6), "normal traction N = 1e6 Pa on edf: u_n = N/kn, tractions as with u_n = 1e-6")
th = law("tanh")
vt = 2 * np.pi * 5e-6 * np.cos(2 * np.pi * th["time"][:])
check(np.allclose(th["tanh"]["t"][:, 0], 0.5e6 * np.tanh(vt / 1e-5), rtol=1e-12, atol=1e-6) and np.all(th["tanh"]["state"][1:][np.abs(th["tanh"]["t"][1:, 0]) > 0] == 1),
      "tanh (rate dependent): t_t1 = mu fn tanh(v/eps) with the exact velocity of the formula; slip wherever t_t1 != 0")
sp = law("sep")
check(np.array_equal(sp["edf"]["state"][:] == 2, sp["u"][:, 2] <= 0) and np.all(sp["edf"]["t"][:][sp["u"][:, 2] <= 0] == 0),
      "edf under u_n = 1e-6 cos(2 pi t): separated (state 2, tractions zero) exactly where u_n <= 0")
for name in ("csv", "h5tab"):
    c = law(name)
    check(np.allclose(c["jenkins"]["t"][:], t, rtol=1e-12, atol=1e-6) and abs(c["jenkins"].attrs["energy_per_cycle"] - epc) <= 1e-12 * epc
          and np.allclose(c["time"][:], time, rtol=0, atol=0), "%s table of the same samples: the same tractions and energy" % name)
c = law("csv")
check(np.allclose(c["v"][1:-1, 0], v[1:-1, 0], rtol=0, atol=1e-5 * np.max(np.abs(v))), "table: three-point velocities within 1e-5 of the exact ones")
p = law("par")
check(all(np.array_equal(p[k][:], s[k][:]) for k in ("time", "u", "v")) and all(np.array_equal(p["jenkins"][k][:], j[k][:]) for k in ("t", "energy", "state")),
      "1 and 2 ranks: the same datasets, bit for bit")
EOF
finish

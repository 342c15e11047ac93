#!/usr/bin/env bash
# tribo law -law_masing: the Masing manifold of elastic dry friction (paper brake-porter-karpov-masing-manifolds §2-§3)
# built from the last period of the run, against the edf law marched by the verb. The examples of §3: mu = 0.9627,
# kT = 5.26e14 (N/m^3: tractions, eq. 21), u_t1 = 50 sin(2 pi t) nm, kn = 1 so that the normal traction t_n equals the
# prescribed N (-law_n, or the column N of a table), 3 periods of 1000 steps (the manifold from samples 2000-3000):
#   const: N = 5 MN; sin: N = 2.5 sin(2 pi t) + 5 MN; phase: N = 2.5 sin(2 pi t - pi/4) + 5 MN (formulas);
#   max0: N = max(0, 2.5 sin(4 pi t) + 1) MN (a CSV table written here, with -law_period 1);
#   eq19: §3.1 eq. 19, N = 8 - 5 H(t-0.3) (1 - H(t-0.4)) sin^2(2 pi (t-0.3)/0.2) MN (a CSV table, periodic).
# Checks, with their tolerances:
#   - the four §3 cases are on the manifold: /law/edf/manifold/t equals the law's t_t1 at every sample of the last
#     period within 1e-10 of max|t_t1| there, violation is 0 there, and the summary says "on the manifold";
#   - layout: vertices 6 x 3, t NaN and violation -1 before the attribute first = 2000, attributes mu, kT (as given),
#     N_max (the largest t_n of the period, exactly), u_anchor_amp of the constant case = 50 nm - mu 5 MN/kT (1e-12
#     relative, the closed form of t160) and C = (50 nm, mu 5 MN, 5 MN) (1e-12 relative);
#   - eq19 leaves the manifold by eq. 8: violation 8 exactly at samples 251-331 of the period (2251-2331 of the run,
#     t160's result, checked there against numpy), 0 elsewhere; the manifold equals t_t1 within 1e-10 of max|t_t1| at
#     the samples on it and differs by more than 1e-3 at some sample off it; the summary names condition 8 and the
#     samples;
#   - bad input (one error line naming the option, no result file): -law_masing with a jenkins law, with the second law
#     of -law_laws a tanh law, a period that is not a whole number of steps (-law_steps 3001 over 3 periods), a table
#     without -law_period.
set -u
source tests/cli/lib.sh
export TRIBO_PYTHON=/bin/true # no pictures here (tests/post/t830 draws the manifold of a tribo law run)
d=$TMPDIR_TEST
E=(-friction_type edf -friction_mu 0.9627 -friction_kt 5.26e14 -friction_kn 1 -law_masing)
U=(-law_u1 "sin(50e-9,1)" -law_periods 3 -law_steps 3000)
runok() { # name args...: tribo law -law_masing in $d, must succeed and write name.h5
  local name=$1
  shift
  (cd "$d" && run1 law -output "$name.h5" "$@" > "$name.out" 2> "$name.err")
  local rc=$?
  if [ $rc = 0 ] && [ -s "$d/$name.h5" ] && grep -q "wrote $name.h5" "$d/$name.out"; then
    pass "tribo law -law_masing $name:$(grep 'u_anchor,amp' "$d/$name.out" | tr -s ' ' | cut -c1-150)"
  else fail "tribo law -law_masing $name (exit $rc)" "no result" "$d/$name.out" "$d/$name.err"; fi
}
# the tables: 3 periods of 1000 samples, the samples of each period the same numbers (exactly periodic)
$PY - "$d" <<'EOF' || fail "tables" "could not write them"
import sys, math
d = sys.argv[1]
H = lambda x: 1.0 if x >= 0 else 0.0
N = {"max0": lambda t: max(0.0, 2.5e6 * math.sin(4 * math.pi * t) + 1e6),
     "eq19": lambda t: 8e6 - 5e6 * H(t - 0.3) * (1 - H(t - 0.4)) * math.sin(2 * math.pi / 0.2 * (t - 0.3)) ** 2}
for name, f in N.items():
    with open("%s/%s.csv" % (d, name), "w") as fp:
        fp.write("time,u1,u2,N\n")
        for i in range(3001):
            t = (i % 1000) / 1000
            fp.write("%r,%r,0,%r\n" % (i / 1000, 50e-9 * math.sin(2 * math.pi * t), f(t)))
EOF
runok const "${E[@]}" "${U[@]}" -law_n 5e6
runok sin "${E[@]}" "${U[@]}" -law_n "const(5e6)+sin(2.5e6,1)"
runok phase "${E[@]}" "${U[@]}" -law_n "const(5e6)+sin(2.5e6,1,-0.78539816339744830962)"
runok max0 "${E[@]}" -law_table max0.csv -law_period 1
runok eq19 "${E[@]}" -law_table eq19.csv -law_period 1
for c in const sin phase max0; do
  if grep -q "edf .*: on the manifold" "$d/$c.out" && ! grep -q "condition" "$d/$c.out"; then pass "$c: the summary says on the manifold"
  else fail "$c: summary" "not on the manifold" "$d/$c.out"; fi
done
if grep -q "edf .*: off the manifold" "$d/eq19.out" && grep -q "condition 8 off the manifold at samples 251-331 of the period (2251-2331 of the run)" "$d/eq19.out"; then
  pass "eq19: the summary names condition 8 at samples 251-331"
else fail "eq19: summary" "no condition 8 at samples 251-331" "$d/eq19.out"; fi

bad() { expect_error_words law "$d" "$@"; } # name expected-words -- args... (tests/cli/lib.sh)
bad jenkins "-law_masing" "law jenkins" "elastic dry friction" "-friction_type edf" "brake-porter-karpov §2" -- \
  -friction_type jenkins -law_masing "${U[@]}"
bad second_law "-law_masing" "law b" "tanh" "-b_friction_type edf" -- \
  -law_laws a,b -a_friction_type edf -b_friction_type tanh -law_masing "${U[@]}"
bad steps "-law_masing" "whole number of time steps" "-law_steps" "-law_period" -- \
  "${E[@]}" -law_u1 "sin(50e-9,1)" -law_n 5e6 -law_periods 3 -law_steps 3001
bad no_period "-law_masing" "-law_period" -- "${E[@]}" -law_table eq19.csv

[ $HAVE_H5PY = 1 ] || { skip "result files" "no h5py"; finish; exit; }
pychecks "manifold results" "$d" <<'EOF'
import sys, h5py, numpy as np
d = sys.argv[1]
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))
mu, kT = 0.9627, 5.26e14
for c in ("const", "sin", "phase", "max0", "eq19"):
    g = h5py.File("%s/%s.h5" % (d, c), "r")["law/edf"]
    m = g["manifold"]
    f, N, mt, viol, first = g["t"][:, 0], g["t"][:, 2], m["t"][:], m["violation"][:], int(m.attrs["first"])
    fmax = np.abs(f[first:]).max()
    dev = np.abs(mt[first:] - f[first:]) / fmax
    lay = (first == 2000 and len(mt) == len(viol) == 3001 and viol.dtype.kind == "i" and m["vertices"].shape == (6, 3)
           and np.all(np.isnan(mt[:first])) and np.all(viol[:first] == -1) and m.attrs["mu"] == mu and m.attrs["kT"] == kT
           and m.attrs["N_max"] == N[first:].max())
    check(lay, "%s: layout (first = 2000, t NaN and violation -1 before it, vertices 6 x 3, mu, kT, N_max)" % c)
    if c != "eq19":
        check(dev.max() <= 1e-10 and np.all(viol[first:] == 0),
              "%s: manifold/t = t_t1 over the last period within 1e-10 of max|t_t1| (largest %.2e), violation all 0" % (c, dev.max()))
    else:
        off = np.flatnonzero(viol[first:])
        check(np.array_equal(off, np.arange(251, 332)) and np.all(viol[first:][off] == 8),
              "eq19: violation 8 exactly at samples 251-331 of the period, 0 elsewhere", str(off[:5]) + "..." + str(off[-5:]))
        on = viol[first:] == 0
        check(dev[on].max() <= 1e-10 and dev[~on].max() > 1e-3,
              "eq19: manifold/t = t_t1 on the manifold within 1e-10 (largest %.2e), off it by up to %.3f of max|t_t1|" % (dev[on].max(), dev[~on].max()))
    if c == "const":
        ua, v = 50e-9 - mu * 5e6 / kT, m["vertices"][:]
        check(abs(m.attrs["u_anchor_amp"] - ua) <= 1e-12 * ua and abs(v[2, 0] - 50e-9) <= 1e-12 * 50e-9 and abs(v[2, 1] - mu * 5e6) <= 1e-12 * mu * 5e6
              and v[2, 2] == 5e6, "const: u_anchor,amp %.6f nm = 50 nm - mu N/kT, C = (50 nm, mu N, N) (1e-12)" % (1e9 * m.attrs["u_anchor_amp"]))
EOF
finish

#!/usr/bin/env bash
# tribo ringdown: a decaying two-mode signal to the backbone of each mode. The signal is made here, independently of tribo,
# by integrating (RK4, 8 substeps per sample, numpy) two oscillators whose frequency and damping depend on their
# amplitude a = sqrt(x^2 + (x'/omega)^2):  x'' + 2 zeta(a) omega(a) x' + omega(a)^2 x = 0, with
#   mode 1: omega = 2 pi 31 (1 - 0.05 a/(a + 0.2)) rad/s, zeta = 0.005 + 0.01 a/(a + 0.2), a(0) = 1;
#   mode 2: omega = 2 pi 97 (1 - 0.02 a^2/(a^2 + 0.01)), zeta = 0.004 (1 + a), a(0) = 0.3;
# sampled at 1 kHz for 12 s, plus Gaussian noise of standard deviation 2e-4 (numpy, seed 3), written as CSV (time,x).
# Checks, with their tolerances (the brief: 0.5 % in frequency, 5 % in damping above the noise floor):
#   - mode 1 (the default band: 0.8-1.2 times the spectrum's largest peak) and mode 2 (-ringdown_band 80,115): every
#     window kept has |f/f(a) - 1| < 5e-3 and |zeta/zeta(a) - 1| < 5e-2 against the generating law at the extracted
#     amplitude; at least 10 windows over at least 1.5 decades of amplitude (mode 1), 1 decade (mode 2); the noise floor
#     is within a factor 3 of the noise's in-band amplitude (2e-4 sqrt(band/500 Hz));
#   - the same signal as an HDF5 vector (-ringdown_input sig.h5:/x -ringdown_rate 1000) gives the CSV's backbone to 1e-12;
#   - the built-in synthetic signal (no input) gives its own law (src/cli/ringverb.c) to the same tolerances;
#   - bad input (one error line, no file): a band in the wrong order, a missing column, an HDF5 vector without a rate, a
#     misspelt option.
# timeout: 120
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t986
mkdir -p "$W"
export TRIBO_PYTHON=/bin/true
if [ $HAVE_H5PY = 0 ]; then skip "tribo ringdown" "needs numpy and h5py"; finish; exit; fi
$PY - "$W" <<'PYEOF' || fail "signal" "could not write it"
import sys, numpy as np, h5py
d = sys.argv[1]
laws = [(lambda a: 2*np.pi*31*(1 - 0.05*a/(a + 0.2)), lambda a: 0.005 + 0.01*a/(a + 0.2), 1.0),
        (lambda a: 2*np.pi*97*(1 - 0.02*a*a/(a*a + 0.01)), lambda a: 0.004*(1 + a), 0.3)]
fs, T, sub = 1000.0, 12.0, 8
n = int(fs*T); h = 1/(fs*sub)
x = np.zeros(n)
for w, z, a0 in laws:
    def rhs(s):
        a = np.hypot(s[0], s[1]/w(np.hypot(s[0], s[1]/w(a0))))
        # the amplitude from the state, iterated once on omega(a)
        a = np.hypot(s[0], s[1]/w(a))
        return np.array([s[1], -2*z(a)*w(a)*s[1] - w(a)**2*s[0]])
    s = np.array([a0, 0.0])
    for i in range(n):
        x[i] += s[0]
        for _ in range(sub):
            k1 = rhs(s); k2 = rhs(s + 0.5*h*k1); k3 = rhs(s + 0.5*h*k2); k4 = rhs(s + h*k3)
            s = s + h/6*(k1 + 2*k2 + 2*k3 + k4)
x += 2e-4*np.random.default_rng(3).standard_normal(n)
t = np.arange(n)/fs
np.savetxt(d + "/sig.csv", np.c_[t, x], delimiter=",", header="time,x", comments="", fmt="%.17g")
with h5py.File(d + "/sig.h5", "w") as f:
    f["x"] = x
PYEOF
run "$W" m1 ringdown -ringdown_input sig.csv -ringdown_column x -output m1.h5
[ $RC = 0 ] && pass "mode 1: $(head -2 "$W/m1.out" | tail -1)" || fail "mode 1" "exit $RC" "$W/m1.out" "$W/m1.err"
run "$W" m2 ringdown -ringdown_input sig.csv -ringdown_column x -ringdown_band 80,115 -output m2.h5
[ $RC = 0 ] && pass "mode 2: $(head -2 "$W/m2.out" | tail -1)" || fail "mode 2" "exit $RC" "$W/m2.out" "$W/m2.err"
run "$W" h5 ringdown -ringdown_input sig.h5:/x -ringdown_rate 1000 -output h5.h5
[ $RC = 0 ] && pass "HDF5 input" || fail "HDF5 input" "exit $RC" "$W/h5.out" "$W/h5.err"
run "$W" builtin ringdown
[ $RC = 0 ] && [ -s "$W/ringdown.h5" ] && pass "built-in signal: $(head -1 "$W/builtin.out")" || fail "built-in signal" "exit $RC" "$W/builtin.out" "$W/builtin.err"
pychecks "backbones" "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
def law1(a): return 31*(1 - 0.05*a/(a + 0.2)), 0.005 + 0.01*a/(a + 0.2)
def law2(a): return 97*(1 - 0.02*a*a/(a*a + 0.01)), 0.004*(1 + a)
def builtin(a):
    s = a*a/(a*a + 0.09)
    return 50*(1 - 0.03*s), 0.004 + 0.006*s
def check(name, f, law, decades, band, sigma, rate):
    g = h5py.File(f, "r")
    b = g["/ringdown/backbone"][:]
    noise = g["/ringdown"].attrs["noise_floor"]
    a, fr, z = b[:, 0], b[:, 1], b[:, 2]
    fl, zl = law(a)
    ef, ez = np.max(np.abs(fr/fl - 1)), np.max(np.abs(z/zl - 1))
    span = np.log10(a.max()/a.min())
    ok = ef < 5e-3 and ez < 5e-2 and len(a) >= 10 and span >= decades
    print("%s - %s: %d windows over %.2f decades of amplitude (%.3g-%.3g), max frequency error %.2e (< 5e-3), max damping error %.2e (< 5e-2)"
          % ("ok" if ok else "not ok", name, len(a), span, a.min(), a.max(), ef, ez))
    if band:
        ref = sigma*np.sqrt(band/(rate/2))
        print("%s - %s: noise floor %.3g, in-band noise amplitude %.3g (within a factor 3)" % ("ok" if ref/3 < noise < 3*ref else "not ok", name, noise, ref))
    return b
b1 = check("mode 1", d + "/m1.h5", law1, 1.5, 0.4*31, 2e-4, 1000)
check("mode 2", d + "/m2.h5", law2, 1.0, 35, 2e-4, 1000)
check("built-in", d + "/ringdown.h5", builtin, 1.5, None, None, None)
bh = h5py.File(d + "/h5.h5", "r")["/ringdown/backbone"][:]
e = np.max(np.abs(bh - b1)/np.abs(b1)) if bh.shape == b1.shape else np.inf
print("%s - HDF5 input gives the CSV's backbone: max relative difference %.2e (< 1e-12)" % ("ok" if e < 1e-12 else "not ok", e))
PYEOF
expect_fail "band in the wrong order" "-ringdown_band;lo < hi" ringdown -ringdown_band 60,40
expect_fail "missing column" "sig.csv;no column \"y\"" ringdown -ringdown_input "$W/sig.csv" -ringdown_column y
expect_fail "HDF5 without a rate" "no time column;-ringdown_rate" ringdown -ringdown_input "$W/sig.h5:/x"
expect_fail "misspelt option" "-ringdown_bnd" ringdown -ringdown_bnd 1,2
finish

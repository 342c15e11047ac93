#!/usr/bin/env bash
# Part 1, tribo ringdown -ringdown_ripp: RIPP parameters from a ringdown (brake-ripp §4, eqs. 40-47) through the program.
# The signal is the built-in -ringdown_synthetic ripp: the free decay of a unit mass on k0 = 78957 N/m in parallel with
# tribo's iwan4 element fs = 8 N, kt = 19739 N/m, chi = -0.5, beta = 1 (phi_MAX = 6.0793e-4 m), integrated by central
# differences (TriboRingdownSynthesizeRIPP, not the estimator). Checks:
#   - with phi_MAX and the slipping frequency sqrt(k0)/2pi = 44.7214 Hz given, /ringdown/ripp has K_T within 2 %, chi within
#     0.03, F_S within 5 %, beta within 20 % of the truth (the tolerances of t537, which states why);
#   - 2 ranks write the same /ringdown/ripp as 1 rank (to 1e-12: every rank computes the same);
#   - bad input (one error line, no file): the paper's default phi_MAX (10 x the largest amplitude, 2.9 times the truth
#     here: no beta >= 0), a negative mass, an unknown unit, a displacement unit for an acceleration, and the two-mode
#     built-in signal (viscous-like damping: dissipation ~ amplitude^2, no Iwan chi).
# Part 2, tribo fit with a measured backbone's bounds (porter-et-al-2022 Table 2, Figs. 9-19): the built-in backbone with
# -fit_synthetic_variability 0.005 (frequency f (1 -+ 0.005), damping zeta (1 -+ 0.05)) and 1 % noise (a front of several
# members), a small NSGA-II (16 x 6):
#   - /fit/variability: the frequency variabilities are 0.005 and the damping ones sqrt(mean((ln(1 -+ 0.05)/ln zeta_i)^2))
#     with zeta_i the measured damping at the comparison amplitudes (computed here), to 1e-9;
#   - /fit/reference_point is the smaller of the front's least error and the larger variability, per objective (Table 4);
#   - 2 ranks give 1 rank's front and variability (to 1e-12);
#   - bad input (one error line, no file): frequency bounds in the wrong order, a length unit for an acceleration, a zero
#     mode shape at the sensor.
# Part 3, tribo fit -fit_predict: the front of part 2's fit (f1.h5) applied to the built-in mode 2 (k0 = 3.2e6 N/m, psi = 0.6,
# the same joint: src/cli/fitpredict.c) on 1 and 2 ranks: the same errors (to 1e-12), every member's errors finite, and the
# non-dominated flags consistent with the errors; bad input: no -fit_predict_k0, a fit file that does not exist.
# Part 4, tribo fit -fit_model rom (src/fit/fjrom.c): the small built-in lap ROM (tribo model -lapframe_nx 4
# -lapframe_nel_overlap 4, 64 interface points) with Jenkins on the whole interface; its Masing backbone by tribo backbone
# (8 amplitudes 3e-5 .. 1e-3, + 0.001 viscous damping) is the measurement. A fit whose bounds are the truth (ts 1e6, kt 1e12)
# within 1e-6 must reproduce it: errors (eq. 41) below 1e-6 with -fit_backbone rqnma (Masing), on 1 and 2 ranks (identical
# to 1e-12); with rqnma_nonmasing the frequency error below 1e-6 and the damping error below 5e-3 (Jenkins obeys Masing's
# rules: the cycles and the initial loading curve give the same loops up to the cycle tolerance). Bad input: -fit_model rom
# without -fit_rom, an unknown -fit_backbone. EPMC (-fit_backbone epmc) is not run here (14 s per evaluation; see doc/guide.md).
# timeout: 120
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t989
mkdir -p "$W"
export TRIBO_PYTHON=/bin/true
A="-ringdown_synthetic ripp -ringdown_ripp -ringdown_ripp_phimax 6.0793e-4 -ringdown_ripp_fslip 44.7214 -ringdown_noise_factor 1"
# shellcheck disable=SC2086 # A is a list of options
run "$W" r1 ringdown $A -output r1.h5
[ $RC = 0 ] && pass "1 rank: $(grep RIPP "$W/r1.out" | head -c 200)" || fail "1 rank" "exit $RC" "$W/r1.out" "$W/r1.err"
# shellcheck disable=SC2086
mpirun "$W" r2 2 ringdown $A -output r2.h5
[ $RC = 0 ] && pass "2 ranks" || fail "2 ranks" "exit $RC" "$W/r2.out" "$W/r2.err"
if [ $HAVE_H5PY = 0 ]; then skip "RIPP estimates" "needs numpy and h5py"; else
pychecks "RIPP estimates" "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
r1 = h5py.File(d + "/r1.h5", "r")["/ringdown/ripp"][:]
r2 = h5py.File(d + "/r2.h5", "r")["/ringdown/ripp"][:]
kt, phi, chi, fs, beta = r1[:5]
ok = abs(kt/19739 - 1) < 0.02 and abs(chi + 0.5) < 0.03 and abs(fs/8 - 1) < 0.05 and abs(beta - 1) < 0.2 and abs(phi/6.0793e-4 - 1) < 1e-12
print("%s - estimates K_T %.6g (19739), chi %.4f (-0.5), F_S %.5g (8), beta %.4g (1) within 2 %%, 0.03, 5 %%, 20 %%" % ("ok" if ok else "not ok", kt, chi, fs, beta))
e = np.max(np.abs(r1 - r2)/np.abs(r1))
print("%s - 2 ranks give 1 rank's /ringdown/ripp: max relative difference %.1e (< 1e-12)" % ("ok" if e < 1e-12 else "not ok", e))
PYEOF
fi
expect_fail "paper's phi_MAX without macroslip" "phi_MAX;-ringdown_ripp_phimax" ringdown -ringdown_synthetic ripp -ringdown_ripp -ringdown_noise_factor 1
expect_fail "negative mass" "-ringdown_ripp_mass;> 0" ringdown -ringdown_synthetic ripp -ringdown_ripp -ringdown_ripp_mass -1 -ringdown_noise_factor 1
expect_fail "unknown unit" "-ringdown_units;furlong" ringdown -ringdown_synthetic ripp -ringdown_ripp -ringdown_units furlong -ringdown_noise_factor 1
expect_fail "length unit for an acceleration" "-ringdown_amplitude;acceleration" ringdown -ringdown_synthetic ripp -ringdown_ripp -ringdown_amplitude acceleration -ringdown_units mm -ringdown_noise_factor 1
expect_fail "viscous-like damping" "3 \+ chi;viscous" ringdown -ringdown_ripp
F="-fit_synthetic_variability 0.005 -fit_synthetic_noise 0.01 -nsga_population 16 -nsga_generations 6"
# shellcheck disable=SC2086 # F is a list of options
run "$W" f1 fit $F -output f1.h5
[ $RC = 0 ] && pass "fit with bounds, 1 rank: $(grep variability "$W/f1.out" | head -c 200)" || fail "fit with bounds, 1 rank" "exit $RC" "$W/f1.out" "$W/f1.err"
# shellcheck disable=SC2086
mpirun "$W" f2 2 fit $F -output f2.h5
[ $RC = 0 ] && pass "fit with bounds, 2 ranks" || fail "fit with bounds, 2 ranks" "exit $RC" "$W/f2.out" "$W/f2.err"
if [ $HAVE_H5PY = 1 ]; then
pychecks "variability" "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
a, b = h5py.File(d + "/f1.h5", "r"), h5py.File(d + "/f2.h5", "r")
v = a["/fit/variability"][:]
z = a["/fit/measured_damping"][:]
ref = [0.005, np.sqrt(np.mean((np.log(1.05)/np.log(z))**2)), 0.005, np.sqrt(np.mean((np.log(0.95)/np.log(z))**2))]
e = np.max(np.abs(v/ref - 1))
print("%s - variability %s, closed form %s: max relative difference %.1e (< 1e-9)" % ("ok" if e < 1e-9 else "not ok", np.array2string(v, precision=6), np.array2string(np.array(ref), precision=6), e))
f = a["/fit/front_errors"][:]
rp = a["/fit/reference_point"][:]
want = [min(f[:, k].min(), max(v[k], v[2 + k])) for k in range(2)]
print("%s - reference point %s = min(front's least error, variability) %s" % ("ok" if np.allclose(rp, want, rtol=1e-14, atol=0) else "not ok", rp, want))
same = f.shape == b["/fit/front_errors"].shape and np.allclose(f, b["/fit/front_errors"][:], rtol=1e-12, atol=0) and np.allclose(v, b["/fit/variability"][:], rtol=1e-12, atol=0)
print("%s - 2 ranks give 1 rank's front (%d members) and variability" % ("ok" if same else "not ok", len(f)))
PYEOF
fi
P="-fit_predict $W/f1.h5 -fit_predict_k0 3.2e6 -fit_predict_psi 0.6 -fit_mode 2"
# shellcheck disable=SC2086 # P is a list of options
run "$W" p1 fit $P -output p1.h5
[ $RC = 0 ] && pass "predict mode 2, 1 rank: $(grep errors "$W/p1.out" | head -c 200)" || fail "predict mode 2, 1 rank" "exit $RC" "$W/p1.out" "$W/p1.err"
# shellcheck disable=SC2086
mpirun "$W" p2 2 fit $P -output p2.h5
[ $RC = 0 ] && pass "predict mode 2, 2 ranks" || fail "predict mode 2, 2 ranks" "exit $RC" "$W/p2.out" "$W/p2.err"
if [ $HAVE_H5PY = 1 ]; then
pychecks "prediction" "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
a, b = h5py.File(d + "/p1.h5", "r"), h5py.File(d + "/p2.h5", "r")
e, nd = a["/fit/front_errors"][:], a["/fit/nondominated"][:]
same = np.allclose(e, b["/fit/front_errors"][:], rtol=1e-12, atol=0)
print("%s - 2 ranks give 1 rank's mode-2 errors (%d members)" % ("ok" if same else "not ok", len(e)))
dom = [any((e[j] <= e[i]).all() and (e[j] < e[i]).any() for j in range(len(e))) for i in range(len(e))]
ok = np.isfinite(e).all() and all((nd[i] == 1) == (not dom[i]) for i in range(len(e)))
print("%s - errors finite, non-dominated flags %s agree with the errors" % ("ok" if ok else "not ok", nd))
print("%s - mode recorded: %s" % ("ok" if a["/fit"].attrs["mode"] == 2 else "not ok", a["/fit"].attrs["mode"]))
PYEOF
fi
expect_fail "predict: no k0" "-fit_predict_k0" fit -fit_predict "$W/f1.h5"
expect_fail "predict: missing fit file" "nofit.h5" fit -fit_predict "$W/nofit.h5" -fit_predict_k0 1e6
run "$W" lap model -lapframe_nx 4 -lapframe_nel_overlap 4 -output lap.h5
run "$W" meas backbone -rom lap.h5 -friction_type jenkins -rqnma_masing -backbone_qmin 3e-5 -backbone_n 8 -output meas.h5
[ $RC = 0 ] && pass "lap ROM and its measured backbone" || fail "lap ROM backbone" "exit $RC" "$W/meas.out" "$W/meas.err"
if [ $HAVE_H5PY = 1 ]; then
$PY - "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
b = h5py.File(d + "/meas.h5", "r")["/backbone/mode1"]
np.savetxt(d + "/meas.csv", np.c_[b["modal_amplitude"][:], b["frequency_hz"][:], b["damping"][:] + 0.001], delimiter=",",
           header="amplitude,frequency,damping", comments="", fmt="%.17g")
PYEOF
R="-fit_model rom -fit_rom $W/lap.h5 -fit_law jenkins -fit_params ts:0.999999e6:1.000001e6:log,kt:0.999999e12:1.000001e12:log -fit_zeta0 0.001 -fit_measured $W/meas.csv -fit_n 8 -nsga_population 4"
# shellcheck disable=SC2086 # R is a list of options
run "$W" r1 fit $R -nsga_generations 1 -output r1.h5
[ $RC = 0 ] && pass "rom fit, Masing, 1 rank: $(grep -E 'backbones in' "$W/r1.out")" || fail "rom fit, 1 rank" "exit $RC" "$W/r1.out" "$W/r1.err"
# shellcheck disable=SC2086
mpirun "$W" r2 2 fit $R -nsga_generations 1 -output r2.h5
[ $RC = 0 ] && pass "rom fit, Masing, 2 ranks" || fail "rom fit, 2 ranks" "exit $RC" "$W/r2.out" "$W/r2.err"
# shellcheck disable=SC2086
run "$W" rn fit $R -nsga_generations 0 -fit_backbone rqnma_nonmasing -output rn.h5
[ $RC = 0 ] && pass "rom fit, non-Masing: $(grep -E 'backbones in' "$W/rn.out")" || fail "rom fit, non-Masing" "exit $RC" "$W/rn.out" "$W/rn.err"
pychecks "rom fit" "$W" <<'PYEOF'
import sys, numpy as np, h5py
d = sys.argv[1]
e1, e2, en = (h5py.File(d + "/%s.h5" % k, "r")["/fit/front_errors"][:] for k in ("r1", "r2", "rn"))
print("%s - Masing: front errors at most %.2e, %.2e (< 1e-6)" % ("ok" if e1.max() < 1e-6 else "not ok", e1[:, 0].max(), e1[:, 1].max()))
print("%s - 2 ranks give 1 rank's errors" % ("ok" if e1.shape == e2.shape and np.allclose(e1, e2, rtol=1e-12, atol=1e-15) else "not ok"))
print("%s - non-Masing: frequency error %.2e (< 1e-6), damping error %.2e (< 5e-3)" % ("ok" if en[:, 0].max() < 1e-6 and en[:, 1].max() < 5e-3 else "not ok", en[:, 0].max(), en[:, 1].max()))
PYEOF
fi
expect_fail "rom fit without -fit_rom" "-fit_rom" fit -fit_model rom
expect_fail "unknown backbone method" "-fit_backbone;hb" fit -fit_model rom -fit_rom "$W/lap.h5" -fit_law jenkins -fit_params ts:1e5:1e7:log -fit_backbone hb
printf 'amplitude,frequency,damping,frequency_lower\n1e-6,100,0.001,101\n1e-5,99,0.002,98\n' >"$W/badbounds.csv"
printf 'amplitude,frequency,damping\n1e-6,100,0.001\n1e-5,99,0.002\n' >"$W/ok.csv"
expect_fail "fit: bounds in the wrong order" "badbounds.csv;frequency bounds in the wrong order" fit -fit_measured "$W/badbounds.csv"
expect_fail "fit: length unit for an acceleration" "-fit_amplitude;acceleration" fit -fit_measured "$W/ok.csv" -fit_amplitude acceleration -fit_amplitude_units mm
expect_fail "fit: zero mode shape" "-fit_recovery;nonzero" fit -fit_measured "$W/ok.csv" -fit_amplitude displacement -fit_recovery 0
finish

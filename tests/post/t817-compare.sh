#!/usr/bin/env bash
# Backbones against references (python/tribo/compare.py): the monotone interpolant (Fritsch-Carlson) reproduces a
# cubic's samples exactly at the knots, keeps a monotone staircase monotone without overshoot, and interpolates a
# straight line exactly; compare_backbones finds 0 for a backbone against itself, the exact relative shift of a
# backbone scaled by (1 + 1e-3) in frequency and (1 + 0.1) in damping over the common range only, and refuses
# disjoint ranges; read_flow_yaml reads key : [list] lines, nested mappings and ragged lists (and with the data, the
# reference backbones of ../shared/data/reference: 22 points, 180.63 -> 162.07 Hz and 168.50 -> 156.67 Hz).
# timeout: 60
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
W=$TMPDIR_TEST/t817
mkdir -p "$W"
cat >"$W/r.yaml" <<'Y'
a : 1.5
b : [1.0, 2.0,
  3.0]
grp :
    c : [[1, 2], [3, 4]]
    d : [[1, 2, 3], [4],
]
e : [Inf, -inf, 1e-3]
Y
printf 'a : [1, x]\n' >"$W/bad.yaml"
pychecks "compare" "$W" "${TRIBO_DATA:-}" <<'PYEOF'
import os, sys
import numpy as np
from tribo.compare import read_flow_yaml, pchip, compare_backbones
from tribo import ResultError
W, data = sys.argv[1], sys.argv[2]
def check(ok, name):
    print(("ok - " if ok else "not ok - ") + name)
x = np.array([0.0, 0.5, 1.5, 2.0, 3.5])
y = x**3 - x
check(np.allclose(pchip(x, y, x), y, rtol=0, atol=1e-15), "pchip passes through the knots")
xs = np.linspace(0, 3.5, 701)
st = np.array([0.0, 0.0, 1.0, 1.0, 2.0])
v = pchip(x, st, xs)
check(np.all(np.diff(v) >= -1e-15) and v.min() >= -1e-15 and v.max() <= 2 + 1e-15, "pchip keeps a monotone staircase monotone, no overshoot")
check(np.allclose(pchip(x, 2 * x + 1, xs), 2 * xs + 1, rtol=0, atol=1e-13), "pchip reproduces a straight line")
q = np.logspace(-7, -4, 15); f = 180 - 20 * q / (q + 1e-5); z = 1e-3 + 0.03 * q / (q + 2e-5)
d = compare_backbones(q, f, z, q, f, z)
check(d["freq_max_rel"] < 1e-14 and d["damp_max_rel"] < 1e-14 and d["points"] == 15, "a backbone against itself: 0")
qc = np.logspace(-6, -3, 11)
fc = (180 - 20 * qc / (qc + 1e-5)) * (1 + 1e-3); zc = (1e-3 + 0.03 * qc / (qc + 2e-5)) * 1.1
d = compare_backbones(qc, fc, zc, q, f, z)
# the reference is interpolated, so the shift is exact only up to the interpolation error (smooth data, 15 points)
check(np.allclose(d["range"], (1e-6, 1e-4), rtol=1e-12) and d["points"] == 7 and abs(d["freq_max_rel"] - 1e-3) < 5e-5 and abs(d["damp_max_rel"] - 0.1) < 5e-3,
      "shifted backbone: 1e-3 in frequency, 0.1 in damping over the common range (7 points)")
try:
    compare_backbones(q * 1e5, f, z, q, f, z); check(False, "disjoint ranges refused")
except ResultError:
    check(True, "disjoint ranges refused")
r = read_flow_yaml(os.path.join(W, "r.yaml"))
check(r["a"] == 1.5 and np.array_equal(r["b"], [1, 2, 3]) and np.array_equal(r["grp/c"], [[1, 2], [3, 4]]) and
      isinstance(r["grp/d"], list) and np.array_equal(r["grp/d"][1], [4]) and np.isinf(r["e"][0]) and r["e"][1] < 0,
      "read_flow_yaml: scalars, lists over lines, nested mappings, ragged lists, Inf")
try:
    read_flow_yaml(os.path.join(W, "bad.yaml")); check(False, "a value that is not a number refused")
except ResultError as e:
    check("line 1" in str(e), "a value that is not a number refused with its line")
ref = os.path.join(data, "reference") if data else ""
if ref and os.path.isdir(ref):
    m, fl = read_flow_yaml(os.path.join(ref, "brb_epmc_meso.yaml")), read_flow_yaml(os.path.join(ref, "brb_epmc_flat.yaml"))
    fm, ff = m["frequency_rad_per_s"] / (2 * np.pi), fl["frequency_rad_per_s"] / (2 * np.pi)
    check(len(fm) == 22 and abs(fm[0] - 180.63) < 0.005 and abs(fm[-1] - 162.07) < 0.005 and abs(ff[0] - 168.50) < 0.005 and abs(ff[-1] - 156.67) < 0.005,
          "reference backbones read: meso %.2f -> %.2f Hz, flat %.2f -> %.2f Hz" % (fm[0], fm[-1], ff[0], ff[-1]))
else:
    print("# no ../shared/data/reference: the reference files are not read")
PYEOF
finish

#!/usr/bin/env bash
# The verbs draw their pictures through the Python package after the result file is written: a
# missing matplotlib (simulated by an import shim on PYTHONPATH) or a missing package is a
# one-line note, the verb exits 0 and the result file is complete (read back with h5py). The
# same run with matplotlib draws the pictures.
# timeout: 60
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
W=$TMPDIR_TEST/t816
make_runs "$W" backbone
[ "$RUNS_OK" = 1 ] || { finish; exit 1; }
mkdir -p "$W/shim/matplotlib"
echo 'raise ImportError("No module named matplotlib (simulated)")' >"$W/shim/matplotlib/__init__.py"
cfg=$ROOT/configs/demo.yaml
PYTHONPATH="$W/shim:$PYTHONPATH" run "$W" nompl backbone -rom rom.h5 -options_file "$cfg" -output nompl.h5 -backbone_n 3 -backbone_quiet
notes=$(grep -c "note: no picture .*matplotlib" "$W/nompl.out")
if [ $RC -eq 0 ] && [ "$notes" = 2 ] && [ ! -s "$W/nompl.err" ] && [ ! -e "$W/nompl.png" ] && [ ! -e "$W/nompl_prestress.png" ]; then
  pass "without matplotlib: exit 0, one note line per picture ($notes), no picture, nothing on stderr"
else fail "without matplotlib: exit 0 and one note per picture" "exit $RC, $notes notes" "$W/nompl.out" "$W/nompl.err"; fi
TRIBO_PYTHON_PACKAGE=$W/nowhere run "$W" nopkg prestress -rom rom.h5 -options_file "$cfg" -output nopkg.h5
if [ $RC -eq 0 ] && grep -q "note: no picture .*post-processing package is not installed" "$W/nopkg.out" && [ -s "$W/nopkg.h5" ]; then
  pass "without the package: exit 0, a note, nopkg.h5 written"
else fail "without the package: exit 0 and a note" "exit $RC" "$W/nopkg.out" "$W/nopkg.err"; fi
pychecks "result files complete" "$W" <<'PY'
import sys, h5py, numpy as np
W = sys.argv[1]
with h5py.File(W + "/nompl.h5") as a, h5py.File(W + "/backbone.h5") as b:
    fa = a["/backbone/mode1/frequency_hz"][()]
    ok = a["/backbone/mode1/converged"][()].min() >= 1 and np.isfinite(fa).all() and "/prestress/u" in a and "/modal/frequency_hz" in a
    print(("ok - " if ok else "not ok - ") + "nompl.h5 holds the prestress, the modes and a converged backbone of %d amplitudes" % len(fa))
    ok = abs(a["/backbone/mode1"].attrs["frequency0_hz"] - b["/backbone/mode1"].attrs["frequency0_hz"]) < 1e-9
    print(("ok - " if ok else "not ok - ") + "its linear frequency is that of the run with pictures")
import os, shutil, sys as _s
_s.path.insert(0, os.path.join(os.getcwd(), "python"))
import tribo
os.makedirs(W + "/alone", exist_ok=True)
shutil.copy(W + "/nompl.h5", W + "/alone/nompl.h5")
os.chdir(W + "/alone")  # no ROM here, nor next to the file: the result's own /interface serves
a = tribo.read("nompl.h5").interface
b = tribo.read("nompl.h5", rom=W + "/rom.h5").interface
ok = all(np.array_equal(np.asarray(a[k]), np.asarray(b[k])) for k in ("nodes", "elements", "points", "weights", "point_element"))
print(("ok - " if ok else "not ok - ") + "a result moved away from its ROM still has its interface geometry (/interface = the ROM's)")
PY
run "$W" mpl backbone -rom rom.h5 -options_file "$cfg" -output mpl.h5 -backbone_n 3 -backbone_quiet
if [ $RC -eq 0 ] && [ -s "$W/mpl.png" ] && [ -s "$W/mpl_prestress.png" ] && ! grep -q "note: no picture" "$W/mpl.out"; then pass "with matplotlib: both pictures drawn"
else fail "with matplotlib: both pictures drawn" "exit $RC" "$W/mpl.out" "$W/mpl.err"; fi
# tribo plot (the C program) with tribo's option spelling: -plot_label, -plot_measured (a CSV with
# a header row) and -plot_measured_label become the package's --label, --measured, --measured-label
printf 'amp,f,zeta\n100,209,0.004\n300,203,0.012\n' >"$W/meas.csv"
printf 'amp,f\n100,abc\n' >"$W/bad.csv"
run "$W" cplot plot backbone.h5 mpl.h5 -plot_label "run 1" -plot_label "run 2" -plot_measured meas.csv:amp,f,zeta -plot_measured_label test -o cmp.svg
if [ $RC -eq 0 ] && head -c 300 "$W/cmp.svg" | grep -q "<svg\|<?xml" && grep -q "run 2" "$W/cmp.svg" && grep -q ">test<\|test" "$W/cmp.svg"; then
  pass "tribo plot overlays two runs and a measured CSV (-plot_label, -plot_measured, -plot_measured_label)"
else fail "tribo plot overlays two runs and a measured CSV" "exit $RC" "$W/cplot.out" "$W/cplot.err"; fi
run "$W" cbad plot backbone.h5 -plot_measured bad.csv:amp,f -o bad.png
if [ $RC -eq 1 ] && [ "$(wc -l <"$W/cbad.err")" = 1 ] && grep -q "^tribo plot: error: .*bad.csv" "$W/cbad.err" && [ ! -e "$W/bad.png" ]; then
  pass "tribo plot with a bad CSV: one line naming the file, exit 1, no picture"
else fail "tribo plot with a bad CSV: one line, exit 1" "exit $RC" "$W/cbad.err"; fi
finish

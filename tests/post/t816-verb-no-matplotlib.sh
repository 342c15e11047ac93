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
PY
run "$W" mpl backbone -rom rom.h5 -options_file "$cfg" -output mpl.h5 -backbone_n 3 -backbone_quiet
if [ $RC -eq 0 ] && [ -s "$W/mpl.png" ] && [ -s "$W/mpl_prestress.png" ] && ! grep -q "note: no picture" "$W/mpl.out"; then pass "with matplotlib: both pictures drawn"
else fail "with matplotlib: both pictures drawn" "exit $RC" "$W/mpl.out" "$W/mpl.err"; fi
finish

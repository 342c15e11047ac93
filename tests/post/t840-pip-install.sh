#!/usr/bin/env bash
# The Python package installs with pip (issue 30, item 6): python/pyproject.toml declares it (setuptools, dependencies numpy,
# h5py, matplotlib) and pip installs it into a venv made with Debian's Python (--system-site-packages: Debian's numpy, h5py
# and matplotlib are used; --no-build-isolation: Debian's setuptools; --no-deps: Debian registers its h5py as the distribution
# "h5py._debian_h5py_serial", which pip does not take for "h5py", so pip would fetch h5py from PyPI, offline it fails). From outside the
# source tree, with no PYTHONPATH, the venv's python imports the installed copy, reads a result of tribo with it, draws its picture
# with the installed tribo-py command, and pip lists the package with its dependencies; pip uninstall removes it.
# timeout: 120
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
need_matplotlib
W=$TMPDIR_TEST/t840
mkdir -p "$W"
$PY -c 'import venv, ensurepip' 2>/dev/null || { echo "skipped: $PY cannot make a venv with pip (python3-venv)"; exit 77; }
make_runs "$W" backbone
[ "$RUNS_OK" = 1 ] || { finish; exit 1; }
unset PYTHONPATH
if $PY -m venv --system-site-packages "$W/venv" >"$W/venv.out" 2>&1; then pass "venv made with $PY"; else fail "venv" "python3 -m venv failed" "$W/venv.out"; finish; exit 1; fi
V=$W/venv/bin
cp -r "$ROOT/python" "$W/src" # setuptools builds in the folder it is given (build/, tribo.egg-info/): not in the checkout
if "$V/pip" install --no-build-isolation --no-index --no-deps "$W/src" >"$W/pip.out" 2>&1; then pass "pip install ./python: $(grep -m1 'Successfully installed' "$W/pip.out")"
else fail "pip install ./python" "pip failed" "$W/pip.out"; finish; exit 1; fi
where=$(cd "$W" && "$V/python" -c 'import tribo, os; print(os.path.realpath(tribo.__file__))')
case "$where" in "$W"/venv/*) pass "the venv imports the installed copy: ${where#"$W"/}" ;; *) fail "installed copy" "tribo imported from $where" ;; esac
if (cd "$W" && "$V/python" -c 'import tribo; b = tribo.read("backbone.h5").backbone(); assert len(b["frequency_hz"]) == 5; print(b["frequency_hz"][0])') >"$W/read.out" 2>&1; then
  pass "the installed package reads backbone.h5: first frequency $(cat "$W/read.out") Hz"
else fail "read with the installed package" "failed" "$W/read.out"; fi
if (cd "$W" && "$V/tribo-py" plot backbone.h5 -o pip.png) >"$W/plot.out" 2>&1 && [ -s "$W/pip.png" ]; then pass "tribo-py plot backbone.h5 draws pip.png"
else fail "tribo-py plot" "no picture" "$W/plot.out"; fi
"$V/pip" show tribo >"$W/show.out" 2>&1
grep -q '^Requires: h5py, matplotlib, numpy' "$W/show.out" && pass "pip show tribo: $(grep '^Requires' "$W/show.out")" || fail "pip show" "dependencies not declared" "$W/show.out"
"$V/pip" uninstall -y tribo >"$W/uninstall.out" 2>&1
(cd "$W" && "$V/python" -c 'import tribo' 2>/dev/null) && fail "pip uninstall" "tribo still importable" "$W/uninstall.out" || pass "pip uninstall -y tribo removes it"
finish

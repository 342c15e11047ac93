#!/usr/bin/env bash
# Python post-processing, the command line python3 -m tribo plot: two runs and a measured CSV
# overlaid in one figure (its data lines counted in the SVG it writes and in the Figure),
# .svg, .pdf and .png outputs (magic bytes), default output names and kinds picked from the
# files; every error is one line 'tribo plot: error: ...' on stderr with exit status 1
# (missing, corrupt, non-HDF5 and non-tribo files, bad CSV, no matplotlib) or 2 (bad usage),
# nothing on stdout and no picture left. One line per check.
# timeout: 90
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
need_matplotlib
W=$TMPDIR_TEST/t812
make_runs "$W/in" prestress backbone backbone2
[ "$RUNS_OK" = 1 ] || { finish; exit 1; }
IN=$W/in
printf 'amp,f,zeta\n100,209,0.004\n300,203,0.012\n500,196,0.02\n' >"$W/meas.csv"
printf 'amp,f\n100,209\n300,abc\n' >"$W/bad.csv"
head -c 4000 "$IN/backbone.h5" >"$W/corrupt.h5"
echo "not a result" >"$W/text.h5"
$PY -c 'import h5py, sys; h5py.File(sys.argv[1], "w")["x"] = [1.0]' "$W/plain.h5"
mkdir -p "$W/shim/matplotlib"
echo 'raise ImportError("No module named matplotlib (simulated)")' >"$W/shim/matplotlib/__init__.py"

# cli NAME RC PATTERN ARGS...: runs python3 -m tribo plot ARGS; checks the exit status RC and,
# for RC != 0, one line on stderr 'tribo plot: error: ...' matching PATTERN (grep -E), nothing
# on stdout; the environment variable ENVX (words VAR=value) is added
cli() {
  local name=$1 want=$2 pat=$3 d=$W/cli
  shift 3
  mkdir -p "$d"
  # shellcheck disable=SC2086 # ENVX is a list of assignments
  env ${ENVX:-} "$PY" -m tribo plot "$@" >"$d/out" 2>"$d/err"
  local rc=$? nerr
  nerr=$(wc -l <"$d/err")
  if [ $rc -ne "$want" ]; then fail "$name" "exit status $rc, expected $want" "$d/err" "$d/out"
  elif [ "$want" -eq 0 ]; then
    if [ -s "$d/err" ]; then fail "$name" "stderr not empty" "$d/err"; else pass "$name"; fi
  elif [ "$nerr" -ne 1 ] || [ -s "$d/out" ]; then fail "$name" "$nerr lines on stderr (one expected), stdout $(wc -c <"$d/out") bytes" "$d/err" "$d/out"
  elif ! grep -qE "^tribo plot: error: .*($pat)" "$d/err"; then fail "$name" "stderr does not match 'tribo plot: error: .*$pat'" "$d/err"
  else pass "$name: $(cut -c1-110 "$d/err")"; fi
}

magic() { # magic FILE HEX: the file starts with the bytes HEX
  [ -s "$1" ] && [ "$(head -c $((${#2} / 2)) "$1" | od -An -tx1 | tr -d ' \n')" = "$2" ]
}

# --- overlay: two runs, a measured CSV, labels; SVG with its data lines ---------------------------
cli "overlay of 2 runs + measured data to .svg" 0 "" "$IN/backbone.h5" "$IN/backbone2.h5" --x acc:accel1_z \
  --measured "$W/meas.csv:amp,f,zeta" --measured-label "BRB test" --label "mu 0.96" --label "mu 0.5" -o "$W/overlay.svg"
nb=$(grep -c 'id="backbone-frequency-' "$W/overlay.svg")
nz=$(grep -c 'id="backbone-damping-' "$W/overlay.svg")
nm=$(grep -c 'id="measured-' "$W/overlay.svg")
if magic "$W/overlay.svg" 3c3f786d6c && [ "$nb" -eq 2 ] && [ "$nz" -eq 2 ] && [ "$nm" -eq 2 ]; then
  pass "overlay.svg starts with <?xml and holds 2 frequency + 2 damping lines of the runs, 2 of measured data"
else fail "overlay.svg: <?xml, 2 + 2 run lines, 2 measured" "frequency $nb, damping $nz, measured $nm"; fi
if grep -q "^wrote $W/overlay.svg (backbone)" "$W/cli/out"; then pass "stdout names the picture and the kind"
else fail "stdout: wrote FILE (kind)" "" "$W/cli/out"; fi

# the package folder run as a script, as the C program may: no PYTHONPATH, from another folder
if (cd / && env -u PYTHONPATH "$PY" "$ROOT/python/tribo" plot "$IN/prestress.h5" --fields pressure,gap,slip -o "$W/fields.pdf") \
  >"$W/folder.out" 2>"$W/folder.err" && [ ! -s "$W/folder.err" ]; then pass "python3 python/tribo plot (folder as a script, no PYTHONPATH): prestress fields to .pdf"
else fail "python3 python/tribo plot (no PYTHONPATH)" "exit status or stderr" "$W/folder.err"; fi
if magic "$W/fields.pdf" 255044462d; then pass "fields.pdf starts with %PDF-"
else fail "fields.pdf starts with %PDF-" "$(head -c 8 "$W/fields.pdf" | od -c | head -1)"; fi
rm -f "$IN"/*.png # the C program's own pictures have the same names
cli "default output name (backbone)" 0 "" "$IN/backbone.h5"
if magic "$IN/backbone.png" 89504e470d0a1a0a; then pass "backbone.h5 -> backbone.png (PNG)"
else fail "backbone.h5 -> backbone.png" "missing or not PNG"; fi
cli "kind auto on a prestress file" 0 "" "$IN/prestress.h5" --title ""
if magic "$IN/prestress_prestress.png" 89504e470d0a1a0a && grep -q "(prestress)" "$W/cli/out"; then
  pass "prestress.h5 -> prestress_prestress.png, kind prestress"
else fail "prestress.h5 -> prestress_prestress.png" "" "$W/cli/out"; fi

# --- errors: one line, exit status 1 --------------------------------------------------------------
cli "missing file" 1 "nope.h5: no such file" "$W/nope.h5" -o "$W/e1.png"
cli "corrupt (truncated) file" 1 "corrupt.h5: .*truncated" "$W/corrupt.h5" -o "$W/e2.png"
cli "text file" 1 "text.h5: not an HDF5 file" "$IN/backbone.h5" "$W/text.h5" -o "$W/e3.png"
cli "HDF5 file not written by tribo" 1 "plain.h5: not a tribo file: no /meta" "$W/plain.h5" -o "$W/e4.png"
cli "bad CSV cell" 1 "bad.csv line 3: column 'f' is 'abc'" "$IN/backbone.h5" --measured "$W/bad.csv:amp,f" -o "$W/e5.png"
cli "bad CSV column" 1 "no column 'freq' \(columns: amp, f, zeta\)" "$IN/backbone.h5" --measured "$W/meas.csv:amp,freq" -o "$W/e6.png"
cli "a kind the file lacks" 1 "prestress.h5: no /backbone" "$IN/prestress.h5" --kind backbone -o "$W/e7.png"
# a dataset missing from a group a figure reads was "internal error: KeyError: 'damping'" (issue 34, item 13)
"$PY" - "$IN/backbone.h5" "$W/nodamp.h5" <<'PYEOF'
import shutil, sys, h5py
shutil.copy(sys.argv[1], sys.argv[2])
with h5py.File(sys.argv[2], "r+") as f:
    for m in f["backbone"]:
        if "damping" in f["backbone"][m]:
            del f["backbone"][m]["damping"]
PYEOF
cli "a dataset missing from a group" 1 "nodamp.h5: /backbone/mode1/damping is missing" "$W/nodamp.h5" -o "$W/e9.png"
ENVX="PYTHONPATH=$W/shim:$PYTHONPATH" cli "without matplotlib (import shim)" 1 "matplotlib" "$IN/backbone.h5" -o "$W/e8.png"
# --- bad usage: exit status 2 ------------------------------------------------------------------------
cli "unknown option" 2 "unrecognized arguments: --frobnicate" "$IN/backbone.h5" --frobnicate
cli "unknown picture format" 2 "\.png, \.svg or \.pdf" "$IN/backbone.h5" -o "$W/e9.jpg"
cli "option of another kind" 2 "--measured does not apply to the prestress figure" "$IN/prestress.h5" --measured "$W/meas.csv" -o "$W/e10.png"
cli "no file" 2 "required: FILE" -o "$W/e11.png"
left=$(find "$W" -name 'e[0-9]*.*' -o -name '*.tmp.*' | head -3)
if [ -z "$left" ]; then pass "no picture nor temporary file left by the failed runs"
else fail "no picture left by the failed runs" "$left"; fi

# --- the same command in-process: the Figure's lines, more errors -----------------------------------
pychecks "cli in-process" "$W" <<'EOF'
import contextlib, io, sys
import numpy as np
import tribo
from tribo import cli

W = sys.argv[1]
IN = W + "/in"
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))
argv = [IN + "/backbone.h5", IN + "/backbone2.h5", "--x", "acc:2", "--measured", W + "/meas.csv:0,1", "--measured", W + "/meas.csv:amp,f,zeta",
        "--measured-label", "first", "--label", "A", "-o", W + "/x.png"]
fig, out, kind, opts = cli.build_figure(argv)
axf, axz = fig.axes[:2]
gid = lambda ax, p: [l for l in ax.get_lines() if (l.get_gid() or "").startswith(p)]
legend = [t.get_text() for t in axf.get_legend().get_texts()]
check(kind == "backbone" and out == W + "/x.png" and len(gid(axf, "backbone-")) == 2 and len(gid(axf, "measured-")) == 2
      and len(gid(axz, "measured-")) == 1 and legend[:4] == ["A", "backbone2.h5", "first", "meas.csv"],
      "build_figure: 2 runs + 2 measured sets (1 with damping), labels and default labels", "%s %s" % (legend, [l.get_gid() for l in axf.get_lines()]))
b = tribo.read(IN + "/backbone.h5").backbone()
x = gid(axf, "backbone-")[0].get_xdata()
lo, hi = axf.get_xlim()
check(np.allclose(x, np.abs(b["recovery_acceleration"][:, 2])) and lo <= 100 and hi >= 500 and lo <= x.min() and hi >= x.max(),
      "--x acc:2: acceleration at row 2; the x axis spans runs and measured data")
for args, rc, want in [([IN + "/backbone.h5", "--kind", "bogus"], 2, "unknown figure kind"),
                       ([IN + "/backbone.h5", "--label", "a", "--label", "b"], 2, "2 --label for 1 files"),
                       ([IN + "/backbone.h5", "--x", "acc:nosuch"], 1, "no recovery row 'nosuch' (rows: accel1_x"),
                       ([IN + "/backbone.h5", "--mode", "4"], 1, "no /backbone/mode4"),
                       ([IN + "/prestress.h5", "--fields", "pressure,heat"], 1, "unknown interface field 'heat'"),
                       ([IN + "/backbone.h5", "-o", W + "/nodir/x.png"], 1, "no folder")]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        got = cli.main(["plot"] + args)
    e = err.getvalue()
    check(got == rc and e.count("\n") == 1 and e.startswith("tribo plot: error: ") and want in e,
          "main(plot %s): exit %d, one line '%s'" % (" ".join(a.replace(W, "") for a in args[1:]), rc, want), "%d %r" % (got, e))
EOF
finish

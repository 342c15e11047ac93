#!/usr/bin/env bash
# Command line of tribo, bad inputs: every case must exit with a non-zero status, print one
# error line on stderr that names the file, dataset or option at fault (checked by grepping
# key words), and leave no file behind (no result, no picture, no temporary). An existing good
# result must survive a failing run that targets it. One line per case: "ok - ..." or
# "not ok - ..."; the exit status is non-zero if any case failed.
# timeout: 90
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t902
IN=$W/in
mkdir -p "$IN"

run "$IN" model model -output rom.h5
if [ $RC -ne 0 ] || [ ! -f "$IN/rom.h5" ]; then
  fail "tribo model -output rom.h5 (the good ROM the bad ones are made from)" "exit status $RC" "$IN/model.err"
  finish
  exit 1
fi
ROM=$IN/rom.h5
echo "this is not a reduced-order model" >"$IN/notes.h5"

# Broken copies of the good ROM, made with h5py: /rom/K missing, /rom/K of the wrong shape, NaN in /rom/M
if [ $HAVE_H5PY = 1 ]; then
  $PY - "$IN" <<'PY'
import os
import shutil
import sys
import h5py
import numpy as np

d = sys.argv[1]


def broken(name, edit):
  shutil.copy(os.path.join(d, "rom.h5"), os.path.join(d, name))
  with h5py.File(os.path.join(d, name), "r+") as f:
    edit(f)


def noK(f):
  del f["/rom/K"]


def Kshape(f):
  K = f["/rom/K"][()]
  del f["/rom/K"]
  f["/rom/K"] = K[:-1, :]  # one row short


def nanM(f):
  f["/rom/M"][3, 5] = np.nan


broken("noK.h5", noK)
broken("Kshape.h5", Kshape)
broken("nanM.h5", nanM)
PY
fi

# The known interface laws, as the help lists them: "-friction_type <...>: ... (one of) a b c"
run "$W/help" help backbone -help
LAWS=$(sed -n 's/^ *-friction_type <.*(one of) \([a-z0-9_ ]*\).*/\1/p' "$W/help/help.out" | head -n 1)


expect_fail "backbone without -rom" '-rom;tribo model' backbone
expect_fail "-rom names a missing file" 'missing\.h5;not exist|not found|no such' backbone -rom "$IN/missing.h5"
expect_fail "-rom names a text file" 'notes\.h5;format|not an? |expected' backbone -rom "$IN/notes.h5"
if [ $HAVE_H5PY = 1 ]; then
  expect_fail "ROM without /rom/K" 'noK\.h5;/rom/K;not found|missing|no ' backbone -rom "$IN/noK.h5"
  expect_fail "ROM with /rom/K of 203 x 204" 'Kshape\.h5;/rom/K|\bK\b;203;expected' backbone -rom "$IN/Kshape.h5"
  expect_fail "ROM with NaN in /rom/M" 'nanM\.h5;/rom/M|\bM\b;nan|non-finite|not finite' backbone -rom "$IN/nanM.h5"
  # sizes declared by a file are checked as 64-bit numbers and against the memory before anything is allocated (issue 34,
  # item 3): 1.4 KB chunked files that declare 2^32 + 1, 65536 x 65537 and 2e8 values (never written)
  $PY - "$IN" <<'PY'
import sys, h5py
d = sys.argv[1]
for name, shape, ch in (("wrap", (2**32 + 1,), (1024,)), ("wrap2", (65536, 65537), (64, 64)), ("mem", (200000000,), (1024,))):
    with h5py.File(d + "/" + name + ".h5", "w") as f:
        f.create_dataset("x", shape=shape, chunks=ch, dtype="f8")
PY
  expect_fail "a dataset of 2^32 + 1 values (crashed, then deadlocked)" 'wrap\.h5;/x;4294967297;too large' ringdown -ringdown_input "$IN/wrap.h5:/x"
  expect_fail "a 65536 x 65537 dataset (overflowed 32 bits)" 'wrap2\.h5;65536 x 65537' ringdown -ringdown_input "$IN/wrap2.h5:/x"
  expect_fail "2e8 values with -memory_max 1e9" 'mem\.h5;1\.6 GB;-memory_max' ringdown -ringdown_input "$IN/mem.h5:/x" -memory_max 1e9
  # the same for MATLAB files: a v7.3 .mat (HDF5 with MATLAB's header) declaring a 65536 x 65537 M (was "class empty")
  $PY - "$IN/big73.mat" <<'PY'
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "w", userblock_size=512) as f:
    for name, kw in (("M", dict(shape=(65536, 65537), chunks=(64, 64), dtype="f8")), ("K", dict(data=np.eye(2)))):
        f.create_dataset(name, **kw).attrs["MATLAB_class"] = np.bytes_("double")
with open(sys.argv[1], "r+b") as fp:
    fp.write(b"MATLAB 7.3 MAT-file, tribo test".ljust(116, b" ") + b"\0" * 8 + b"\x00\x02IM")
PY
  expect_fail "a .mat declaring 65536 x 65537 values" 'big73\.mat;variable M;too large' info -input "$IN/big73.mat"
else
  skip "broken HDF5 ROMs (no /rom/K, wrong shape, NaN)" "no h5py"
fi
expect_fail "unknown option -friction_muu" '-friction_muu' backbone -rom "$ROM" -friction_muu 0.3
if [ -n "$LAWS" ]; then
  expect_fail "unknown law -friction_type foo lists the known laws ($LAWS)" "-friction_type;\"?foo\"?;${LAWS// /;}" backbone -rom "$ROM" -friction_type foo
else
  fail "known laws listed by tribo backbone -help" "no '-friction_type <...> (one of) ...' line" "$W/help/help.out"
fi
expect_fail "negative friction coefficient -friction_mu -0.2" '-friction_mu;-0\.2;>= ?0|non-?negative|positive' backbone -rom "$ROM" -friction_mu -0.2
expect_fail "not a number: -friction_mu abc" '-friction_mu;abc' backbone -rom "$ROM" -friction_mu abc
expect_fail "non-increasing -backbone_amplitudes 1e-6,1e-4,1e-5" '-backbone_amplitudes;increas' backbone -rom "$ROM" -backbone_amplitudes 1e-6,1e-4,1e-5
expect_fail "repeated -backbone_amplitudes 1e-6,1e-5,1e-5" '-backbone_amplitudes;increas' backbone -rom "$ROM" -backbone_amplitudes 1e-6,1e-5,1e-5
expect_fail "-backbone_mode 500 beyond the ROM's modes" '-backbone_mode;500' backbone -rom "$ROM" -backbone_mode 500 -backbone_n 2
expect_fail "-output in a missing folder" 'nodir/out\.h5' prestress -rom "$ROM" -output nodir/out.h5
expect_fail "-model_type foo" '-model_type;foo;lapframe' model -model_type foo
# integers beyond 32 bits used to wrap (4294967297 ran mode 1, 4294967299 steps ran 3), huge counts hung (issue 34, items 8, 9)
expect_fail "-backbone_mode 4294967297 (2^32 + 1)" '-backbone_mode;4294967297;out of range' backbone -rom "$ROM" -backbone_mode 4294967297
expect_fail "-prestress_steps 4294967299" '-prestress_steps;4294967299;out of range' prestress -rom "$ROM" -prestress_steps 4294967299
expect_fail "-prestress_steps 99999999999 (hung)" '-prestress_steps;1000000' prestress -rom "$ROM" -prestress_steps 99999999999
expect_fail "-backbone_mode with 30 digits" '-backbone_mode;out of range' backbone -rom "$ROM" -backbone_mode 999999999999999999999999999999
expect_fail "-rqnma_lgl 100000000 (hung)" '-rqnma_lgl;1000' backbone -rom "$ROM" -rqnma_lgl 100000000
expect_fail "-hb_nt 4294967296 (EPMC)" '-hb_nt;out of range' backbone -rom "$ROM" -nma_type epmc -hb_nt 4294967296
expect_fail "-lapframe_nx 3000000000 for the model" '-lapframe_nx;3000000000' model -lapframe_nx 3000000000
# options files are checked before PETSc reads them: one line with file:line instead of a PETSc traceback (issue 34, item 6)
printf 'model_type: [lapframe\n' >"$IN/syntax.yaml"
printf -- '- model_type\n- lapframe\n' >"$IN/list.yaml"
printf 'model:\n\ttype: lapframe\n' >"$IN/tab.yaml"
printf 'lapframe_nx: 3\nmodel_type: \377\376\n' >"$IN/latin.yaml"
printf 'lapframe_nx: 3\n\000lapframe_ny: 4\n' >"$IN/nul.yaml"
printf 'lapframe_nx 3\n' >"$IN/noflag.txt"
$PY - "$IN" <<'PY'
import sys
d = sys.argv[1]
open(d + "/deep.yaml", "w").write("".join(" " * i + "k%d:\n" % i for i in range(30)) + " " * 30 + "v: 1\n")
open(d + "/bomb.yaml", "w").write("a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    "%s: &%s [%s]\n" % (chr(98 + i), chr(98 + i), ", ".join(["*" + chr(97 + i)] * 9)) for i in range(8)))
PY
expect_fail "options file: YAML syntax error" 'syntax\.yaml:2:1;not valid YAML' model -options_file "$IN/syntax.yaml"
expect_fail "options file: a top-level list" 'list\.yaml:1:1;top level is a list' model -options_file "$IN/list.yaml"
expect_fail "options file: tab indentation" 'tab\.yaml:2:1;tab' model -options_file "$IN/tab.yaml"
expect_fail "options file: not UTF-8" 'latin\.yaml:2:13;UTF-8' model -options_file "$IN/latin.yaml"
expect_fail "options file: a NUL byte (dropped the rest)" 'nul\.yaml:2;NUL' model -options_file "$IN/nul.yaml"
expect_fail "options file: 30 levels deep" 'deep\.yaml:17;16 levels' model -options_file "$IN/deep.yaml"
expect_fail "options file: alias bomb (9^9 options)" 'bomb\.yaml;aliases' model -options_file "$IN/bomb.yaml"
expect_fail "options file: text line without -" 'noflag\.txt:1:1;lapframe_nx' model -options_file "$IN/noflag.txt"
expect_fail "options file missing" 'nothere\.yaml;No such file' model -options_file "$IN/nothere.yaml"
expect_fail "-options_file without a name" '-options_file;file name' model -options_file
mkdir -p "$W/optpar"
(cd "$W/optpar" && $MPIEXEC -n 2 "$TRIBO_ABS" model -options_file "$IN/syntax.yaml" -output out.h5) >"$W/optpar.out" 2>"$W/optpar.err"
RC=$?
if [ $RC -ne 0 ] && [ "$(grep -c '^tribo model: error: .*syntax.yaml:2:1' "$W/optpar.err")" = 1 ] && [ -z "$(ls -A "$W/optpar")" ]; then
  pass "options file with a syntax error on 2 ranks: one error line, exit $RC, nothing written"
else
  fail "options file on 2 ranks" "exit $RC" "$W/optpar.err"
fi
# bad bool and list values named their option nowhere (issue 34, item 13)
expect_fail "-backbone_quiet maybe" "-backbone_quiet;true or false;maybe" backbone -rom "$ROM" -backbone_quiet maybe
expect_fail "-backbone_amplitudes 1e-5,abc" "-backbone_amplitudes;abc;1e-5,abc" backbone -rom "$ROM" -backbone_amplitudes 1e-5,abc
# a NaN x in a scan reached the plane fit as "points lie on a line"; a CSV cell's control bytes went to the terminal (issue 34, item 13)
printf 'x,y,z\n0,0,1\nnan,1,2\n1,1,3\n' >"$IN/nanx.csv"
expect_fail "scan with a NaN x" 'nanx\.csv;line 3;finite' surface -surface_scans "$IN/nanx.csv"
printf 'amplitude,frequency,damping\n1e-6,100,0.01\n2e-6,1\033[31mred,0.01\n' >"$IN/ctl.csv"
expect_fail "CSV cell with an escape sequence" 'ctl\.csv line 3;frequency;1\?\[31mred' fit -fit_measured "$IN/ctl.csv"
$PY -c "import sys; print('time,signal'); [print('%g,1.5' % (i * 1e-4)) for i in range(20000)]" >"$IN/const.csv"
expect_fail "ringdown of a constant signal (was: record too short)" 'constant;1\.5' ringdown -ringdown_input "$IN/const.csv"
expect_fail "info without -input" '-input' info
expect_fail "info -input a missing file" 'missing\.h5' info -input "$IN/missing.h5"

# On 2 ranks: one error message (rank 0's), not one per rank; mpiexec's own notes aside
if [ $HAVE_H5PY = 1 ]; then
  P=$W/par
  mkdir -p "$P"
  # shellcheck disable=SC2086 # MPIEXEC is a command with its flags
  (cd "$P" && $MPIEXEC -n 2 "$TRIBO_ABS" backbone -rom "$IN/noK.h5" -output out.h5) >"$P.out" 2>"$P.err"
  RC=$?
  grep "^tribo" "$P.err" >"$P.tribo.err"
  nerr=$(grep -c "^tribo backbone: error" "$P.err")
  left=$(cd "$P" && ls -A)
  if [ $RC -ne 0 ] && [ "$nerr" = 1 ] && grep -q "/rom/K" "$P.err" && [ -z "$left" ]; then
    pass "2 ranks, ROM without /rom/K (exit $RC): one error line naming /rom/K, no file"
  else
    fail "2 ranks, ROM without /rom/K: one error line, no file" "exit status $RC, $nerr lines 'tribo backbone: error...', left behind: '$left'" "$P.tribo.err"
  fi
else skip "2 ranks, ROM without /rom/K" "no h5py"; fi

# A good backbone.h5 survives failing runs that target it
G=$W/good
run "$G" good backbone -rom "$ROM" -output backbone.h5 -backbone_n 3 -backbone_qmax 2e-4 -backbone_quiet
if [ $RC -ne 0 ] || [ ! -f "$G/backbone.h5" ]; then
  fail "a good backbone.h5 to protect" "exit status $RC" "$G/good.err"
else
  sums=$(cd "$G" && sha256sum backbone.h5 backbone.png backbone_prestress.png)
  # survive NAME ARGS...: a failing run with ARGS must leave backbone.h5 and the pictures as they were
  survive() {
    local name=$1 why="" now left
    shift
    run "$G" again backbone -rom "$ROM" -output backbone.h5 -backbone_n 3 -backbone_qmax 2e-4 -backbone_quiet "$@"
    [ $RC -ne 0 ] || why="exit status 0;"
    now=$(cd "$G" && sha256sum backbone.h5 backbone.png backbone_prestress.png 2>&1)
    [ "$now" = "$sums" ] || why="$why backbone.h5, backbone.png or backbone_prestress.png changed;"
    left=$(find "$G" -mindepth 1 ! -name 'backbone.h5' ! -name 'backbone.png' ! -name 'backbone_prestress.png' ! -name 'good.*' ! -name 'again.*' -printf '%f ')
    [ -z "$left" ] || why="$why left behind: $left;"
    if [ -z "$why" ]; then pass "good backbone.h5 unchanged after a failing run with $* (sha256sum before = after)"
    else fail "good backbone.h5 unchanged after a failing run with $*" "$why" "$G/again.err"; fi
  }
  survive "negative mu" -friction_mu -1
  survive "a picture in a missing folder" -backbone_png nodir/b.png
  survive "a prestress picture in a missing folder" -prestress_png nodir/p.png
fi

# -output naming the input: the ROM must not be replaced by a result file
S=$W/same
mkdir -p "$S"
cp "$ROM" "$S/rom.h5"
before=$(sha256sum <"$S/rom.h5")
run "$S" same prestress -rom rom.h5 -output rom.h5
after=$(sha256sum <"$S/rom.h5")
if [ $RC -ne 0 ] && [ "$before" = "$after" ] && grep -qF -- "-output" "$S/same.err"; then
  pass "-output the same file as -rom is refused and the ROM kept: $(head -c 160 "$S/same.err")"
else
  fail "-output the same file as -rom is refused and the ROM kept" "exit status $RC, ROM $([ "$before" = "$after" ] && echo kept || echo overwritten)" "$S/same.err"
fi

finish

#!/usr/bin/env bash
# tribo sweep (python/tribo/sweep.py): the sweep of tests/cli/sweep/ci.yaml (2 built-in ROMs, then an EPMC backbone of each at
# three friction coefficients) run here on a pool of 2 ranks. Checks and tolerances:
#   expansion: 2 + 6 numbered case folders, each case.opts holding the demo config flattened, the axis values and its files;
#   the run: every case done (-sweep_status exit 0, "8 done");
#   an independent run of case bb/0004 (tribo backbone by hand: -options_file configs/demo.yaml and the options on the command
#     line, its own ROM from tribo model) gives the frequencies and damping of the collected case bit for bit (0 difference);
#   -sweep_collect: sweep.h5 with /cases/STEP/NNNN (state, options, axis values, /meta provenance, /backbone), the CSV of scalar
#     results with 8 rows (frequency0_hz of the ROM without bolt stiffness 211.4669 Hz, the demo's linear frequency, 1e-4), the
#     friction coefficient 0.3 softening more than 0.9627 (frequency_drop) for both ROMs, a picture;
#   -sweep_print: --array=0-5%4, --dependency=afterok for the step after, --signal, --requeue, per-case time and memory;
#   bad sweep files fail before anything is written (one line 'tribo sweep: error: ...', no folder): an unknown option, an empty
#     axis, a dependency on a missing step, zip of axes of different lengths, a misspelt step key.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
y=tests/cli/sweep/ci.yaml
$TRIBO sweep $y -sweep_dir "$d/s" -sweep_expand >"$d/expand.out" 2>&1
n=$(ls -d "$d"/s/rom/0* "$d"/s/bb/0* 2>/dev/null | wc -l)
if [ "$n" = 8 ] && grep -q '^-friction_mu 0.6$' "$d/s/bb/0004/case.opts" && grep -q '^-friction_kt 5.261e14$' "$d/s/bb/0004/case.opts" \
  && grep -q "^-rom $d/s/rom/0001/model.h5$" "$d/s/bb/0004/case.opts"; then pass "expanded into 8 case folders with their full options"
else fail "expansion" "$n folders" "$d/expand.out" "$d/s/bb/0004/case.opts"; fi
$TRIBO sweep $y -sweep_dir "$d/s" -sweep_np 2 >"$d/run.out" 2>&1
rc=$?
$TRIBO sweep $y -sweep_dir "$d/s" -sweep_status >"$d/status.out" 2>&1
src=$?
if [ $rc = 0 ] && [ $src = 0 ] && grep -q "^8 done, 0 running" "$d/status.out"; then pass "local pool on 2 ranks: $(tail -1 "$d/run.out" | cut -c1-60)"
else fail "local run (exit $rc, status exit $src)" "not all done" "$d/run.out" "$d/status.out"; fi
# the same case by hand
run "$d/ref" rom model -lapframe_bolt_k 1e8 -output rom.h5
run "$d/ref" bb backbone -rom rom.h5 -options_file "$PWD/configs/demo.yaml" -nma_type epmc -hb_nt 32 -backbone_qmax 1e-4 -backbone_quiet \
  -friction_mu 0.6 -output bb.h5 -backbone_png bb.png -prestress_png ps.png
[ $RC = 0 ] || fail "reference run" "exit $RC" "$d/ref/bb.err"
$TRIBO sweep $y -sweep_dir "$d/s" -sweep_collect >"$d/collect.out" 2>&1 || fail "collect" "exit $?" "$d/collect.out"
$TRIBO sweep $y -sweep_dir "$d/s" -sweep_print >"$d/print.out" 2>&1
if grep -q -- "--array=0-5%4" "$d/print.out" && grep -q -- "--dependency=afterok:" "$d/print.out" && grep -q -- "--signal=B:USR1@60" "$d/print.out" \
  && grep -q -- "--requeue" "$d/print.out" && grep -q -- "--time=00:05:00" "$d/print.out" && grep -q -- "--mem-per-cpu=500M" "$d/print.out"; then
  pass "-sweep_print: the job arrays with throttle, dependency, signal, requeue, time and memory"
else fail "-sweep_print" "missing directives" "$d/print.out"; fi
[ $HAVE_H5PY = 1 ] || { skip "collected file" "no h5py"; finish; exit; }
pychecks collected "$d/s/sweep.h5" "$d/s/sweep.csv" "$d/ref/bb.h5" "$d/s/sweep.png" <<'PY'
import sys, os, csv, h5py, numpy as np
h = h5py.File(sys.argv[1], "r")
c = h["cases/bb/0004"]
r = h5py.File(sys.argv[3], "r")["backbone/mode1"]
g = c["backbone/mode1"]
d = max(np.max(np.abs(g[k][:] - r[k][:])) for k in ("frequency_hz", "damping", "modal_amplitude"))
print(("ok" if g["frequency_hz"].shape == r["frequency_hz"].shape and d == 0 else "not ok") + " - case bb/0004 equals the run by hand (max difference %g, %d points)" % (d, len(r["frequency_hz"])))
ok = c.attrs["state"] == "done" and "-friction_mu 0.6" in c.attrs["options"] and c.attrs["axis_friction_mu"] == "0.6" and c["meta"].attrs["verb"] == "backbone"
print(("ok" if ok else "not ok") + " - the case keeps its state, options, axis values and provenance (/meta)")
rows = list(csv.DictReader(open(sys.argv[2])))
bb = [x for x in rows if x["step"] == "bb"]
print(("ok" if len(rows) == 8 and len(bb) == 6 else "not ok") + " - CSV: %d rows, %d backbones" % (len(rows), len(bb)))
f0 = float(bb[0]["frequency0_hz"])
print(("ok" if abs(f0 / 211.4669 - 1) < 1e-4 else "not ok") + " - linear frequency of the ROM without bolt stiffness %.4f Hz (demo: 211.4669)" % f0)
for k in ("0", "1e8"):
    drop = {x["friction_mu"]: float(x["frequency_drop"]) for x in bb if x["lapframe_bolt_k"] == k}
    print(("ok" if drop["0.3"] > drop["0.9627"] > 0 else "not ok") + " - bolt_k %s: mu 0.3 softens by %.4f, mu 0.9627 by %.4f" % (k, drop["0.3"], drop["0.9627"]))
print(("ok" if os.path.getsize(sys.argv[4]) > 10000 else "not ok") + " - the picture of every backbone")
PY
# bad sweep files: refused before anything is written
bad() { # bad NAME 'grep -E pattern' YAML
  local f="$d/bad_$1.yaml"
  printf '%s\n' "$3" >"$f"
  $TRIBO sweep "$f" -sweep_dir "$d/bad_$1" >"$d/bad_$1.out" 2>"$d/bad_$1.err"
  local rc=$?
  if [ $rc = 1 ] && [ "$(wc -l <"$d/bad_$1.err")" = 1 ] && grep -Eq "^tribo sweep: error: .*($2)" "$d/bad_$1.err" && [ ! -e "$d/bad_$1" ]; then
    pass "refused: $1 ($(cut -c1-110 "$d/bad_$1.err"))"
  else fail "bad sweep $1 (exit $rc)" "expected one error line about $2 and no folder" "$d/bad_$1.out" "$d/bad_$1.err"; fi
}
bad unknown_option "-backbone_nn is not an option of tribo backbone" "verb: backbone
options: {rom: x.h5, backbone_nn: 3}
axes: {friction_mu: [0.3, 0.5]}"
bad empty_axis "axis friction_mu is empty" "verb: backbone
options: {rom: x.h5}
axes: {friction_mu: []}"
bad missing_step "after: surf is not an earlier step" "steps:
  - {name: rom, verb: model}
  - {name: bb, verb: backbone, after: surf, options: {rom: '{surf}'}}"
bad zip_lengths "zip needs axes of equal length" "verb: backbone
options: {rom: x.h5}
combine: zip
axes: {friction_mu: [0.3, 0.5], prestress_tension: {linspace: [8e3, 12e3, 3]}}"
bad step_key "unknown key 'axis'" "verb: backbone
axis: {friction_mu: [0.3]}"
finish

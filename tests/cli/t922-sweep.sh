#!/usr/bin/env bash
# timeout: 300
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
run "$d/ref" bb backbone -rom rom.h5 -options_file "$PWD/configs/demo.yaml" -nma_type epmc -hb_harmonics 0,1 -hb_nt 32 -backbone_qmax 3e-4 \
  -backbone_quiet -friction_mu 0.6 -output bb.h5 -backbone_png bb.png -prestress_png ps.png
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
# checkpoints: SIGTERM during the continuation (1 rank; on 2 ranks to one rank only), then -cont_restart
B=(backbone -rom rom.h5 -options_file "$PWD/configs/demo.yaml" -nma_type epmc -hb_harmonics 0,1 -hb_nt 32 -backbone_qmax 3e-4 -backbone_quiet
  -friction_mu 0.3 -backbone_png bb.png -prestress_png ps.png)
for np in 1 2; do
  rm -f "$d/ref/k$np.h5" "$d/ref/k${np}_branch.h5"
  if [ $np = 1 ]; then
    (cd "$d/ref" && exec env $SINGLETON_ENV "$TRIBO_ABS" "${B[@]}" -cont_output k1_branch.h5 -output k1.h5 >k1.out 2>k1.err) &
    pid=$!
  else
    (cd "$d/ref" && exec $MPIEXEC -n 2 "$TRIBO_ABS" "${B[@]}" -cont_output k2_branch.h5 -output k2.h5 >k2.out 2>k2.err) &
    mpid=$!
    for _ in $(seq 200); do pid=$(pgrep -P $mpid -x tribo | head -1); [ -n "$pid" ] && break; sleep 0.02; done
  fi
  at=$($PY tests/cli/sweep/killat.py "$pid" SIGTERM 3 "$d/ref/k${np}_branch.h5")
  wait "${mpid:-$pid}"
  rc=$?
  if [ $rc != 0 ] && grep -q "^tribo backbone: error: stopped by SIGTERM after [0-9]* points: the branch is saved in k${np}_branch.h5" "$d/ref/k$np.err" \
    && [ ! -e "$d/ref/k$np.h5" ]; then pass "$np rank(s): SIGTERM at ${at#* } points saved the branch and stopped (exit $rc, no result file)"
  else fail "$np rank(s): SIGTERM (exit $rc, killed at '$at')" "expected one line 'stopped by SIGTERM' and no result" "$d/ref/k$np.err"; fi
  if [ $np = 1 ]; then run "$d/ref" r1 "${B[@]}" -cont_output k1_branch.h5 -cont_restart -output k1.h5
  else mpirun "$d/ref" r2 2 "${B[@]}" -cont_output k2_branch.h5 -cont_restart -output k2.h5; fi
  [ $RC = 0 ] || fail "$np rank(s): resume" "exit $RC" "$d/ref/r$np.err"
done
mpirun "$d/ref" u2 2 "${B[@]}" -output u2.h5 # uninterrupted on 2 ranks
[ $RC = 0 ] || fail "2 ranks uninterrupted" "exit $RC" "$d/ref/u2.err"
# the sweep itself: SIGTERM to the pool stops its cases (they save their branches); the sweep run again resumes them.
# (a copy of the finished sweep with the backbones of the second ROM, bb/0003-0005, taken back to run them again)
interrupt() { # DIR LOG SIGNAL: a copy of the finished sweep with bb/0003-0005 taken back, run, sent SIGNAL at 3 points; sets at, rc
  rm -rf "$d/$1"
  cp -r "$d/s" "$d/$1"
  rm -f "$d/$1"/bb/000[345]/{status,backbone.h5,checkpoint.h5,log} "$d/$1"/sweep.*
  $TRIBO sweep $y -sweep_dir "$d/$1" -sweep_np 2 >"$d/$2" 2>&1 &
  local spid=$!
  at=$($PY tests/cli/sweep/killat.py "$spid" "$3" 3 "$d/$1/bb/000[345]/checkpoint.h5")
  wait $spid 2>/dev/null
  rc=$?
}
interrupt s2 run2.out SIGTERM
$TRIBO sweep $y -sweep_dir "$d/s2" -sweep_status >"$d/status2.out" 2>&1
ni=$(grep -c " interrupted " "$d/status2.out")
if [ $rc = 143 ] && [ "$ni" -ge 1 ]; then pass "SIGTERM to the sweep (at ${at#* } points of $(basename "$(dirname "${at% *}")")): exit 143, $ni case(s) interrupted"
else fail "SIGTERM to the sweep (exit $rc, at '$at')" "expected exit 143 and interrupted cases" "$d/run2.out" "$d/status2.out"; fi
$TRIBO sweep $y -sweep_dir "$d/s2" -sweep_np 2 >"$d/run3.out" 2>&1
$TRIBO sweep $y -sweep_dir "$d/s2" -sweep_status >"$d/status3.out" 2>&1
src=$?
nr=$(grep -c "(resumed)" "$d/status3.out")
if [ $src = 0 ] && [ "$nr" -ge 1 ]; then pass "the sweep run again: all done, $nr case(s) resumed from their checkpoints"
else fail "sweep resume (status exit $src)" "expected all done and resumed cases" "$d/run3.out" "$d/status3.out"; fi
$TRIBO sweep $y -sweep_dir "$d/s2" -sweep_collect >"$d/collect2.out" 2>&1 || fail "collect after resume" "exit $?" "$d/collect2.out"
# SIGKILL of the driver alone (issue 34, item 11): its cases used to run on as orphans, shown as running, and a rerun started
# them a second time. Now each case gets SIGTERM when the driver dies (PR_SET_PDEATHSIG), saves its branch and stops; the
# status says interrupted, and the rerun resumes them.
interrupt s3 run4.out SIGKILL
for _ in $(seq 100); do pgrep -f -- "$d/s3/bb" >/dev/null || break; sleep 0.2; done
left=$(pgrep -f -- "$d/s3/bb" | wc -l)
$TRIBO sweep $y -sweep_dir "$d/s3" -sweep_status >"$d/status4.out" 2>&1
ni=$(grep -c " interrupted " "$d/status4.out")
nrun=$(grep -c " running " "$d/status4.out")
if [ "$left" = 0 ] && [ "$ni" -ge 1 ] && [ "$nrun" = 0 ]; then pass "SIGKILL of the driver (at ${at#* } points): no case left running, $ni interrupted"
else fail "SIGKILL of the driver (at '$at')" "$left case processes left, $ni interrupted, $nrun running" "$d/status4.out"; pkill -f -- "$d/s3/bb"; fi
$TRIBO sweep $y -sweep_dir "$d/s3" -sweep_np 2 >"$d/run5.out" 2>&1
$TRIBO sweep $y -sweep_dir "$d/s3" -sweep_status >"$d/status5.out" 2>&1
src=$?
nr=$(grep -c "(resumed)" "$d/status5.out")
if [ $src = 0 ] && [ "$nr" -ge 1 ]; then pass "after SIGKILL of the driver, the rerun: all done, $nr case(s) resumed"
else fail "rerun after SIGKILL (status exit $src)" "expected all done and resumed cases" "$d/run5.out" "$d/status5.out"; fi
pychecks resumed "$d/s/sweep.h5" "$d/s2/sweep.h5" "$d/ref/k1.h5" "$d/ref/k2.h5" "$d/ref/u2.h5" <<'PY'
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
ks = ("frequency_hz", "damping", "modal_amplitude", "mode_shape")
d = max(np.max(np.abs(a["cases/bb/%04d/backbone/mode1/%s" % (i, k)][:] - b["cases/bb/%04d/backbone/mode1/%s" % (i, k)][:])) for i in range(6) for k in ks)
print(("ok" if d == 0 else "not ok") + " - interrupted and resumed sweep equals the uninterrupted one: max difference %g over 6 backbones (3 run again)" % d)
for np_, f, uf in (("1 rank", sys.argv[3], None), ("2 ranks", sys.argv[4], sys.argv[5])):
    # 1 rank: the sweep's case bb/0003 (lapframe_bolt_k 1e8, friction_mu 0.3); 2 ranks: the same run uninterrupted on 2 ranks
    u = h5py.File(uf, "r")["backbone/mode1"] if uf else a["cases/bb/0003/backbone/mode1"]
    r = h5py.File(f, "r")["backbone/mode1"]
    same = r["frequency_hz"].shape == u["frequency_hz"].shape
    df = np.max(np.abs(r["frequency_hz"][:] / u["frequency_hz"][:] - 1)) if same else np.inf
    dz = np.max(np.abs(r["damping"][:] - u["damping"][:]) / np.max(u["damping"][:])) if same else np.inf
    print(("ok" if df == 0 and dz == 0 else "not ok") + " - %s, killed and resumed: frequency within %g, damping within %g of the uninterrupted run (tolerance 0)" % (np_, df, dz))
r1, r2 = h5py.File(sys.argv[3], "r")["backbone/mode1"], h5py.File(sys.argv[4], "r")["backbone/mode1"]
df = np.max(np.abs(r2["frequency_hz"][:] / r1["frequency_hz"][:] - 1))
print(("ok" if df < 1e-7 else "not ok") + " - 2 ranks against 1 rank: frequency within %.2g (tolerance 1e-7: the parallel solver's rounding)" % df)
PY
# doc/guide.md's example (configs/sweep-erosion-mu.yaml): validated and expanded (1 + 3 + 9 cases, the surface group of each
# backbone named from its erosion size); a step with no axes of its own after another: --dependency=aftercorr (task k after task k)
$TRIBO sweep configs/sweep-erosion-mu.yaml -sweep_dir "$d/em" -sweep_expand >"$d/em.out" 2>&1
if grep -q "13 cases" "$d/em.out" && grep -q "^-friction_surface_group /erosion_12$" "$d/em/bb/0008/case.opts" \
  && grep -q "^-friction_surface $d/em/surf/0002/surface.h5$" "$d/em/bb/0008/case.opts"; then pass "configs/sweep-erosion-mu.yaml: $(cut -c1-80 "$d/em.out")"
else fail "configs/sweep-erosion-mu.yaml" "expansion" "$d/em.out" "$d/em/bb/0008/case.opts"; fi
printf '%s\n' "steps:" "  - {name: m, verb: model, axes: {lapframe_bolt_k: [0, 1e8, 2e8]}, throttle: 2}" \
  "  - {name: p, verb: prestress, after: m, ranks: 2, options: {rom: '{m}'}}" >"$d/corr.yaml"
$TRIBO sweep "$d/corr.yaml" -sweep_dir "$d/corr" -sweep_print >"$d/corr.out" 2>&1
if grep -q -- "--dependency=aftercorr:<job of step m>" "$d/corr.out" && grep -q -- "--array=0-2%2" "$d/corr.out" && grep -q -- "--ntasks=2" "$d/corr.out"; then
  pass "-sweep_print: a step after another without axes of its own depends task by task (aftercorr), 2 ranks per case"
else fail "aftercorr" "missing" "$d/corr.out"; fi
# the pool with 2-rank cases (mpiexec children): the 3 prestress solutions equal those of 1-rank runs by hand (relative 1e-9; measured 7e-11)
$TRIBO sweep "$d/corr.yaml" -sweep_dir "$d/corr" -sweep_np 2 >"$d/corr_run.out" 2>&1 || fail "2-rank cases" "exit $?" "$d/corr_run.out"
for k in 0 1 2; do run "$d/corr1" "p$k" prestress -rom "$d/corr/m/000$k/model.h5" -output "p$k.h5" -prestress_png "p$k.png"; done
pychecks ranks2 "$d/corr" "$d/corr1" <<'PY2'
import sys, h5py, numpy as np
for k in range(3):
    a = h5py.File("%s/p/%04d/prestress.h5" % (sys.argv[1], k), "r")
    b = h5py.File("%s/p%d.h5" % (sys.argv[2], k), "r")
    ka = [n for n in a["prestress"] if n in b["prestress"] and a["prestress"][n].dtype.kind == "f"]
    d = max(np.max(np.abs(a["prestress"][n][:] - b["prestress"][n][:])) / max(np.max(np.abs(b["prestress"][n][:])), 1e-300) for n in ka)
    print(("ok" if a["meta"].attrs["mpi_size"] == 2 and d < 1e-9 else "not ok") + " - case p/%04d on %d ranks: %d prestress datasets within %.2g of 1 rank" % (k, a["meta"].attrs["mpi_size"], len(ka), d))
PY2
# a case that fails at run time (its ROM does not exist): the others run, -sweep_status exits 3 and says failed,
# -sweep_collect lists it with its log's last line
printf '%s\n' "verb: prestress" "axes: {rom: ['$d/corr/m/0000/model.h5', '$d/nothere.h5']}" >"$d/fail.yaml"
$TRIBO sweep "$d/fail.yaml" -sweep_dir "$d/fail" -sweep_np 2 >"$d/fail_run.out" 2>&1
frc=$?
$TRIBO sweep "$d/fail.yaml" -sweep_dir "$d/fail" -sweep_status >"$d/fail_status.out" 2>&1
fsrc=$?
$TRIBO sweep "$d/fail.yaml" -sweep_dir "$d/fail" -sweep_collect >"$d/fail_collect.out" 2>&1
if [ $frc = 1 ] && [ $fsrc = 3 ] && grep -q "^1 done, 0 running, 0 interrupted, 1 failed" "$d/fail_status.out" \
  && grep -q "case/0001 failed: .*tribo prestress: error: .*nothere.h5" "$d/fail_collect.out"; then
  pass "a failing case: sweep exit 1, status exit 3 (1 done, 1 failed), collect lists it: $(grep -o 'tribo prestress: error: .*' "$d/fail_collect.out" | cut -c1-70)"
else fail "failing case (run $frc, status $fsrc)" "expected 1 done, 1 failed with its log line" "$d/fail_run.out" "$d/fail_status.out" "$d/fail_collect.out"; fi
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

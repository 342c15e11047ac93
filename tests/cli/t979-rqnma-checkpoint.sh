#!/usr/bin/env bash
# RQNMA checkpoints (issue 34: every long run resumes): a non-Masing backbone of the demo case (6 amplitudes) stopped after 3
# (-rqnma_stop_after 3, as a kill between amplitudes) with -rqnma_checkpoint, then resumed with -rqnma_restart, equals the
# uninterrupted run bit for bit in every dataset of /backbone/mode1 but the wall times, on 1 rank (the amplitudes one after
# another) and on 2 ranks (-rqnma_solver fast: the amplitudes dealt to the ranks, checkpointed per round). The stopped run
# exits non-zero with one line naming the checkpoint and writes no result; a restart with -friction_mu changed is refused,
# naming it. A Masing backbone (one loading curve through the amplitudes) stopped after 3 and resumed from its last
# state, integral and joint history equals its uninterrupted run the same way, on 1 and 2 ranks; a Masing checkpoint
# restarted without -rqnma_masing (or a non-Masing one with it) is refused, and so is another rank count.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
export TRIBO_PYTHON=/bin/true
run "$d" model model -output rom.h5
B=(backbone -rom rom.h5 -options_file "$PWD/configs/demo.yaml" -backbone_n 6 -backbone_quiet)
for np in 1 2; do
  if [ $np = 1 ]; then run "$d" "full$np" "${B[@]}" -output "full$np.h5"; else mpirun "$d" "full$np" 2 "${B[@]}" -output "full$np.h5"; fi
  [ $RC = 0 ] || fail "uninterrupted, $np rank(s)" "exit $RC" "$d/full$np.err"
  if [ $np = 1 ]; then run "$d" "stop$np" "${B[@]}" -rqnma_checkpoint "ck$np.h5" -rqnma_stop_after 3 -output "part$np.h5"
  else mpirun "$d" "stop$np" 2 "${B[@]}" -rqnma_checkpoint "ck$np.h5" -rqnma_stop_after 3 -output "part$np.h5"; fi
  if [ $RC != 0 ] && grep -q "stopped by -rqnma_stop_after after [34] of 6 amplitudes: they are saved in ck$np.h5" "$d/stop$np.err" \
    && [ ! -e "$d/part$np.h5" ] && [ -s "$d/ck$np.h5" ]; then pass "$np rank(s): stopped after 3 amplitudes, checkpoint written, no result"
  else fail "$np rank(s): stop" "exit $RC" "$d/stop$np.err"; fi
  if [ $np = 1 ]; then run "$d" "res$np" "${B[@]}" -rqnma_checkpoint "ck$np.h5" -rqnma_restart -output "res$np.h5"
  else mpirun "$d" "res$np" 2 "${B[@]}" -rqnma_checkpoint "ck$np.h5" -rqnma_restart -output "res$np.h5"; fi
  [ $RC = 0 ] && grep -q "resuming from ck$np.h5" "$d/res$np.out" && pass "$np rank(s): resumed ($(grep -o 'resuming.*' "$d/res$np.out"))" \
    || fail "$np rank(s): resume" "exit $RC" "$d/res$np.out" "$d/res$np.err"
done
run "$d" mu "${B[@]}" -rqnma_checkpoint ck1.h5 -rqnma_restart -friction_mu 0.3 -output mu.h5
[ $RC != 0 ] && grep -q "other physics: -friction_mu (checkpoint: .*, this run: 0.3)" "$d/mu.err" && [ ! -e "$d/mu.h5" ] \
  && pass "restart with -friction_mu 0.3 refused: $(head -c 120 "$d/mu.err")" || fail "restart with other physics" "exit $RC" "$d/mu.err"
M=("${B[@]}" -rqnma_masing)
for np in 1 2; do
  mpirun "$d" "mfull$np" $np "${M[@]}" -output "mfull$np.h5"
  [ $RC = 0 ] || fail "Masing uninterrupted, $np rank(s)" "exit $RC" "$d/mfull$np.err"
  mpirun "$d" "mstop$np" $np "${M[@]}" -rqnma_checkpoint "ckm$np.h5" -rqnma_stop_after 3 -output "mpart$np.h5"
  if [ $RC != 0 ] && grep -q "stopped by -rqnma_stop_after after 3 of 6 amplitudes: they are saved in ckm$np.h5" "$d/mstop$np.err" &&
    [ ! -e "$d/mpart$np.h5" ]; then pass "Masing, $np rank(s): stopped after 3 amplitudes, checkpoint written, no result"
  else fail "Masing, $np rank(s): stop" "exit $RC" "$d/mstop$np.err"; fi
  mpirun "$d" "mres$np" $np "${M[@]}" -rqnma_checkpoint "ckm$np.h5" -rqnma_restart -output "mres$np.h5"
  [ $RC = 0 ] && grep -q "resuming from ckm$np.h5: 3 of 6" "$d/mres$np.out" && pass "Masing, $np rank(s): resumed" ||
    fail "Masing, $np rank(s): resume" "exit $RC" "$d/mres$np.out" "$d/mres$np.err"
done
run "$d" mnot "${B[@]}" -rqnma_checkpoint ckm1.h5 -rqnma_restart -output mnot.h5
[ $RC != 0 ] && grep -q "other physics: -rqnma_masing\|holds a Masing backbone" "$d/mnot.err" && pass "a Masing checkpoint without -rqnma_masing refused: $(head -c 140 "$d/mnot.err")" ||
  fail "Masing checkpoint restarted as non-Masing" "exit $RC" "$d/mnot.err"
run "$d" mranks "${M[@]}" -rqnma_checkpoint ckm2.h5 -rqnma_restart -output mranks.h5
[ $RC != 0 ] && grep -q "ckm2.h5 was written on 2 ranks: restart it on as many (this run has 1)" "$d/mranks.err" && [ ! -e "$d/mranks.h5" ] &&
  pass "a 2-rank Masing checkpoint restarted on 1 rank refused" || fail "Masing checkpoint on another rank count" "exit $RC" "$d/mranks.err"
[ $HAVE_H5PY = 1 ] || { skip "comparison" "no h5py"; finish; exit; }
pychecks resumed "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
for np_, full, res in ((1, "full", "res"), (2, "full", "res"), (1, "mfull", "mres"), (2, "mfull", "mres")):
    a, b = h5py.File("%s/%s%d.h5" % (d, full, np_), "r")["backbone/mode1"], h5py.File("%s/%s%d.h5" % (d, res, np_), "r")["backbone/mode1"]
    names = [k for k in a if isinstance(a[k], h5py.Dataset) and a[k].dtype.kind in "fiu" and k != "seconds"]
    bad = [k for k in names if not np.array_equal(a[k][()], b[k][()], equal_nan=True)]
    print(("ok" if names and not bad else "not ok") + " - %s, %d rank(s): resumed equals uninterrupted in %d datasets%s" % ("Masing" if full[0] == "m" else "non-Masing", np_, len(names), (": differ " + ", ".join(bad)) if bad else ""))
PYEOF
finish

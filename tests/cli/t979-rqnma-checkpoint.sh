#!/usr/bin/env bash
# RQNMA checkpoints (issue 34: every long run resumes): a non-Masing backbone of the demo case (6 amplitudes) stopped after 3
# (-rqnma_stop_after 3, as a kill between amplitudes) with -rqnma_checkpoint, then resumed with -rqnma_restart, equals the
# uninterrupted run bit for bit in every dataset of /backbone/mode1 but the wall times, on 1 rank (the amplitudes one after
# another) and on 2 ranks (-rqnma_solver fast: the amplitudes dealt to the ranks, checkpointed per round). The stopped run
# exits non-zero with one line naming the checkpoint and writes no result; a restart with -friction_mu changed is refused,
# naming it; a Masing run refuses -rqnma_checkpoint.
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
run "$d" masing "${B[@]}" -rqnma_masing -rqnma_checkpoint ckm.h5 -output m.h5
[ $RC != 0 ] && grep -q "non-Masing" "$d/masing.err" && pass "Masing refuses -rqnma_checkpoint" || fail "Masing with a checkpoint" "exit $RC" "$d/masing.err"
[ $HAVE_H5PY = 1 ] || { skip "comparison" "no h5py"; finish; exit; }
pychecks resumed "$d" <<'PYEOF'
import sys, h5py, numpy as np
d = sys.argv[1]
for np_ in (1, 2):
    a, b = h5py.File("%s/full%d.h5" % (d, np_), "r")["backbone/mode1"], h5py.File("%s/res%d.h5" % (d, np_), "r")["backbone/mode1"]
    names = [k for k in a if isinstance(a[k], h5py.Dataset) and a[k].dtype.kind in "fiu" and k != "seconds"]
    bad = [k for k in names if not np.array_equal(a[k][()], b[k][()], equal_nan=True)]
    print(("ok" if names and not bad else "not ok") + " - %d rank(s): resumed equals uninterrupted in %d datasets%s" % (np_, len(names), (": differ " + ", ".join(bad)) if bad else ""))
PYEOF
finish

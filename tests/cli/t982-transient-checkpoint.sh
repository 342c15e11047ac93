#!/usr/bin/env bash
# Transient checkpoints (issue 34, item 4: every long run resumes): -transient_checkpoint F.h5 is rewritten every
# -transient_checkpoint_every steps and when SIGTERM/SIGUSR1 arrives (here -transient_stop_after, the same path), and
# -transient_restart continues from it.
# - A forced 2-DOF Jenkins system, 3000 steps, stopped after step 1234 (exit non-zero, one line naming the file) and
#   resumed: every dataset of /transient equal to the uninterrupted run's bit for bit.
# - The built-in lap frame ROM (its joint's points split over the ranks, their friction history in the checkpoint),
#   40 steps stopped after 17 and resumed, on 1 and on 2 ranks: bit for bit; 1 and 2 ranks agree to 1e-8 (summation order).
# - Refused: a restart with other physics (-transient_force), on another number of ranks, without the checkpoint file.
# timeout: 300
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t982
mkdir -p "$W"
export TRIBO_PYTHON=/bin/true
cat >"$W/two.yaml" <<'YAML'
M: [[1, 0], [0, 2]]
K: [[2, -1], [-1, 1]]
C: [[0.02, 0], [0, 0.02]]
excitation: [1, 0]
elements:
  - law: jenkins
    W: [[1], [0]]
    params: {kt: 3, ts: 0.4, kn: 0}
  - law: cubic
    W: [[1], [-1]]
    params: {k3: 0.5}
YAML
A=(transient -rom two.yaml -transient_dt 0.01 -transient_time 30 -transient_force "sin(1.5,0.2)" -transient_x0 0.1,0 -transient_output_every 3
  -transient_quiet)
run "$W" full "${A[@]}" -output full.h5
[ "$RC" = 0 ] && pass "uninterrupted 3000 steps" || fail "uninterrupted" "exit $RC" "$W/full.err"
run "$W" stop "${A[@]}" -transient_checkpoint ck.h5 -transient_checkpoint_every 500 -transient_stop_after 1234 -output part.h5
if [ "$RC" != 0 ] && [ "$(grep -c . "$W/stop.err")" = 1 ] && grep -q "stopped by -transient_stop_after after step 1234 of 3000.*ck.h5" "$W/stop.err" \
  && [ -f "$W/ck.h5" ] && [ ! -e "$W/part.h5" ]; then
  pass "stopped after step 1234: one line naming the checkpoint, no result written"
else
  fail "stop" "exit $RC" "$W/stop.err"
fi
run "$W" resume "${A[@]}" -transient_checkpoint ck.h5 -transient_restart -output resumed.h5
[ "$RC" = 0 ] && grep -q "restarted from ck.h5 after step 1234" "$W/resume.out" && pass "resumed from step 1234" || fail "resume" "exit $RC" "$W/resume.err" "$W/resume.out"
expect_fail "a restart with another load is refused, the option named" "ck.h5;-transient_force" transient -rom "$W/two.yaml" -transient_dt 0.01 \
  -transient_time 30 -transient_force "sin(1.6,0.2)" -transient_x0 0.1,0 -transient_output_every 3 -transient_checkpoint "$W/ck.h5" -transient_restart
expect_fail "a restart without its file is refused" "-transient_restart;-transient_checkpoint" transient -rom "$W/two.yaml" -transient_dt 0.01 \
  -transient_time 30 -transient_restart

run "$W" model model -output rom.h5
L=(transient -rom rom.h5 -options_file "$PWD/configs/demo.yaml" -transient_dt 2e-5 -transient_time 8e-4 -transient_recovery 2
  -transient_force "sin(20,190)" -transient_points 0,7 -transient_quiet)
run "$W" l1 "${L[@]}" -output l1.h5
run "$W" l1s "${L[@]}" -transient_checkpoint l1ck.h5 -transient_stop_after 17 -output l1x.h5
run "$W" l1r "${L[@]}" -transient_checkpoint l1ck.h5 -transient_restart -output l1r.h5
[ "$RC" = 0 ] && pass "lap frame, 1 rank: stopped after 17 of 40 steps and resumed" || fail "lap frame 1 rank" "exit $RC" "$W/l1r.err"
mpirun "$W" l2 2 "${L[@]}" -output l2.h5
mpirun "$W" l2s 2 "${L[@]}" -transient_checkpoint l2ck.h5 -transient_stop_after 17 -output l2x.h5
mpirun "$W" l2r 2 "${L[@]}" -transient_checkpoint l2ck.h5 -transient_restart -output l2r.h5
[ "$RC" = 0 ] && pass "lap frame, 2 ranks: stopped after 17 of 40 steps and resumed" || fail "lap frame 2 ranks" "exit $RC" "$W/l2r.err"
run "$W" l1on2 "${L[@]}" -transient_checkpoint l2ck.h5 -transient_restart -output l1on2.h5
if [ "$RC" != 0 ] && grep -q "l2ck.h5 was written on 2 ranks: restart it on as many (this run has 1)" "$W/l1on2.err"; then
  pass "a checkpoint of 2 ranks is refused on 1, the counts named"
else
  fail "rank count" "exit $RC" "$W/l1on2.err"
fi

if [ "$HAVE_H5PY" = 1 ]; then
  pychecks "bit for bit" "$W" <<'PYEOF'
import sys, h5py, numpy as np
w = sys.argv[1]
def sets(f):
    out = {}
    with h5py.File(w + "/" + f, "r") as h:
        h["transient"].visititems(lambda n, o: out.__setitem__(n, np.array(o)) if isinstance(o, h5py.Dataset) else None)
    return out
for a, b, what in (("full.h5", "resumed.h5", "2-DOF, resumed after step 1234"), ("l1.h5", "l1r.h5", "lap frame 1 rank, resumed"),
                   ("l2.h5", "l2r.h5", "lap frame 2 ranks, resumed")):
    A, B = sets(a), sets(b)
    keys = sorted(k for k in A if "seconds" not in k)
    diff = [k for k in keys if k not in B or A[k].shape != B[k].shape or not np.array_equal(A[k], B[k])]
    print(("ok" if keys and not diff else "not ok") + " - %s: %d datasets equal bit for bit%s" % (what, len(keys), (", differ: " + ", ".join(diff)) if diff else ""))
# 1 and 2 ranks sum the joint's forces in another order: equal to round-off, not bit for bit
A, B = sets("l1.h5"), sets("l2.h5")
worst = max(float(np.max(np.abs(A[k] - B[k])) / max(np.max(np.abs(A[k])), 1e-300)) for k in ("x", "v", "point_u", "point_t", "recovery"))
print(("ok" if worst < 1e-8 else "not ok") + " - lap frame, 1 and 2 ranks (resumed runs of each above): x, v, point u and t, recovery within %.1e of their largest (1e-8)" % worst)
PYEOF
fi
finish

#!/usr/bin/env bash
# tribo contact checkpoints (issue 34, item 3: every long run resumes): -contact_checkpoint F.h5 is rewritten after every load step
# (the steps done, the fields of the written steps, the solvers' state) and -contact_restart continues from it; -contact_stop_after
# takes the path of SIGTERM/SIGUSR1.
# - The coupled lap beam (2 preload steps, 4 QSMA amplitudes): stopped inside the preload (after 1), at its end (after 2, before the
#   linearized modes) and inside the QSMA (after 4), each resumed: every dataset of the result equal to the uninterrupted run's bit
#   for bit (FFTW plans by estimate: with measure, FFTW times its algorithms and two uninterrupted runs already differ by round-off).
# - The same on 2 ranks, and a 2-rank checkpoint resumed on 1 rank (the state is stored as whole grids).
# - Mindlin (Hertz, then 40 tangential steps with the slip history) stopped after 17 steps; wavy after 2 of 5.
# - Refused: other physics on restart (-contact_mu named), -contact_restart without -contact_checkpoint, a missing checkpoint;
#   the first and the last also on 2 and 3 ranks (one error line, every rank exits, no output).
# timeout: 300
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t983
mkdir -p "$W"
export TRIBO_PYTHON=/bin/true
A=(contact -contact_qsma_n 4 -contact_png none -contact_fftw_plan estimate)
run "$W" full "${A[@]}" -output full.h5
[ "$RC" = 0 ] && pass "lap beam, uninterrupted: 6 steps" || fail "uninterrupted" "exit $RC" "$W/full.err"
for s in 1 2 4; do
  rm -f "$W/ck$s.h5"
  run "$W" stop$s "${A[@]}" -contact_checkpoint ck$s.h5 -contact_stop_after $s -output part$s.h5
  if [ "$RC" != 0 ] && [ "$(grep -c . "$W/stop$s.err")" = 1 ] && grep -q "stopped by -contact_stop_after after $s of 6 steps: the state is saved in ck$s.h5" "$W/stop$s.err" \
    && [ -f "$W/ck$s.h5" ] && [ ! -e "$W/part$s.h5" ]; then
    pass "lap beam stopped after $s steps: one line naming the checkpoint, no result written"
  else
    fail "stop after $s" "exit $RC" "$W/stop$s.err"
  fi
  run "$W" res$s "${A[@]}" -contact_checkpoint ck$s.h5 -contact_restart -output res$s.h5
  [ "$RC" = 0 ] && grep -q "restarted from ck$s.h5 after $s of 6 steps" "$W/res$s.out" && pass "lap beam resumed after $s steps" \
    || fail "resume after $s" "exit $RC" "$W/res$s.err" "$W/res$s.out"
done
mpirun "$W" full2 2 "${A[@]}" -output full2.h5
mpirun "$W" stop2r 2 "${A[@]}" -contact_checkpoint ck2r.h5 -contact_stop_after 3 -output part.h5
mpirun "$W" res2r 2 "${A[@]}" -contact_checkpoint ck2r.h5 -contact_restart -output res2r.h5
[ "$RC" = 0 ] && pass "lap beam, 2 ranks: stopped after 3 steps and resumed" || fail "2 ranks" "exit $RC" "$W/res2r.err"
run "$W" res21 "${A[@]}" -contact_checkpoint ck2r.h5 -contact_restart -output res21.h5
[ "$RC" = 0 ] && pass "lap beam: a 2-rank checkpoint resumed on 1 rank" || fail "2 -> 1 ranks" "exit $RC" "$W/res21.err"

M=(contact -contact_case mindlin -contact_n 64 -contact_png none -contact_fftw_plan estimate)
run "$W" mfull "${M[@]}" -output mfull.h5
run "$W" mstop "${M[@]}" -contact_checkpoint mck.h5 -contact_stop_after 17 -output mpart.h5
run "$W" mres "${M[@]}" -contact_checkpoint mck.h5 -contact_restart -output mres.h5
[ "$RC" = 0 ] && pass "mindlin: stopped after 17 of 41 steps and resumed" || fail "mindlin" "exit $RC" "$W/mres.err"
V=(contact -contact_case wavy -contact_n 64 -contact_png none)
run "$W" wfull "${V[@]}" -output wfull.h5
run "$W" wstop "${V[@]}" -contact_checkpoint wck.h5 -contact_stop_after 2 -output wpart.h5
run "$W" wres "${V[@]}" -contact_checkpoint wck.h5 -contact_restart -output wres.h5
[ "$RC" = 0 ] && pass "wavy: stopped after 2 of 5 steps and resumed" || fail "wavy" "exit $RC" "$W/wres.err"

expect_fail "a restart with another friction coefficient is refused, the option named" "mck.h5;-contact_mu" "${M[@]}" -contact_mu 0.5 \
  -contact_checkpoint "$W/mck.h5" -contact_restart -output "$W/x.h5"
expect_fail "-contact_restart without -contact_checkpoint is refused" "-contact_restart;-contact_checkpoint" "${M[@]}" -contact_restart \
  -output "$W/x.h5"
expect_fail "a missing checkpoint is named" "nothere.h5" "${M[@]}" -contact_checkpoint "$W/nothere.h5" -contact_restart -output "$W/x.h5"

for np in 2 3; do # the refusals on several ranks: one line, every rank exits, nothing written
  mpirun "$W" miss$np $np "${M[@]}" -contact_checkpoint nothere.h5 -contact_restart -output miss$np.h5
  if [ "$RC" != 0 ] && [ "$(grep -c 'error' "$W/miss$np.err")" = 1 ] && grep -q "nothere.h5" "$W/miss$np.err" && [ ! -e "$W/miss$np.h5" ]; then
    pass "a missing checkpoint on $np ranks: one line, exit $RC, nothing written"
  else fail "missing checkpoint on $np ranks" "exit $RC" "$W/miss$np.err"; fi
  mpirun "$W" mu$np $np "${M[@]}" -contact_mu 0.5 -contact_checkpoint mck.h5 -contact_restart -output mu$np.h5
  if [ "$RC" != 0 ] && [ "$(grep -c 'error' "$W/mu$np.err")" = 1 ] && grep -q -- "-contact_mu" "$W/mu$np.err" && [ ! -e "$W/mu$np.h5" ]; then
    pass "other physics on $np ranks: one line naming -contact_mu, exit $RC, nothing written"
  else fail "other physics on $np ranks" "exit $RC" "$W/mu$np.err"; fi
done

if [ "$HAVE_H5PY" = 1 ]; then
  pychecks "bit for bit" "$W" <<'PYEOF'
import sys, h5py, numpy as np
w = sys.argv[1]
def sets(f):
    out = {}
    with h5py.File(w + "/" + f, "r") as h:
        for g in ("contact", "backbone"):
            if g in h:
                h[g].visititems(lambda n, o: out.__setitem__(g + "/" + n, np.array(o)) if isinstance(o, h5py.Dataset) else None)
    return out
for a, b, what in (("full.h5", "res1.h5", "lap beam resumed after 1 (preload)"), ("full.h5", "res2.h5", "lap beam resumed after 2 (before the linearized modes)"),
                   ("full.h5", "res4.h5", "lap beam resumed after 4 (QSMA)"), ("full2.h5", "res2r.h5", "lap beam, 2 ranks, resumed after 3"),
                   ("full2.h5", "res21.h5", "lap beam, 2-rank checkpoint resumed on 1 rank"),
                   ("mfull.h5", "mres.h5", "mindlin resumed after 17"), ("wfull.h5", "wres.h5", "wavy resumed after 2")):
    A, B = sets(a), sets(b)
    keys = sorted(k for k in A if "seconds" not in k)
    fields = sum(1 for k in keys if "/step_" in k)
    diff = [k for k in keys if k not in B or A[k].shape != B[k].shape or not np.array_equal(A[k], B[k])]
    tol = 0
    if what.startswith("lap beam, 2-rank") and diff:  # the steps after the checkpoint summed over 1 rank instead of 2
        tol = max(float(np.max(np.abs(A[k] - B[k])) / max(np.max(np.abs(A[k])), 1e-300)) for k in diff if A[k].shape == B[k].shape)
        print(("ok" if tol < 1e-8 else "not ok") + " - %s: %d datasets, %d bit for bit, the others within %.1e of their largest value (tolerance 1e-8)"
              % (what, len(keys), len(keys) - len(diff), tol))
        continue
    print(("ok" if keys and fields and not diff else "not ok") + " - %s: %d datasets (%d step fields) equal bit for bit%s"
          % (what, len(keys), fields, (", differ: " + ", ".join(diff[:6])) if diff else ""))
PYEOF
else
  skip "bit for bit" "no h5py"
fi
finish

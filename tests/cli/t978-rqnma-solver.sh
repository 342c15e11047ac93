#!/usr/bin/env bash
# RQNMA's two solver paths (-rqnma_solver lagged: the former one; fast: amplitudes split over the ranks, each LGL node
# predicted from the same node of the last cycle, GMRES to 1e-6) give the same non-Masing backbone on the built-in
# lap-joint beam (tribo model, configs/demo.yaml) at 3 amplitudes from 3e-5 to 4e-4 sqrt(kg) m (linear at the first;
# the joint slips at the others, 5-6 cycles each): fast on 1 and 2 ranks against lagged on 1 rank, frequency to 1e-8
# relative, damping to 1e-6 relative (measured 1.4e-9 and 4.4e-8: the Newton tolerance -rqnma_rtol 1e-9), the same
# number of cycles everywhere; with the LU of every Newton step (the default below 400 DOFs) and with GMRES on an LU
# lagged by 10 steps (-rqnma_lag_lu 10, the default of the Brake-Reuss beam). Fast on 2 ranks also gives fast on 1
# rank to the same tolerances (each amplitude is solved by one rank with all the points; only the prestress differs
# by round-off, 6.8e-10 in frequency). (The lagged path on 2 ranks is not compared: it splits the points, its
# round-off can change the number of cycles, and on this beam at 1e-4 it traced 4 cycles against 3 on one rank,
# 1.2e-5 apart in damping.)
# timeout: 120
set -u
. tests/cli/lib.sh
[ $HAVE_H5PY = 1 ] || { echo "needs /usr/bin/python3 with h5py and numpy"; exit 77; }
W=$TMPDIR_TEST/t978

run "$W" model model -output rom.h5
if [ $RC -ne 0 ] || [ ! -f "$W/rom.h5" ]; then
  fail "tribo model -output rom.h5" "exit status $RC" "$W/model.err"
  finish
  exit 1
fi
OPTS="-rom rom.h5 -options_file $PWD/configs/demo.yaml -backbone_n 3 -backbone_qmin 3e-5 -backbone_qmax 4e-4 -backbone_quiet"
CASES=(
  "lu_lagged:1:-rqnma_solver lagged"
  "lu_fast:1:-rqnma_solver fast"
  "lu_fast_np2:2:-rqnma_solver fast"
  "gmres_lagged:1:-rqnma_solver lagged -rqnma_lag_lu 10"
  "gmres_fast:1:-rqnma_solver fast -rqnma_lag_lu 10"
  "gmres_fast_np2:2:-rqnma_solver fast -rqnma_lag_lu 10"
)
for c in "${CASES[@]}"; do
  IFS=: read -r name np opts <<<"$c"
  # shellcheck disable=SC2086 # option lists
  if [ "$np" = 1 ]; then run "$W" "$name" backbone $OPTS $opts -output "$name.h5" -backbone_png "$name.png"
  else mpirun "$W" "$name" "$np" backbone $OPTS $opts -output "$name.h5" -backbone_png "$name.png"; fi
  [ $RC = 0 ] || fail "$name backbone on $np rank(s)" "exit $RC" "$W/$name.out" "$W/$name.err"
done
pychecks agreement "$W" <<'PYEOF'
import os, sys, h5py, numpy as np
d = sys.argv[1]
def load(name):
    g = h5py.File(os.path.join(d, name + ".h5"), "r")["backbone/mode1"]
    return {k: g[k][()] for k in ("frequency_hz", "damping", "cycles", "converged", "newton_iterations")}
for kind in ("lu", "gmres"):
    ref = load(kind + "_lagged")
    for other, against in ((kind + "_fast", kind + "_lagged"), (kind + "_fast_np2", kind + "_lagged"), (kind + "_fast_np2", kind + "_fast")):
        a, b = load(other), load(against)
        df = np.max(np.abs(a["frequency_hz"] - b["frequency_hz"]) / np.abs(b["frequency_hz"]))
        dz = np.max(np.abs(a["damping"] - b["damping"]) / np.maximum(np.abs(b["damping"]), 1e-300))
        same = np.array_equal(a["cycles"], b["cycles"]) and np.all(a["converged"] == 1) and np.all(b["converged"] == 1)
        good = df <= 1e-8 and dz <= 1e-6 and same and b["damping"][-1] > 1e-3
        print("%s - %s against %s: frequency %.1e, damping %.1e relative (1e-8, 1e-6), cycles %s and %s, Newton %s and %s" % (
            "ok" if good else "not ok", other, against, df, dz, a["cycles"].tolist(), b["cycles"].tolist(),
            a["newton_iterations"].tolist(), b["newton_iterations"].tolist()))
PYEOF
finish

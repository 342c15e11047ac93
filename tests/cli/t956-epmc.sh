#!/usr/bin/env bash
# EPMC backbones from the command line on the built-in lap beam (demo law: elastic dry friction), harmonics
# 0-3, Nt 128, up to q = 2e-4 (through the onset of slip):
# - the distributed matrix-free solver (-epmc_solver gmres, TriboHBOp) on 1, 2 and 3 ranks and the dense LU
#   on 2 ranks and the assembled sparse matrix factored by MUMPS (-epmc_solver mumps) on 2 ranks trace the same branch: frequencies and damping ratios equal to 1e-7 relative (1e-9 absolute in zeta);
# - restart: a branch file stopped after 5 points (-cont_max_steps 4) and continued with -cont_restart equals an
#   uninterrupted run point for point (1e-12 relative); a restart with -friction_mu changed is refused and names it;
# - EPMC against RQNMA (porter-brake-2023 Fig. 12 found them within about 0.5 % in frequency): the differences in
#   frequency and damping at the EPMC points, RQNMA interpolated in log q, are printed; the check is 1 % in
#   frequency where both are computed;
# - energy balance (C = 0 in the demo case): the energy per cycle of the interface points (point_dissipation_J, from
#   the harmonics of the tractions and displacements) equals that of the negative damping xi M to 1e-6, and
#   element_dissipation_J sums the points;
# - bad inputs: harmonics without the first, Nt too small for the highest harmonic: one-line errors, no file.
# timeout: 600
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t956
export TRIBO_PYTHON=/bin/true # no pictures here (t901 checks them)
mkdir -p "$W"
run "$W" model model -output rom.h5
[ "$RC" = 0 ] || { fail "tribo model" "exit $RC" "$W/model.err"; finish; exit; }
common=(-rom rom.h5 -options_file "$PWD/configs/demo.yaml" -nma_type epmc -backbone_qmax 2e-4 -backbone_quiet)

runp() { # runp NP NAME ARGS...
  local np=$1 name=$2
  shift 2
  (cd "$W" && $MPIEXEC -n "$np" "$TRIBO_ABS" "$@") >"$W/$name.out" 2>"$W/$name.err"
  RC=$?
}

for np in 1 2 3; do
  runp "$np" "g$np" backbone "${common[@]}" -epmc_solver gmres -output "g$np.h5"
  if [ "$RC" = 0 ] && [ -f "$W/g$np.h5" ]; then pass "EPMC gmres on $np rank(s)"; else fail "EPMC gmres on $np rank(s)" "exit $RC" "$W/g$np.out" "$W/g$np.err"; fi
done
runp 2 d2 backbone "${common[@]}" -epmc_solver dense -output d2.h5
if [ "$RC" = 0 ]; then pass "EPMC dense on 2 ranks"; else fail "EPMC dense" "exit $RC" "$W/d2.out" "$W/d2.err"; fi
runp 2 m2 backbone "${common[@]}" -epmc_solver mumps -output m2.h5
if [ "$RC" = 0 ]; then pass "EPMC mumps on 2 ranks"; else fail "EPMC mumps" "exit $RC" "$W/m2.out" "$W/m2.err"; fi
runp 2 full backbone "${common[@]}" -epmc_solver gmres -cont_output full_branch.h5 -output full.h5
runp 2 part backbone "${common[@]}" -epmc_solver gmres -cont_output part_branch.h5 -cont_max_steps 4 -output part.h5
# a restart with other physics is refused, naming the option, and the branch file is kept; the same ROM under
# another name is the same physics (its SHA-256 is compared, not its name) (issue 34, item 12)
sum0=$(sha256sum "$W/part_branch.h5" | cut -c1-64)
runp 2 mu backbone "${common[@]}" -epmc_solver gmres -cont_output part_branch.h5 -cont_restart -friction_mu 0.3 -output mu.h5
if [ "$RC" != 0 ] && grep -q "other physics: -friction_mu (checkpoint: .*, this run: 0.3)" "$W/mu.err" && [ ! -e "$W/mu.h5" ] \
  && [ "$(sha256sum "$W/part_branch.h5" | cut -c1-64)" = "$sum0" ]; then
  pass "restart with -friction_mu 0.3 refused: $(grep -m1 error "$W/mu.err" | head -c 140)"
else fail "restart with other physics" "exit $RC" "$W/mu.err"; fi
cp "$W/rom.h5" "$W/rom_moved.h5" && cp "$W/part_branch.h5" "$W/moved_branch.h5"
runp 2 moved backbone "${common[@]}" -rom rom_moved.h5 -epmc_solver gmres -cont_output moved_branch.h5 -cont_restart -output moved.h5
[ "$RC" = 0 ] && pass "restart with the same ROM under another name" || fail "restart with a moved ROM" "exit $RC" "$W/moved.err"
runp 2 rest backbone "${common[@]}" -epmc_solver gmres -cont_output part_branch.h5 -cont_restart -output rest.h5
if [ "$RC" = 0 ]; then pass "EPMC restart runs"; else fail "EPMC restart" "exit $RC" "$W/rest.out" "$W/rest.err"; fi
runp 2 rq backbone -rom rom.h5 -options_file "$PWD/configs/demo.yaml" -backbone_n 12 -backbone_qmax 2e-4 -backbone_quiet -output rq.h5

if [ "$HAVE_H5PY" = 1 ]; then
  out=$($PY - "$W" <<'EOF' 2>&1
import sys, h5py, numpy as np
w = sys.argv[1]
def bb(f):
    with h5py.File(w + "/" + f, "r") as h:
        g = h["backbone/mode1"]
        return np.array(g["modal_amplitude"]), np.array(g["frequency_hz"]), np.array(g["damping"])
q1, f1, z1 = bb("g1.h5")
ok = True
for f in ("g2.h5", "g3.h5", "d2.h5", "m2.h5"):
    q, fr, z = bb(f)
    same = len(q) == len(q1) and np.allclose(q, q1, rtol=1e-7) and np.allclose(fr, f1, rtol=1e-7) and np.allclose(z, z1, rtol=1e-7, atol=1e-9)
    print(("ok" if same else "not ok") + " - %s equals g1.h5 (%d points, max |df/f| %.1e)" % (f, len(q), np.max(np.abs(fr[:len(f1)] / f1[:len(fr)] - 1)) if len(fr) else -1))
with h5py.File(w + "/full_branch.h5", "r") as a, h5py.File(w + "/part_branch.h5", "r") as b:
    xa, xb = np.array(a["cont/X"]), np.array(b["cont/X"])
    n = min(len(xa), len(xb))
    same = len(xa) == len(xb) and np.allclose(xa[:n], xb[:n], rtol=1e-12, atol=1e-300)
    print(("ok" if same else "not ok") + " - restarted branch equals the uninterrupted one (%d and %d points, max rel diff %.1e)" % (len(xa), len(xb), np.max(np.abs(xa[:n] - xb[:n]) / (np.abs(xa[:n]) + 1e-300))))
with h5py.File(w + "/g2.h5", "r") as h:
    g = h["backbone/mode1"]
    W, Wp, We = np.array(g["dissipation_J"]), np.array(g["point_dissipation_J"]), np.array(g["element_dissipation_J"])
    m = W > 1e-12
    err = np.max(np.abs(Wp.sum(1)[m] / W[m] - 1)) if m.any() else 1
    print(("ok" if m.sum() >= 2 and err < 1e-6 and np.allclose(We.sum(1), Wp.sum(1), rtol=1e-12, atol=1e-30) else "not ok")
          + " - energy balance: the interface points dissipate what the negative damping supplies (%d points, max rel diff %.1e)" % (m.sum(), err))
qr, fr, zr = bb("rq.h5")
m = (q1 >= qr[0]) & (q1 <= qr[-1])
fi = np.interp(np.log(q1[m]), np.log(qr), fr)
zi = np.interp(np.log(q1[m]), np.log(qr), zr)
df = np.abs(f1[m] / fi - 1)
print("# EPMC vs RQNMA at %d EPMC points (RQNMA interpolated in log q):" % m.sum())
for q, a, b, c, d in zip(q1[m], f1[m], fi, z1[m], zi):
    print("#   q %.3e  f EPMC %.4f  RQNMA %.4f Hz (%+.3f %%)  zeta EPMC %.3e  RQNMA %.3e" % (q, a, b, 100 * (a / b - 1), c, d))
print(("ok" if np.max(df) < 0.01 else "not ok") + " - EPMC and RQNMA frequencies within 1 %% (max %.3f %%)" % (100 * np.max(df)))
EOF
)
  echo "$out" | grep '^#'
  while read -r line; do
    case "$line" in
      "ok - "*) pass "${line#ok - }" ;;
      "not ok - "*) fail "${line#not ok - }" "see above" ;;
    esac
  done <<<"$(echo "$out" | grep -E '^(ok|not ok) - ')"
  echo "$out" | grep -qE '^(ok|not ok) - ' || fail "comparison script" "$out"
else
  skip "branch comparisons" "needs python3-h5py"
fi

for bad in "harmonics:-hb_harmonics 0,2,3:first harmonic" "nt:-hb_nt 6:too small"; do
  IFS=: read -r name opt msg <<<"$bad"
  # shellcheck disable=SC2086 # opt is a list of words
  run "$W" "bad_$name" backbone "${common[@]}" $opt -output "bad_$name.h5"
  if [ "$RC" != 0 ] && [ ! -f "$W/bad_$name.h5" ] && grep -q "$msg" "$W/bad_$name.err" && [ "$(grep -c 'error' "$W/bad_$name.err")" -le 1 ]; then
    pass "bad $name: one-line error, no file"
  else
    fail "bad $name" "exit $RC, expected an error with '$msg' and no file" "$W/bad_$name.err"
  fi
done
finish

#!/usr/bin/env bash
# tribo frf on the built-in lap frame: bad options (no load shape, no damping, bad range, harmonics list,
# Nt < 2 h_max + 1, a recovery row out of range, a bad Rayleigh fit, a misspelt option) are one-line errors with a non-zero
# exit and no output file; a short sweep on 1 and 2 ranks writes /frf with the same numbers.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
(cd "$d" && "$TRIBO_ABS" model -output rom.h5 > model.out 2>&1) || { echo "not ok - tribo model"; exit 1; }
bad() { # name expected-words -- args...
  local name=$1 w=() ok=1
  shift
  while [ "$1" != "--" ]; do w+=("$1"); shift; done
  shift
  rm -f "$d/out.h5"
  (cd "$d" && "$TRIBO_ABS" frf -rom rom.h5 -output out.h5 "$@" > "$name.out" 2> "$name.err")
  local rc=$?
  [ $rc -ne 0 ] || ok=0
  [ ! -e "$d/out.h5" ] || ok=0
  [ "$(grep -c 'tribo frf: error:' "$d/$name.err")" = 1 ] || ok=0
  [ "$(wc -l < "$d/$name.err")" = 1 ] || ok=0
  for x in "${w[@]}"; do grep -q -- "$x" "$d/$name.err" || ok=0; done
  if [ $ok = 1 ]; then pass "$name: $(head -1 "$d/$name.err" | cut -c1-140)"; else fail "$name (exit $rc)" "expected one error line naming ${w[*]}" "$d/$name.err"; fi
}
bad no_shape "no load shape" -frf_dof -- -frf_range 185,205 -frf_rayleigh 2.4,0
bad no_damping "no damping" -frf_rayleigh -- -frf_range 185,205 -frf_recovery 0
bad no_range "-frf_range" -- -frf_recovery 0 -frf_rayleigh 2.4,0
bad one_freq "-frf_range" "two frequencies" -- -frf_range 185 -frf_recovery 0 -frf_rayleigh 2.4,0
bad neg_freq "-frf_range" "> 0" -- -frf_range 185,-5 -frf_recovery 0 -frf_rayleigh 2.4,0
bad harmonics "-hb_harmonics" increasing -- -frf_range 185,205 -frf_recovery 0 -frf_rayleigh 2.4,0 -hb_harmonics 2,1
bad no_first "-hb_harmonics" "first harmonic" -- -frf_range 185,205 -frf_recovery 0 -frf_rayleigh 2.4,0 -hb_harmonics 0,2
bad nt "-hb_nt 6" "2 h_max + 1 = 7" -- -frf_range 185,205 -frf_recovery 0 -frf_rayleigh 2.4,0 -hb_harmonics 0,1,3 -hb_nt 6
bad recovery "-frf_recovery 9" "6 recovery rows" -- -frf_range 185,205 -frf_recovery 9 -frf_rayleigh 2.4,0
bad zeta_one "-frf_rayleigh_zeta" "two damping ratios" -- -frf_range 185,205 -frf_recovery 0 -frf_rayleigh_zeta 0.001
bad zeta_modes "-frf_rayleigh_modes 1,40" "elastic modes were computed" -- -frf_range 185,205 -frf_recovery 0 -frf_rayleigh_zeta 0.001,0.001 -frf_rayleigh_modes 1,40
bad misspelt "-frf_forc" -- -frf_range 185,205 -frf_recovery 0 -frf_rayleigh 2.4,0 -frf_forc 2
# a short sweep below the first elastic mode, 1 and 2 ranks
args=(-frf_range 150,152 -frf_recovery 0 -frf_rayleigh 2.4,0 -hb_harmonics 0,1 -hb_nt 16 -frf_quiet -cont_max_steps 4)
(cd "$d" && "$TRIBO_ABS" frf -rom rom.h5 -output one.h5 "${args[@]}" > one.out 2> one.err)
rc1=$?
# shellcheck disable=SC2086 # MPIEXEC is a command with its flags
(cd "$d" && $MPIEXEC -n 2 "$TRIBO_ABS" frf -rom rom.h5 -output two.h5 "${args[@]}" > two.out 2> two.err)
rc2=$?
t1=$(grep -A100 'freq (Hz)' "$d/one.out" | grep -v '^wrote'); t2=$(grep -A100 'freq (Hz)' "$d/two.out" | grep -v '^wrote')
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && [ -s "$d/one.h5" ] && [ -s "$d/two.h5" ] && [ -n "$t1" ] && [ "$t1" = "$t2" ]; then
  pass "sweep 150 -> 152 Hz: $(echo "$t1" | wc -l) lines, identical on 1 and 2 ranks"
else fail "sweep (exit $rc1, $rc2)" "no result or different tables" "$d/one.out" "$d/one.err" "$d/two.out" "$d/two.err"; fi
if [ $HAVE_H5PY = 1 ]; then
  if $PY - "$d/one.h5" > "$d/h5.out" 2>&1 <<'PYEOF'
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")["frf"]
hz, amp, H = f["frequency_hz"][:], f["amplitude"][:], f["harmonics"][:]
assert hz[0] == 150 and np.all(np.diff(hz) > 0) and hz[-1] <= 152, hz
assert amp.shape == (len(hz), 6) and H.shape[0] == len(hz) and np.all(amp[:, 0] > 0), amp
print(len(hz), "points", amp[0, 0])
PYEOF
  then pass "/frf in the result file: $(cat "$d/h5.out")"; else fail "/frf in the result file" "bad datasets" "$d/h5.out"; fi
else skip "/frf in the result file" "no h5py"; fi
# the picture: tribo plot picks the frf figure kind for /frf files
if $PY -c 'import matplotlib, h5py' 2> /dev/null; then
  (cd "$d" && "$TRIBO_ABS" plot one.h5 two.h5 -output frf.png > plot.out 2> plot.err)
  rc=$?
  if [ $rc = 0 ] && [ -s "$d/frf.png" ] && grep -q "(frf)" "$d/plot.out"; then pass "tribo plot draws the forced response (frf kind)"
  else fail "tribo plot of /frf (exit $rc)" "no picture" "$d/plot.out" "$d/plot.err"; fi
else skip "tribo plot of /frf" "no matplotlib or h5py"; fi
finish

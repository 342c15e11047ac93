#!/usr/bin/env bash
# tribo rom on malformed decks: a non-zero exit, one error line naming the deck and the line
# number, and no output file (an existing good ROM is kept). A misspelt option fails at once,
# before the deck is read. An accelerometer on a recovery node works on 2 ranks (it crashed).
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
$TRIBO mesh -output "$d/good.inp" -lapbeam_view 0 > /dev/null || { echo "not ok - tribo mesh"; exit 1; }
ms() { echo $(( $(date +%s%N) / 1000000 )); }
t0=$(ms)
$TRIBO rom -deck "$d/good.inp" -output "$d/keep.h5" > /dev/null 2>&1 || { echo "not ok - tribo rom on the generated deck"; exit 1; }
t_good=$(( $(ms) - t0 ))
sum_before=$(sha256sum "$d/keep.h5" | cut -d' ' -f1)
nl=$(grep -n '^\*Element' "$d/good.inp" | head -1 | cut -d: -f1)
bad() { # name sed-expression expected-words...
  local name=$1 expr=$2 line
  shift 2
  sed -e "$expr" "$d/good.inp" > "$d/$name.inp"
  (cd "$d" && "$TRIBO_ABS" rom -deck "$name.inp" -output out.h5 > "$name.out" 2> "$name.err")
  local rc=$? ok=1
  [ $rc -ne 0 ] || ok=0
  [ ! -e "$d/out.h5" ] || ok=0
  [ "$(grep -c 'tribo rom: error:' "$d/$name.err")" = 1 ] || ok=0
  for w in "$@"; do grep -q -- "$w" "$d/$name.err" || ok=0; done
  if [ $ok = 1 ]; then pass "$name: $(head -1 "$d/$name.err" | cut -c1-150)"; else fail "$name (exit $rc)" "expected an error naming $*" "$d/$name.err"; fi
}
# a node data line cut after two fields, an element type tribo does not know, a set that is not
# defined, a letter in a coordinate; the line numbers are those of the edited lines
ln=$((nl - 5))
bad truncated "${ln}s/^\( *[0-9]*, *[-0-9.e]*\),.*/\1/" "truncated.inp:$ln"
bad element "${nl}s/type=C3D8/type=C3D27/" "element.inp:$nl" C3D27
cl=$(grep -n '^\*Coupling' "$d/good.inp" | head -1 | cut -d: -f1)
bad missing_set "${cl}s/surface=[A-Za-z0-9_]*/surface=NOSUCHSURF/" "missing_set.inp:$cl" NOSUCHSURF
bad non_numeric "${ln}s/, \([-0-9.]*\)$/, 1.2x3/" "non_numeric.inp:$ln" "1.2x3"
# misspelt options on the good deck: rejected before the deck is read (no "Read" line), in well
# under the time of the whole reduction, with a message naming the option, and nothing written
fast() { # name expected-word args...
  local name=$1 word=$2 t1 dt ok=1
  shift 2
  rm -f "$d"/rom.h5 "$d"/x.h5
  t1=$(ms)
  (cd "$d" && "$TRIBO_ABS" rom -deck good.inp "$@" > "$name.out" 2> "$name.err")
  local rc=$?
  dt=$(( $(ms) - t1 ))
  [ $rc -ne 0 ] || ok=0
  [ ! -e "$d/rom.h5" ] && [ ! -e "$d/x.h5" ] || ok=0
  [ "$(grep -c 'tribo rom: error:' "$d/$name.err")" = 1 ] && grep -q -- "unknown option $word" "$d/$name.err" || ok=0
  ! grep -q '^Read ' "$d/$name.out" || ok=0
  [ $((2 * dt)) -lt "$t_good" ] || ok=0
  if [ $ok = 1 ]; then pass "$name: fails in $dt ms (the whole run: $t_good ms) before reading the deck: $(head -1 "$d/$name.err" | cut -c1-110)"
  else fail "$name (exit $rc, $dt ms, the whole run $t_good ms)" "expected an error naming $word before the deck is read" "$d/$name.out" "$d/$name.err"; fi
}
fast misspelt_o "-o " -o x.h5
fast misspelt_nmodes -rom_nmode -output x.h5 -rom_nmode 5
# -rom_accel_nodes naming a node of the recovery set ENDNDS, on 2 ranks
acc=$(awk 'f {sub(",", "", $1); print $1; exit} /nset=ENDNDS/ {f = 1}' "$d/good.inp")
# shellcheck disable=SC2086 # MPIEXEC is a command with its flags
(cd "$d" && $MPIEXEC -n 2 "$TRIBO_ABS" rom -deck good.inp -output acc.h5 -rom_nmodes 2 -rom_accel_mass 0.01 -rom_accel_nodes "$acc" > acc.out 2> acc.err)
if [ $? -eq 0 ] && [ -s "$d/acc.h5" ] && grep -q "wrote acc.h5" "$d/acc.out"; then pass "accelerometer on the recovery node $acc, 2 ranks"
else fail "accelerometer on the recovery node $acc, 2 ranks" "no ROM written" "$d/acc.out" "$d/acc.err"; fi
if [ "$(sha256sum "$d/keep.h5" | cut -d' ' -f1)" = "$sum_before" ]; then pass "the good ROM is untouched"; else fail "the good ROM changed" ""; fi
finish

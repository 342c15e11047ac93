#!/usr/bin/env bash
# -help of every verb (issue 30, item 4): no default is uninitialized memory or a sentinel (a value like 6.95e-310 or
# -1.8e+308 between < and >), and list options show their whole default (-hb_harmonics <0,1,2,3> for EPMC and the FRF,
# -surface_erosion <2,25,50,75>, -frf_rayleigh_modes <1,2>); an unset list reads <none>. The lines are cleaned of PETSc's
# "<now X : formerly X>" (-backbone_n <20>; a value given: <7> (default 20)) and of the C function name at their end
# (PETSc prints the lists of types, -friction_type and -nma_type, itself: those lines keep both).
# A misspelt option gets a "did you mean" with the nearest option name tribo reads (at most 2 edits, or a quarter of its length;
# a swap of neighbours is one edit), and a name far from every option gets none.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
for v in info model rom prestress modal backbone frf law transient surface contact ringdown fit mesh; do
  extra=()
  [ $v = backbone ] && extra=(-nma_type epmc)
  (cd "$d" && run1 $v -help "${extra[@]}") >"$d/$v.out" 2>&1
  bad=$(grep -E '<[^>]*[0-9]e[-+]3[0-9][0-9][^>]*>' "$d/$v.out" | head -3)
  n=$(grep -c '^  -' "$d/$v.out")
  if [ -z "$bad" ] && [ "$n" -gt 0 ]; then pass "tribo $v -help: $n options, no uninitialized or sentinel default"
  else fail "tribo $v -help" "defaults: $bad" "$d/$v.out"; fi
done
chk() { # verb file, option, expected default
  if grep -q -- "^  $2 <$3>" "$d/$1.out"; then pass "$2 <$3> in tribo $1 -help"; else fail "$2 in tribo $1 -help" "expected <$3>: $(grep -- "^  $2 " "$d/$1.out" | head -1)"; fi
}
chk backbone -hb_harmonics 0,1,2,3
chk backbone -backbone_amplitudes none
chk frf -hb_harmonics 0,1,2,3
chk frf -frf_rayleigh_modes 1,2
chk frf -frf_range none
chk surface -surface_erosion 2,25,50,75
chk modal -friction_bolt_xyz none
chk backbone -backbone_n 20
chk backbone -output backbone.h5
chk backbone -rom none
(cd "$d" && run1 backbone -backbone_n 7 -help) >"$d/given.out" 2>&1
grep -q -- "^  -backbone_n <7> (default 20):" "$d/given.out" && pass "-backbone_n 7 given: <7> (default 20)" || fail "-backbone_n given" "$(grep -- "^  -backbone_n " "$d/given.out")"
n=$(grep -c '^  -.*(Tribo[A-Za-z]*)$\|^  -.*()$' "$d/surface.out")
[ "$n" = 0 ] && pass "tribo surface -help: no line ends with a C function name" || fail "C function names in tribo surface -help" "$n lines" "$d/surface.out"
W=$d/t996
mkdir -p "$W"
run "$W" model model -output rom.h5
expect_fail "a dropped letter: did you mean" 'unknown option -backbone_amplitdes \(did you mean -backbone_amplitudes\?\)' backbone -rom "$W/rom.h5" \
  -backbone_amplitdes 1e-6
expect_fail "two swapped letters: did you mean" 'unknown option -frcition_mu \(did you mean -friction_mu\?\)' backbone -rom "$W/rom.h5" -frcition_mu 0.3
expect_fail "two misspelt options, each with its suggestion" '-contact_stpes \(did you mean -contact_steps\?\);-contact_lod \(did you mean -contact_load\?\)' \
  contact -contact_case hertz -contact_stpes 3 -contact_lod 5
expect_fail "a name far from every option: no suggestion" 'unknown option -zzqx_nothing \(misspelt' backbone -rom "$W/rom.h5" -zzqx_nothing 1
finish

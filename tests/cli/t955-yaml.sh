#!/usr/bin/env bash
# Small discrete systems as input (-rom sys.yaml): bad YAML systems each give a non-zero exit, one
# error line naming the key (and its line) and no file; a one-DOF oscillator m = k = 1 with a cubic
# element (k3) traced by the default RQNMA on 1 and 2 ranks matches the closed-form secant frequency
# omega^2 = (k + k3 X^2) / m, X = q / sqrt(m), to 1e-6; a two-DOF system with a jenkins and a cubic
# element runs tribo modal (frequencies of K + kt e1 e1^T, the jenkins element sticking) and tribo
# backbone (damping once the slider slips).
# timeout: 120
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t955
IN=$W/in
mkdir -p "$IN"

cat >"$IN/one.yaml" <<'EOF'
M: [1]
K: [1]
elements:
  - law: cubic
    W: [[1]]
    params: {k3: 0.5}
EOF
cat >"$IN/two.yaml" <<'EOF'
M: [[1, 0], [0, 1]]
K: [[2, -1], [-1, 2]]
C: [[0.02, 0], [0, 0.02]]
elements:
  - law: jenkins
    W: [[1], [0]]
    params: {kt: 0.25, ts: 0.2}
  - law: cubic
    W: [[1], [-1]]
    params: {k3: 0.5}
recovery: {labels: [x1, x2], R: [[1, 0], [0, 1]]}
excitation: [0, 1]
EOF
printf 'M: [[1, 0], [0, 1]\nK: [1, 1]\n' >"$IN/syntax.yaml"
printf 'M: [1]\nelements:\n  - law: cubic\n    W: [[1]]\n' >"$IN/noK.yaml"
printf 'K: [1]\n' >"$IN/noM.yaml"
printf 'M: [[1, 0], [0, 1]]\nK: [[2, -1], [-1, 2, 0]]\n' >"$IN/Krow.yaml"
printf 'M: [1, 1]\nK: [[2, -1], [-1.5, 2]]\n' >"$IN/Ksym.yaml"
printf 'M: [[1, 0.5], [0.4, 1]]\nK: [1, 1]\n' >"$IN/Msym.yaml"
printf 'M: [[1, 2], [2, 1]]\nK: [1, 1]\n' >"$IN/Mpd.yaml"
printf 'M: [1]\nK: [1]\nelements:\n  - law: foo\n    W: [[1]]\n' >"$IN/law.yaml"
printf 'M: [1]\nK: [1]\nelements:\n  - law: cubic\n    W: [[1]]\n    params: {kt: 1}\n' >"$IN/param.yaml"
printf 'M: [1]\nK: [1]\nelements:\n  - law: cubic\n    W: [[1, 0, 0, 0]]\n' >"$IN/Wcols.yaml"
printf 'M: [1, 1]\nK: [1, 1]\nelements:\n  - law: cubic\n    W: [[1]]\n' >"$IN/Wrows.yaml"
printf 'M: [1]\nK: [abc]\n' >"$IN/number.yaml"
printf 'M: [1, 1]\nK: [1, 1]\nrecovery: {R: [[1, 0, 0]]}\nelements:\n  - law: cubic\n    W: [[1], [0]]\n' >"$IN/Rwidth.yaml"
printf 'M: [1, 1]\nK: [1, 1]\nrecovery: {labels: [a], R: [[1, 0], [0, 1]]}\n' >"$IN/labels.yaml"
printf 'M: [1, 1]\nK: [1, 1]\nexcitation: [1, 2, 3]\n' >"$IN/excitation.yaml"
printf 'M: [1, 1]\nK: [1, 1]\n' >"$IN/linear.yaml"

# expect_fail NAME 'KEY1;KEY2' ARGS...: tribo backbone ARGS (tests/cli/lib.sh)
expect_bb() { local name=$1 keys=$2; shift 2; expect_fail "$name" "$keys" backbone "$@"; }

expect_bb "YAML syntax error" 'syntax\.yaml;syntax;line 2' -rom "$IN/syntax.yaml"
expect_bb "K missing" 'noK\.yaml;key K missing' -rom "$IN/noK.yaml"
printf 'M: [1]\nK: [1]\nelements:\n  - law: cubic\n    W: [[1]]\n---\nM: [2]\n' >"$IN/twodocs.yaml"
expect_bb "a second YAML document (was ignored)" 'twodocs\.yaml;line 6;second YAML document' -rom "$IN/twodocs.yaml"
expect_bb "M missing" 'noM\.yaml;key M missing' -rom "$IN/noM.yaml"
expect_bb "K row of 3 entries" 'Krow\.yaml;K: row 2 has 3 entries, expected 2;line 2' -rom "$IN/Krow.yaml"
expect_bb "K not symmetric" 'Ksym\.yaml;\bK\b;not symmetric;line 2' -rom "$IN/Ksym.yaml"
expect_bb "M not symmetric" 'Msym\.yaml;\bM\b;not symmetric;line 1' -rom "$IN/Msym.yaml"
expect_bb "M not positive definite" 'Mpd\.yaml;\bM\b;positive definite;line 1' -rom "$IN/Mpd.yaml"
expect_bb "unknown law lists the known ones" 'law\.yaml;elements\[1\]\.law;line 4;"foo";penalty, jenkins, edf, cubic, unilateral' -rom "$IN/law.yaml"
expect_bb "unknown parameter lists the law's" 'param\.yaml;elements\[1\]\.params;"kt";k1, k3;line 6' -rom "$IN/param.yaml"
expect_bb "W of 4 columns" 'Wcols\.yaml;elements\[1\]\.W;4 columns;1 to 3;line 5' -rom "$IN/Wcols.yaml"
expect_bb "W of 1 row for 2 DOFs" 'Wrows\.yaml;elements\[1\]\.W;1 rows, expected 2;line 5' -rom "$IN/Wrows.yaml"
expect_bb "not a number" 'number\.yaml;K\[1\];"abc";not a finite number;line 2' -rom "$IN/number.yaml"
expect_bb "recovery R of 3 columns" 'Rwidth\.yaml;recovery\.R;3 entries, expected 2;line 3' -rom "$IN/Rwidth.yaml"
expect_bb "2 rows of R, 1 label" 'labels\.yaml;recovery\.labels;1 entries, expected 2;line 3' -rom "$IN/labels.yaml"
expect_bb "excitation of 3 for 2 DOFs" 'excitation\.yaml;excitation;3 entries, expected 2;line 3' -rom "$IN/excitation.yaml"
expect_bb "-friction_type with a YAML system" 'friction_type;one\.yaml;defines its laws' -rom "$IN/one.yaml" -friction_type jenkins
expect_bb "a linear system (no elements): no joint" 'linear\.yaml;no joint interface;elements' -rom "$IN/linear.yaml"

AMPS="-backbone_qmin 0.01 -backbone_qmax 2 -backbone_n 6"
# shellcheck disable=SC2086 # AMPS is a list of options
run "$W/one1" one backbone -rom "$IN/one.yaml" -output one.h5 $AMPS
[ $RC -eq 0 ] && [ -f "$W/one1/one.h5" ] && pass "tribo backbone -rom one.yaml, 1 rank" || fail "tribo backbone -rom one.yaml, 1 rank" "exit status $RC" "$W/one1/one.err"
# shellcheck disable=SC2086
mpirun "$W/one2" one 2 backbone -rom "$IN/one.yaml" -output one.h5 $AMPS
[ $RC -eq 0 ] && [ -f "$W/one2/one.h5" ] && pass "tribo backbone -rom one.yaml, 2 ranks" || fail "tribo backbone -rom one.yaml, 2 ranks" "exit status $RC" "$W/one2/one.err"
run "$W/two" modal modal -rom "$IN/two.yaml" -output modal.h5
[ $RC -eq 0 ] && pass "tribo modal -rom two.yaml" || fail "tribo modal -rom two.yaml" "exit status $RC" "$W/two/modal.err"
# law rough in a system: its validation read its choices past the parameters (issue 34, item 2: ASan heap overflow,
# make test-sanitize halts on it); its modes are those of M and K (the rough law adds no stiffness without contact)
printf 'M: [1, 1, 1]\nK: [1, 4, 9]\nelements:\n  - law: rough\n    W: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]\n' >"$IN/rough.yaml"
run "$W/rough" modal modal -rom "$IN/rough.yaml" -output modal.h5
[ $RC -eq 0 ] && grep -q "0.3183 Hz" "$W/rough/modal.out" && pass "tribo modal -rom rough.yaml (law rough): $(grep -c 'elastic mode' "$W/rough/modal.out") modes, 1/pi Hz among them" || fail "law rough in a system" "exit status $RC" "$W/rough/modal.out" "$W/rough/modal.err"
# shellcheck disable=SC2086
run "$W/two" backbone backbone -rom "$IN/two.yaml" -output backbone.h5 -backbone_mode 1 $AMPS
[ $RC -eq 0 ] && pass "tribo backbone -rom two.yaml" || fail "tribo backbone -rom two.yaml" "exit status $RC" "$W/two/backbone.err"

if [ $HAVE_H5PY = 1 ]; then
  pychecks "backbones and modes of the YAML systems" "$W" <<'PY'
import os
import sys
import h5py
import numpy as np

w = sys.argv[1]
m, k, k3 = 1.0, 1.0, 0.5
for np_ in (1, 2):
  fn = os.path.join(w, "one%d" % np_, "one.h5")
  if not os.path.exists(fn):
    print("not ok - one-DOF backbone on %d rank(s): no file" % np_)
    continue
  with h5py.File(fn, "r") as f:
    g = f["/backbone/mode1"]
    q, fr = g["modal_amplitude"][()], g["frequency_hz"][()]
  X = q / np.sqrt(m)
  exact = np.sqrt((k + k3 * X**2) / m) / (2 * np.pi)
  err = np.max(np.abs(fr / exact - 1))
  print("%s - one-DOF cubic backbone on %d rank(s): %d amplitudes, f from %.6f to %.6f Hz, max relative error %.2e against sqrt((k + k3 X^2)/m)/(2 pi)"
        % ("ok" if err < 1e-6 and len(q) == 6 else "not ok", np_, len(q), fr[0], fr[-1], err))
fn = os.path.join(w, "two", "modal.h5")
if os.path.exists(fn):
  with h5py.File(fn, "r") as f:
    fr = np.sort(f["/modal/frequency_hz"][()])
  # jenkins sticking: stiffness kt = 0.25 on x1; cubic element: no linear stiffness (k1 = 0)
  ev = np.linalg.eigvalsh(np.array([[2.25, -1.0], [-1.0, 2.0]]))
  exact = np.sqrt(ev) / (2 * np.pi)
  err = np.max(np.abs(fr[:2] / exact - 1))
  print("%s - two-DOF modal: %.6f, %.6f Hz, max relative error %.2e against K + kt e1 e1^T" % ("ok" if err < 1e-9 else "not ok", fr[0], fr[1], err))
else:
  print("not ok - two-DOF modal: no file")
fn = os.path.join(w, "two", "backbone.h5")
if os.path.exists(fn):
  with h5py.File(fn, "r") as f:
    g = f["/backbone/mode1"]
    fr, z = g["frequency_hz"][()], g["damping"][()]
  good = np.all(np.isfinite(fr)) and z[0] < 1e-8 and z[-1] > 1e-3
  print("%s - two-DOF backbone: f %.5f -> %.5f Hz, zeta %.2e -> %.2e (the jenkins slider slips at large amplitude)"
        % ("ok" if good else "not ok", fr[0], fr[-1], z[0], z[-1]))
else:
  print("not ok - two-DOF backbone: no file")
PY
else
  skip "backbones and modes of the YAML systems" "no h5py"
fi
# issue 34: an element whose W couples 3, 4 or 5 DOFs overflowed the joint's column buffer (abort, or exit 0 on corrupt memory)
for nd in 3 4 5; do
  ones=$(printf '1,%.0s' $(seq "$nd")); ones=${ones%,}
  wcol=$(printf '[1],%.0s' $(seq "$nd")); wcol=${wcol%,}
  printf 'M: [%s]\nK: [%s]\nelements:\n  - law: cubic\n    W: [%s]\n' "$ones" "$ones" "$wcol" >"$IN/w$nd.yaml"
  run "$W/w$nd" modal modal -rom "$IN/w$nd.yaml" -output modal.h5
  if [ "$RC" = 0 ] && [ "$(grep -c 'elastic mode' "$W/w$nd/modal.out")" = "$nd" ] && [ -f "$W/w$nd/modal.h5" ]; then
    pass "W coupling $nd DOFs: $nd modes, no overflow"
  else
    fail "W coupling $nd DOFs" "exit $RC, expected $nd elastic modes" "$W/w$nd/modal.out" "$W/w$nd/modal.err"
  fi
done
finish

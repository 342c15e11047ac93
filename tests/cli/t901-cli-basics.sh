#!/usr/bin/env bash
# Command line of tribo, the good paths: help, unknown verb, VERB -help, then the pipeline
# model -> info -> prestress -> modal -> backbone -> info, the provenance in /meta, the
# prestress normal force and options files in YAML. One line per check: "ok - ..." or
# "not ok - ..."; the exit status is non-zero if any check failed.
# timeout: 90
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t901

# approx X Y RTOL: |X - Y| <= RTOL |Y| (X may be any text: then false)
approx() { awk -v x="$1" -v y="$2" -v r="$3" 'BEGIN { if (x !~ /^[-+]?[0-9.]+([eE][-+]?[0-9]+)?$/) exit 1; d = x - y; if (d < 0) d = -d; a = y < 0 ? -y : y; exit !(d <= r * a) }'; }

# --- help, unknown verb, version -----------------------------------------------------------
run "$W/help" help help
missing=""
for v in info model prestress modal backbone help; do
  grep -qE "^  $v +[A-Za-z]" "$W/help/help.out" || missing="$missing $v"
done
if [ $RC -ne 0 ]; then fail "tribo help exits 0" "exit status $RC" "$W/help/help.err"
elif [ -n "$missing" ]; then fail "tribo help lists the verbs" "missing:$missing" "$W/help/help.out"
else pass "tribo help lists the verbs info model prestress modal backbone help"; fi

run "$W/help" frob frobnicate -rom x.h5
if [ $RC -eq 0 ]; then fail "unknown verb fails" "exit status 0" "$W/help/frob.err"
elif ! grep -qF 'unknown verb "frobnicate"' "$W/help/frob.err"; then fail "unknown verb is named on stderr" "no 'unknown verb \"frobnicate\"'" "$W/help/frob.err"
else pass "unknown verb: exit status $RC, stderr names it"; fi

run "$W/help" version --version
version=$(sed -n 's/^tribo \([0-9][0-9.]*\) (\(.*\))$/\1/p' "$W/help/version.out")
gitrev=$(sed -n 's/^tribo \([0-9][0-9.]*\) (\(.*\))$/\2/p' "$W/help/version.out")
if [ $RC -eq 0 ] && [ -n "$version" ] && [ -n "$gitrev" ]; then pass "tribo --version: $version ($gitrev)"
else fail "tribo --version prints 'tribo X.Y.Z (revision)'" "exit status $RC" "$W/help/version.out"; fi

# --- VERB -help: options with defaults and units, no -rom needed, nothing written -----------
mkdir -p "$W/vhelp"
run "$W/vhelp" backbone backbone -help
bad=""
# option | unit in brackets ("" for integers and strings)
while IFS='|' read -r opt unit; do
  line=$(grep -E "^ *$opt <[^>]+>" "$W/vhelp/backbone.out" | head -n 1)
  if [ -z "$line" ]; then bad="$bad $opt(absent or no default)"
  elif [ -n "$unit" ] && ! grep -qF -- "[$unit]" <<<"$line"; then bad="$bad $opt(no unit [$unit])"; fi
done <<'OPTS'
-rom|
-output|
-friction_type|
-friction_mu|-
-friction_kt|N/m^3
-friction_kn|N/m^3
-prestress_tension|N
-modal_rigid_cutoff|Hz
-backbone_qmin|sqrt(kg) m
-backbone_qmax|sqrt(kg) m
-backbone_n|
-backbone_amplitudes|sqrt(kg) m
-backbone_zeta0|-
-rqnma_lgl|
-rqnma_max_cycles|
OPTS
tension=$(sed -n 's/^ *-prestress_tension <\([^ :>]*\).*/\1/p' "$W/vhelp/backbone.out" | head -n 1)
if [ $RC -ne 0 ]; then fail "tribo backbone -help exits 0 without -rom" "exit status $RC" "$W/vhelp/backbone.err"
elif [ -n "$bad" ]; then fail "tribo backbone -help lists options with defaults and units" "$bad" "$W/vhelp/backbone.out"
elif ! approx "$tension" 12249 1e-12; then fail "tribo backbone -help: default -prestress_tension" "got '$tension', expected 12249"
else pass "tribo backbone -help: exit 0 without -rom; options listed with defaults and units"; fi
if [ -s "$W/vhelp/backbone.err" ]; then fail "tribo backbone -help writes nothing on stderr" "stderr not empty" "$W/vhelp/backbone.err"
else pass "tribo backbone -help writes nothing on stderr"; fi

for v in model prestress modal info; do
  run "$W/vhelp" "$v" "$v" -help
  if [ $RC -ne 0 ]; then fail "tribo $v -help exits 0" "exit status $RC" "$W/vhelp/$v.err"
  elif ! grep -qE "^tribo $v " "$W/vhelp/$v.out"; then fail "tribo $v -help prints its usage line" "no line 'tribo $v ...'" "$W/vhelp/$v.out"
  else pass "tribo $v -help exits 0 with its usage line"; fi
done
left=$(find "$W/vhelp" -type f ! -name '*.out' ! -name '*.err')
if [ -n "$left" ]; then fail "VERB -help writes no file" "found: $left"
else pass "VERB -help writes no file"; fi

# --- model and info on the ROM ---------------------------------------------------------------
D=$W/run
run "$D" model model -output rom.h5
if [ $RC -ne 0 ] || [ ! -f "$D/rom.h5" ]; then
  fail "tribo model -output rom.h5" "exit status $RC" "$D/model.err"
  echo "# no ROM: the pipeline checks cannot run"
  finish
  exit 1
fi
pass "tribo model -output rom.h5"
romsha=$(sha256sum "$D/rom.h5" | cut -d' ' -f1)

run "$D" info info -input rom.h5
if [ $RC -ne 0 ]; then fail "tribo info -input rom.h5" "exit status $RC" "$D/info.err"
elif ! grep -qE '(^|[^0-9])192 quadrature points' "$D/info.out" || ! grep -qE '(^|[^0-9])48 elements' "$D/info.out"; then
  fail "tribo info on the ROM: 192 quadrature points, 48 elements" "not printed" "$D/info.out"
elif ! grep -qF "$romsha" "$D/info.out"; then fail "tribo info on the ROM prints its sha256" "no $romsha" "$D/info.out"
else pass "tribo info on the ROM: 192 quadrature points, 48 elements, sha256 as sha256sum"; fi

# --- prestress, modal, backbone --------------------------------------------------------------
run "$D" prestress prestress -rom rom.h5 -output p.h5
if [ $RC -ne 0 ] || [ ! -f "$D/p.h5" ]; then fail "tribo prestress writes p.h5" "exit status $RC" "$D/prestress.err"
else pass "tribo prestress writes p.h5"; fi
# 3 bolts of 12249 N, constant forces: the interface carries exactly their sum
fn=$(sed -n 's/.*normal force \([-+0-9.eE]*\) N.*/\1/p' "$D/prestress.out" | tail -n 1)
if approx "$fn" 36747 0.5e-4; then pass "prestress normal force $fn N = 3 x 12249 N = 36747 N (4 digits)"
else fail "prestress normal force = 3 x 12249 N = 36747 N" "printed '$fn'" "$D/prestress.out"; fi

run "$D" modal modal -rom rom.h5 -output m.h5
if [ $RC -ne 0 ] || [ ! -f "$D/m.h5" ]; then fail "tribo modal writes m.h5" "exit status $RC" "$D/modal.err"
else pass "tribo modal writes m.h5"; fi

run "$D" backbone backbone -rom rom.h5 -output b.h5 -backbone_n 5 -backbone_qmax 2e-4
if [ $RC -ne 0 ] || [ ! -f "$D/b.h5" ] || [ ! -s "$D/b.png" ]; then
  fail "tribo backbone writes b.h5 and b.png" "exit status $RC" "$D/backbone.err"
else pass "tribo backbone writes b.h5 and b.png"; fi
left=$(find "$D" -name '*.tmp*')
if [ -n "$left" ]; then fail "no temporary files left" "found: $left"; else pass "no temporary files left"; fi

run "$D" infob info -input b.h5
if [ $RC -ne 0 ]; then fail "tribo info -input b.h5 (a result file)" "exit status $RC" "$D/infob.err"
elif ! grep -qE '^ *verb +backbone' "$D/infob.out" || ! grep -qF "/backbone/mode1: 5 amplitudes" "$D/infob.out"; then
  fail "tribo info -input b.h5 describes the backbone" "no 'verb backbone' or '/backbone/mode1: 5 amplitudes'" "$D/infob.out"
else pass "tribo info -input b.h5 describes the result (verb, /backbone/mode1: 5 amplitudes)"; fi

# --- options files: YAML with nested keys (PETSc joins them with '_') ------------------------
Y=$W/yaml
mkdir -p "$Y"
cp "$D/rom.h5" "$Y/rom.h5"
printf 'friction:\n  type: edf\n  mu: 0.3\nprestress:\n  tension: 10000\n' >"$Y/case.yaml"
run "$Y" yaml prestress -rom rom.h5 -output y.h5 -options_file case.yaml
fn=$(sed -n 's/.*normal force \([-+0-9.eE]*\) N.*/\1/p' "$Y/yaml.out" | tail -n 1)
if [ $RC -ne 0 ] || [ ! -f "$Y/y.h5" ]; then fail "-options_file case.yaml (nested keys)" "exit status $RC" "$Y/yaml.err"
elif ! grep -qF "law edf" "$Y/yaml.out" || ! approx "$fn" 30000 0.5e-4; then
  fail "-options_file case.yaml: prestress: tension: 10000 gives 3 x 10000 N" "normal force '$fn'" "$Y/yaml.out"
else pass "-options_file case.yaml: friction: {type: edf, mu: 0.3}, prestress: {tension: 10000} honoured (30000 N)"; fi

# later command-line options override the file
run "$Y" yaml2 prestress -rom rom.h5 -output y2.h5 -options_file case.yaml -prestress_tension 11000
fn=$(sed -n 's/.*normal force \([-+0-9.eE]*\) N.*/\1/p' "$Y/yaml2.out" | tail -n 1)
if [ $RC -eq 0 ] && approx "$fn" 33000 0.5e-4; then pass "-prestress_tension 11000 after -options_file overrides the file (33000 N)"
else fail "-prestress_tension after -options_file overrides the file" "exit status $RC, normal force '$fn' (expected 33000)" "$Y/yaml2.err"; fi

# PETSc 3.18 also has -options_file_yaml
printf 'friction:\n  type: jenkins\n  ts: 2e6\n' >"$Y/j.yaml"
run "$Y" yaml3 prestress -rom rom.h5 -output y3.h5 -options_file_yaml j.yaml
if [ $RC -eq 0 ] && grep -qF "law jenkins" "$Y/yaml3.out"; then pass "-options_file_yaml j.yaml: friction: {type: jenkins, ts: 2e6} honoured"
else fail "-options_file_yaml j.yaml" "exit status $RC or no 'law jenkins'" "$Y/yaml3.err"; fi

# a misspelt nested key is caught under its joined name
printf 'friction:\n  muu: 0.3\n' >"$Y/bad.yaml"
run "$Y" yaml4 prestress -rom rom.h5 -output y4.h5 -options_file bad.yaml
if [ $RC -ne 0 ] && grep -qF -- "-friction_muu" "$Y/yaml4.err" && [ ! -e "$Y/y4.h5" ]; then
  pass "misspelt YAML key friction: {muu: ...} fails naming -friction_muu"
else fail "misspelt YAML key friction: {muu: ...} fails naming -friction_muu" "exit status $RC" "$Y/yaml4.err"; fi

# --- the files, read with h5py (one Python run: importing h5py takes a second) ---------------
if [ $HAVE_H5PY = 0 ]; then
  skip "rom.h5, p.h5, m.h5, b.h5 and y.h5 read with h5py" "no h5py"
  finish
  exit
fi
pychecks "files read with h5py" "$D" "$romsha" "$version" "$gitrev" "$Y/y.h5" <<'PY'
import os
import sys
import h5py
import numpy as np

d, romsha, version, gitrev, yfile = sys.argv[1:6]


def check(name, why):
  print(("not ok - %s: %s" % (name, "; ".join(why))) if why else "ok - " + name)


def text(v):
  if isinstance(v, bytes):
    return v.decode()
  if isinstance(v, np.ndarray):
    return " ".join(text(x) for x in v.ravel())
  return str(v)


def opened(name):
  path = os.path.join(d, name)
  if not os.path.isfile(path):
    check(name + " read with h5py", ["no file"])
    return None
  return h5py.File(path, "r")


rom = opened("rom.h5")
if rom:
  why = []
  if rom["/rom/interface/weights"].shape != (192,):
    why.append("weights shape %s, expected (192,)" % (rom["/rom/interface/weights"].shape,))
  if rom["/rom/interface/elements"].shape[0] != 48:
    why.append("elements shape %s, expected 48 rows" % (rom["/rom/interface/elements"].shape,))
  if text(rom["/meta"].attrs.get("verb")) != "model":
    why.append("/meta verb %r" % text(rom["/meta"].attrs.get("verb")))
  check("rom.h5: 192 quadrature weights, 48 elements, /meta verb model", why)

# /meta of the results: what made them, from which input
for name, verb in (("p.h5", "prestress"), ("m.h5", "modal"), ("b.h5", "backbone")):
  f = opened(name)
  if not f:
    continue
  a, why = f["/meta"].attrs, []
  for key, want in (("verb", verb), ("version", version), ("git_revision", gitrev), ("mpi_size", "1")):
    if text(a.get(key)) != want:
      why.append("%s %r, expected %r" % (key, text(a.get(key)), want))
  opts = text(a.get("options"))
  if "-rom rom.h5" not in opts or "-output " + name not in opts:
    why.append("options %r lack -rom rom.h5 -output %s" % (opts, name))
  if text(f["/meta/inputs"][()]) != "rom.h5":
    why.append("/meta/inputs %r" % text(f["/meta/inputs"][()]))
  if text(f["/meta/input_sha256"][()]) != romsha:
    why.append("/meta/input_sha256 %s, sha256sum of rom.h5 %s" % (text(f["/meta/input_sha256"][()]), romsha))
  check("%s /meta: verb %s, version, git_revision (as --version), options, mpi_size 1, inputs, "
        "input_sha256 = sha256sum rom.h5" % (name, verb), why)

# prestress: the bolts are constant forces, so the interface carries 3 x 12249 N
p = opened("p.h5")
if rom and p:
  t = p["/prestress/point_traction"][()]
  fn = float((rom["/rom/interface/weights"][()] * t[:, 2]).sum())
  check("p.h5: sum of weight x normal traction = %.7g N = 3 x 12249 N (4 digits)" % fn,
        [] if abs(fn - 3 * 12249) <= 0.5e-4 * 3 * 12249 else ["expected 36747 N"])

# backbone: the requested log-spaced amplitudes; at the smallest one the joint sticks and the
# frequency is the linearized one of elastic mode 1 (the first above -modal_rigid_cutoff 20 Hz)
b, m = opened("b.h5"), opened("m.h5")
if b and m:
  q = b["/backbone/mode1/modal_amplitude"][()]
  fr = b["/backbone/mode1/frequency_hz"][()]
  z = b["/backbone/mode1/damping"][()]
  lin = m["/modal/frequency_hz"][()]
  f1 = lin[lin > 20][0]
  why = []
  if q.shape != (5,) or not np.allclose(q, np.geomspace(1e-7, 2e-4, 5), rtol=1e-12, atol=0):
    why.append("amplitudes %s, expected geomspace(1e-7, 2e-4, 5)" % q)
  if fr.shape != (5,) or z.shape != (5,):
    why.append("frequency/damping shapes %s %s, expected (5,)" % (fr.shape, z.shape))
  elif abs(fr[0] - f1) > 1e-6 * f1:
    why.append("frequency at q=1e-7 %.9g Hz, linearized mode 1 of m.h5 %.9g Hz" % (fr[0], f1))
  elif not (fr[-1] < fr[0] and z[-1] > 0):
    why.append("no softening or damping at q=2e-4: f %.6g -> %.6g Hz, zeta %.3g" % (fr[0], fr[-1], z[-1]))
  check("b.h5: 5 amplitudes geomspace(1e-7, 2e-4); f(1e-7) = %.4f Hz = mode 1 of m.h5; at 2e-4: %.4f Hz, zeta %.3g"
        % (fr[0], fr[-1], z[-1]) if not why else "b.h5 backbone", why)

# the YAML options reached the options database under their joined names
if os.path.isfile(yfile):
  with h5py.File(yfile, "r") as y:
    opts = text(y["/meta"].attrs.get("options"))
  want = ("-friction_type edf", "-friction_mu 0.3", "-prestress_tension 10000")
  check("y.h5 /meta options (from case.yaml) hold " + " ".join(want),
        [] if all(o in opts for o in want) else ["options %r" % opts])
PY
finish

# shellcheck shell=bash disable=SC2034 # sourced: its variables are used by the scripts
# Shared helpers of the tests of the Python post-processing package (tests/post/t8NN-*.sh,
# sourced, not run by the runner): the helpers of tests/cli/lib.sh (pass, fail, pychecks,
# finish, run; exit 77 without bin/tribo), PYTHONPATH with python/, and make_runs which writes
# small result files with bin/tribo.
# shellcheck source=tests/cli/lib.sh
. tests/cli/lib.sh
ROOT=$(pwd)
export PYTHONPATH="$ROOT/python${PYTHONPATH:+:$PYTHONPATH}"
unset MPLBACKEND # tribo selects Agg itself; a user's setting must not leak into the tests
unset DISPLAY WAYLAND_DISPLAY
$PY -c 'import numpy, h5py' 2>/dev/null || { echo "skipped: $PY lacks numpy or h5py (python3-numpy, python3-h5py)"; exit 77; }

# need_matplotlib: skip the test (exit 77) without matplotlib
need_matplotlib() {
  $PY -c 'import matplotlib' 2>/dev/null || { echo "skipped: $PY lacks matplotlib (python3-matplotlib)"; exit 77; }
}

# make_runs DIR [NAME...]: runs tribo into DIR (stdout in DIR/<name>.out) and sets RUNS_OK=1 on
# success; the files NAME (default all; rom.h5 always):
#   rom.h5        tribo model (lap-joint beam, 204 DOFs, 48 interface quadrilaterals)
#   prestress.h5 modal.h5 backbone.h5   the demo configuration, backbone of 5 amplitudes
#   backbone2.h5  the same with friction coefficient 0.5 (a second run to overlay)
make_runs() {
  local d=$1 cfg=$ROOT/configs/demo.yaml name args want made="rom.h5"
  shift
  want=" rom ${*:-prestress modal backbone backbone2} "
  RUNS_OK=1
  mkdir -p "$d"
  while IFS='|' read -r name args; do
    [[ $want == *" $name "* ]] || continue
    [ "$name" = rom ] || made="$made, $name.h5"
    # shellcheck disable=SC2086 # args is a list of words
    if ! (cd "$d" && run1 $args) >"$d/$name.out" 2>"$d/$name.err" || [ ! -s "$d/$name.h5" ]; then
      fail "tribo writes $name.h5" "tribo $args failed" "$d/$name.err"
      RUNS_OK=0
      return
    fi
  done <<EOF
rom|model -output rom.h5
prestress|prestress -rom rom.h5 -options_file $cfg -output prestress.h5
modal|modal -rom rom.h5 -options_file $cfg -output modal.h5
backbone|backbone -rom rom.h5 -options_file $cfg -output backbone.h5 -backbone_n 5
backbone2|backbone -rom rom.h5 -options_file $cfg -output backbone2.h5 -backbone_n 5 -friction_mu 0.5
EOF
  pass "tribo wrote $made"
}

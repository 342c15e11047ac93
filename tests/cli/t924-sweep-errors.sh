#!/usr/bin/env bash
# tribo sweep on bad sweep files (issue 34, items 9 and 10): each case exits non-zero with one line 'tribo sweep: error: ...'
# that names the file, the step and the option or key, in under 20 s, and writes no case folder. Cases: a newline in a value
# (it injected an option line into case.opts), an option name inside a value, a format expression in braces (Python's
# format evaluated '{case.__class__}'), a placeholder naming nothing, NaN and infinite values, a linspace of 1e7 values
# (1.2 GB, nothing written), a product of 100^4 cases (it hung), a count of 1e400 (OverflowError), lists where one value
# is expected (AttributeError, TypeError); -sweep_max_cases lifts the case limit (a 3 x 3 product under a limit of 4 is
# refused, under 9 expanded).
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
bad() { # NAME 'RE1;RE2' YAML-TEXT [ARGS...]
  local name=$1 keys=$2 text=$3 why="" k lines
  shift 3
  mkdir -p "$d/$name"
  printf '%s\n' "$text" >"$d/$name/s.yaml"
  (cd "$d/$name" && timeout 20 "$TRIBO_ABS" sweep s.yaml -sweep_expand "$@") >"$d/$name.out" 2>"$d/$name.err"
  RC=$?
  [ $RC -ne 0 ] || why="exit status 0;"
  [ $RC -ne 124 ] || why="$why timed out;"
  lines=$(grep -c . "$d/$name.err")
  [ "$lines" = 1 ] || why="$why $lines lines on stderr;"
  grep -q "^tribo sweep: error: s.yaml" "$d/$name.err" || why="$why no 'tribo sweep: error: s.yaml' line;"
  IFS=';' read -ra groups <<<"$keys"
  for k in "${groups[@]}"; do grep -qiE -- "$k" "$d/$name.err" || why="$why message lacks /$k/;"; done
  [ ! -e "$d/$name/s.sweep" ] || why="$why case folders written;"
  if [ -z "$why" ]; then pass "$name: $(head -c 170 "$d/$name.err")"; else fail "$name" "$why" "$d/$name.err"; fi
}
bad newline '-lapframe_nx;control character' $'verb: model\naxes:\n  lapframe_nx: ["4\\n-output x"]'
bad option_in_value '-lapframe_nx;option name' $'verb: model\noptions:\n  lapframe_nx: "4 -output x"'
bad format_expression '-model_title;braces' $'verb: model\noptions:\n  model_title: "{case.__class__}"'
bad unknown_placeholder '\{nope\};names no axis' $'verb: model\noptions:\n  model_title: "run {nope}"'
bad nan_value "'nan' is not a finite number" $'verb: model\naxes:\n  lapframe_nx: [nan, 3]'
bad inf_list "'-inf' is not a finite number" $'verb: model\noptions:\n  backbone_amplitudes: 1e-6,-inf'
bad linspace_1e7 '10000000;-sweep_max_cases' $'verb: model\naxes:\n  lapframe_nx: {linspace: [0, 1, 1e7]}'
bad product_1e8 '100000000 cases;-sweep_max_cases' $'verb: model\naxes:\n  a: {linspace: [0, 1, 100]}\n  b: {linspace: [0, 1, 100]}\n  c: {linspace: [0, 1, 100]}\n  d: {linspace: [0, 1, 100]}'
bad count_1e400 'count must be a whole number;1e400' $'verb: model\naxes:\n  lapframe_nx: {linspace: [0, 1, 1e400]}'
bad name_list 'name;single value' $'name: [a, b]\nverb: model'
bad ranks_list 'ranks;single value' $'verb: model\nranks: [1]'
bad limit_4 '9 cases;-sweep_max_cases' $'verb: model\naxes:\n  lapframe_nx: [3, 4, 5]\n  lapframe_ny: [3, 4, 5]' -sweep_max_cases 4
mkdir -p "$d/limit9"
printf 'verb: model\naxes:\n  lapframe_nx: [3, 4, 5]\n  lapframe_ny: [3, 4, 5]\n' >"$d/limit9/s.yaml"
(cd "$d/limit9" && "$TRIBO_ABS" sweep s.yaml -sweep_expand -sweep_max_cases 9) >"$d/limit9.out" 2>"$d/limit9.err"
RC=$?
if [ $RC = 0 ] && grep -q "9 cases" "$d/limit9.out" && ! grep -q -- "-output x" "$d"/limit9/s.sweep/case/*/case.opts; then
  pass "-sweep_max_cases 9: the 3 x 3 product expanded ($(cat "$d/limit9.out"))"
else fail "-sweep_max_cases 9" "exit $RC" "$d/limit9.out" "$d/limit9.err"; fi
finish

# shellcheck shell=bash disable=SC2034 # sourced: its variables are used by the scripts
# Shared helpers of the command-line tests tests/cli/t9NN-*.sh (sourced, not run by the runner).
# Each check prints "ok - NAME" or "not ok - NAME: why" (with '#' lines of detail); finish
# prints a summary and returns the exit status (non-zero if any check failed).
: "${TMPDIR_TEST:?run me through tests/runner.py}"
TRIBO=${TRIBO:-bin/tribo}
PY=/usr/bin/python3
if [ -z "${MPIEXEC:-}" ]; then
  MPIEXEC="mpiexec --oversubscribe"
  [ "$(id -u)" = 0 ] && MPIEXEC="mpiexec --allow-run-as-root --oversubscribe"
fi
NFAIL=0
NCHECK=0

# The program, by absolute path: the checks run it from scratch folders under $TMPDIR_TEST
[ -x "$TRIBO" ] || { echo "no $TRIBO: build it with 'make all'"; exit 77; }
TRIBO_ABS=$(cd "$(dirname "$TRIBO")" && pwd)/$(basename "$TRIBO")

HAVE_H5PY=0
$PY -c 'import h5py, numpy' 2>/dev/null && HAVE_H5PY=1

pass() { # pass NAME
  NCHECK=$((NCHECK + 1))
  echo "ok - $1"
}

fail() { # fail NAME WHY [FILE...]: the files (stdout, stderr) are shown as '#' lines
  local name=$1 why=$2 f
  shift 2
  NCHECK=$((NCHECK + 1))
  NFAIL=$((NFAIL + 1))
  echo "not ok - $name: $why"
  for f in "$@"; do
    [ -s "$f" ] && sed -e 's/^/#   /' "$f" | tail -n 15
  done
  return 0
}

skip() { # skip NAME WHY
  NCHECK=$((NCHECK + 1))
  echo "ok - $1 # SKIP $2"
}

# Open MPI singletons start in 0.5 s, or 0.15 s without probing the network transports and
# without a helper daemon: these settings are for the one-rank runs only (see run1)
SINGLETON_ENV="OMPI_MCA_ess_singleton_isolated=1 OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader OMPI_MCA_osc=^ucx"

# run1 ARGS...: tribo ARGS as one process (no mpiexec), in the current folder
run1() {
  # shellcheck disable=SC2086 # a list of assignments
  env $SINGLETON_ENV "$TRIBO_ABS" "$@"
}

# run DIR NAME ARGS...: runs tribo ARGS in DIR (created), stdout in DIR/NAME.out, stderr in
# DIR/NAME.err; sets RC
run() {
  local dir=$1 name=$2
  shift 2
  mkdir -p "$dir"
  (cd "$dir" && run1 "$@") >"$dir/$name.out" 2>"$dir/$name.err"
  RC=$?
}

# mpirun DIR NAME NP ARGS...: as run, on NP ranks
mpirun() {
  local dir=$1 name=$2 np=$3
  shift 3
  mkdir -p "$dir"
  # shellcheck disable=SC2086 # MPIEXEC is a command with its flags
  (cd "$dir" && $MPIEXEC -n "$np" "$TRIBO_ABS" "$@") >"$dir/$name.out" 2>"$dir/$name.err"
  RC=$?
}

# pychecks NAME ARGS... <<'EOF' ... EOF: runs a Python script (stdin) with ARGS; each line it
# prints "ok - ..." or "not ok - ..." counts as a check (importing h5py takes a second, so one
# script does all the checks of the files). A script that fails counts as one failed check.
pychecks() {
  local name=$1 out=$TMPDIR_TEST/pychecks.$$.out line n=0
  shift
  $PY - "$@" >"$out" 2>&1
  local rc=$?
  while IFS= read -r line; do
    case $line in
      "ok - "*) NCHECK=$((NCHECK + 1)); n=$((n + 1)); echo "$line" ;;
      "not ok - "*) NCHECK=$((NCHECK + 1)); NFAIL=$((NFAIL + 1)); n=$((n + 1)); echo "$line" ;;
      "#"*) echo "$line" ;;
      *) echo "#   $line" ;;
    esac
  done <"$out"
  if [ $rc -ne 0 ] || [ $n -eq 0 ]; then fail "$name" "the Python checks ended with status $rc after $n checks"; fi
  rm -f "$out"
}

# expect_fail NAME 'KEY1|KEY2;KEY3' VERB ARGS...: runs tribo VERB ARGS in a fresh empty folder $W/caseN
# (W set by the test)
# (-output out.h5 unless ARGS give one or VERB is info); the case passes when the exit status is non-zero,
# stderr is one line "tribo VERB: error: ..." holding every ';'-separated group of key words
# (each an extended regular expression, case-insensitive) and the folder is still empty.
N=0
expect_fail() {
  local name=$1 keys=$2 verb=$3 dir why="" k lines left
  shift 3
  N=$((N + 1))
  dir=$W/case$N
  mkdir -p "$dir"
  case "$verb: $* " in info:* | *" -output "*) ;; *) set -- "$@" -output out.h5 ;; esac
  (cd "$dir" && run1 "$verb" "$@") >"$dir.out" 2>"$dir.err"
  RC=$?
  [ $RC -ne 0 ] || why="exit status 0;"
  lines=$(grep -v "(left ~[0-9.]* s)$" "$dir.err" | grep -c .) # progress lines (time left) may come before the error line
  [ "$lines" = 1 ] || why="$why $lines lines on stderr, expected 1;"
  grep -q "^tribo $verb: error: " "$dir.err" || why="$why no 'tribo $verb: error: ...' line;"
  IFS=';' read -ra groups <<<"$keys"
  for k in "${groups[@]}"; do
    grep -qiE -- "$k" "$dir.err" || why="$why message lacks /$k/;"
  done
  left=$(cd "$dir" && ls -A)
  if [ -z "$left" ]; then rmdir "$dir"; else why="$why left behind: ${left//$'\n'/ };"; fi
  if [ -z "$why" ]; then pass "$name (exit $RC): $(head -c 160 "$dir.err")"
  else fail "$name" "$why" "$dir.err"; fi
}

# expect_error_words VERB DIR NAME WORD... -- ARGS...: runs tribo VERB -output out.h5 ARGS in DIR (stdout and stderr
# in DIR/NAME.out, DIR/NAME.err); passes when the exit status is non-zero, DIR/out.h5 was not written and stderr is
# one line "tribo VERB: error: ..." containing every WORD (fixed strings)
expect_error_words() {
  local verb=$1 dir=$2 name=$3 w=() ok=1 rc
  shift 3
  while [ "$1" != "--" ]; do w+=("$1"); shift; done
  shift
  rm -f "$dir/out.h5"
  (cd "$dir" && run1 "$verb" -output out.h5 "$@" >"$name.out" 2>"$name.err")
  rc=$?
  [ $rc -ne 0 ] || ok=0
  [ ! -e "$dir/out.h5" ] || ok=0
  [ "$(grep -c "tribo $verb: error:" "$dir/$name.err")" = 1 ] || ok=0
  [ "$(wc -l <"$dir/$name.err")" = 1 ] || ok=0
  for x in "${w[@]}"; do grep -qF -- "$x" "$dir/$name.err" || ok=0; done
  if [ $ok = 1 ]; then pass "$name: $(head -1 "$dir/$name.err" | cut -c1-160)"; else fail "$name (exit $rc)" "expected one error line naming ${w[*]}" "$dir/$name.err"; fi
}

finish() {
  echo "# $((NCHECK - NFAIL)) of $NCHECK checks passed"
  [ $NFAIL -eq 0 ]
}

#!/usr/bin/env bash
# Self-test of tests/runner.py: a throwaway repository in $TMPDIR_TEST with fake drivers
# (shell scripts standing in for binaries, run by a fake mpiexec that only strips its flags)
# checks passing, failing, skipped and broken cases, the '#' comments and tolerances of the
# comparison, the -k filter, the exit status and the final summary line.
set -euo pipefail
: "${TMPDIR_TEST:?run me through tests/runner.py}"
runner=$PWD/tests/runner.py
# the selftest runs the runner on its own tree: not on the sanitizer build (make test-sanitize sets these)
unset TRIBO_BUILD_DIR TRIBO_PROGRAM TRIBO_DATA_OFF
repo=$TMPDIR_TEST/repo
mkdir -p "$repo/tests/aa/output" "$repo/tests/bb/output" "$repo/build/tests/aa" "$TMPDIR_TEST/bin"
cp "$runner" "$repo/tests/runner.py"

# Fake mpiexec: drops -n N and --flags, runs the program with NP=N.
cat >"$TMPDIR_TEST/bin/mpiexec" <<'EOF'
#!/usr/bin/env bash
np=1
while [ $# -gt 0 ]; do
  case $1 in -n) np=$2; shift 2 ;; --*) shift ;; *) break ;; esac
done
NP=$np exec bash "$@"
EOF
chmod +x "$TMPDIR_TEST/bin/mpiexec"

# Driver source: only its TEST block matters here.
cat >"$repo/tests/aa/t001-num.c" <<'EOF'
int main(void) { return 0; }
/*TEST
  rtol: 1e-6
  test:
    suffix: pass
    nsize: 1 2 3
    output: t001-num.out
  test:
    suffix: tight
    args: -shift 1e-3
    output: t001-num.out
  test:
    suffix: data
    requires: data
    output: t001-num.out
  test:
    suffix: crash
    args: -crash
    output: t001-num.out
TEST*/
EOF
# Fake binary: the same numbers on every rank count, perturbed by -shift, failing with -crash.
cat >"$repo/build/tests/aa/t001-num" <<'EOF'
shift=0
[ "${1:-}" = -shift ] && shift=$2
[ "${1:-}" = -crash ] && { echo "pi 3.14159265"; echo "crashed on $NP ranks" >&2; exit 3; }
awk -v s="$shift" 'BEGIN { printf "pi %.10f\nsum %d converged\nsmall 1.0e-13\nerrors (2.0e-13) [%.10f]\n", 3.14159265358979 * (1 + s), 6, 3.14159265358979 * (1 + s) }'
EOF
cat >"$repo/tests/aa/output/t001-num.out" <<'EOF'
# pi: closed form; sum: 1+2+3
pi 3.14159265358979
sum 6 converged
  # small number under atol
small 0
  # numbers in brackets are numbers: (2.0e-13) against (1.0e-13) under atol, the bracketed pi within rtol
errors (1.0e-13) [3.14159265358979]
EOF
printf 'int main(void) { return 0; }\n/*TEST\n  test:\n    nsize: 2\nTEST*/\n' >"$repo/tests/aa/t002-nobinary.c"
: >"$repo/tests/aa/output/t002-nobinary.out"
printf '[ -d "$TMPDIR_TEST" ] && [ "$TRIBO" = bin/tribo ] && [ -f tests/runner.py ]\n' >"$repo/tests/bb/t010-env.sh"
printf 'echo "needs nothing present"; exit 77\n' >"$repo/tests/bb/t011-skip.sh"
printf 'echo boom; exit 2\n' >"$repo/tests/bb/t012-fail.sh"

check() { # check LOG PATTERN: fixed-string line in the runner's output
  grep -qxF -- "$2" "$1" || { echo "runner output lacks the line: $2"; cat "$1"; exit 1; }
}
run() { # run LOG ARGS...: runs the copy, returns its exit status
  (cd "$repo" && PATH="$TMPDIR_TEST/bin:$PATH" /usr/bin/python3 tests/runner.py "${@:2}") >"$1" 2>&1
}

status=0
run "$TMPDIR_TEST/all.log" || status=$?
log=$TMPDIR_TEST/all.log
[ $status -eq 1 ] || { echo "expected exit status 1 with failures, got $status"; cat "$log"; exit 1; }
[ "$(tail -n 1 "$log")" = "4 passed, 4 failed, 2 skipped" ] || { echo "wrong summary line"; cat "$log"; exit 1; }
for np in 1 2 3; do grep -qE "^ok   aa/t001-num_pass np=$np \([0-9.]+ s\)$" "$log" || { echo "no ok line for np=$np"; cat "$log"; exit 1; }; done
grep -qE '^FAIL aa/t001-num_tight np=1 ' "$log" || { echo "tolerance failure not detected"; cat "$log"; exit 1; }
grep -qF '  expected line 2: 3.14159265358979   got line 1: 3.1447342462' "$log" || { echo "no token diff shown"; cat "$log"; exit 1; }
grep -qF '  expected line 7: [3.14159265358979]   got line 4: [3.1447342462]' "$log" || { echo "no diff of a bracketed number"; cat "$log"; exit 1; }
check "$log" "skip aa/t001-num_data np=1 (skipped: needs ../shared/data)"
grep -qE '^FAIL aa/t001-num_crash np=1 ' "$log" || { echo "crash not detected"; cat "$log"; exit 1; }
check "$log" "  exit status 3"
check "$log" "  | crashed on 1 ranks"
grep -qF "missing binary build/tests/aa/t002-nobinary" "$log" || { echo "missing binary not reported"; cat "$log"; exit 1; }
grep -qE '^ok   bb/t010-env \(' "$log" || { echo "shell test environment wrong"; cat "$log"; exit 1; }
check "$log" "skip bb/t011-skip (needs nothing present)"
grep -qE '^FAIL bb/t012-fail \(' "$log" || { echo "failing shell test not detected"; cat "$log"; exit 1; }

# With the data folder present the data case runs; -k selects; nothing selected is an error.
mkdir -p "$TMPDIR_TEST/shared/data"
run "$TMPDIR_TEST/k.log" -k num_pass -k num_data || { echo "-k run failed"; cat "$TMPDIR_TEST/k.log"; exit 1; }
[ "$(tail -n 1 "$TMPDIR_TEST/k.log")" = "4 passed, 0 failed" ] || { echo "wrong -k summary"; cat "$TMPDIR_TEST/k.log"; exit 1; }
status=0
run "$TMPDIR_TEST/none.log" -k no-such-test || status=$?
if [ $status -eq 0 ] || [ "$(tail -n 1 "$TMPDIR_TEST/none.log")" != "0 passed, 0 failed" ]; then
  echo "an empty run must fail and end with '0 passed, 0 failed'"
  cat "$TMPDIR_TEST/none.log"
  exit 1
fi
echo "runner self-test passed"

#!/usr/bin/env bash
# make doc's build (issue 30): Sphinx with MyST turns doc/*.md into HTML with warnings as errors (a broken link to a
# section, a missing image, a page outside the table of contents, a heading that skips a level); every page is written.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
if ! $PY -c 'import sphinx, myst_parser' 2>/dev/null; then skip "Sphinx build" "python3-sphinx or python3-myst-parser missing (scripts/setup.sh installs them)"; finish; exit; fi
$PY -m sphinx -W --keep-going -q -b html doc "$d/html" >"$d/sphinx.out" 2>&1
RC=$?
[ $RC = 0 ] && pass "sphinx -W: no warning" || fail "sphinx -W (exit $RC)" "warnings or errors" "$d/sphinx.out"
for page in index guide validation testing architecture dev/elements dev/progress; do
  [ -s "$d/html/$page.html" ] && pass "page $page.html" || fail "page $page.html" "not written" "$d/sphinx.out"
done
finish

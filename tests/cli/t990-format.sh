#!/usr/bin/env bash
# The sources follow .clang-format (STYLE.md §1): 'make format' fixes what this reports.
set -u
command -v clang-format > /dev/null || { echo "skipped: clang-format is not installed"; exit 77; }
files=$(git ls-files 'src/*.[ch]' 'include/*.h' 'tests/*.c' 2>/dev/null)
[ -n "$files" ] || files=$(find src include tests -name '*.[ch]')
if out=$(clang-format --dry-run --Werror $files 2>&1); then
  echo "ok - $(echo "$files" | wc -w) files formatted"
else
  echo "not ok - formatting differs (run make format):"
  echo "$out" | grep -E 'error:' | head -20 | sed 's/^/# /'
  exit 1
fi

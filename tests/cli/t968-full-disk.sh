#!/usr/bin/env bash
# A full disk and stale temporary files (issue 34, item 5). Checks:
#   on a 1 MiB tmpfs holding a good rom.h5 (the 0.76 MB default model), rewriting it fails with one line that names the
#     file, the dataset and "No space left on device", exit 1, no crash at exit (the run used to die with SIGSEGV in
#     HDF5's close at MPI_Finalize); rom.h5 keeps its SHA-256 and no rom.h5.tmp.* is left; the same on 2 ranks (every rank
#     ends, within the test's timeout);
#   stale temporary files: out.h5.tmp.<pid of a dead process> is removed by the next run that writes out.h5, while
#     out.h5.tmp.<pid of a live process> (a run writing the same output now) is left alone.
# The tmpfs needs root and a kernel that lets this container mount; elsewhere those checks are skipped with the reason.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
mkdir -p "$d/full" "$d/stale"

# stale temporary files (no mount needed)
sleep 60 &
live=$!
dead=$($PY -c 'import os
for p in range(4000000, 4100000):
    try: os.kill(p, 0)
    except ProcessLookupError: print(p); break')
echo partial > "$d/stale/out.h5.tmp.$dead"
echo writing > "$d/stale/out.h5.tmp.$live"
run "$d/stale" model model -output out.h5
if [ $RC = 0 ] && [ -s "$d/stale/out.h5" ] && [ ! -e "$d/stale/out.h5.tmp.$dead" ] && [ -e "$d/stale/out.h5.tmp.$live" ]; then
  pass "stale out.h5.tmp.$dead of a dead process removed, out.h5.tmp.$live of a live one kept"
else
  fail "stale temporary files" "exit $RC; left: $(ls "$d/stale" | tr '\n' ' ')" "$d/stale/model.err"
fi
kill $live 2>/dev/null

if ! mount -t tmpfs -o size=1m tmpfs "$d/full" 2>/dev/null; then
  skip "full disk" "cannot mount a tmpfs here (needs root and a container that allows mounts)"
  finish
  exit
fi
trap "umount \"$d/full\" 2>/dev/null" EXIT
# the logs go beside the full file system, not into it
runfull() { # NAME NP ARGS...
  local name=$1 np=$2
  shift 2
  if [ "$np" = 1 ]; then (cd "$d/full" && run1 "$@") >"$d/$name.out" 2>"$d/$name.err"
  else (cd "$d/full" && $MPIEXEC -n "$np" "$TRIBO_ABS" "$@") >"$d/$name.out" 2>"$d/$name.err"; fi
  RC=$?
}
runfull good 1 model -output rom.h5
sum0=$(sha256sum "$d/full/rom.h5" 2>/dev/null | cut -c1-64)
[ $RC = 0 ] && [ -n "$sum0" ] && pass "a good rom.h5 on the 1 MiB file system ($(stat -c %s "$d/full/rom.h5") bytes)" || fail "good rom.h5" "exit $RC" "$d/good.err"
check_full() { # NAME: the run just made must fail cleanly and leave rom.h5 as it was
  local name=$1 why="" sum
  [ $RC = 1 ] || why="exit $RC (expected 1; 139 is the old crash at exit);"
  grep -q "rom.h5" "$d/$name.err" && grep -q "No space left on device" "$d/$name.err" || why="$why message lacks the file or the reason;"
  sum=$(sha256sum "$d/full/rom.h5" | cut -c1-64)
  [ "$sum" = "$sum0" ] || why="$why rom.h5 changed;"
  ls "$d/full" | grep -q "tmp" && why="$why left: $(ls "$d/full" | tr '\n' ' ');"
  if [ -z "$why" ]; then pass "$name: $(grep -m1 error "$d/$name.err" | head -c 150)"; else fail "$name" "$why" "$d/$name.err"; fi
}
runfull rewrite 1 model -output rom.h5
check_full rewrite
runfull rewrite2 2 model -output rom.h5
check_full rewrite2
finish

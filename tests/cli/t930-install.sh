#!/usr/bin/env bash
# make install PREFIX=...: into a temporary prefix, then used from another folder as a user would:
# tribo on PATH (version, help, a model), tribo plot finding the Python package in the
# installation, a program of the user's compiled and linked with pkg-config --cflags --libs
# libtribo and run, and the demo run from the installation (deck, reduction, prestress, modes,
# backbone, EPMC and pictures). One line per check.
# timeout: 600
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t930
P=$W/prefix
mkdir -p "$W/user"
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory install PREFIX="$P" >"$W/install.out" 2>&1; then
  pass "make install PREFIX=$P"
else
  fail "make install PREFIX=..." "make failed" "$W/install.out"; finish; exit 1
fi
missing=""
for f in bin/tribo lib/libtribo.a lib/pkgconfig/libtribo.pc include/tribo.h include/tribonma.h include/tribo/private/nmaimpl.h \
  share/tribo/python/tribo/__main__.py share/tribo/configs/demo.yaml share/tribo/jobs/backbone.sbatch share/tribo/scripts/demo.sh; do
  [ -e "$P/$f" ] || missing="$missing $f"
done
if [ -n "$missing" ]; then fail "the installation holds the program, library, headers, pkg-config file, package, configs, jobs, demo" "missing:$missing"
else pass "the installation holds the program, library, headers, pkg-config file, package, configs, jobs, demo"; fi

cd "$W/user" || exit 1
export PATH="$P/bin:$PATH"
if [ "$(command -v tribo)" = "$P/bin/tribo" ] && tribo --version | grep -qE '^tribo [0-9.]+ \('; then pass "tribo on PATH: $(tribo --version)"
else fail "tribo on PATH answers --version" "$(command -v tribo)"; fi
if tribo model -output rom.h5 >model.out 2>&1 && tribo prestress -rom rom.h5 -output p.h5 >p.out 2>&1 && [ -s p.h5 ] && [ -s p_prestress.png ]; then
  pass "installed tribo writes a model, a prestress and its picture (matplotlib through the installed package)"
else fail "installed tribo writes a model, a prestress and its picture" "see" p.out; fi
if tribo plot p.h5 -o p.svg >plot.out 2>&1 && head -c 200 p.svg | grep -q '<svg\|<?xml'; then pass "installed tribo plot draws p.svg"
else fail "installed tribo plot draws p.svg" "see" plot.out; fi

cat >user.c <<'EOF'
#include <tribo.h>
int main(int argc, char **argv)
{
  TriboROM rom;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboModelBuild(PETSC_COMM_WORLD, "lapframe", &rom));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "user program: ROM of %d DOFs, %d interface points\n", (int)rom->n, (int)rom->iface->npts));
  PetscCall(TriboLawViewModels(PETSC_VIEWER_STDOUT_WORLD));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscFinalize());
  return 0;
}
EOF
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
# shellcheck disable=SC2046 # the flags are words
if mpicc -o user user.c $(pkg-config --cflags --libs libtribo) >cc.out 2>&1 && ./user >user.out 2>&1 && grep -q "user program: ROM of 204 DOFs, 192 interface points" user.out && grep -q "^edf: " user.out; then
  pass "a user's program built with pkg-config libtribo runs: $(head -n 1 user.out)"
else fail "a user's program built with pkg-config libtribo" "see" cc.out user.out; fi

if TRIBO_DEMO_OUT="$W/user/demo" bash "$P/share/tribo/scripts/demo.sh" >demo.out 2>&1 && [ -s demo/backbone.h5 ] && [ -s demo/backbone.png ] && [ -s demo/epmc.h5 ] && [ -s demo/compare.png ] && grep -q "demo done" demo.out; then
  pass "the demo runs from the installation: $(grep 'demo done' demo.out)"
else fail "the demo runs from the installation" "see" demo.out; fi
finish

#!/usr/bin/env bash
# Installs the Debian 12 packages tribo needs, once: when they are all present it prints one
# line and returns at once. TRIBO_SKIP_SETUP=1 skips the check (for machines set up by hand).
set -euo pipefail

if [ "${TRIBO_SKIP_SETUP:-0}" = 1 ]; then
  echo "setup: skipped (TRIBO_SKIP_SETUP=1)"
  exit 0
fi

# python3-numpy and python3-h5py are used by tests for independent checks of the numbers.
# python3-matplotlib draws the pictures (python/tribo); python3-meshio checks the XDMF files in the tests.
# libyaml-dev: small discrete systems read from YAML (-rom sys.yaml; PETSc links -lyaml already).
# nettle-dev: SHA-256 of the inputs recorded in every result file (GNU Nettle).
# libopenblas0-serial replaces the reference BLAS under LAPACK (dense LU and eigen solves of
# RQNMA and the reductions run 2-10x faster); serial, so MPI ranks do not oversubscribe cores.
# python3-sphinx, python3-myst-parser: make doc builds the HTML documentation from doc/*.md (tests/cli/t997 checks it builds).
# python3-venv: tests/post/t840 installs the Python package with pip into a venv (skipped without it).
# calculix-ccx (CalculiX 2.20): the independent FE code that tests/cli/t324-calculix.sh checks the
# assembled stiffness and mass against (free-free frequencies); the test is skipped without it.
packages=(build-essential make pkg-config git petsc-dev slepc-dev libhdf5-openmpi-dev
  libfftw3-mpi-dev libmatio-dev zlib1g-dev openmpi-bin hdf5-tools python3 python3-numpy
  python3-h5py libopenblas0-serial nettle-dev python3-matplotlib python3-meshio libyaml-dev
  calculix-ccx python3-venv python3-sphinx python3-myst-parser)

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: not a Debian system (no dpkg-query); install PETSc 3.18, SLEPc, HDF5 (OpenMPI)," >&2
  echo "setup: FFTW-MPI, matio, zlib and OpenMPI yourself, set PETSC_DIR/SLEPC_DIR for make," >&2
  echo "setup: and run with TRIBO_SKIP_SETUP=1 to silence this check" >&2
  exit 0
fi

# One dpkg-query for all packages; a package never installed makes it complain on stderr.
installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${packages[@]}" 2>/dev/null || true)
missing=()
for p in "${packages[@]}"; do
  grep -qE "^${p//+/\\+} ii" <<<"$installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} Debian packages present"
  exit 0
fi

echo "setup: installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: error: packages missing (${missing[*]}) and this is not root and there is no sudo;" >&2
  echo "setup: ask an administrator to run: apt-get install --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: error: no apt-get to install ${missing[*]}" >&2
  exit 1
fi

if ! "${as_root[@]}" apt-get update; then
  echo "setup: error: 'apt-get update' failed (network or mirror?); cannot install ${missing[*]}" >&2
  exit 1
fi
if ! "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"; then
  echo "setup: error: 'apt-get install ${missing[*]}' failed; see the messages above" >&2
  exit 1
fi
echo "setup: installed ${missing[*]}"

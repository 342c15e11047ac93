#!/usr/bin/env bash
# tribo contact's coupled case, bad input: each fails with one line 'tribo contact: error: ...' naming the problem and writes no output
# file: a -rom without an interface (a YAML discrete system), an empty contact mask, a -contact_mode beyond the ROM's modes, a too
# short roughness wavelength for the grid, a gap map that does not cover the grid (a 4 x 4 mm map from tribo surface).
set -u
source tests/cli/lib.sh
W=$TMPDIR_TEST/t966
mkdir -p "$W"
printf 'M: [1]\nK: [1]\nelements:\n  - law: cubic\n    W: [[1]]\n' >"$W/sys.yaml"
expect_fail "ROM without interface" "no interface;/rom/interface" contact -rom "$W/sys.yaml" -contact_n 16
expect_fail "empty mask" "mask is empty;contact_mask_radius" contact -contact_n 16 -contact_rough_rms 0 -contact_mask_radius 1e-9
expect_fail "mode beyond the ROM" "contact_mode" contact -contact_n 16 -contact_rough_rms 0 -contact_mode 100000
expect_fail "roughness below two cells" "contact_rough_lmin;two grid spacings" contact -contact_n 16
if [ "$HAVE_H5PY" = 1 ]; then
  $PY - "$W/small.h5" <<'PYEOF'
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "w") as f: # a tribo surface.h5 with a 4 x 4 mm mesoscale gap map
    for k, v in (("re", 1e-4), ("eta", 1e8), ("z_max", 1e-5)): f["statistics/" + k] = np.array([v])
    f["statistics/gap_pdf_z"], f["statistics/gap_pdf_p"] = np.array([0.0, 1.0]), np.array([1.0, 1.0])
    x = np.linspace(-2e-3, 2e-3, 5)
    f["mesoscale/x"], f["mesoscale/y"], f["mesoscale/gap"] = x, x, np.full((5, 5), 5e-6)
PYEOF
  expect_fail "gap map not covering the grid" "small.h5;does not cover;-contact_gap" contact -contact_n 16 -contact_rough_rms 0 -contact_gap "$W/small.h5"
else skip "gap map not covering the grid" "no h5py"; fi
finish

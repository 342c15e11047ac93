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
finish

#!/usr/bin/env bash
# tribo contact on the real Brake-Reuss beam with its measured mesoscale gap map (../shared/data/brb: BRB_MATEX.inp,
# brb_surface_data.mat). The ROM as in t950 (tribo rom: Craig-Bampton with the interface kept, condensed to 30 modes; 2 ranks,
# about 6 minutes, most of it the 4080 static constraint modes). Its K~, M~ have 7 rigid-body modes: the 6 of the whole beam
# and one relative one, the halves' normal separation (the deck's bolts are elements cut at their pretension section, whose
# axial DOF is free: the bolt load acts there as the vector Fv). -contact_bolt_xy ties the three bolt axes (hole centres
# (-30.353, 0), (0, 0), (30.353, 0) mm, hole radius 4.216 mm) to the interface nodes within 7 mm (the hole's edge and the next
# ring: 48 nodes each) with an axial spring of 1e5 N/m spread over them; lateral ties are not needed (-contact_bolt_shear_k 0: the
# shanks are in the ROM). Then 6 rigid-body modes are left, the whole beam's, which do not open the interface (their L phi is the
# rotation times the non-conforming pairs' offsets, up to 84 um, and nothing else to 1e-6).
# The grid: 48 x 10 (2.5 mm cells) over the measured gap map plus the case's default waviness (1 um RMS, 6-30 mm). Checks: the
# preload resultant (sum p dA of the last preload step) equals the bolt load 3 x 12249 N within 1e-3 (the axial ties take their
# spring times their rings' closure: measured 27 N, 7.4e-4 short; with 1e6 N/m 271 N, since the map leaves the bolt regions
# open by tens of um); the linearized first bending frequency (mode 1, normal to the interface) against the measured 179.5 Hz
# within 6 % (measured 188.69 Hz, +5.1 %; Porter and Brake's rough-contact EPMC on the same gap map starts at 180.63 Hz, tribo's
# rough-contact ZTE model of the same ROM at 187.50 Hz; without the map, a flat interface, 168.31 Hz against their flat 168.50
# Hz: until the solve took the map's gap, which it ignored, this run gave the flat 168.31 Hz, -6.2 %, which 6 % rejects);
# the QSMA backbone /backbone/mode1 written (2 amplitudes, h5ls); bad input: no ties, a tie with no interface node
# within its radius, an odd -contact_bolt_xy list, a point tie inside a bore hole, -contact_bolt_xy on the built-in lap
# beam. The run deflates 8 structural columns (-contact_deflate_max 8). Measured: tribo contact 57 s on 2 ranks, 188.69 Hz,
# and QSMA 182.62 Hz with 0.040 % damping at q = 1.07e-4; with the ROM about 5 minutes.
# timeout: 1800
set -u
source tests/cli/lib.sh
[ -n "${TRIBO_DATA:-}" ] && [ -f "$TRIBO_DATA/brb/BRB_MATEX.inp" ] && [ -f "$TRIBO_DATA/brb/brb_surface_data.mat" ] ||
  { echo "skipped: needs ../shared/data/brb/BRB_MATEX.inp and brb_surface_data.mat (TRIBO_DATA)"; exit 77; }
d=$TMPDIR_TEST
W=$d/bad
mkdir -p "$W"
gap=$TRIBO_DATA/brb/brb_surface_data.mat
B=(-contact_bolt_xy -0.030353,0,0,0,0.030353,0 -contact_bolt_radius 7e-3 -contact_bolt_shear_k 0 -contact_bolt_axial_k 1e5)

# the built-in lap beam takes no -contact_bolt_xy (fast, before the ROM)
expect_fail "-contact_bolt_xy on the built-in lap beam" "contact_bolt_xy;-rom" contact -contact_n 16 -contact_rough_rms 0 -contact_bolt_xy 0,0
expect_fail "odd -contact_bolt_xy" "contact_bolt_xy;pairs" contact -contact_n 16 -contact_rough_rms 0 -contact_bolt_xy 0,0,1

$MPIEXEC -n 2 "$TRIBO_ABS" rom -deck "$TRIBO_DATA/brb/BRB_MATEX.inp" -output "$d/cb.h5" > "$d/rom.log" 2> "$d/rom.err" &&
  $MPIEXEC -n 2 "$TRIBO_ABS" rom -rom "$d/cb.h5" -output "$d/rom.h5" -rom_condense_modes 30 > "$d/cond.log" 2> "$d/cond.err"
rc=$?
if [ $rc -eq 0 ] && [ -f "$d/rom.h5" ]; then pass "tribo rom reduces the BRB deck"; else fail "tribo rom on the BRB (exit $rc)" "" "$d/rom.log" "$d/rom.err"; finish; exit; fi

expect_fail "BRB without bolt ties" "rigid-body motions;move the interface;contact_bolt_xy" contact -rom "$d/rom.h5" -contact_n 16 -contact_rough_rms 0
expect_fail "tie far from the interface" "no interface node within;contact_bolt_radius" contact -rom "$d/rom.h5" -contact_n 16 -contact_rough_rms 0 \
  -contact_bolt_xy 0.5,0 -contact_bolt_radius 7e-3 -contact_bolt_axial_k 1e5
expect_fail "point tie in a bore hole" "outside every interface face;contact_bolt_radius" contact -rom "$d/rom.h5" -contact_n 16 -contact_rough_rms 0 \
  -contact_bolt_xy 0,0 -contact_bolt_axial_k 1e5

SECONDS=0
mpirun "$d" brb 2 contact -rom rom.h5 -contact_gap "$gap" -contact_n 48 "${B[@]}" -contact_qsma_n 2 -contact_mode 1 -contact_deflate_max 8 \
  -contact_lin_nev 6 -contact_fields 0 -contact_png none -output brb.h5
grep -E "step|^preload|^QSMA" "$d/brb.out" | sed 's/^/# /'
echo "# tribo contact on 2 ranks: $SECONDS s"
if [ $RC = 0 ] && [ -s "$d/brb.h5" ]; then pass "tribo contact on the BRB with its gap map"; else fail "tribo contact on the BRB (exit $RC)" "" "$d/brb.out" "$d/brb.err"; finish; exit; fi
pre=$(sed -nE 's/^preload ([0-9.e+]+) N \(bolt load 12249 N\).*/\1/p' "$d/brb.out")
if awk -v p="$pre" 'BEGIN{exit !(p != "" && (p / 36747 - 1)^2 < 1e-6)}'; then pass "preload resultant $pre N = 3 x 12249 N within 1e-3"; else fail "preload resultant $pre N, bolt load 36747 N" ""; fi
f1=$(sed -nE 's/^preload .*about it \(eq. C.3-C.4\): ([0-9.]+)\*? .*/\1/p' "$d/brb.out")
if awk -v v="$f1" 'BEGIN{exit !(v != "" && (v / 179.5 - 1)^2 < 0.06^2)}'; then pass "linearized first bending $f1 Hz within 6 % of the measured 179.5 Hz"; else fail "first bending $f1 Hz, measured 179.5 Hz, tolerance 6 %" ""; fi
nq=$(grep -c "^QSMA " "$d/brb.out")
if [ "$nq" = 2 ]; then pass "2 QSMA amplitudes printed"; else fail "QSMA lines: $nq, expected 2" "" "$d/brb.out"; fi
if command -v h5ls > /dev/null; then
  if h5ls -r "$d/brb.h5" | grep -q "^/backbone/mode1/frequency_hz"; then pass "/backbone/mode1 written"; else fail "/backbone/mode1" "missing in brb.h5"; fi
  if h5dump -a /contact/rom "$d/brb.h5" 2> /dev/null | grep -q '"rom.h5"'; then pass "/contact attribute rom names the reduced structure"; else fail "/contact rom attribute" "missing in brb.h5"; fi
else skip "/backbone/mode1" "no h5ls"; fi
finish

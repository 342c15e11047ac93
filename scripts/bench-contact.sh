#!/usr/bin/env bash
# tribo contact (issue 13): Hertz normal contact (sphere R 10 mm on a flat, E 210 GPa, nu 0.3, P 100 N, a box of 3a) on
# non-periodic n x n grids with the Polonsky-Keer solver and zero-padded FFT products (2n x 2n) over the ranks
# (tests/bench/bench-contact.c). 512 x 512: the issue's 1 % check of the largest pressure and the contact radius; 1024 x 1024
# on 1 and 2 ranks (a NumPy Polonsky-Keer takes about 71 s on this kind of machine; aim < 3 s on 2 cores); 4096 x 4096 on 2
# ranks (time and peak memory; about 15 min on a quiet 2-core machine, 31 min under load). Best of TRIBO_CONTACT_REPEAT solves
# (default 3; 1 at 4096); TRIBO_CONTACT_MAXN (default 4096) skips the larger grids.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_BENCH_OUT:-out/bench}
mkdir -p "$out"
rep=${TRIBO_CONTACT_REPEAT:-3}
maxn=${TRIBO_CONTACT_MAXN:-4096}
echo; echo "tribo contact: Hertz on n x n non-periodic grids (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
printf "%-6s %-5s %-8s %-10s %-8s %-8s %-5s %-8s %-11s %-11s %-9s %-9s %s\n" n ranks setup_s product_ms solve_s first_s its products p0_err a_err converged rss_MB bytes/pt
# csolve: the 4th field is the number of coarse levels of the coarse-to-fine warm start (-contact_coarse_levels; 0: cold start), the
# 5th whether the solver is preconditioned with the FFT inverse of the windowed kernel (-contact_precondition, the default)
for run in "512 1 $rep 0 1" "1024 1 $rep 0 0" "1024 2 $rep 0 0" "1024 1 $rep 0 1" "1024 2 $rep 0 1" "1024 2 $rep 2 1" "4096 2 1 3 1"; do
  set -- $run
  [ "$1" -le "$maxn" ] || continue
  "${MPIEXEC[@]}" -n "$2" build/tests/bench/bench-contact -n "$1" -repeat "$3" -products 5 -contact_coarse_levels "$4" -contact_precondition "$5" |
    sed "s/\$/   (levels $4, precondition $5)/" | tee -a "$out/contact.log"
done
echo "(setup_s: FFTW plans and the kernel spectrum; product_ms: one compliance product u = C p (best of 5); solve_s: the Polonsky-Keer"
echo " solve from a uniform pressure to a relative pressure change of 1e-10 (best of the repeats); first_s: the first of them, which"
echo " also sets up the preconditioner (the inverse kernel on the unpadded grid); p0_err, a_err: relative errors of"
echo " the largest pressure and of sqrt(area/pi) against Hertz; rss_MB: the largest resident set of one rank; bytes/pt: rss_MB times"
echo " the ranks over the grid points; with coarse levels, setup_s includes the coarse operators and solve_s the coarse solves, its"
echo " and products are the finest level's)"
# the same Hertz case end to end as a user runs it: one process (MPI start, set-up with FFTW_ESTIMATE plans, the preconditioner, the
# solve, HDF5 output)
/usr/bin/time -f "tribo contact -contact_case hertz -contact_n 1024, 2 ranks, end to end: %e s wall, %M kB max RSS of a rank" \
  "${MPIEXEC[@]}" -n 2 bin/tribo contact -contact_case hertz -contact_n 1024 -contact_png none -output "$out/hertz_1024.h5" \
  >"$out/hertz_1024.log" 2>"$out/hertz_1024.time" || echo "tribo contact -contact_case hertz: failed (see $out/hertz_1024.log)"
tail -1 "$out/hertz_1024.time"; grep -E "step|^Hertz" "$out/hertz_1024.log" | cut -c1-160
# csolve: the frictional solvers (TriboContactSolveFriction) on the Cattaneo-Mindlin increment to Q = 0.6 mu P (tests/bench/bench-friction.c)
echo; echo "tribo contact: frictional increment (Cattaneo-Mindlin, nu 0, Q = 0.6 mu P), fast (Polonsky-Keer + APGD) vs PJOR (App. B), rtol 1e-8"
printf "%-6s %-5s %-6s %-8s %-7s %-9s %-10s %-8s %-9s %s\n" n ranks method solve_s its products residual Q/muFn converged fast-pjor
for run in "128 1" "256 1" "256 2"; do
  set -- $run
  [ "$1" -le "$maxn" ] || continue
  "${MPIEXEC[@]}" -n "$2" build/tests/bench/bench-friction -n "$1" | tee -a "$out/contact.log"
done
echo "(its: fast: Polonsky-Keer plus APGD iterations, PJOR: Jacobi sweeps; products: half-space transforms pairs (a tangential product"
echo " counts 2); residual: |p - proj_C(p - D^-1 F(p))|_1 / |p|_1; fast-pjor: the largest traction difference over max mu p_n)"

# cpl: the coupled lap beam (-contact_case lapbeam): frictional preload (2 increments) and a 10-amplitude QSMA of mode 7 on the
# built-in lap-frame ROM, grids of 480, 1,920 and 5,280 points; TRIBO_CONTACT_LAPN="350" runs the issue's ~25,000 points (the
# paper: 3.06 min MATLAB, 85 h Abaqus; here 44.9 s on 1 rank, 30.3 s with TRIBO_CONTACT_LAPRANKS=2); wall time and largest resident
# set of a rank (GNU time).
echo; echo "tribo contact -contact_case lapbeam: preload + 10-amplitude QSMA (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
for n in ${TRIBO_CONTACT_LAPN:-48 96 160}; do
  /usr/bin/time -f "lapbeam -contact_n $n, ${TRIBO_CONTACT_LAPRANKS:-1} rank(s): %e s wall, %M kB max RSS" \
    "${MPIEXEC[@]}" -n "${TRIBO_CONTACT_LAPRANKS:-1}" bin/tribo contact -contact_case lapbeam -contact_n "$n" -contact_png none \
    -output "$out/lapbeam_$n.h5" >"$out/lapbeam_$n.log" 2>"$out/lapbeam_$n.time" || echo "lapbeam -contact_n $n: failed (see $out/lapbeam_$n.log)"
  tail -1 "$out/lapbeam_$n.time"; grep -E "^contact case|^preload|NOT converged" "$out/lapbeam_$n.log" | cut -c1-160 | head -4
done

#!/usr/bin/env bash
# make bench-scaling: strong scaling of `tribo rom` (Craig-Bampton, condensed to the interface plus 30
# modes) and of an RQNMA backbone (non-Masing, elastic dry friction fitted to the Brake-Reuss beam:
# Brake, Porter & Karpov section 4.1) on 1, 2, 4, 8 and 16 ranks. Prints a table and writes it as
# TSV to OUT/scaling-CASE.tsv: stage, ranks, wall seconds, speed-up and parallel efficiency against
# the first rank count, peak resident memory per rank (largest rank, and all ranks together),
# whether the ranks outnumber the cores, tribo's own seconds and a few numbers of the result (equal
# on every rank count up to round-off). Every backbone run reads the ROM of the first rom run.
# Runs with mpiexec, or with srun inside a SLURM job (jobs/scaling.sbatch). Environment:
#   TRIBO_SCALING_RANKS   rank counts, default "1 2 4 8 16"
#   TRIBO_SCALING_CASE    brb (../shared/data/brb/BRB_MATEX.inp; the default when it is there) or
#                         lapbeam (the generated lap beam, `tribo mesh`: seconds, for quick runs)
#   TRIBO_SCALING_NAMP    backbone amplitudes (-backbone_n), default 4
#   TRIBO_SCALING_QMIN, TRIBO_SCALING_QMAX  their range (-backbone_qmin/qmax), default 1e-6, 3e-5
#   TRIBO_SCALING_CYCLES  most hysteresis cycles per amplitude (-rqnma_max_cycles), default 2
#   TRIBO_SCALING_OUT     output folder, default out/scaling
#   TRIBO_SCALING_LAUNCHER  srun or mpiexec (default: srun inside a SLURM job, else mpiexec)
#   TRIBO                 the program, default bin/tribo
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/mpiexec.sh
source scripts/mpiexec.sh
export TRIBO_PYTHON=/bin/true # no pictures
tribo=$(readlink -f "${TRIBO:-bin/tribo}")
[ -x "$tribo" ] || { echo "scaling.sh: no program $tribo: build it with 'make all'" >&2; exit 2; }
ranks=${TRIBO_SCALING_RANKS:-1 2 4 8 16}
for np in $ranks; do
  [[ $np =~ ^[1-9][0-9]*$ ]] || { echo "scaling.sh: TRIBO_SCALING_RANKS='$ranks': '$np' is not a rank count >= 1" >&2; exit 2; }
done
namp=${TRIBO_SCALING_NAMP:-4}
qmin=${TRIBO_SCALING_QMIN:-1e-6}
qmax=${TRIBO_SCALING_QMAX:-3e-5}
cycles=${TRIBO_SCALING_CYCLES:-2}
out=${TRIBO_SCALING_OUT:-out/scaling}
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -n "${SLURM_JOB_ID:-}" ]; then cores=${SLURM_CPUS_ON_NODE:-$(nproc)}; else cores=$(nproc); fi
launcher=${TRIBO_SCALING_LAUNCHER:-$([ -n "${SLURM_JOB_ID:-}" ] && command -v srun > /dev/null && echo srun || echo mpiexec)}
case $launcher in srun | mpiexec) ;; *) echo "scaling.sh: TRIBO_SCALING_LAUNCHER='$launcher': expected srun or mpiexec" >&2; exit 2 ;; esac

deck=../shared/data/brb/BRB_MATEX.inp
case ${TRIBO_SCALING_CASE:-$([ -f "$deck" ] && echo brb || echo lapbeam)} in
  brb)
    [ -f "$deck" ] || { echo "scaling.sh: TRIBO_SCALING_CASE=brb needs the deck $deck" >&2; exit 2; }
    case=brb
    deck=$(readlink -f "$deck")
    echo "Strong scaling on the Brake-Reuss beam ($deck)"
    if awk -v r="$ranks" -v c="$cores" 'BEGIN{n = split(r, a, " "); for (i = 1; i <= n; i++) if (a[i] > c) exit 0; exit 1}'; then
      echo "warning: ranks beyond the $cores cores are oversubscribed: tribo rom on the BRB takes ~85 s and 6.6 GB on 2 ranks,"
      echo "  and more ranks than cores share them (16 ranks on a small machine: many minutes, and more memory)"
    fi
    ;;
  lapbeam)
    case=lapbeam
    [ -f "$deck" ] || echo "The BRB deck $deck is not there: the generated lap beam instead (TRIBO_SCALING_CASE=lapbeam)"
    deck=$out/lapbeam.inp
    "$tribo" mesh -output "$deck" -lapbeam_view 0 > "$out/mesh.log"
    echo "Strong scaling on the generated lap beam ($deck)"
    ;;
  *) echo "scaling.sh: TRIBO_SCALING_CASE='$TRIBO_SCALING_CASE': expected brb or lapbeam" >&2; exit 2 ;;
esac
echo "$(hostname): $cores cores$([ -n "${SLURM_JOB_ID:-}" ] && echo " (SLURM job $SLURM_JOB_ID)"), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); launcher $launcher; ranks $ranks"

# launch NP LOG MEM ARGS...: tribo ARGS on NP ranks, stdout and stderr in LOG; each rank's peak
# resident set (kB, /usr/bin/time %M) in MEM.<rank>
launch() {
  local np=$1 log=$2 mem=$3 wrap=() oc=()
  shift 3
  rm -f "$mem".*
  if [ -x /usr/bin/time ]; then
    # shellcheck disable=SC2016 # expanded by the rank's shell
    wrap=(bash -c 'r=${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${PMI_RANK:-${SLURM_PROCID:-0}}}}; exec /usr/bin/time -f %M -o "$0.$r" "$@"' "$mem")
  fi
  # more ranks than cores: srun needs --overcommit, and Open MPI ranks must yield the core while they
  # wait (mpiexec --oversubscribe does so itself; under srun they would spin, 10-100x slower)
  [ "$np" -gt "$cores" ] && oc=(--overcommit)
  if [ "$launcher" = srun ]; then
    env ${oc[0]:+OMPI_MCA_mpi_yield_when_idle=1} srun --mpi=pmix --cpu-bind=none "${oc[@]}" -n "$np" "${wrap[@]}" "$tribo" "$@" > "$log" 2>&1
  else
    "${MPIEXEC[@]}" --bind-to none -n "$np" "${wrap[@]}" "$tribo" "$@" > "$log" 2>&1
  fi
}

tsv=$out/scaling-$case.tsv
{
  echo "# tribo strong scaling, case $case, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(hostname), $cores cores, launcher $launcher, git $(git rev-parse --short=12 HEAD 2> /dev/null || echo unknown)"
  printf "stage\tranks\twall_s\tspeedup\tefficiency\tpeak_MB_rank\tpeak_MB_all\toversubscribed\ttribo_s\tresult\n"
} > "$tsv.tmp"
fmt="%-9s %5s %9s %8s %10s %12s %11s %14s %8s  %s\n"
# shellcheck disable=SC2059 # one format for the header and the rows
printf "$fmt" stage ranks wall_s speedup efficiency peak_MB_rank peak_MB_all oversubscribed tribo_s result
nfail=0
base_np="" base_t=""
# row STAGE NP WALL MEM TRIBO_S RESULT: one line of the table (speed-up against the first row of the stage)
row() {
  local stage=$1 np=$2 wall=$3 mem=$4 ts=$5 res=$6 mx="-" sum="-" sp="-" eff="-" over=no
  if compgen -G "$mem.*" > /dev/null; then
    read -r mx sum < <(for f in "$mem".*; do tail -1 "$f"; done | awk '{if ($1 > m) m = $1; s += $1} END{printf "%.0f %.0f\n", m / 1024, s / 1024}')
  fi
  [ "$np" -gt "$cores" ] && over=yes
  if [ "$wall" != "-" ]; then
    [ -n "$base_t" ] || { base_np=$np; base_t=$wall; }
    sp=$(awk -v b="$base_t" -v n="$base_np" -v t="$wall" 'BEGIN{printf "%.2f", b * n / t}')
    eff=$(awk -v s="$sp" -v n="$np" 'BEGIN{printf "%.2f", s / n}')
  fi
  # shellcheck disable=SC2059
  printf "$fmt" "$stage" "$np" "$wall" "$sp" "$eff" "$mx" "$sum" "$over" "$ts" "$res"
  printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$stage" "$np" "$wall" "$sp" "$eff" "$mx" "$sum" "$over" "$ts" "$res" >> "$tsv.tmp"
}
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN{printf "%.2f", b - a}'; }

rom0=""
for np in $ranks; do
  log=$out/rom_${case}_np$np.log
  rom=$out/rom_${case}_np$np.h5
  t0=$(now)
  if launch "$np" "$log" "$out/mem" rom -deck "$deck" -output "$rom" -rom_condense_modes 30 -rom_monitor; then
    wall=$(elapsed "$t0")
    ts=$(sed -nE 's/^Timings .*total ([0-9.]+);.*/\1/p' "$log")
    res=$(sed -nE 's/^Condensed to .*: ([0-9]+) DOFs.*/\1dofs/p' "$log")$(sed -nE 's/.* ([0-9]+) fixed-interface modes, ([0-9.]+) to ([0-9.]+) Hz.*/,\1modes,\2-\3Hz/p' "$log" | tail -1)
    row rom "$np" "$wall" "$out/mem" "${ts:--}" "${res:--}"
    [ -n "$rom0" ] || rom0=$rom
  else
    row rom "$np" - "$out/mem" - "failed:$log"
    nfail=$((nfail + 1))
  fi
done

base_np="" base_t=""
if [ -n "$rom0" ]; then
  for np in $ranks; do
    log=$out/backbone_${case}_np$np.log
    t0=$(now)
    if launch "$np" "$log" "$out/mem" backbone -rom "$rom0" -output "$out/backbone_${case}_np$np.h5" \
      -friction_type edf -friction_mu 0.9627 -friction_kt 5.261e14 -friction_kn 5.765e11 -friction_coupled 0 \
      -prestress_tension 12249 -prestress_conservative -nma_type rqnma -backbone_n "$namp" -backbone_qmin "$qmin" \
      -backbone_qmax "$qmax" -rqnma_max_cycles "$cycles"; then
      wall=$(elapsed "$t0")
      ts=$(sed -nE 's/^Backbone of elastic mode .*: ([0-9.]+) s, .*/\1/p' "$log")
      f0=$(sed -nE 's/^Backbone of elastic mode .*\(([0-9.]+) Hz linearized\).*/\1/p' "$log")
      last=$(awk '/^  q +freq/ {t = 1; next} t && /^  [0-9]/ {l = $2 "Hz,zeta=" $3} END{print l}' "$log")
      row backbone "$np" "$wall" "$out/mem" "${ts:--}" "f0=${f0}Hz,f=${last}"
    else
      row backbone "$np" - "$out/mem" - "failed:$log"
      nfail=$((nfail + 1))
    fi
  done
else
  echo "(no backbone: no rom run succeeded)"
fi
rm -f "$out"/mem.*
mv "$tsv.tmp" "$tsv"
echo "(wall_s: the whole launch, start-up included; speedup = t(r0) r0 / t(r) against the first rank count r0 (1 rank"
echo " by default); efficiency = speedup / ranks; peak_MB_rank: the largest peak resident set of one rank, peak_MB_all:"
echo " their sum (/usr/bin/time %M of each rank); oversubscribed: ranks > $cores cores, timings then say little;"
echo " tribo_s: tribo's own time (rom: the Timings total; backbone: the amplitudes after prestress and modes);"
echo " backbone: $namp amplitudes in [$qmin, $qmax], up to $cycles non-Masing cycles, on the ROM of the first rom run)"
echo "wrote $tsv"
[ "$nfail" = 0 ] || { echo "scaling.sh: $nfail run(s) failed: see the logs in $out" >&2; exit 1; }

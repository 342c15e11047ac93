# shellcheck shell=bash
# Sourced by the job scripts jobs/VERB.sbatch: finds tribo and launches it on the job's ranks.
#   tribo:    $TRIBO (a relative path: from the submission folder), else bin/tribo under the submission folder ($SLURM_SUBMIT_DIR, where sbatch ran;
#             the repository root), else tribo on PATH (an installation).
#   launcher: $TRIBO_LAUNCHER (srun or mpiexec) if set; inside a SLURM job srun --mpi=pmix when this
#             site's srun offers PMIx (Debian's Open MPI starts no other way under srun), else
#             mpiexec --bind-to none (without it every job on a shared node pins its ranks to core 0).
#   ranks:    $SLURM_NTASKS inside a job, else $TRIBO_NP (default 1): the scripts run without SLURM too.
# Relative paths in the arguments are relative to the submission folder: SLURM starts jobs there.
here=${SLURM_SUBMIT_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
if [ -n "${TRIBO:-}" ]; then
  tribo=$TRIBO
  case $tribo in /*) ;; */*) tribo=$here/$tribo ;; esac # relative to the submission folder
elif [ -x "$here/bin/tribo" ]; then tribo=$here/bin/tribo
else tribo=$(command -v tribo) || { echo "jobs: no tribo: set TRIBO, or submit from the repository root (bin/tribo)" >&2; exit 2; }
fi
np=${SLURM_NTASKS:-${TRIBO_NP:-1}}

tribo_launcher() { # prints the launcher words for np ranks
  local l=${TRIBO_LAUNCHER:-}
  if [ -z "$l" ]; then
    if [ -n "${SLURM_JOB_ID:-}" ] && command -v srun >/dev/null && srun --mpi=list 2>&1 | grep -q pmix; then l=srun; else l=mpiexec; fi
  fi
  case $l in
    srun) echo "srun --mpi=pmix -n $np" ;;
    mpiexec)
      if [ "$np" = 1 ] && [ -z "${TRIBO_LAUNCHER:-}" ]; then echo ""; return; fi # one rank: no launcher
      local root=""
      [ "$(id -u)" = 0 ] && root=--allow-run-as-root
      echo "mpiexec $root --bind-to none -n $np" ;;
    *) echo "jobs: TRIBO_LAUNCHER is srun or mpiexec, got '$l'" >&2; return 2 ;;
  esac
}

tribo_run() { # tribo_run VERB ARGS...: one log line with the command, then exec
  local launch
  launch=$(tribo_launcher) || exit 2
  echo "# $(date -u +%FT%TZ) ${SLURM_JOB_ID:+job $SLURM_JOB_ID${SLURM_ARRAY_TASK_ID:+ task $SLURM_ARRAY_TASK_ID} }on $(hostname): $launch $tribo $*"
  # shellcheck disable=SC2086 # the launcher is words
  exec $launch "$tribo" "$@"
}

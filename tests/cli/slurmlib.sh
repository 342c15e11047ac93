# shellcheck shell=bash
# A throw-away single-node SLURM (slurmctld + slurmd + munged, no systemd) in one folder, for the
# tests and the sweep benchmark (see ../shared/notes/toolchain.md). Sourced:
#   slurm_available || { echo "why: $SLURM_WHY"; ...; }   # installs slurm-wlm and munge with apt-get when missing (root)
#   slurm_start DIR         # exports SLURM_CONF; returns non-zero (SLURM_WHY says why) if the node is not idle in 20 s
#   slurm_wait JOBID...     # until none of the jobs is in the queue (timeout $SLURM_WAIT_S, default 120 s)
#   slurm_stop              # cancels everything, shuts down, stops munged, kills leftovers of this instance only
# Each instance takes its own two ports (free ones from 20000-29999), so that tests of several
# checkouts can run at the same time.
SLURM_WHY=""
slurm_available() {
  local missing=()
  for p in slurmctld:slurm-wlm slurmd:slurm-wlm sbatch:slurm-client munged:munge mungekey:munge; do
    command -v "${p%%:*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${p%%:*}" ] || missing+=("${p#*:}")
  done
  [ ${#missing[@]} = 0 ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then SLURM_WHY="no ${missing[*]} and no root apt-get to install them"; return 1; fi
  # shellcheck disable=SC2046
  if ! timeout 300 env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null 2>&1; then
    timeout 120 apt-get update >/dev/null 2>&1
    timeout 300 env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null 2>&1 \
      || { SLURM_WHY="apt-get install slurm-wlm munge failed"; return 1; }
  fi
  return 0
}

_slurm_port() { # a free TCP port
  local p
  for _ in $(seq 50); do
    p=$((20000 + RANDOM % 10000))
    (echo >"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo $p; return; }
  done
  return 1
}

slurm_start() {
  mkdir -p "$1"
  SLURM_DIR=$(cd "$1" && pwd) # the daemons change folder: absolute paths only
  local d=$SLURM_DIR cpus mem p1 p2 key
  export PATH=$PATH:/usr/sbin
  mkdir -p "$d/state" "$d/spool" "$d/log" "$d/munge"
  chmod 755 "$d/munge"
  key=$d/munge/munge.key
  mungekey --create --keyfile="$key" >/dev/null 2>&1 || dd if=/dev/urandom of="$key" bs=1024 count=1 2>/dev/null
  chmod 400 "$key"
  munged --socket="$d/munge/munge.socket" --key-file="$key" --log-file="$d/log/munged.log" --pid-file="$d/munge/munged.pid" \
    --seed-file="$d/munge/munged.seed" --force 2>"$d/log/munged.err" || { SLURM_WHY="munged did not start: $(tail -1 "$d/log/munged.err")"; return 1; }
  cpus=$(nproc)
  mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.85)}' /proc/meminfo)
  p1=$(_slurm_port) && p2=$(_slurm_port) || { SLURM_WHY="no free port"; return 1; }
  [ "$p1" = "$p2" ] && p2=$((p1 + 1))
  cat >"$d/slurm.conf" <<CONF
ClusterName=tribotest$$
SlurmctldHost=localhost
SlurmctldPort=$p1
SlurmdPort=$p2
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=1000
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0,kill_invalid_depend
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$d/log/jobcomp.txt
JobRequeue=1
MinJobAge=3600
KillWait=10
MailProg=/bin/true
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
ReturnToService=2
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$d/slurm.conf
  slurmctld -f "$SLURM_CONF" -i 2>"$d/log/slurmctld.err" || { SLURM_WHY="slurmctld did not start: $(tail -1 "$d/log/slurmctld.err")"; return 1; }
  slurmd -f "$SLURM_CONF" -N localhost 2>"$d/log/slurmd.err" || { SLURM_WHY="slurmd did not start: $(tail -1 "$d/log/slurmd.err")"; return 1; }
  for _ in $(seq 100); do
    timeout 5 sinfo -h -o %T 2>/dev/null | grep -q idle && return 0
    sleep 0.2
  done
  SLURM_WHY="the node is not idle after 20 s: $(timeout 5 sinfo -h -o %T 2>&1 | head -1); $(tail -1 "$d/log/slurmctld.log")"
  return 1
}

slurm_wait() {
  local t=0 ids
  ids=$(IFS=,; echo "$*")
  while [ -n "$(squeue -h -j "$ids" 2>/dev/null)" ]; do
    sleep 0.5
    t=$((t + 1))
    [ $t -ge $((2 * ${SLURM_WAIT_S:-120})) ] && return 1
  done
  return 0
}

slurm_stop() {
  local d=${SLURM_DIR:?} pid
  [ -n "${SLURM_CONF:-}" ] || return 0
  scancel --full -u "$(id -un)" 2>/dev/null
  for _ in $(seq 40); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.25; done
  scontrol shutdown >/dev/null 2>&1
  for f in slurmctld slurmd; do
    pid=$(cat "$d/$f.pid" 2>/dev/null)
    for _ in $(seq 40); do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  done
  pid=$(cat "$d/munge/munged.pid" 2>/dev/null)
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  for _ in $(seq 20); do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  # leftovers of this instance (a job step's slurmstepd names the spool folder)
  for pid in $(pgrep -f -- "$d" 2>/dev/null); do [ "$pid" != $$ ] && kill -9 "$pid" 2>/dev/null; done
  unset SLURM_CONF
}

slurm_leftovers() { # the processes still naming this instance's folder
  pgrep -af -- "${SLURM_DIR:?}" 2>/dev/null | grep -v "pgrep" || true
}

#!/usr/bin/env bash
# timeout: 300
# tribo sweep and the job scripts against a real SLURM: a throw-away single-node slurmctld + slurmd + munged in the test's
# folder (tests/cli/slurmlib.sh; slurm-wlm and munge installed with apt-get when missing, the test skipped with a message when
# they cannot be). Checks and tolerances:
#   the project's job scripts: jobs/model.sbatch then jobs/backbone.sbatch (2 tasks, srun or mpiexec as jobs/lib.sh finds),
#     the second with --dependency=afterok on the first, both COMPLETED, the backbone file written, one log per job;
#   the sweep of tests/cli/sweep/ci.yaml submitted (-sweep_submit): a 2-task array, then a 6-task array (throttle %4) with
#     --dependency=afterok on it; task bb_3 (lapframe_bolt_k 1e8, friction_mu 0.3) gets SIGUSR1 (what --signal sends before a
#     time limit) after its continuation saved 3 points: the case saves its branch and the task requeues itself; the requeued
#     task resumes from the checkpoint (its status says resumed; scontrol: Restarts=1, every task COMPLETED);
#   -sweep_status: 8 done; -sweep_collect after SLURM equals -sweep_collect of the same sweep run here without SLURM:
#     every backbone's frequency, damping, amplitudes and mode shapes, difference 0 (the same program on the same case files);
#   the scheduler stopped: no process of this instance left (slurmctld, slurmd, slurmstepd, munged, tribo).
set -u
source tests/cli/lib.sh
source tests/cli/slurmlib.sh
d=$TMPDIR_TEST
export PATH=$PATH:/usr/sbin
if ! slurm_available; then skip "SLURM" "$SLURM_WHY"; finish; exit; fi
trap slurm_stop EXIT
if ! slurm_start "$d/slurm"; then skip "SLURM" "the throw-away scheduler did not start: $SLURM_WHY"; finish; exit; fi
pass "throw-away slurmctld + slurmd up ($(sinfo -h -o '%D node, %c CPUs, %T'))"
y=tests/cli/sweep/ci.yaml
# the sweep through SLURM
$TRIBO sweep $y -sweep_dir "$d/ss" -sweep_submit >"$d/submit.out" 2>&1 || fail "-sweep_submit" "exit $?" "$d/submit.out"
read -r rom bb < <($PY -c "import json,sys; j=json.load(open(sys.argv[1])); print(j['rom'], j['bb'])" "$d/ss/slurm/jobs.json")
# the project's job scripts meanwhile (they share the node)
# (submitted from the repository root, as the scripts expect: bin/tribo and jobs/lib.sh found under the submission folder;
# run in a folder of their own with --chdir, where their relative paths and logs are)
mkdir -p "$d/jobs"
j1=$(sbatch --parsable --chdir="$d/jobs" jobs/model.sbatch -output rom.h5)
j2=$(sbatch --parsable --chdir="$d/jobs" --dependency=afterok:"$j1" --ntasks=2 jobs/backbone.sbatch rom.h5 "$PWD/configs/demo.yaml" bb.h5 \
  -backbone_n 4 -backbone_qmax 1e-4 -rqnma_max_cycles 4)
# SIGUSR1 to task 3 of the backbones once its branch holds 3 points
at=$($PY tests/cli/sweep/killat.py 0 SIGUSR1 3 "$d/ss/bb/0003/checkpoint.h5")
timeout 5 scancel --signal=USR1 --batch "${bb}_3" >/dev/null 2>&1
# a requeued job waits (BeginTime) before it may start again: let it start now
for _ in $(seq 100); do
  st=$(scontrol -o show job "${bb}_3" 2>/dev/null | grep -oE 'JobState=[A-Z_]+' | head -1)
  [ "$st" = JobState=PENDING ] && { scontrol update JobId="${bb}_3" StartTime=now >/dev/null 2>&1; break; }
  sleep 0.1
done
SLURM_WAIT_S=60 slurm_wait "$rom" "$bb" "$j1" "$j2" || fail "SLURM jobs" "still queued after 60 s" "$d/slurm/log/slurmctld.log"
states=$(for j in "$rom" "$bb" "$j1" "$j2"; do scontrol -o show job "$j"; done | grep -oE '^JobId=[0-9]+ (ArrayJobId=[0-9]+ ArrayTaskId=[0-9]+ )?|JobState=[A-Z]+|Restarts=[0-9]+' | paste -sd' ' | sed 's/ JobId=/\nJobId=/g' | sort -u)
ncomp=$(grep -c "JobState=COMPLETED" <<<"$states")
if [ "$ncomp" = 10 ]; then pass "SLURM: 10 jobs and array tasks COMPLETED (2 + 6 sweep tasks, 2 job scripts)"
else fail "SLURM states" "$ncomp of 10 COMPLETED" "$d/slurm/log/slurmctld.log"; echo "$states" | sed 's/^/#   /'; fi
if [ -s "$d/jobs/bb.h5" ] && ls "$d/jobs"/tribo-backbone-"$j2".log >/dev/null 2>&1 && grep -q "^# .*job $j2 .*-n 2 " "$d/jobs/tribo-backbone-$j2.log"; then
  pass "jobs/model.sbatch then jobs/backbone.sbatch on 2 ranks ($(grep -oE '(srun|mpiexec) ' "$d/jobs/tribo-backbone-$j2.log" | head -1)), its log tribo-backbone-$j2.log"
else fail "job scripts" "no bb.h5 or log" "$d/jobs"/*.log; fi
r3=$(scontrol -o show job "${bb}_3" | grep -oE 'Restarts=[0-9]+')
if [ "$at" != "finished first" ] && [ "$r3" = Restarts=1 ] && grep -q '"resumed": true' "$d/ss/bb/0003/status" \
  && grep -q "interrupted, exit 1" "$d/ss/bb/0003/slurm-${bb}_3.log" && grep -q "done, exit 0.*resumed from its checkpoint" "$d/ss/bb/0003/slurm-${bb}_3.log"; then
  pass "task ${bb}_3: SIGUSR1 at ${at#* } points, checkpoint saved, requeued ($r3), resumed from the checkpoint"
else fail "task ${bb}_3 requeue (at '$at', $r3)" "expected an interrupted then a resumed run" "$d/ss/bb/0003/slurm-${bb}_3.log" "$d/ss/bb/0003/status"; fi
$TRIBO sweep $y -sweep_dir "$d/ss" -sweep_status >"$d/status.out" 2>&1
grep -q "^8 done" "$d/status.out" && pass "-sweep_status after SLURM: $(tail -1 "$d/status.out")" || fail "-sweep_status" "not all done" "$d/status.out"
$TRIBO sweep $y -sweep_dir "$d/ss" -sweep_collect >"$d/collect.out" 2>&1 || fail "collect (SLURM)" "exit $?" "$d/collect.out"
# the same sweep here, without SLURM
$TRIBO sweep $y -sweep_dir "$d/sl" -sweep_np 2 >"$d/local.out" 2>&1 || fail "local sweep" "exit $?" "$d/local.out"
$TRIBO sweep $y -sweep_dir "$d/sl" -sweep_collect >"$d/collect2.out" 2>&1 || fail "collect (local)" "exit $?" "$d/collect2.out"
slurm_stop
trap - EXIT
sleep 0.5
left=$(slurm_leftovers; pgrep -af -- "$d/s[sl]/" | grep -v pgrep)
[ -z "$left" ] && pass "scheduler stopped, no process of this instance left" || fail "leftover processes" "$left"
[ $HAVE_H5PY = 1 ] || { skip "aggregated files" "no h5py"; finish; exit; }
pychecks same "$d/ss/sweep.h5" "$d/sl/sweep.h5" <<'PY'
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
ks = ("frequency_hz", "damping", "modal_amplitude", "mode_shape")
n = len(a["cases/bb"])
d = max(np.max(np.abs(a["cases/bb/%04d/backbone/mode1/%s" % (i, k)][:] - b["cases/bb/%04d/backbone/mode1/%s" % (i, k)][:])) for i in range(n) for k in ks)
print(("ok" if n == 6 and d == 0 else "not ok") + " - SLURM and local sweeps: %d backbones, max difference %g" % (n, d))
ok = all(a["cases/%s/%04d" % (s, i)].attrs["options"] .replace("/ss/", "/X/") == b["cases/%s/%04d" % (s, i)].attrs["options"].replace("/sl/", "/X/")
         for s, m in (("rom", 2), ("bb", 6)) for i in range(m))
print(("ok" if ok else "not ok") + " - the same options in both (but the folders)")
print(("ok" if a["cases/bb/0003"].attrs.get("run_resumed") and str(a["cases/bb/0003"].attrs.get("run_slurm_job", "")).endswith("_3") else "not ok")
      + " - the aggregated file records the SLURM task and its resumption: %s" % a["cases/bb/0003"].attrs.get("run_slurm_job"))
PY
finish

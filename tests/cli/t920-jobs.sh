#!/usr/bin/env bash
# Job scripts: a sweep row selects the options of an array task (run without SLURM by setting
# SLURM_ARRAY_TASK_ID), the result records them in /meta, a bad row index fails cleanly.
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST
$TRIBO model -output "$d/rom.h5" > /dev/null || { echo "not ok - model"; exit 1; }
fails=0
SLURM_ARRAY_TASK_ID=2 bash jobs/sweep.sbatch jobs/sweep_mu.tsv "$d/rom.h5" configs/demo.yaml "$d/out" -backbone_n 3 -backbone_qmax 1e-4 > "$d/log" 2>&1
if [ -f "$d/out/case2.h5" ]; then echo "ok - array task 2 wrote case2.h5"; else echo "not ok - array task 2 wrote nothing"; cat "$d/log"; fails=$((fails+1)); fi
if /usr/bin/python3 - "$d/out/case2.h5" <<'PY'
import sys, h5py
o = h5py.File(sys.argv[1], 'r')['meta'].attrs['options']
o = o.decode() if isinstance(o, bytes) else o
t = o.split()
ok = '-friction_mu' in t and t[t.index('-friction_mu') + 1] == '0.6'
sys.exit(0 if ok else 1)
PY
then echo "ok - task 2 ran with friction_mu 0.6 (row 2 of the table)"; else echo "not ok - task 2 options"; fails=$((fails+1)); fi
SLURM_ARRAY_TASK_ID=9 bash jobs/sweep.sbatch jobs/sweep_mu.tsv "$d/rom.h5" configs/demo.yaml "$d/out" > "$d/log9" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -q "task 9 has no row" "$d/log9" && [ ! -f "$d/out/case9.h5" ]; then echo "ok - a task without a row fails with a message"; else echo "not ok - bad row index (rc $rc)"; fails=$((fails+1)); fi
exit $fails

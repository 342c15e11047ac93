#!/usr/bin/env bash
# tribo sweep (issue 15): 64 built-in backbones (the lap beam of tribo model, RQNMA, 6 amplitudes, 8 friction coefficients x
# 8 bolt tensions) run three ways on this machine: one after another (tribo backbone -options_file case.opts in a loop: the
# baseline), through the local pool (tribo sweep -sweep_np N) and as SLURM job arrays on a throw-away single-node scheduler
# (tests/cli/slurmlib.sh; skipped with a message where slurm-wlm cannot be installed). Reports wall time, cases per minute,
# and the overhead per case: (wall x ranks - sequential time) / cases, the rank-seconds each case costs beyond its own run.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${TRIBO_BENCH_OUT:-out/bench}/sweep
np=${TRIBO_SWEEP_RANKS:-$(nproc)}
rm -rf "$out"
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
y=$out/sweep64.yaml
cat >"$y" <<YAML
name: bench64
steps:
  - {name: rom, verb: model}
  - name: bb
    verb: backbone
    after: rom
    config: $PWD/configs/demo.yaml
    options: {rom: "{rom}", backbone_n: 6, backbone_qmax: 2e-4, rqnma_max_cycles: 4, backbone_quiet: true}
    axes:
      friction_mu: {linspace: [0.3, 1.0, 8]}
      prestress_tension: {linspace: [8000, 15000, 8]}
    pictures: false
    throttle: $np
YAML
now() { date +%s.%N; }
el() { awk -v a="$1" -v b="$(now)" 'BEGIN{printf "%.1f", b - a}'; }
echo; echo "tribo sweep: 64 RQNMA backbones of the built-in lap beam (+1 tribo model case), $np ranks ($(uptime | sed 's/.*load/load/'))"
bin/tribo sweep "$y" -sweep_dir "$out/seq" -sweep_expand >/dev/null
bin/tribo model -output "$out/seq/rom/0000/model.h5" >/dev/null
t=$(now)
for c in "$out"/seq/bb/0*; do TRIBO_PICTURES=0 bin/tribo backbone -options_file "$c/case.opts" >"$c/log" 2>&1; done
seq=$(el "$t")
t=$(now)
bin/tribo sweep "$y" -sweep_dir "$out/pool" -sweep_np "$np" >"$out/pool.log" 2>&1
pool=$(el "$t")
row() { # row WAY WALL RANKS
  awk -v w="$1" -v s="$2" -v r="$3" -v q="$seq" 'BEGIN{printf "%-28s %-8s %-6s %-12.1f %-12.2f %.0f%%\n", w, s, r, 64 * 60 / s, (s * r - q) / 64, (s * r - q) / q * 100}'
}
printf "%-28s %-8s %-6s %-12s %-12s %s\n" way wall_s ranks cases/min overhead_s "overhead/sequential"
row "one after another" "$seq" 1
row "local pool (-sweep_np $np)" "$pool" "$np"
source tests/cli/slurmlib.sh
if ! slurm_available; then echo "SLURM: skipped ($SLURM_WHY)"; exit 0; fi
trap 'set +e; slurm_stop' EXIT
slurm_start "$out/slurm" || { echo "SLURM: skipped (the throw-away scheduler did not start: $SLURM_WHY)"; exit 0; }
t=$(now)
bin/tribo sweep "$y" -sweep_dir "$out/slurm64" -sweep_submit >"$out/submit.log" 2>&1
ids=$(/usr/bin/python3 -c "import json,sys; print(' '.join(json.load(open(sys.argv[1])).values()))" "$out/slurm64/slurm/jobs.json")
# shellcheck disable=SC2086
SLURM_WAIT_S=1800 slurm_wait $ids
sl=$(el "$t")
row "SLURM arrays (1 node, %$np)" "$sl" "$np"
bin/tribo sweep "$y" -sweep_dir "$out/slurm64" -sweep_status | tail -1
/usr/bin/python3 - "$out" <<'PY'
import json, glob, sys
for way in ("pool", "slurm64"):
    s = [json.load(open(f))["seconds"] for f in glob.glob("%s/%s/bb/*/status" % (sys.argv[1], way))]
    print("%-8s cases: %d, each %.2f s on average (%.2f..%.2f) as the sweep timed them" % (way, len(s), sum(s) / len(s), min(s), max(s)))
PY
echo "(overhead_s: (wall x ranks - one-after-another wall) / 64 cases: rank-seconds per case spent beyond running it; SLURM from"
echo " sbatch to the empty queue, 2 steps with a dependency; the cases are independent processes either way)"

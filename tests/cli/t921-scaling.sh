#!/usr/bin/env bash
# jobs/scaling.sh (make bench-scaling) on the generated lap beam, ranks 1 and 2, two amplitudes:
# the table on stdout and in OUT/scaling-lapbeam.tsv has its columns, one row per stage and rank
# count with consistent speed-up, efficiency, memory and oversubscription labels, and the ROMs of
# the 1- and 2-rank rom runs are the same structure (the generalized eigenvalues of (K, M), the
# bolt load's norm and the interface; the modal columns may change sign), as are the backbones.
# timeout: 180
set -u
source tests/cli/lib.sh
d=$TMPDIR_TEST/scaling
TRIBO="$TRIBO_ABS" TRIBO_SCALING_CASE=lapbeam TRIBO_SCALING_RANKS="1 2" TRIBO_SCALING_NAMP=2 \
  TRIBO_SCALING_LAUNCHER=mpiexec TRIBO_SCALING_OUT="$d" bash jobs/scaling.sh > "$TMPDIR_TEST/log" 2> "$TMPDIR_TEST/err"
rc=$?
sed 's/^/# /' "$TMPDIR_TEST/log"
tsv=$d/scaling-lapbeam.tsv
if [ $rc -eq 0 ] && [ -f "$tsv" ]; then pass "jobs/scaling.sh ran and wrote scaling-lapbeam.tsv"; else fail "jobs/scaling.sh (exit $rc)" "" "$TMPDIR_TEST/log" "$TMPDIR_TEST/err"; finish; exit; fi
if grep -q "generated lap beam" "$TMPDIR_TEST/log"; then pass "says it runs the generated lap beam"; else fail "no word of the lap beam" ""; fi
[ "$HAVE_H5PY" = 1 ] || { skip "table and ROM checks" "needs /usr/bin/python3 with h5py"; finish; exit; }
pychecks "table and ROMs" "$tsv" "$TMPDIR_TEST/log" "$d" "$(nproc)" <<'PY'
import sys, os, re
import h5py, numpy as np
tsv, log, d, cores = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def check(ok, what):
  print(("ok - " if ok else "not ok - ") + what)
lines = open(tsv).read().splitlines()
check(lines[0].startswith("# tribo strong scaling, case lapbeam"), "the TSV opens with a '#' line naming the case")
head = "stage ranks wall_s speedup efficiency peak_MB_rank peak_MB_all oversubscribed tribo_s result".split()
check(lines[1].split("\t") == head, "TSV header: " + " ".join(head))
rows = [l.split("\t") for l in lines[2:]]
check([(r[0], r[1]) for r in rows] == [("rom", "1"), ("rom", "2"), ("backbone", "1"), ("backbone", "2")],
      "one row per stage and rank count: rom 1 2, backbone 1 2")
check(all(len(r) == len(head) for r in rows), "every row has %d tab-separated fields" % len(head))
ok = True
for r in rows:
  st, np_, wall, sp, eff, mx, tot, over, ts = r[0], int(r[1]), float(r[2]), float(r[3]), float(r[4]), int(r[5]), int(r[6]), r[7], float(r[8])
  base = [float(x[2]) for x in rows if x[0] == st and x[1] == "1"][0]
  ok &= wall > 0 and ts > 0 and ts <= wall + 0.05
  ok &= abs(sp - base / wall) <= 0.01 + 0.01 * sp and abs(eff - sp / np_) <= 0.01
  ok &= 0 < mx <= tot <= np_ * mx + 1 and (np_ > 1 or mx == tot)
  ok &= over == ("yes" if np_ > cores else "no")
  if not ok:
    print("# bad row", r)
check(ok, "wall_s > tribo_s > 0, speedup = t1/t, efficiency = speedup/ranks, peak_MB_rank <= peak_MB_all <= ranks x rank peak, oversubscribed = ranks > %d cores" % cores)
out = open(log).read().splitlines()
table = [l.split() for l in out if re.match(r"(rom|backbone) +[0-9]", l)]
check(table == rows,
      "the table on stdout is the TSV's")
res = {r[0]: [x[9] for x in rows if x[0] == r[0]] for r in rows}
check(re.fullmatch(r"561dofs,20modes,[0-9.]+-[0-9.]+Hz", res["rom"][0]) is not None and res["rom"][0] == res["rom"][1],
      "rom on 1 and 2 ranks: same DOFs and fixed-interface frequencies (%s)" % res["rom"][0])
m = re.fullmatch(r"f0=([0-9.]+)Hz,f=([0-9.]+)Hz,zeta=([0-9.e+-]+)", res["backbone"][0])
check(m is not None and float(m.group(2)) < float(m.group(1)) and float(m.group(3)) > 0 and res["backbone"][0] == res["backbone"][1],
      "backbone on 1 and 2 ranks: same linearized frequency and last point, where the joint slips (%s)" % res["backbone"][0])
a, b = (h5py.File(os.path.join(d, "rom_lapbeam_np%d.h5" % n), "r")["rom"] for n in (1, 2))
def freqs(g):
  K, M = g["K"][:], g["M"][:]
  w = np.sort(np.linalg.eigvals(np.linalg.solve(M, K)).real)
  f = np.sqrt(np.abs(w)) / (2 * np.pi)
  return f[f > 1.0][:20]
f1, f2 = freqs(a), freqs(b)
print("# ROM frequencies (Hz), 1 rank:", " ".join("%.4f" % x for x in f1[:6]))
check(len(f1) == 20 and len(f2) == 20 and np.all(np.abs(f1 - f2) <= 1e-6 * f1),
      "ROMs of 1 and 2 ranks: the 20 lowest elastic frequencies of (K, M) agree to 1e-6 (largest difference %.1e)" % np.max(np.abs(f1 - f2) / f1))
check(abs(np.linalg.norm(a["Fv"][:]) - np.linalg.norm(b["Fv"][:])) <= 1e-8 * np.linalg.norm(a["Fv"][:]), "ROMs: same |Fv|")
check(np.array_equal(a["interface/elements"][:], b["interface/elements"][:]) and np.allclose(a["interface/weights"][:], b["interface/weights"][:], rtol=1e-12),
      "ROMs: same interface elements and quadrature weights")
PY
finish

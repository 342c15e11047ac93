#!/usr/bin/python3
"""make bench: how good tribo's time-left estimates are (issue 30: within a factor 1.5 after the first 20 % of a run).

Runs each command, stamps every progress line that says "left ~X s" with the time it arrived, and compares X with the time the run
actually still took from there to its last progress line (the end of the analysis; writing and drawing follow). Prints, per run, the ratio predicted / actual over the lines after the first 20 % of the run's time
(lines with under 1 s actually left count when the prediction is within 1 s of it)."""
import re
import subprocess
import sys
import time


def measure(label, cmd):
    t0 = time.monotonic()
    p = subprocess.Popen(["stdbuf", "-oL"] + cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    marks = []
    for line in p.stdout:
        m = re.search(r"left ~([0-9.]+) s", line)
        if m:
            marks.append((time.monotonic() - t0, float(m.group(1))))
    p.wait()
    total = marks[-1][0] if marks else 0  # the analysis ends at its last progress line (then files and pictures are written)
    if p.returncode or not marks:
        print("%-34s failed (exit %d, %d progress lines)" % (label, p.returncode, len(marks)))
        return False
    late = [(t, x, total - t) for t, x in marks if t >= 0.2 * total]
    ratios = [x / a for t, x, a in late if a >= 1]
    small = [abs(x - a) for t, x, a in late if a < 1]
    lo, hi = (min(ratios), max(ratios)) if ratios else (1, 1)
    ok = lo >= 1 / 1.5 and hi <= 1.5 and all(d <= 1 for d in small)
    print("%-34s %7.1f s %5d lines %5d after 20%%   predicted/actual %.2f .. %.2f%s   %s" % (
        label, total, len(marks), len(late), lo, hi, ("   (under 1 s left: off by <= %.2f s)" % max(small)) if small else "",
        "within 1.5" if ok else "NOT within 1.5"))
    return ok


if __name__ == "__main__":
    tribo, mpiexec, cfg, rom = sys.argv[1], sys.argv[2].split(), sys.argv[3], sys.argv[4]
    runs = [("RQNMA, 20 amplitudes, 1 rank", [tribo, "backbone", "-rom", rom, "-options_file", cfg, "-output", "/dev/null", "-backbone_png", "none"]),
            ("RQNMA, 20 amplitudes, 2 ranks", mpiexec + ["-n", "2", tribo, "backbone", "-rom", rom, "-options_file", cfg, "-output", "/dev/null",
                                                         "-backbone_png", "none"]),
            ("EPMC, harmonics 0-3, 1 rank", [tribo, "backbone", "-rom", rom, "-options_file", cfg, "-nma_type", "epmc", "-output", "/dev/null",
                                             "-backbone_png", "none"]),
            ("fit, NSGA-II 100 x 100, 1 rank", [tribo, "fit", "-output", "/dev/null"]),
            ("fit, NSGA-II 100 x 100, 2 ranks", mpiexec + ["-n", "2", tribo, "fit", "-output", "/dev/null"]),
            ("surface, 4 sizes, 1 rank", [tribo, "surface", "-output", "/dev/null"]),
            ("surface, 4 sizes, 2 ranks", mpiexec + ["-n", "2", tribo, "surface", "-output", "/dev/null"])]
    print("time-left estimates (issue 30: predicted / actual within 1.5 after the first 20 % of the run)")
    for label, cmd in runs:
        measure(label, cmd)

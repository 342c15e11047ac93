#!/usr/bin/python3
"""Test runner of tribo (Python 3 standard library only).

Finds the test drivers tests/<area>/tNNN-*.c, reads the /*TEST ... TEST*/ block at the end
of each, runs every case on every rank count with mpiexec from the repository root and
compares its stdout with the expected file tests/<area>/output/<file> token by token:
words exactly, numbers with |a-b| <= atol + rtol*|b|; lines of the expected file that
start with '#' are comments. Also runs the shell tests tests/<area>/tNNN-*.sh (exit 0
pass, 77 skip, anything else fail).

Block format (keys before the first 'test:' are defaults for every case):
  /*TEST
    test:
      suffix: a              name becomes tNNN-name_a (needed when a file has several cases)
      nsize: 1 2 3           rank counts, each run and compared with the same file (1)
      args: -opt 1           arguments; ${TRIBO_DATA} expands to the data folder
      output: tNNN-name.out  file in tests/<area>/output/ (default tNNN-name[_suffix].out)
      rtol: 1e-8             relative tolerance of numbers
      atol: 1e-12            absolute tolerance of numbers
      requires: data         skipped unless ../shared/data exists
      timeout: 120           seconds
  TEST*/

Usage: /usr/bin/python3 tests/runner.py [-k PATTERN] [-j N] [-v] [--list]
The last line printed is always 'N passed, N failed[, N skipped]'; the exit status is
non-zero when a case failed or when no case ran.
"""
import argparse
import math
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.normpath(os.path.join(ROOT, "..", "shared", "data"))
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
KEYS = {"suffix", "nsize", "args", "output", "rtol", "atol", "requires", "timeout"}
REQUIRES = {"data": (lambda: os.path.isdir(DATA) and not os.environ.get("TRIBO_DATA_OFF"), "needs ../shared/data")}  # TRIBO_DATA_OFF=1: the data-free suite (make test-sanitize)
NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[+-]?(?:nan|inf|infinity)", re.I)
SH_NAME = re.compile(r"t\d{3}-[A-Za-z0-9_.+-]*\.sh$")
C_NAME = re.compile(r"t\d{3}-[A-Za-z0-9_.+-]*\.c$")
TAIL = 30
RUNNING = set()  # process groups of the cases now running (killed on Ctrl-C)
COUNT = {"ok": 0, "FAIL": 0, "skip": 0}


class Case:
  """One run: a driver case on one rank count, or one shell test."""

  def __init__(self, name, kind, np=None, cmd=None, expected=None, rtol=1e-8, atol=1e-12,
               timeout=120.0, skip=None, error=None, path=None):
    self.name, self.kind, self.np, self.cmd = name, kind, np, cmd
    self.expected, self.rtol, self.atol, self.timeout = expected, rtol, atol, timeout
    self.skip, self.error, self.path = skip, error, path

  def label(self):
    return self.name + ("" if self.np is None else " np=%d" % self.np)


def parse_block(text, where):
  """Return the list of case dictionaries of a /*TEST ... TEST*/ block; raise ValueError."""
  m = re.search(r"/\*TEST\b(.*?)\bTEST\*/", text, re.S)
  if not m:
    raise ValueError("%s has no /*TEST ... TEST*/ block describing its cases" % where)
  defaults, cases, cur = {}, [], None
  first = text[: m.start(1)].count("\n") + 1
  for i, raw in enumerate(m.group(1).split("\n")):
    line = raw.strip()
    if not line or line.startswith("#"):
      continue
    lineno = first + i
    if re.fullmatch(r"test\s*:", line):
      cur = {}
      cases.append(cur)
      continue
    km = re.fullmatch(r"([A-Za-z_]+)\s*:\s*(.*)", line)
    if not km:
      raise ValueError("%s:%d: cannot read '%s' in the TEST block (expected 'test:' or 'key: value')" % (where, lineno, line))
    key, val = km.group(1), km.group(2).strip()
    if key not in KEYS:
      raise ValueError("%s:%d: unknown key '%s' in the TEST block (known: %s)" % (where, lineno, key, ", ".join(sorted(KEYS))))
    (defaults if cur is None else cur)[key] = val
  if not cases:
    raise ValueError("%s: the TEST block has no 'test:' entry" % where)
  out = []
  for c in cases:
    d = dict(defaults)
    d.update(c)
    out.append(d)
  suffixes = [d.get("suffix", "") for d in out]
  dup = [x for i, x in enumerate(suffixes) if x in suffixes[:i]]
  if dup:
    what = "the suffix '%s'" % dup[0] if dup[0] else "no suffix"
    raise ValueError("%s: several 'test:' entries have %s; give each a distinct 'suffix:'" % (where, what))
  return out


def number(key, val, where, cast=float):
  try:
    x = cast(val)
  except ValueError:
    raise ValueError("%s: '%s: %s' is not a number" % (where, key, val))
  if x < 0 or (isinstance(x, float) and not math.isfinite(x)):
    raise ValueError("%s: '%s: %s' must be a finite number >= 0" % (where, key, val))
  return x


def driver_cases(area, fname):
  """Cases of one C driver; a broken TEST block yields one failing case."""
  base = fname[:-2]
  src = os.path.join("tests", area, fname)
  name0 = "%s/%s" % (area, base)
  try:
    with open(os.path.join(ROOT, src), encoding="utf-8", errors="replace") as f:
      entries = parse_block(f.read(), src)
  except ValueError as e:
    return [Case(name0, "c", error=str(e))]
  cases = []
  for d in entries:
    suffix = d.get("suffix", "")
    name = name0 + ("_" + suffix if suffix else "")
    try:
      nsizes = [number("nsize", s, src, int) for s in d.get("nsize", "1").split()]
      if not nsizes or min(nsizes) < 1:
        raise ValueError("%s: 'nsize:' needs one or more rank counts >= 1" % src)
      rtol = number("rtol", d.get("rtol", "1e-8"), src)
      atol = number("atol", d.get("atol", "1e-12"), src)
      timeout = number("timeout", d.get("timeout", "120"), src)
      args = shlex.split(d.get("args", "").replace("${TRIBO_DATA}", DATA).replace("$TRIBO_DATA", DATA))
    except ValueError as e:
      cases.append(Case(name, "c", error=str(e)))
      continue
    skip = None
    for r in d.get("requires", "").split():
      if r not in REQUIRES:
        skip = "error: unknown requirement '%s' in %s (known: %s)" % (r, src, ", ".join(sorted(REQUIRES)))
      elif not REQUIRES[r][0]():
        skip = skip or "skipped: " + REQUIRES[r][1]
    expected = os.path.join("tests", area, "output", d.get("output", base + ("_" + suffix if suffix else "") + ".out"))
    binary = os.path.join(os.environ.get("TRIBO_BUILD_DIR", "build"), "tests", area, base)
    for n in nsizes:
      cmd = ["mpiexec", "-n", str(n)] + (["--allow-run-as-root"] if IS_ROOT else []) + ["--oversubscribe", binary] + args
      c = Case(name, "c", n, cmd, expected, rtol, atol, timeout, path=binary)
      if skip and skip.startswith("error:"):
        c.error = skip[len("error: "):]
      else:
        c.skip = skip
      cases.append(c)
  return cases


def shell_case(area, fname):
  src = os.path.join("tests", area, fname)
  timeout = 120.0
  with open(os.path.join(ROOT, src), encoding="utf-8", errors="replace") as f:
    for line in f.read().split("\n")[:30]:
      m = re.match(r"#\s*timeout\s*:\s*(\d+(?:\.\d*)?)\s*$", line)
      if m:
        timeout = float(m.group(1))
  return Case("%s/%s" % (area, fname[:-3]), "sh", cmd=["bash", src], timeout=timeout)


def discover():
  cases = []
  tdir = os.path.join(ROOT, "tests")
  for area in sorted(os.listdir(tdir)):
    adir = os.path.join(tdir, area)
    if not os.path.isdir(adir) or area in ("output", "bench") or area.startswith((".", "_")):
      continue
    for fname in sorted(os.listdir(adir)):
      if C_NAME.fullmatch(fname):
        cases.extend(driver_cases(area, fname))
      elif SH_NAME.fullmatch(fname):
        cases.append(shell_case(area, fname))
  return cases


def tokens(text, comments):
  out = []
  for i, line in enumerate(text.split("\n"), 1):
    if comments and line.lstrip().startswith("#"):
      continue
    out.extend((i, t) for t in line.split())
  return out


WRAP = re.compile(r"([(\[]*)(.*?)([)\],;:%]*)")


def as_number(tok):
  """The number in tok and the brackets or punctuation around it ("(7.5e-15)" -> 7.5e-15, "(", ")"); None if none."""
  pre, core, post = WRAP.fullmatch(tok).groups()
  if not NUMBER.fullmatch(core):
    return None, "", ""
  return float(core), pre, post


def compare(out, exp, rtol, atol, limit=8):
  """Return a list of messages describing differences (empty when the texts agree)."""
  got, want = tokens(out, False), tokens(exp, True)
  diffs = []
  for (gl, g), (wl, w) in zip(got, want):
    if g == w:
      continue
    (a, ga, gz), (b, wa, wz) = as_number(g), as_number(w)
    if a is not None and b is not None and (ga, gz) == (wa, wz):
      if (math.isnan(a) and math.isnan(b)) or a == b:
        continue
      if math.isfinite(a) and math.isfinite(b) and abs(a - b) <= atol + rtol * abs(b):
        continue
      tol = atol + rtol * abs(b)
      diffs.append("  expected line %d: %s   got line %d: %s   (|diff| %.3g > tol %.3g)" % (wl, w, gl, g, abs(a - b), tol))
    else:
      diffs.append("  expected line %d: %s   got line %d: %s" % (wl, w, gl, g))
    if len(diffs) >= limit:
      diffs.append("  ... (further differences not shown)")
      break
  if len(got) != len(want):
    n = min(len(got), len(want))
    more = ("next expected token (line %d): %s" % want[n]) if len(want) > n else ("next extra token (line %d): %s" % got[n])
    diffs.append("  token count differs: expected %d, got %d; %s" % (len(want), len(got), more))
  return diffs


def run_cmd(cmd, env, timeout):
  """Run cmd from ROOT in its own process group; return (rc, stdout, stderr, timed_out)."""
  p = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, start_new_session=True)
  RUNNING.add(p.pid)
  try:
    out, err = p.communicate(timeout=timeout)
    return p.returncode, out, err, False
  except subprocess.TimeoutExpired:
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, None)):
      try:
        os.killpg(p.pid, sig)
      except ProcessLookupError:
        pass
      try:
        out, err = p.communicate(timeout=wait)
        break
      except subprocess.TimeoutExpired:
        continue
    return p.returncode, out, err, True
  finally:
    RUNNING.discard(p.pid)


def decode(b):
  return (b or b"").decode("utf-8", errors="replace")


def tail(text, n=TAIL):
  lines = text.rstrip("\n").split("\n") if text.strip() else []
  return ["  | " + l for l in lines[-n:]]


def execute(case, env, verbose):
  """Run one case; return (status, seconds, detail lines)."""
  if case.error:
    return "FAIL", 0.0, ["  " + case.error]
  if case.skip:
    return "skip", 0.0, []
  if case.kind == "c":
    if not os.path.isfile(os.path.join(ROOT, case.path)):
      return "FAIL", 0.0, ["  missing binary %s: build it first ('make all' or 'make %s')" % (case.path, case.path)]
    if not os.path.isfile(os.path.join(ROOT, case.expected)):
      return "FAIL", 0.0, ["  missing expected output file %s" % case.expected]
  tmp = None
  if case.kind == "sh":
    tmp = tempfile.mkdtemp(prefix="tribo-test-")
    env = dict(env, TMPDIR_TEST=tmp)
  t0 = time.monotonic()
  try:
    rc, out, err, timed_out = run_cmd(case.cmd, env, case.timeout)
  except OSError as e:
    return "FAIL", time.monotonic() - t0, ["  cannot run %s: %s" % (" ".join(case.cmd), e)]
  finally:
    if tmp:
      shutil.rmtree(tmp, ignore_errors=True)
  dt = time.monotonic() - t0
  out, err = decode(out), decode(err)
  detail = ["  command: " + " ".join(shlex.quote(c) for c in case.cmd)]
  if case.kind == "sh":
    status = "ok" if rc == 0 else "skip" if rc == 77 else "FAIL"
    if status == "skip":
      last = [l for l in (out + "\n" + err).split("\n") if l.strip()]
      case.skip = last[-1].strip() if last else "exit status 77"
  else:
    status = "ok" if rc == 0 else "FAIL"
  if timed_out:
    status = "FAIL"
    detail.append("  timed out after %g s (raise 'timeout:' if this is expected)" % case.timeout)
  elif rc != 0 and status == "FAIL":
    detail.append("  exit status %d" % rc)
  if case.kind == "c" and not timed_out:
    with open(os.path.join(ROOT, case.expected), encoding="utf-8", errors="replace") as f:
      diffs = compare(out, f.read(), case.rtol, case.atol)
    if diffs:
      status = "FAIL"
      detail.append("  output differs from %s (rtol %g, atol %g):" % (case.expected, case.rtol, case.atol))
      detail.extend(diffs)
  if status != "FAIL" and not verbose:
    return status, dt, []
  if out.strip():
    detail.append("  stdout (last %d lines):" % TAIL)
    detail.extend(tail(out))
  if err.strip():
    detail.append("  stderr (last %d lines):" % TAIL)
    detail.extend(tail(err))
  return status, dt, detail


def environment():
  env = dict(os.environ)
  env["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
  if IS_ROOT:
    env["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
    env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
  env.setdefault("PETSC_OPTIONS", "")
  env["TRIBO"] = os.environ.get("TRIBO_PROGRAM", "bin/tribo")  # make test-sanitize: build-san/bin/tribo
  env["MPIEXEC"] = "mpiexec" + (" --allow-run-as-root" if IS_ROOT else "") + " --oversubscribe"
  if os.path.isdir(DATA) and not os.environ.get("TRIBO_DATA_OFF"):
    env["TRIBO_DATA"] = DATA
  else:
    env.pop("TRIBO_DATA", None)
  return env


def main(argv=None):
  try:
    sys.stdout.reconfigure(line_buffering=True)
  except AttributeError:
    pass
  ap = argparse.ArgumentParser(description="Run tribo's tests and compare their output with the expected files.")
  ap.add_argument("-k", dest="patterns", action="append", default=[], metavar="PATTERN",
                  help="run only cases whose name contains PATTERN (repeatable: any of them)")
  ap.add_argument("-j", dest="jobs", type=int, default=1, metavar="N", help="cases run at the same time (default 1)")
  ap.add_argument("-v", dest="verbose", action="store_true", help="show commands and output of every case")
  ap.add_argument("--list", action="store_true", help="list the cases and exit")
  opts = ap.parse_args(argv)
  if opts.jobs < 1:
    ap.error("-j needs N >= 1")

  cases = [c for c in discover() if not opts.patterns or any(p in c.name for p in opts.patterns)]
  if opts.list:
    for c in cases:
      print(c.label() + ("  (%s)" % c.skip if c.skip else ""))
    return 0
  env = environment()
  if opts.jobs > 1:
    env.setdefault("OMPI_MCA_hwloc_base_binding_policy", "none")

  failed, timed = [], []
  t0 = time.monotonic()
  pool = ThreadPoolExecutor(max_workers=opts.jobs)
  try:
    futures = [pool.submit(execute, c, env, opts.verbose) for c in cases]
    for case, fut in zip(cases, futures):
      status, dt, detail = fut.result()
      COUNT[status] += 1
      if status == "skip":
        print("skip %s (%s)" % (case.label(), case.skip))
      else:
        print("%-4s %s (%.2f s)" % (status, case.label(), dt))
        timed.append((dt, case.label()))
      if status == "FAIL":
        failed.append(case.label())
      for line in detail:
        print(line)
  except KeyboardInterrupt:
    pool.shutdown(wait=False, cancel_futures=True)
    for pid in list(RUNNING):
      try:
        os.killpg(pid, signal.SIGKILL)
      except OSError:
        pass
    raise
  pool.shutdown()
  wall = time.monotonic() - t0

  npass, nfail = COUNT["ok"], COUNT["FAIL"]
  if timed:
    print("slowest: " + ", ".join("%s %.2f s" % (n, dt) for dt, n in sorted(timed, reverse=True)[:5]))
  print("total %.2f s wall, %.2f s in cases" % (wall, sum(dt for dt, _ in timed)))
  if failed:
    print("failed: " + ", ".join(failed))
  if npass + nfail == 0:
    why = ("nothing matched -k " + " ".join(opts.patterns) if opts.patterns and not cases
           else "no test drivers found under tests/" if not cases else "every case was skipped")
    print("no test ran (%s)" % why)
  print(summary(npass, nfail, COUNT["skip"]))
  return 1 if nfail or npass + nfail == 0 else 0


def summary(npass, nfail, nskip):
  return "%d passed, %d failed" % (npass, nfail) + (", %d skipped" % nskip if nskip else "")


if __name__ == "__main__":
  try:
    sys.exit(main())
  except KeyboardInterrupt:
    print("interrupted: the case running counts as failed")
    print(summary(COUNT["ok"], COUNT["FAIL"] + 1, COUNT["skip"]))
    os._exit(130)

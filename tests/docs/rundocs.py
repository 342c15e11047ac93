#!/usr/bin/env python3
"""The docs test (rule 6 of the brief, issue 30): every command in the README and doc/*.md runs as written.

Every ```sh block of README.md and doc/*.md (doc/dev/ holds engineering notes and is not read) is run, line by line
(a line ending in a backslash continues), by bash in one scratch folder per document, so that later commands find the
files earlier ones wrote, in the order of the document. The scratch folder holds bin/ and python/ of the checkout
(linked) and configs/ and examples/ (copied: commands write beside their inputs, a sweep its case folders next to its
YAML file, and the checkout must not change), with ../shared beside it as beside a checkout; PATH has an `mpiexec`
that adds what this machine needs (as root: --allow-run-as-root; --oversubscribe) and a `python3` that is Debian's
(/usr/bin/python3, or $TRIBO_PYTHON). There is no `tribo` on PATH: the docs write bin/tribo, as a fresh clone has it.
A command must exit 0 and write the files it names (-output, -o, -cont_output, -surface_checkpoint,
-contact_checkpoint, and `> file`), non-empty.

Not run, each with its reason printed:
- `make demo` and `make test`: CI runs them itself, on a clean clone (.ci/run);
- a command that reads ../shared/data when that folder is absent;
- a SLURM submission (`-sweep_submit`, sbatch, srun) where no SLURM controller answers (sinfo);
- a block marked `<!-- docs-test: long -->` on the line before it (a full-size validation of minutes to hours), unless
  TRIBO_DOCS_LONG=1 (`TRIBO_DOCS_LONG=1 python3 tests/runner.py -k t998`).

Usage: rundocs.py WORKDIR [FILE.md ...]; prints "ok - ..." / "not ok - ..." / "# skip ..." lines (tests/cli/lib.sh's
pychecks format) and exits 1 if any command failed.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIMEOUT = int(os.environ.get("TRIBO_DOCS_TIMEOUT", "600"))


def blocks(path):
    """(first line number, long?, [logical lines with their line numbers]) of every ```sh block"""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^(\s*)```sh\s*$", lines[i])
        if not m:
            i += 1
            continue
        indent = len(m.group(1))
        long = i > 0 and "docs-test: long" in lines[i - 1] or i > 1 and "docs-test: long" in lines[i - 2]
        start, body, i = i + 1, [], i + 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append((i + 1, lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i]))
            i += 1
        i += 1
        logical, cur, curno = [], "", 0
        for no, text in body:
            if not cur:
                curno = no
            if text.rstrip().endswith("\\"):
                cur += text.rstrip()[:-1] + " "
                continue
            cur += text
            if cur.strip() and not cur.strip().startswith("#"):
                logical.append((curno, cur.strip()))
            cur = ""
        out.append((start, long, logical))
    return out


def outputs(cmd):
    """the files a command says it writes"""
    try:
        words = shlex.split(cmd, comments=True)
    except ValueError:
        return []
    files = []
    for k, w in enumerate(words[:-1]):
        if w in ("-output", "-o", "-cont_output", "-surface_checkpoint", "-contact_checkpoint", ">"):
            files.append(words[k + 1])
    return files


def setup(work, env):
    env.setdefault("TRIBO_PYTHON", "/usr/bin/python3")
    os.makedirs(work, exist_ok=True)
    # bin/ and python/ are only read; configs/ and examples/ are copied, since commands write beside their inputs (a sweep
    # writes its case folders next to its YAML file) and the checkout must not change
    for d in ("bin", "python"):
        link = os.path.join(work, d)
        if not os.path.lexists(link) and os.path.exists(os.path.join(ROOT, d)):
            os.symlink(os.path.join(ROOT, d), link)
    for d in ("configs", "examples"):
        if not os.path.exists(os.path.join(work, d)) and os.path.exists(os.path.join(ROOT, d)):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(work, d))
    shared = os.path.join(os.path.dirname(ROOT), "shared")
    if os.path.isdir(shared) and not os.path.lexists(os.path.join(os.path.dirname(work), "shared")):
        os.symlink(shared, os.path.join(os.path.dirname(work), "shared"))
    tools = os.path.join(os.path.dirname(work), "tools")
    os.makedirs(tools, exist_ok=True)
    real = subprocess.run(["sh", "-c", "command -v mpiexec"], capture_output=True, text=True).stdout.strip() or "mpiexec"
    extra = "--oversubscribe" + (" --allow-run-as-root" if os.geteuid() == 0 else "")
    with open(os.path.join(tools, "mpiexec"), "w") as f:
        f.write('#!/bin/sh\nexec "%s" %s "$@"\n' % (real, extra))
    # python3 is Debian's (/usr/bin/python3, with numpy, h5py and matplotlib from scripts/setup.sh), as on a fresh machine
    with open(os.path.join(tools, "python3"), "w") as f:
        f.write('#!/bin/sh\nexec "%s" "$@"\n' % env.get("TRIBO_PYTHON", "/usr/bin/python3"))
    for t in ("mpiexec", "python3"):
        os.chmod(os.path.join(tools, t), 0o755)
    env["PATH"] = tools + os.pathsep + env["PATH"]
    env["PYTHONPATH"] = os.path.join(ROOT, "python") + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")


def main():
    base = sys.argv[1]
    files = sys.argv[2:] or ["README.md"] + sorted(
        os.path.join("doc", f) for f in os.listdir(os.path.join(ROOT, "doc")) if f.endswith(".md"))
    have_shared = os.path.isdir(os.path.join(os.path.dirname(ROOT), "shared", "data"))
    have_slurm = subprocess.run(["sh", "-c", "command -v sbatch && timeout 10 sinfo -h"], capture_output=True).returncode == 0
    run_long = os.environ.get("TRIBO_DOCS_LONG") == "1"
    failed = 0
    for md in files:
        name = os.path.splitext(os.path.basename(md))[0]
        work = os.path.join(base, name, "main")  # ../shared sits beside it, as beside a checkout
        env = dict(os.environ)
        setup(work, env)
        for start, long, cmds in blocks(os.path.join(ROOT, md)):
            if long and not run_long:
                print("# skip %s:%d: a full-size run marked long (%d commands; TRIBO_DOCS_LONG=1 runs it)" % (md, start, len(cmds)))
                continue
            for no, cmd in cmds:
                where = "%s:%d" % (md, no)
                if re.match(r"^make (demo|test)\b", cmd):
                    print("# skip %s: `%s` is what CI itself runs on a clean clone (.ci/run)" % (where, cmd.split("#")[0].strip()))
                    continue
                if "../shared/data" in cmd and not have_shared:
                    print("# skip %s: needs ../shared/data, absent here" % where)
                    continue
                if re.search(r"-sweep_submit|^(sbatch|srun) ", cmd) and not have_slurm:
                    print("# skip %s: a SLURM submission, and no SLURM controller answers here (sinfo)" % where)
                    continue
                t0 = time.time()
                try:
                    p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", cmd], cwd=work, env=env, capture_output=True,
                                       text=True, timeout=TIMEOUT)
                    text = ((p.stderr or "") + "\n" + (p.stdout or "")).strip().split("\n")
                    named = [l for l in text if "error" in l.lower() and not l.startswith("mpiexec")][:3]
                    rc, err = p.returncode, named or text[-3:]
                except subprocess.TimeoutExpired:
                    rc, err = "timeout after %d s" % TIMEOUT, []
                missing = [f for f in outputs(cmd) if not (os.path.isfile(os.path.join(work, f)) and os.path.getsize(os.path.join(work, f)) > 0)]
                short = cmd if len(cmd) < 110 else cmd[:107] + "..."
                if rc == 0 and not missing:
                    print("ok - %s (%.1f s): %s" % (where, time.time() - t0, short))
                else:
                    failed += 1
                    why = "exit %s" % rc if rc != 0 else "did not write %s" % ", ".join(missing)
                    print("not ok - %s: %s: %s" % (where, why, short))
                    for line in err:
                        print("#   " + line)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Mutation fuzzer of tribo's inputs (issue 34 item 4): every input kind, fixed seeds, no third-party fuzzer.

For each kind a valid seed input is made (by tribo itself where it writes that kind, else written here) and run
once, which must succeed. Then mutants of it are run under a time limit: bytes flipped, spans deleted or
repeated, lines swapped or repeated, numbers replaced by extreme values (nan, inf, 1e308, -1, 0, 2^63), structure
characters inserted, the file truncated. Each run is classified:
  accepted  exit 0, nothing left but the result (a mutant can be a valid input);
  refused   exit non-zero with one line "tribo VERB: error: ..." on stderr and no file left behind;
  crash     a signal (segfault, abort), a PETSc error trace, a sanitizer report, a Python traceback;
  hang      the time limit (--timeout) passed;
  unclear   exit non-zero but not one "tribo VERB: error:" line (besides progress lines ending "(left ~X s)");
  partial   a result or temporary file left by a failed run, or a temporary left by a good one.
The last four are findings: the run exits 1 if there is any. With --save DIR each finding's input and a NAME.json
describing it are copied to DIR; tests/fuzz/corpus/ holds those that became regression inputs (--replay DIR runs
them instead of mutants). Binary inputs are kept there as recipes, {"kind": ..., "recipe": NAME}, applied to a fresh
seed (a mutated 750 kB ROM does not belong in git, and its byte offsets move with every revision string). The summary is one line per kind and a total.

Usage: fuzz.py --tribo bin/tribo [--budget SECONDS] [--seed N] [--kinds a,b] [--timeout S] [--save DIR] [--replay DIR]
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

SYSTEM = b"""# 2 DOF with a Jenkins and a cubic element
M: [1, 2]
K: [[3, -1], [-1, 2]]
C: [[0.01, 0], [0, 0.01]]
excitation: [1, 0]
elements:
  - law: jenkins
    W: [[1], [-1]]
    params: {kt: 2, ts: 0.5}
  - law: cubic
    W: [[0], [1]]
    params: {k3: 1}
recovery: {labels: [x1, x2], R: [[1, 0], [0, 1]]}
"""

OPTIONS = b"""# options of a modal analysis
modal_nmodes: 2
modal_rigid_cutoff: 0
backbone_mode: 1
"""


def seed_lawtable(d, tribo):
    lines = [b"# time, u1, u2, un: one period of a sine", b"time, u1, u2, un"]
    for k in range(200):
        t = k / 200.0
        lines.append(b"%r,%r,0,%r" % (t, 2e-6 * __import__("math").sin(2 * 3.141592653589793 * t), 1e-6))
    return b"\n".join(lines) + b"\n"


def seed_ringdown(d, tribo):
    import math
    rows, rng = [b"time,x"], random.Random(3)
    for k in range(8000):
        t = k / 1000.0
        rows.append(b"%.6f,%.9g" % (t, math.exp(-2.0 * t) * math.cos(2 * math.pi * 100 * t) + 2e-4 * rng.gauss(0, 1)))
    return b"\n".join(rows) + b"\n"


def seed_scan(d, tribo):
    import math
    rows = [b"# x, y, z (um)"]
    for i in range(24):
        for j in range(24):
            x, y = 10.0 * i, 10.0 * j
            rows.append(b"%g,%g,%.6g" % (x, y, 0.5 * math.sin(x / 37.0) * math.cos(y / 23.0) + 0.01 * ((i * 7 + j * 13) % 11)))
    return b"\n".join(rows) + b"\n"


def seed_rom(d, tribo):
    subprocess.run([tribo, "model", "-output", "seed_rom.h5"], cwd=d, check=True, capture_output=True, timeout=300)
    with open(os.path.join(d, "seed_rom.h5"), "rb") as f:
        return f.read()


def seed_deck(d, tribo):
    subprocess.run([tribo, "mesh", "-output", "seed.inp", "-lapbeam_nx", "12", "-lapbeam_ny", "4", "-lapbeam_nz", "1", "-lapbeam_nx_beam", "4",
                    "-lapbeam_grading", "2", "-lapbeam_washer_radius", "0.0095", "-lapbeam_nmodes", "7"], cwd=d, check=True, capture_output=True,
                   timeout=300)
    with open(os.path.join(d, "seed.inp"), "rb") as f:
        return f.read()


def seed_result(d, tribo):
    with open(os.path.join(d, "seed_sys.yaml"), "wb") as f:
        f.write(SYSTEM)
    subprocess.run([tribo, "backbone", "-rom", "seed_sys.yaml", "-backbone_qmin", "0.01", "-backbone_qmax", "1", "-backbone_n", "4", "-output",
                    "seed_bb.h5"], cwd=d, check=True, capture_output=True, timeout=300, env=dict(os.environ, TRIBO_PYTHON="/bin/true"))
    with open(os.path.join(d, "seed_bb.h5"), "rb") as f:
        return f.read()


# kind: (file name of the input, seed, command with {in}, text or binary, how many mutants per round)
KINDS = {
    "yaml_system": ("sys.yaml", lambda d, t: SYSTEM, ["modal", "-rom", "{in}", "-output", "out.h5"], True, 3),
    "options_file": ("opts.yaml", lambda d, t: OPTIONS, ["modal", "-rom", "{dir}/base.yaml", "-options_file", "{in}", "-output", "out.h5"], True, 2),
    "law_table": ("hist.csv", seed_lawtable, ["law", "-friction_type", "jenkins", "-friction_kt", "1e12", "-friction_ts", "1e6", "-friction_kn",
                                              "1e12", "-law_table", "{in}", "-law_period", "1", "-output", "out.h5"], True, 2),
    "ringdown_csv": ("sig.csv", seed_ringdown, ["ringdown", "-ringdown_input", "{in}", "-ringdown_column", "x", "-output", "out.h5"], True, 2),
    # the opened heights: the seed's sine hills, fitted within their inflection lines, are not ellipsoids (axes), and the
    # fuzzing is about reading the file, not about the statistics
    "surface_scan": ("scan.csv", seed_scan, ["surface", "-surface_scans", "{in}", "-surface_units", "um", "-surface_erosion", "2,6", "-surface_sigma",
                                             "40", "-surface_fit_heights", "opened", "-output", "out.h5"], True, 2),
    "abaqus_deck": ("deck.inp", seed_deck, ["rom", "-deck", "{in}", "-output", "out.h5"], True, 1),
    "rom_h5": ("rom.h5", seed_rom, ["modal", "-rom", "{in}", "-output", "out.h5"], False, 2),
    "result_h5": ("bb.h5", seed_result, ["plot", "{in}", "-output", "out.png"], False, 1),
}

MAGIC = [b"nan", b"inf", b"-inf", b"1e308", b"-1e308", b"-1", b"0", b"9223372036854775808", b"4294967297", b"1e-320", b"", b"0x10"]
STRUCT = [b"\x00", b"\n", b",", b"[", b"]", b"{", b"}", b":", b"'", b'"', b"-", b"e", b"\t", b"#", b"*", b"&a", b"!!binary", b"\xff\xfe"]
NUMBER = re.compile(rb"-?\d+(\.\d*)?([eE][-+]?\d+)?")


def mutate_text(data, rng):
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(8)
        if not data:
            data = rng.choice(STRUCT)
            continue
        i = rng.randrange(len(data))
        if op == 0:  # a number replaced by an extreme value
            nums = list(NUMBER.finditer(data))
            if nums:
                m = rng.choice(nums)
                data = data[:m.start()] + rng.choice(MAGIC) + data[m.end():]
        elif op == 1:  # a structure character inserted
            data = data[:i] + rng.choice(STRUCT) + data[i:]
        elif op == 2:  # a span deleted
            data = data[:i] + data[i + rng.randint(1, 32):]
        elif op == 3:  # a span repeated
            j = min(len(data), i + rng.randint(1, 64))
            data = data[:j] + data[i:j] * rng.randint(1, 4) + data[j:]
        elif op == 4:  # two lines swapped
            lines = data.split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            data = b"\n".join(lines)
        elif op == 5:  # a line repeated many times
            lines = data.split(b"\n")
            a = rng.randrange(len(lines))
            lines[a:a + 1] = [lines[a]] * rng.choice([2, 10, 1000])
            data = b"\n".join(lines)
        elif op == 6:  # truncated
            data = data[:i]
        else:  # a byte changed
            data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    return data


def gcol_sizes(data, rng=None):
    """The size of the last object in HDF5's global heap (variable-length strings: labels, attributes) made huge
    (2^31 - 1), or with rng that of a random one a random size: libhdf5 reads past its buffer (H5HG_read()) instead of
    checking it."""
    data = bytearray(data)
    i = data.find(b"GCOL")
    if i < 0:
        return bytes(data)
    end, o, objs = i + struct.unpack_from("<Q", data, i + 8)[0], i + 16, []
    while o + 16 <= min(end, len(data)):
        idx, size = struct.unpack_from("<H", data, o)[0], struct.unpack_from("<Q", data, o + 8)[0]
        if idx == 0:
            break
        objs.append(o)
        o += 16 + (size + 7) // 8 * 8
    for o in [rng.choice(objs)] if rng and objs else objs[-1:]:
        struct.pack_into("<Q", data, o + 8, rng.choice([2**31 - 1, 2**40, 2**64 - 1, 0]) if rng else 2**31 - 1)
    return bytes(data)


def gcol_free_space(data, rng=None):
    """The free-space object that ends HDF5's global heap collection given size 0 instead of the rest of the collection (as
    when a block holding the last objects is zeroed): h5py then hung for ever reading a string attribute (make fuzz, seed 1)."""
    data = bytearray(data)
    i = data.find(b"GCOL")
    if i < 0:
        return bytes(data)
    end, o = i + struct.unpack_from("<Q", data, i + 8)[0], i + 16
    while o + 16 <= min(end, len(data)):
        idx, size = struct.unpack_from("<H", data, o)[0], struct.unpack_from("<Q", data, o + 8)[0]
        if idx == 0:
            struct.pack_into("<Q", data, o + 8, 0)
            break
        o += 16 + (size + 7) // 8 * 8
    return bytes(data)


def vlen_length(data, rng=None):
    """The length of the first reference to an object of HDF5's global heap (a variable-length string: length, collection
    address, object index) made 0xce000005: libhdf5 then worked for ever on a 5-byte string (make fuzz, seed 5)."""
    data = bytearray(data)
    i = data.find(b"GCOL")
    if i < 0:
        return bytes(data)
    p = data.find(struct.pack("<Q", i), 4)
    while 0 <= p and p + 12 <= len(data):
        if 1 <= struct.unpack_from("<I", data, p + 8)[0] < 65536:
            struct.pack_into("<I", data, p - 4, struct.unpack_from("<I", data, p - 4)[0] | 0xce000000)
            break
        p = data.find(struct.pack("<Q", i), p + 1)
    return bytes(data)


RECIPES = {"gcol_sizes": gcol_sizes, "gcol_free_space": gcol_free_space, "vlen_length": vlen_length}


def mutate_binary(data, rng):
    if rng.randrange(5) == 0:  # the structure HDF5 trusts most
        return gcol_sizes(data, rng)
    data = bytearray(data)
    op = rng.randrange(4)
    if op == 0:  # a few bytes changed
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif op == 1:  # truncated
        del data[rng.randrange(len(data)):]
    elif op == 2:  # a block zeroed
        i = rng.randrange(len(data))
        n = rng.choice([8, 64, 512])
        data[i:i + n] = bytes(len(data[i:i + n]))
    else:  # bytes changed within the first 4 kB (superblock, object headers)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(min(4096, len(data)))] = rng.randrange(256)
    return bytes(data)


def classify(rc, err, verb, left, timed_out):
    if timed_out:
        return "hang"
    text = err.decode("utf-8", "replace")
    if rc < 0 or rc >= 128 or "PETSC ERROR" in text or "AddressSanitizer" in text or "runtime error:" in text or "Traceback" in text \
            or "core dumped" in text:
        return "crash"
    if rc == 0:
        return "partial" if any(".tmp." in f for f in left) else "accepted"
    # progress lines (tribo surface, fit and sweep write "... (left ~X s)" to stderr) may come before the error line
    lines = [line for line in text.splitlines() if line.strip() and not re.search(r"\(left ~[0-9.]+ s\)$", line)]
    if len(lines) != 1 or not lines[0].startswith("tribo %s: error: " % verb):
        return "unclear"
    return "partial" if left else "refused"


def run_one(tribo, kind, data, work, timeout):
    fname, _, cmd, _, _ = KINDS[kind]
    d = tempfile.mkdtemp(dir=work)
    path = os.path.join(d, fname)
    with open(path, "wb") as f:
        f.write(data)
    if kind == "options_file":
        with open(os.path.join(d, "base.yaml"), "wb") as f:
            f.write(SYSTEM)
    args = [tribo] + [a.replace("{in}", path).replace("{dir}", d) for a in cmd]
    before = set(os.listdir(d))
    env = dict(os.environ, TRIBO_PYTHON=os.environ.get("TRIBO_FUZZ_PYTHON", "/bin/true") if kind != "result_h5" else sys.executable)
    timed_out = False
    # in a session of its own, killed whole on a timeout: tribo plot's Python child would otherwise outlive tribo and keep a
    # hanging libhdf5 spinning (two such orphans ran for 50 minutes beside a CI run)
    p = subprocess.Popen(args, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
    try:
        _, err = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        _, err = p.communicate()
        rc, err, timed_out = -9, err or b"", True
    left = sorted(set(os.listdir(d)) - before)
    if rc == 0:
        left = [f for f in left if ".tmp." in f]
    outcome = classify(rc, err, cmd[0], left, timed_out)
    shutil.rmtree(d, ignore_errors=True)
    return outcome, rc, err, args, left


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tribo", default="bin/tribo")
    ap.add_argument("--budget", type=float, default=120, help="seconds of mutants (after the seeds)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--save", help="copy each finding's input and command here")
    ap.add_argument("--replay", help="run the inputs saved in this folder instead of mutants")
    ap.add_argument("--work", help="scratch folder (default: a temporary one)")
    a = ap.parse_args()
    tribo = os.path.abspath(a.tribo)
    kinds = [k for k in a.kinds.split(",") if k]
    for k in kinds:
        if k not in KINDS:
            sys.exit("fuzz.py: unknown kind %s (kinds: %s)" % (k, ", ".join(KINDS)))
    work = a.work or tempfile.mkdtemp(prefix="tribo-fuzz-")
    os.makedirs(work, exist_ok=True)
    outcomes = ["accepted", "refused", "crash", "hang", "unclear", "partial"]
    count = {k: dict.fromkeys(outcomes, 0) for k in kinds}
    findings = []

    def record(kind, data, res):
        outcome, rc, err, args, left = res
        count[kind][outcome] += 1
        if outcome in ("accepted", "refused"):
            return
        h = hashlib.sha256(data).hexdigest()[:12]
        msg = err.decode("utf-8", "replace").strip().splitlines()
        findings.append((kind, outcome, h, rc, msg[-1][:200] if msg else "", left))
        if a.save:
            os.makedirs(a.save, exist_ok=True)
            ext = os.path.splitext(KINDS[kind][0])[1]
            with open(os.path.join(a.save, "%s-%s%s" % (kind, h, ext)), "wb") as f:
                f.write(data)
            with open(os.path.join(a.save, "%s-%s.json" % (kind, h)), "w") as f:
                json.dump({"kind": kind, "input": "%s-%s%s" % (kind, h, ext), "outcome": outcome, "exit": rc, "stderr": msg[-5:], "left": left}, f,
                          indent=1)

    t0 = time.time()
    if a.replay:  # each NAME.json: {"kind": ..., "input": file beside it} or {"kind": ..., "recipe": applied to a fresh seed}
        seeds = {}
        for n in sorted(n for n in os.listdir(a.replay) if n.endswith(".json")):
            with open(os.path.join(a.replay, n)) as f:
                entry = json.load(f)
            kind = entry["kind"]
            if kind not in count:
                continue
            if "recipe" in entry:
                if kind not in seeds:
                    sd = tempfile.mkdtemp(dir=work)
                    seeds[kind] = KINDS[kind][1](sd, tribo)
                    shutil.rmtree(sd, ignore_errors=True)
                data = RECIPES[entry["recipe"]](seeds[kind])
            else:
                with open(os.path.join(a.replay, entry["input"]), "rb") as f:
                    data = f.read()
            record(kind, data, run_one(tribo, kind, data, work, a.timeout))
    else:
        seeds = {}
        for k in kinds:
            sd = tempfile.mkdtemp(dir=work)
            seeds[k] = KINDS[k][1](sd, tribo)
            shutil.rmtree(sd, ignore_errors=True)
            res = run_one(tribo, k, seeds[k], work, a.timeout)
            if res[0] != "accepted":
                sys.exit("fuzz.py: the seed of %s is not accepted (%s, exit %d): %s" % (k, res[0], res[1], res[2].decode("utf-8", "replace")[-400:]))
        rng = {k: random.Random(a.seed * 1000 + i) for i, k in enumerate(kinds)}
        t1 = time.time()
        while time.time() - t1 < a.budget:
            for k in kinds:
                for _ in range(KINDS[k][4]):
                    data = mutate_text(seeds[k], rng[k]) if KINDS[k][3] else mutate_binary(seeds[k], rng[k])
                    record(k, data, run_one(tribo, k, data, work, a.timeout))
                if time.time() - t1 >= a.budget:
                    break
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)
    print("%-14s %6s %8s %7s %5s %4s %7s %7s" % ("kind", "tried", "accepted", "refused", "crash", "hang", "unclear", "partial"))
    tot = dict.fromkeys(outcomes, 0)
    for k in kinds:
        c = count[k]
        for o in outcomes:
            tot[o] += c[o]
        print("%-14s %6d %8d %7d %5d %4d %7d %7d" % (k, sum(c.values()), c["accepted"], c["refused"], c["crash"], c["hang"], c["unclear"],
                                                      c["partial"]))
    print("%-14s %6d %8d %7d %5d %4d %7d %7d" % ("total", sum(tot.values()), tot["accepted"], tot["refused"], tot["crash"], tot["hang"],
                                                  tot["unclear"], tot["partial"]))
    for f in findings:
        print("finding: %s %s %s exit %d: %s%s" % (f[0], f[1], f[2], f[3], f[4], (" left: " + " ".join(f[5])) if f[5] else ""))
    print("fuzz: %d inputs in %.0f s, %d findings" % (sum(tot.values()), time.time() - t0, len(findings)))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""The include graph of tribo keeps its layers (doc/architecture.md): a file may include, directly
or through other headers, only headers of its own layer or of layers below it, and a public header
(include/*.h) includes no private one (include/tribo/private/*.h).

Layers, bottom up:  0 sys, num   1 law, hb   2 fe   3 rom, model   4 io, cont   5 analyses (nma)   6 fit (optimizers, ringdown)
                    7 cli (the program; pictures are drawn by the Python package python/tribo).
Prints one line per violation; exits 1 if there is any, else prints a summary and exits 0."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = {"sys": 0, "num": 0, "law": 1, "hb": 1, "fe": 2, "surf": 2, "rom": 3, "model": 3, "io": 4, "cont": 4, "contact": 4, "nma": 5, "fit": 6, "cli": 7}
HEADER = {"tribosys.h": 0, "tribonum.h": 0, "tribolaw.h": 1, "tribomasing.h": 1, "tribohb.h": 1, "tribofe.h": 2, "tribosurf.h": 2, "tribo/private/surfimpl.h": 2, "triborom.h": 3, "tribocb.h": 3, "tribozte.h": 3, "tribo/private/zteimpl.h": 3,
          "tribomodel.h": 3, "tribohbop.h": 3, "triboio.h": 4, "tribocont.h": 4, "tribocontact.h": 4, "tribonma.h": 5, "tribotransient.h": 5, "tribofit.h": 6, "tribocli.h": 7, "tribo.h": 7,
          "tribo/private/objimpl.h": 0, "tribo/private/lawimpl.h": 1, "tribo/private/dopri.h": 1, "tribo/private/masingimpl.h": 1, "tribo/private/iwanimpl.h": 1, "tribo/private/bwimpl.h": 1, "tribo/private/feimpl.h": 2, "tribo/private/inpimpl.h": 2,
          "tribo/private/cbimpl.h": 3, "tribo/private/romimpl.h": 3, "tribo/private/jointimpl.h": 3, "tribo/private/hbopimpl.h": 3, "tribo/private/h5impl.h": 4, "tribo/private/matioimpl.h": 4, "tribo/private/contactimpl.h": 4,
          "tribo/private/nmaimpl.h": 5}
INC = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def includes(path):
  with open(path, encoding="utf-8", errors="replace") as f:
    return INC.findall(f.read())


def header_path(name, here):
  for base in (os.path.join(ROOT, "include"), os.path.dirname(here)):
    p = os.path.join(base, name)
    if os.path.isfile(p):
      return p
  return None  # a system or PETSc header


def closure(path, seen=None):
  """Project headers reached from path: {name: chain}"""
  seen = {} if seen is None else seen
  for name in includes(path):
    p = header_path(name, path)
    if p is None or name in seen:
      continue
    seen[name] = p
    closure(p, seen)
  return seen


def key(p):
  rel = os.path.relpath(p, os.path.join(ROOT, "include"))
  return rel if not rel.startswith("..") else os.path.relpath(p, ROOT)


bad, nfiles = [], 0
for d, _, files in os.walk(os.path.join(ROOT, "src")):
  for fn in sorted(files):
    if not fn.endswith((".c", ".h")):
      continue
    path = os.path.join(d, fn)
    rel = os.path.relpath(path, ROOT)
    folder = rel.split(os.sep)[1]
    if folder not in FOLDER:
      bad.append("%s: folder src/%s has no layer in tests/cli/layers.py" % (rel, folder))
      continue
    nfiles += 1
    for name, p in closure(path).items():
      k = key(p)
      if k == "build/gitrev.h" or (k not in HEADER and k.startswith("src/")):
        continue  # generated (the git revision), or a header next to its sources
      if k not in HEADER:
        bad.append("%s: includes %s, which has no layer in tests/cli/layers.py" % (rel, k))
      elif HEADER[k] > FOLDER[folder]:
        bad.append("%s (layer %d, src/%s) includes %s (layer %d): layers point down only" % (rel, FOLDER[folder], folder, k, HEADER[k]))
npub = 0
for fn in sorted(os.listdir(os.path.join(ROOT, "include"))):
  if not fn.endswith(".h"):
    continue
  npub += 1
  path = os.path.join(ROOT, "include", fn)
  if fn not in HEADER:
    bad.append("include/%s has no layer in tests/cli/layers.py" % fn)
    continue
  for name, p in closure(path).items():
    k = key(p)
    if k.startswith("tribo/private/"):
      bad.append("include/%s (public) includes the private header %s" % (fn, k))
    elif k in HEADER and HEADER[k] > HEADER[fn]:
      bad.append("include/%s (layer %d) includes %s (layer %d)" % (fn, HEADER[fn], k, HEADER[k]))
for b in bad:
  print("layer violation: " + b)
if bad:
  sys.exit(1)
print("include graph: %d source files and %d public headers keep the layers; no public header includes a private one" % (nfiles, npub))

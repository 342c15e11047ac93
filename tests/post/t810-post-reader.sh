#!/usr/bin/env bash
# Python post-processing, the reader (python/tribo, no matplotlib needed): tribo.read returns
# every dataset and attribute that h5py finds in files written by bin/tribo, with the values
# the C program prints (sizes, normal force, frequencies, backbone table); the interface comes
# from the run's ROM (absolute or relative -rom, checked by SHA-256); CSR groups, interface
# fields and the measured-data CSV reader; one-line errors naming the file (and group) for a
# missing, empty, non-HDF5, truncated or non-tribo file. One line per check.
# timeout: 60
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
W=$TMPDIR_TEST/t810
make_runs "$W/in" prestress modal backbone
[ "$RUNS_OK" = 1 ] || { finish; exit 1; }
# the same prestress with a relative -rom from its own folder (the reader finds the ROM next to it)
mkdir -p "$W/rel"
cp "$W/in/rom.h5" "$W/rel/rom.h5"
run "$W/rel" prestress prestress -rom rom.h5 -options_file "$ROOT/configs/demo.yaml" -output prestress.h5
[ "$RC" -eq 0 ] || fail "tribo prestress -rom rom.h5 (relative)" "exit status $RC" "$W/rel/prestress.err"

pychecks "reader" "$W" <<'EOF'
import hashlib, os, re, shutil, sys
import numpy as np, h5py
import tribo
from tribo import interface as ti

W = sys.argv[1]
D = W + "/in"
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))
def out(name):
    return open("%s/%s.out" % (D, name)).read()

# --- (a) every dataset and attribute, as h5py reads them --------------------------------------
def norm(v):
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, np.ndarray) and v.dtype.kind in "OS":
        return np.array([x.decode() if isinstance(x, bytes) else x for x in v.ravel()], dtype=str).reshape(v.shape)
    return v

def same(a, b, dataset=False):
    a, b = norm(a), norm(b)
    if dataset:  # datasets are numpy arrays, 0-d ones too
        b = np.asarray(b)
    if isinstance(b, np.generic):  # a scalar attribute: the same Python type and value
        return type(a) is type(b.item()) and a == b.item()
    if isinstance(b, np.ndarray) or isinstance(a, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        return a.shape == b.shape and (a.dtype.kind == b.dtype.kind or a.size == 0) and np.array_equal(a, b)
    return type(a) in (int, float, str) and a == b

# and a file with what tribo does not write yet: attributes on datasets, scalars, fixed-length
# strings, string-array attributes, an empty dataset, nested groups
with h5py.File(W + "/synthetic.h5", "w") as h:
    m = h.create_group("meta")
    m.attrs["program"], m.attrs["verb"], m.attrs["mpi_size"] = "tribo", "future", np.int64(3)
    m.attrs["names"] = np.array([b"a", b"bc"], dtype="S2")
    d = h.create_dataset("future/deep/values", data=np.arange(6.0).reshape(2, 3))
    d.attrs["unit"], d.attrs["scale"] = "MPa", 1e-6
    h["future/scalar"] = 2.5
    h["future/count"] = np.int32(7)
    h["future/fixed"] = np.array([b"xy", b"z"], dtype="S2")
    h["future/vlen"] = np.array(["un", "deux"], dtype=h5py.string_dtype())
    h["future/empty"] = np.zeros((0, 3))
    h["future"].attrs["flags"] = np.array([1, 0, 1], dtype=np.int8)
for name in ("rom", "prestress", "modal", "backbone", "../synthetic"):
    path = "%s/%s.h5" % (D, name)
    r = tribo.read(path)
    bad, n = [], 0
    with h5py.File(path, "r") as f:
        seen = set()
        def visit(key, obj):
            global n
            seen.add("/" + key)
            node = r.get("/" + key)
            if isinstance(obj, h5py.Dataset):
                n += 1
                if not isinstance(node, np.ndarray) or not same(node, obj[()], dataset=True):
                    bad.append("/" + key)
            elif not isinstance(node, tribo.Group):
                bad.append("/" + key + " (not a Group)")
            for k, v in obj.attrs.items():
                n += 1
                if k not in r.attrs.get("/" + key, {}) or not same(r.attrs["/" + key][k], v):
                    bad.append("/%s@%s" % (key, k))
                if isinstance(obj, h5py.Group) and not same(node.attrs.get(k), v):
                    bad.append("/%s .attrs[%s]" % (key, k))
        f.visititems(visit)
        def walk(g, p):  # nothing more in the result than in the file
            for k, v in g.items():
                q = p + "/" + k
                if q not in seen:
                    bad.append(q + " (not in the file)")
                if isinstance(v, dict):
                    walk(v, q)
        walk(r.data, "")
        extra = set(r.attrs) - seen - {"/"}
        bad += sorted(extra)
    check(not bad and n > 10, "read(%s.h5) holds exactly the %d datasets and attributes of the file" % (name, n), ", ".join(bad[:8]))

rom, ps, mo, bb = (tribo.read("%s/%s.h5" % (D, n)) for n in ("rom", "prestress", "modal", "backbone"))
check(isinstance(rom.meta["verb"], str) and rom.meta["verb"] == "model" and bb.meta["program"] == "tribo"
      and isinstance(bb.meta["mpi_size"], int) and bb.meta["inputs"] == ["rom.h5"],
      "meta: verb, program, mpi_size (int), inputs decoded", repr(bb.meta)[:200])
check(bb.meta["input_sha256"] == [hashlib.sha256(open(D + "/rom.h5", "rb").read()).hexdigest()],
      "meta: input_sha256 is the SHA-256 of rom.h5")
check(bb.options.get("-backbone_n") == "5" and bb.options.get("-friction_type") == "edf", "options parsed from /meta options",
      repr(bb.options))
labels = rom.rom["R_labels"]
check(labels.dtype.kind == "U" and str(labels[2]).startswith("accel1_z"), "string datasets decoded to str", repr(labels))

# --- (a) the values the C program prints ------------------------------------------------------
m = re.search(r"DOFs: (\d+)", out("rom"))
check(m and rom.rom["M"].shape == (int(m.group(1)),) * 2 and rom.rom["K"].shape == rom.rom["M"].shape, "M, K are n x n with n = DOFs printed")
m = re.search(r"interface: (\d+) node pairs, (\d+) elements \((\d+) quadrilaterals, (\d+) triangles\), (\d+) quadrature points, area (\S+) m\^2", out("rom"))
f = rom.interface
el = f["elements"]
check(m and len(f["nodes"]) == int(m.group(1)) and len(el) == int(m.group(2)) and (el[:, 3] >= 0).sum() == int(m.group(3))
      and (el[:, 3] < 0).sum() == int(m.group(4)) and len(f["points"]) == int(m.group(5)) == len(f["weights"]) == len(f["point_element"])
      and abs(f["weights"].sum() - float(m.group(6))) <= 1e-5 * float(m.group(6)),
      "interface sizes and area as printed (%s)" % (m.group(0) if m else "?"))
Q, T = tribo.csr_to_dense(f["Q"]), tribo.csr_to_dense(f["T"])
check(np.abs(Q @ f["nodes"] - f["points"]).max() < 1e-12 and np.allclose(T, (Q * f["weights"][:, None]).T, rtol=0, atol=1e-15),
      "csr_to_dense: Q interpolates the nodes to the points, T = (Q diag(w))^T")

m = re.search(r"normal force (\S+) N, mean pressure (\S+) MPa, peak (\S+) MPa", out("prestress"))
tn = ti.point_field(ps, "pressure")
force = (tn * 1e6 * f["weights"]).sum()
check(m and abs(force - float(m.group(1))) <= 0.5 and abs(tn.max() - float(m.group(3))) <= 0.006
      and abs(force / f["weights"].sum() / 1e6 - float(m.group(2))) <= 0.006,
      "prestress: normal force %.1f N, peak %.3f MPa as printed" % (force, tn.max()), m.group(0) if m else "no line")
check(ps.prestress.attrs["tension_N"] == 12249.0 and ps.prestress["u"].shape == (rom.rom["M"].shape[0],),
      "prestress attrs (tension_N) and u (n)")

printed = [float(x) for x in re.findall(r"^\s+\d+\s+(\S+) Hz", out("modal"), re.M)]
fhz = mo.modal["frequency_hz"]
check(len(printed) == len(fhz) and np.allclose(fhz, printed, rtol=0, atol=6e-5), "modal: %d frequencies as printed (%.4f Hz ...)" % (len(fhz), fhz[mo.modal.attrs["nrigid"]]),
      "%s vs %s" % (fhz, printed))
check(np.allclose(mo.modal["omega2"], (2 * np.pi * fhz) ** 2, rtol=1e-9) and mo.modal.attrs["nrigid"] == 6, "modal: omega2 = (2 pi f)^2, nrigid 6")

b = bb.backbone()
rows = re.findall(r"^\s+(\d\.\d+e[-+]\d+)\s+(\d+\.\d+)\s+(\S+)\s+(\d+)\s+(\S+)$", out("backbone"), re.M)
tab = np.array(rows, dtype=float)
rec = int(bb.options["-backbone_plot_recovery"])
check(list(bb.backbones) == [1] and tab.shape == (5, 5) and np.allclose(b["modal_amplitude"], tab[:, 0], rtol=6e-5)
      and np.allclose(b["frequency_hz"], tab[:, 1], rtol=0, atol=6e-6) and np.allclose(b["damping"], tab[:, 2], rtol=6e-6, atol=1e-12)
      and np.array_equal(b["newton_iterations"], tab[:, 3]) and np.allclose(np.abs(b["recovery_acceleration"][:, rec]), tab[:, 4], rtol=6e-5),
      "backbone mode 1: q, frequency, damping, Newton, acceleration as printed", "%s" % tab)
check(b.attrs["method"] == "rqnma" and abs(b.attrs["frequency0_hz"] - fhz[6]) < 1e-6 and set(np.unique(b["converged"])) <= {0, 1, 2},
      "backbone attrs method, frequency0_hz (the elastic mode), converged codes")

# --- the interface from the run's ROM ------------------------------------------------------------
check(not bb.has("/rom") and np.array_equal(bb.interface["elements"], el) and np.array_equal(ps.interface["points"], f["points"]),
      "backbone.h5 (no /rom): interface read from its ROM in /meta/inputs")
here = os.getcwd()
os.chdir("/")
rel = tribo.read(W + "/rel/prestress.h5")
check(rel.meta["inputs"] == ["rom.h5"] and np.array_equal(rel.interface["nodes"], f["nodes"]),
      "relative -rom rom.h5: found next to the result from another folder")
os.chdir(here)
with open(W + "/rel/rom.h5", "ab") as fh:
    fh.write(b"changed")
try:
    tribo.read(W + "/rel/prestress.h5").interface
    check(False, "a ROM changed since the run is refused", "no error")
except tribo.ResultError as e:
    check("SHA-256" in str(e) and "prestress.h5" in str(e) and "\n" not in str(e), "a ROM changed since the run is refused", str(e))
check(np.array_equal(tribo.read(W + "/rel/prestress.h5", rom=D + "/rom.h5").interface["nodes"], f["nodes"]),
      "read(rom=...) gives the geometry explicitly")

# --- interface fields and frame ----------------------------------------------------------------
v = ti.point_field(ps, "gap")
avg = ti.element_average(f, v)
loop = np.array([sum(f["weights"][p] * v[p] for p in range(len(v)) if f["point_element"][p] == e) /
                 sum(f["weights"][p] for p in range(len(v)) if f["point_element"][p] == e) for e in range(len(el))])
check(np.allclose(avg, loop, rtol=1e-13) and np.allclose(v, 1e6 * ps.prestress["point_displacement"][:, 2]),
      "element_average: weighted mean per element (gap in um)")
fr = ti.interface_frame(f["nodes"])
check(np.allclose(np.abs(fr), np.eye(3)) and fr[0, 0] > 0 and fr[1, 1] > 0 and ti.axis_names(fr) == ["x", "y"],
      "interface_frame: the lap joint (plane z = const) is seen with x right, y up")
c, s = np.cos(0.3), np.sin(0.3)
tilt = np.array([[1, 0, 0], [0, c, -s], [0, s, c]])
fr2 = ti.interface_frame(f["nodes"] @ tilt.T)
check(abs(abs(fr2[2] @ tilt[:, 2]) - 1) < 1e-12 and abs(fr2[0] @ fr2[1]) < 1e-12 and ti.axis_names(fr2) == ["x", "t2"],
      "interface_frame: a tilted plane gets its normal and an orthonormal frame")

# --- errors: one line naming the file (and the group) --------------------------------------------
open(W + "/text.h5", "w").write("not hdf5\n")
open(W + "/empty.h5", "w").close()
open(W + "/trunc.h5", "wb").write(open(D + "/backbone.h5", "rb").read()[:4000])
with h5py.File(W + "/nometa.h5", "w") as h:
    h["x"] = [1.0]
with h5py.File(W + "/other.h5", "w") as h:
    h.create_group("meta").attrs["program"] = "abaqus"
def err(fn):
    try:
        fn()
    except tribo.ResultError as e:
        return str(e)
    except Exception as e:
        return "WRONG TYPE %s: %s" % (type(e).__name__, e)
    return "NO ERROR"
cases = [(W + "/missing.h5", "no such file"), (W + "/text.h5", "not an HDF5 file"), (W + "/empty.h5", "empty file"),
         (W + "/trunc.h5", "truncated"), (W + "/nometa.h5", "no /meta"), (W + "/other.h5", "not a tribo file"), (W, "folder")]
for path, want in cases:
    e = err(lambda: tribo.read(path))
    check(want in e and path in e and "\n" not in e, "read(%s): ResultError '%s'" % (os.path.basename(path), want), e)
e = err(lambda: rom.modal)
check("/modal" in e and "rom.h5" in e and "tribo modal" in e, "rom.modal: names the file and the missing group /modal", e)
e = err(lambda: ps.backbones)
check("/backbone" in e and "prestress.h5" in e, "prestress.backbones: names /backbone", e)
e = err(lambda: bb.backbone(7))
check("mode7" in e and "modes 1" in e, "backbone(7): names the mode and the modes there", e)
check(issubclass(tribo.ResultError, Exception) and rom.has("/rom/interface/Q/rowptr") and not rom.has("/modal"), "has()")

# --- measured data (CSV) ----------------------------------------------------------------------------
csv = W + "/meas.csv"
open(csv, "w").write("# BRB test 3\nacc;freq_hz;zeta\n100;195.5;0.002\n\n300;192;0.006\n")
a = tribo.read_measured(csv + ":acc,freq_hz,zeta", label="test 3")
b2 = tribo.read_measured(csv + ":0,1")
check(np.allclose(a.amplitude, [100, 300]) and np.allclose(a.frequency, [195.5, 192]) and np.allclose(a.damping, [0.002, 0.006])
      and a.label == "test 3" and b2.damping is None and b2.label == "meas.csv" and np.allclose(b2.frequency, a.frequency),
      "read_measured: columns by name and by index, zeta optional, ';' and comment lines")
check(np.allclose(tribo.read_measured(csv).damping, [0.002, 0.006]), "read_measured: a bare path takes columns 0, 1, 2")
open(W + "/bad.csv", "w").write("acc,freq\n1,2\n3,abc\n")
for spec, want in [(csv + ":acc,nope", "no column 'nope'"), (csv + ":0,9", "column 9 out of range"), (W + "/bad.csv", "line 3"),
                   (W + "/none.csv:0,1", "no such file"), (csv + ":0", "columns must be")]:
    e = err(lambda: tribo.read_measured(spec))
    check(want in e and "\n" not in e, "read_measured(%s): '%s'" % (os.path.basename(spec), want), e)
EOF
finish

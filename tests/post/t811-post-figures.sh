#!/usr/bin/env bash
# Python post-processing, the figures (matplotlib, headless, no display): every kind renders
# from small result files written by bin/tribo and its axes carry the data, read back from the
# Figure objects: backbone (lines per file and panel, axis limits around the data, x by modal
# amplitude or a recovery row, failed points not drawn, unsettled ones circled, measured data),
# interface fields (one polygon per face, colours = quadrature-weighted face means, colour bar
# from the field's min to max with its unit, equal aspect, triangles and a tilted interface),
# modal frequencies; the registry of kinds; .png, .svg, .pdf by extension. One line per check.
# timeout: 60
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
need_matplotlib
W=$TMPDIR_TEST/t811
make_runs "$W/in"
[ "$RUNS_OK" = 1 ] || { finish; exit 1; }

pychecks "figures" "$W" <<'EOF'
import os, sys
import numpy as np, h5py, shutil
import tribo
from tribo import figures as tf, interface as ti

W = sys.argv[1]
D = W + "/in"
def check(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))
def lines(ax, prefix):
    return [l for l in ax.get_lines() if (l.get_gid() or "").startswith(prefix)]
def contains(lim, data, log=False):
    data = np.asarray(data, dtype=float)
    data = data[np.isfinite(data)]
    lo, hi = sorted(lim)
    return lo <= data.min() and data.max() <= hi

import matplotlib
check("matplotlib.pyplot" not in sys.modules and matplotlib.get_backend().lower() == "agg" and "DISPLAY" not in os.environ,
      "headless: Agg backend, pyplot not imported, no DISPLAY")
check(list(tribo.FIGURES)[:3] == ["backbone", "prestress", "modal"] and all(callable(f) for f in tribo.FIGURES.values()),
      "registry FIGURES: backbone, prestress, modal")

# --- backbone --------------------------------------------------------------------------------------
bb = tribo.read(D + "/backbone.h5")
b = bb.backbone()
fig = tf.backbone_figure(bb, x="modal")
axf, axz = fig.axes[:2]
lf, lz = lines(axf, "backbone-"), lines(axz, "backbone-")
q, f, z = b["modal_amplitude"], b["frequency_hz"], 100 * b["damping"]
ok = b["converged"] > 0
check(len(fig.axes) == 2 and len(lf) == 1 and len(lz) == 1 and len(axf.get_lines()) == 1 + int((b["converged"] == 2).any()),
      "backbone: 2 panels, one line each for one file")
check(np.allclose(lf[0].get_xdata()[ok], q[ok]) and np.allclose(lf[0].get_ydata()[ok], f[ok]) and np.allclose(lz[0].get_ydata()[ok], z[ok]),
      "backbone: frequency (Hz) and damping (%) against the modal amplitude")
check(contains(axf.get_xlim(), q) and contains(axf.get_ylim(), f) and contains(axz.get_ylim(), z) and axf.get_xscale() == "log",
      "backbone: axis limits contain the data (x %.3g..%.3g, f %.2f..%.2f Hz, zeta %.3g..%.3g %%)" % (q.min(), q.max(), f.min(), f.max(), z.min(), z.max()),
      "%s %s %s" % (axf.get_xlim(), axf.get_ylim(), axz.get_ylim()))
check("modal amplitude" in axf.get_xlabel() and "Hz" in axf.get_ylabel() and "%" in axz.get_ylabel(), "backbone: axis labels with units")
acc = np.abs(b["recovery_acceleration"][:, 2])
for x in ("acc:accel1_z", "acc:2", "auto"):
    fig = tf.backbone_figure(bb, x=x)
    check(np.allclose(lines(fig.axes[0], "backbone-")[0].get_xdata(), acc) and "accel1_z" in fig.axes[0].get_xlabel()
          and "m/s^2" in fig.axes[0].get_xlabel() and contains(fig.axes[0].get_xlim(), acc),
          "backbone x=%s: acceleration amplitude at recovery row 2 (accel1_z)" % x, fig.axes[0].get_xlabel())
fig = tf.backbone_figure(bb, x="disp:accel2_x")
check(np.allclose(lines(fig.axes[1], "backbone-")[0].get_xdata(), np.abs(b["recovery_displacement"][:, 3])) and "(m)" in fig.axes[1].get_xlabel(),
      "backbone x=disp:accel2_x: displacement amplitude at row 3")
try:
    tf.backbone_figure(bb, x="acc:accel")
    check(False, "backbone x=acc:accel (ambiguous) is refused", "no error")
except tribo.ResultError as e:
    check("fits 6 rows" in str(e), "backbone x=acc:accel (ambiguous) is refused", str(e))

# failed (0) and unsettled (2) points: a copy of the file with its statuses changed
shutil.copy(D + "/backbone.h5", W + "/status.h5")
with h5py.File(W + "/status.h5", "r+") as h:
    h["backbone/mode1/converged"][...] = [1, 0, 1, 2, 2]
st = tribo.read(W + "/status.h5")
fig = tf.backbone_figure(st, x="modal")
axf, axz = fig.axes[:2]
main, uns = lines(axf, "backbone-")[0], lines(axf, "unsettled-")
yd = main.get_ydata()
check(np.isnan(yd[1]) and np.isnan(main.get_xdata()[1]) and np.all(np.isfinite(yd[[0, 2, 3, 4]])) and np.isnan(lines(axz, "backbone-")[0].get_ydata()[1]),
      "backbone: the failed point (converged 0) is not drawn (NaN breaks the line)")
check(len(uns) == 1 and np.allclose(uns[0].get_xdata(), q[[3, 4]]) and np.allclose(uns[0].get_ydata(), f[[3, 4]]) and len(lines(axz, "unsettled-")) == 1
      and "damping unsettled" in [t.get_text() for t in axf.get_legend().get_texts()],
      "backbone: the 2 unsettled points (converged 2) circled, in the legend")

# overlay: two runs and measured data
mcsv = W + "/meas.csv"
open(mcsv, "w").write("amp,f,zeta\n%g,%g,%g\n%g,%g,%g\n" % (100, 209, 0.004, 500, 196, 0.02))
b2 = tribo.read(D + "/backbone2.h5").backbone()
fig = tf.backbone_figure([D + "/backbone.h5", D + "/backbone2.h5"], x="acc:accel1_z", labels=["mu 0.96", "mu 0.5"],
                         measured=[mcsv + ":amp,f,zeta", tribo.read_measured(mcsv + ":0,1", label="f only")], measured_labels=["BRB"])
axf, axz = fig.axes[:2]
nf, nz = len(lines(axf, "backbone-")), len(lines(axz, "backbone-"))
mf, mz = len(lines(axf, "measured-")), len(lines(axz, "measured-"))
legend = [t.get_text() for t in axf.get_legend().get_texts()]
allf = np.concatenate([f, b2["frequency_hz"], [209, 196]])
allx = np.concatenate([acc, np.abs(b2["recovery_acceleration"][:, 2]), [100, 500]])
check(nf == nz == 2 and mf == 2 and mz == 1 and legend[:4] == ["mu 0.96", "mu 0.5", "BRB", "f only"],
      "backbone overlay: 2 runs (labelled) + 2 measured sets in frequency, 1 with damping", "%d %d %d %d %s" % (nf, nz, mf, mz, legend))
check(contains(axf.get_xlim(), allx) and contains(axf.get_ylim(), allf) and contains(axz.get_ylim(), np.r_[z, 100 * b2["damping"], 0.4, 2.0]),
      "backbone overlay: the axes span every run and the measured points")
m = lines(axz, "measured-")[0]
check(np.allclose(m.get_ydata(), [0.4, 2.0]) and m.get_linestyle() == "None", "measured damping in % of critical, as markers")

# --- interface fields ------------------------------------------------------------------------------
ps = tribo.read(D + "/prestress.h5")
fi = ps.interface
names = ["pressure", "gap", "traction", "slip"]
fig = tf.interface_figure(ps, fields=names)
panels = [a for a in fig.axes if a.collections]
frame = ti.interface_frame(fi["nodes"])
xy = 1e3 * fi["nodes"][:, :2]
w, pe = fi["weights"], fi["point_element"]
t, u = ps.prestress["point_traction"], ps.prestress["point_displacement"]
point = {"pressure": 1e-6 * t[:, 2], "gap": 1e6 * u[:, 2], "traction": 1e-6 * np.hypot(t[:, 0], t[:, 1]), "slip": 1e6 * np.hypot(u[:, 0], u[:, 1])}
unit = {"pressure": "MPa", "gap": "um", "traction": "MPa", "slip": "um"}
check(len(panels) == 4, "interface: 4 fields, 4 panels", str(len(panels)))
for ax, name in zip(panels, names):
    pc = ax.collections[0]
    mean = np.array([(w[pe == e] * point[name][pe == e]).sum() / w[pe == e].sum() for e in range(len(fi["elements"]))])
    drawn = np.asarray(pc.get_array())
    verts = [p.vertices for p in pc.get_paths()]
    cb = pc.colorbar
    lo, hi = cb.mappable.get_clim()
    const = mean.max() == mean.min()
    clim_ok = (lo <= mean.min() <= hi and lo < hi) if const else (np.isclose(lo, mean.min(), rtol=1e-12) and np.isclose(hi, mean.max(), rtol=1e-12))
    check(len(ax.collections) == 1 and type(pc).__name__ == "PolyCollection" and len(verts) == len(fi["elements"])
          and all(len(v) >= 4 for v in verts) and np.allclose(drawn, mean, rtol=1e-12, atol=1e-12),
          "interface %s: %d polygons coloured by the weighted face means" % (name, len(verts)))
    check(clim_ok and unit[name] in cb.ax.get_ylabel() and ax.get_aspect() in ("equal", 1.0)
          and contains(ax.get_xlim(), xy[:, 0]) and contains(ax.get_ylim(), xy[:, 1]) and ax.get_xlabel() == "x (mm)",
          "interface %s: colour bar %.4g..%.4g %s%s, equal aspect, axes span the nodes (mm)" % (name, lo, hi, unit[name], " (constant field)" if const else ""),
          "clim %s %s vs %s..%s, label %r aspect %r" % (lo, hi, mean.min(), mean.max(), cb.ax.get_ylabel(), ax.get_aspect()))
# the polygon of element 0 is its nodes, projected, in mm
v0 = panels[0].collections[0].get_paths()[0].vertices[:4]
check(np.allclose(v0, xy[fi["elements"][0]]), "interface: polygon 0 is element 0's nodes in mm")

# a hand-made interface: tilted plane, a triangle (padded with -1) next to a quadrilateral
c, s = np.cos(0.4), np.sin(0.4)
R = np.array([[1, 0, 0], [0, c, -s], [0, s, c]])
nodes2 = np.array([[0, 0, 0], [2e-3, 0, 0], [2e-3, 1e-3, 0], [0, 1e-3, 0], [3e-3, 0.5e-3, 0]]) @ R.T
elems = np.array([[0, 1, 2, 3], [1, 4, 2, -1]])
pe2 = np.array([0, 0, 1, 1, 1])
w2 = np.array([1.0, 3.0, 1.0, 1.0, 2.0]) * 1e-7
tr = np.zeros((5, 3))
tr[:, 2] = np.array([1, 5, 10, 20, 40]) * 1e6
with h5py.File(W + "/hand.h5", "w") as h:
    h.create_group("meta").attrs.update({"program": "tribo", "verb": "prestress"})
    g = h.create_group("rom/interface")
    g["nodes"], g["elements"], g["point_element"], g["weights"] = nodes2, elems, pe2, w2
    g["points"] = np.zeros((5, 3))
    h["prestress/point_traction"], h["prestress/point_displacement"] = tr, np.zeros((5, 3))
fig = tribo.plot(W + "/hand.h5", kind="auto", fields=["pressure"])
pc = [a for a in fig.axes if a.collections][0].collections[0]
nv = [len(p.vertices) - 1 for p in pc.get_paths()]  # closed paths repeat the first vertex
want = [(1 * 1 + 3 * 5) / 4, (10 + 20 + 2 * 40) / 4]
check(nv == [4, 3] and np.allclose(pc.get_array(), want) and np.allclose(pc.get_clim(), [min(want), max(want)]),
      "interface: a triangle (-1 padded) drawn with 3 corners; weighted means %s MPa" % want, "%s %s %s" % (nv, pc.get_array(), pc.get_clim()))
got = pc.get_paths()[0].vertices[:4]
check(np.allclose(np.abs(got[1] - got[0]), [2, 0]) and np.isclose(np.linalg.norm(got[3] - got[0]), 1.0),
      "interface: a tilted interface is drawn true to size along its normal (2 x 1 mm)", str(got))

# --- modal ---------------------------------------------------------------------------------------------
mo = tribo.read(D + "/modal.h5")
fig = tf.modal_figure(mo)
ax = fig.axes[0]
fhz, nr = mo.modal["frequency_hz"], mo.modal.attrs["nrigid"]
el = lines(ax, "modal-0")[0]
check(np.allclose(el.get_ydata(), fhz[nr:]) and np.allclose(lines(ax, "modal-rigid")[0].get_ydata(), fhz[:nr]) and contains(ax.get_ylim(), fhz),
      "modal: %d elastic and %d rigid frequencies, y axis 0..%.0f Hz" % (len(fhz) - nr, nr, ax.get_ylim()[1]))

# --- registry, auto kind, outputs ------------------------------------------------------------------------
@tribo.register_figure("rominfo", applies=lambda r: r.verb == "model", suffix="_info")
def rominfo(results, labels=None, title=None):
    fig = tf.new_figure(3, 3)
    fig.add_subplot().plot(np.diag(results[0].rom["K"]), gid="diagK")
    return fig
check(tf.auto_kind([D + "/backbone.h5", D + "/backbone2.h5"]) == "backbone" and tf.auto_kind(D + "/prestress.h5") == "prestress"
      and tf.auto_kind(D + "/modal.h5") == "prestress" and tf.auto_kind([D + "/backbone.h5", D + "/modal.h5"]) == "prestress",
      "auto kind: backbone if every file has /backbone, else prestress")
fig = tribo.plot(D + "/rom.h5", W + "/rom_info.svg")
check("rominfo" in tribo.FIGURES and fig.axes[0].get_lines()[0].get_gid() == "diagK" and os.path.getsize(W + "/rom_info.svg") > 0,
      "a registered kind is picked by auto for the files it applies to")
magic = {".png": b"\x89PNG\r\n\x1a\n", ".svg": b"<?xml", ".pdf": b"%PDF-"}
fig = tf.backbone_figure(bb)
for ext, head in magic.items():
    out = W + "/bb" + ext
    tribo.save(fig, out)
    check(open(out, "rb").read(len(head)) == head and not [n for n in os.listdir(W) if ".tmp." in n], "save %s: starts with %r, no temporary file left" % (ext, head))
try:
    tribo.save(fig, W + "/bb.jpg")
    check(False, "save .jpg is refused", "no error")
except tribo.ResultError as e:
    check(".png, .svg or .pdf" in str(e), "save .jpg is refused", str(e))
EOF
finish

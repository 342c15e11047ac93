#!/usr/bin/env bash
# XDMF for ParaView (-xdmf): tribo backbone -xdmf writes backbone.xdmf next to backbone.h5. The XML
# parses; every DataItem names a dataset of the HDF5 file with the declared dimensions (h5py);
# a reader other than ours, python3-meshio, loads each top-level grid from the file of its own that tribo
# writes next to bx.xdmf (bx_<grid name>.xdmf: meshio reads one grid per file) with the right numbers of
# points, cells and field values; the cell means of the prestress traction equal the
# weight-averaged point values (numpy, from the point datasets); the temporal collection of the
# backbone has one step per amplitude, its times the modal amplitudes, and its fields are
# q phi(q) on the interface recomputed here from the mode shapes, L and Q of the ROM.
# timeout: 90
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
$PY -c 'import meshio' 2>/dev/null || { echo "skipped: $PY lacks meshio (python3-meshio)"; exit 77; }
W=$TMPDIR_TEST/t813
make_runs "$W" backbone
[ "$RUNS_OK" = 1 ] || { finish; exit 1; }
run "$W" xdmf backbone -rom rom.h5 -options_file "$ROOT/configs/demo.yaml" -output bx.h5 -backbone_n 4 -backbone_quiet -xdmf
if [ $RC -ne 0 ] || [ ! -s "$W/bx.xdmf" ]; then fail "tribo backbone -xdmf writes bx.xdmf" "exit status $RC" "$W/xdmf.err"; finish; exit 1; fi
pass "tribo backbone -xdmf writes bx.xdmf"

pychecks "xdmf checks" "$W" <<'EOF'
import os, sys, copy, xml.etree.ElementTree as ET
import numpy as np, h5py, meshio
W = sys.argv[1]
os.chdir(W)
def check(ok, what):
    print(("ok - " if ok else "not ok - ") + what)
tree = ET.parse("bx.xdmf")
dom = tree.getroot().find("Domain")
grids = dom.findall("Grid")
h5 = h5py.File("bx.h5", "r")
nbad = 0
items = tree.getroot().iter("DataItem")
for it in items:
    f, path = it.text.strip().split(":")
    dims = tuple(int(d) for d in it.get("Dimensions").split())
    if f != "bx.h5" or path not in h5 or h5[path].shape != dims:
        nbad += 1
        print("# bad DataItem", it.text, dims, h5[path].shape if path in h5 else "missing")
check(nbad == 0, "every DataItem names a dataset of bx.h5 with its dimensions (%d items)" % len(list(tree.getroot().iter("DataItem"))))
names = [g.get("Name") for g in grids]
check(names[:2] == ["prestress: interface elements", "prestress: interface points"] and any(n.startswith("modes") for n in names)
      and any(n.startswith("backbone mode 1") for n in names), "grids: " + ", ".join(names))

nn = h5["/interface/nodes"].shape[0]; ne = int(h5["/interface"].attrs["nelem"]); npts = h5["/interface/points"].shape[0]
import re
def canon(e):  # the element without the whitespace after it
    e = copy.deepcopy(e); e.tail = None
    return ET.tostring(e)
def single(g, name):
    """the file of its own that tribo wrote for grid g (src/io/xdmf.c), checked to hold g alone"""
    f = "bx_" + re.sub("[^a-z0-9]+", "_", g.get("Name").lower()).strip("_") + ".xdmf"
    sub = ET.parse(f).getroot().find("Domain").findall("Grid") if os.path.exists(f) else []
    check(len(sub) == 1 and canon(sub[0]) == canon(g), "tribo wrote %s holding grid '%s' alone" % (f, g.get("Name")))
    return f
m = meshio.read(single(grids[0], None))
ncell = sum(len(c.data) for c in m.cells)
check(m.points.shape == (nn, 3) and ncell == ne, "meshio: interface elements, %d nodes and %d cells (h5: %d, %d)" % (len(m.points), ncell, nn, ne))
tr = np.concatenate(m.cell_data["traction (t1, t2, n) [Pa]"])
pt = h5["/prestress/point_traction"][()]
rom = h5py.File("rom.h5", "r")
pw = rom["/rom/interface/weights"][()]; pe = rom["/rom/interface/point_element"][()]
mean = np.array([np.average(pt[pe == e], axis=0, weights=pw[pe == e]) for e in range(ne)])
# meshio groups cells by type: the interface of tribo model is all quadrilaterals, in file order
check(tr.shape == (ne, 3) and np.allclose(tr, mean, rtol=1e-12, atol=1e-6), "cell traction = weight-averaged point traction (max diff %.2e Pa)" % np.abs(tr - mean).max())
m1 = meshio.read(single(grids[1], None))
pv = m1.point_data["traction (t1, t2, n) [Pa]"]
check(m1.points.shape == (npts, 3) and np.array_equal(pv, pt), "meshio: interface points, %d points with their traction" % len(m1.points))
bb = [g for g in grids if g.get("Name").startswith("backbone")][0]
r = meshio.xdmf.TimeSeriesReader(single(bb, None))
pts, cells = r.read_points_cells()
q = h5["/backbone/mode1/modal_amplitude"][()]
times, fields = [], []
for k in range(r.num_steps):
    t, pd, cd = r.read_data(k)
    times.append(t); fields.append(np.concatenate(cd["relative displacement amplitude q phi(q) (t1, t2, n) [m]"]))
check(r.num_steps == len(q) and np.allclose(times, q, rtol=1e-12), "meshio time series: %d steps at the modal amplitudes" % r.num_steps)
# q phi(q) at the points from the ROM's L and Q (CSR groups), then the element means
def dense(g):
    sh = g["shape"][()]; A = np.zeros(sh); rp = g["rowptr"][()]; ci = g["colidx"][()]; v = g["values"][()]
    for i in range(sh[0]): A[i, ci[rp[i]:rp[i + 1]]] = v[rp[i]:rp[i + 1]]
    return A
L = dense(rom["/rom/interface/L"]); Q = dense(rom["/rom/interface/Q"])
phi = h5["/backbone/mode1/mode_shape"][()]
worst = 0
for k in range(len(q)):
    nodal = (L @ (q[k] * phi[k])).reshape(-1, 3)
    up = Q @ nodal
    ue = np.array([np.average(up[pe == e], axis=0, weights=pw[pe == e]) for e in range(ne)])
    worst = max(worst, np.abs(fields[k] - ue).max() / max(np.abs(ue).max(), 1e-300))
check(worst < 1e-10, "q phi(q) on the interface = L and Q of the ROM applied to the stored mode shapes (relative diff %.1e)" % worst)
EOF
finish

#!/usr/bin/env bash
# XDMF of the finite-element surface (issue 7): tribo rom -xdmf stores the outer surface of a small
# lap-beam deck and the reduction basis at its nodes (/fe/surface), with and without the second
# stage (-rom_condense_modes), and on 1 and 2 ranks; tribo modal -xdmf copies the surface mesh into
# its result and adds the prestress and the mode shapes on it. Checks: every top-level grid of the
# XDMF files loads with meshio (points, cells, field sizes against h5py); at each interface pair
# the difference of the basis rows of the two nodes, in one fixed orthogonal frame, is L (to
# round-off, random x); the ROM's rigid-body motions (interface closed) and the modal analysis's
# rigid modes are rigid on the surface; the stored fields are B x; the basis of 2 ranks spans the
# space of 1 rank, the interface columns equal. One line per check.
# timeout: 60
set -u
# shellcheck source=tests/post/lib.sh
. tests/post/lib.sh
W=$TMPDIR_TEST/t814
mkdir -p "$W"
SMALL="-lapbeam_nx 12 -lapbeam_ny 4 -lapbeam_nz 1 -lapbeam_nx_beam 4 -lapbeam_grading 2 -lapbeam_washer_radius 0.0095 -lapbeam_nmodes 7"
steps_ok=1
step() { # step NAME NP ARGS...: tribo ARGS in $W on NP ranks, a check on its exit status
  local name=$1 np=$2
  shift 2
  if [ "$np" = 1 ]; then run "$W" "$name" "$@"; else mpirun "$W" "$name" "$np" "$@"; fi
  if [ "$RC" = 0 ]; then pass "tribo $name"; else fail "tribo $name" "exit status $RC" "$W/$name.err"; steps_ok=0; fi
}
# shellcheck disable=SC2086 # SMALL is a list of options
step mesh 1 mesh -mesh_type lapbeam $SMALL -output lb.inp
step rom 1 rom -deck lb.inp -output rom.h5 -xdmf
step rom2 2 rom -deck lb.inp -output rom2.h5 -xdmf
step romc 1 rom -deck lb.inp -output romc.h5 -rom_store_surface -rom_condense_modes 10
step modal 1 modal -rom rom.h5 -options_file "$ROOT/configs/demo.yaml" -output modal.h5 -xdmf -prestress_png none.png
[ "$steps_ok" = 1 ] || { finish; exit 1; }

pychecks "FE surface checks" "$W" <<'PYEOF'
import os, re, sys, xml.etree.ElementTree as ET
import numpy as np, h5py
W = sys.argv[1]
def check(name, ok, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else ": " + why))

def csr(g):
    shape = g["shape"][()]; A = np.zeros(shape)
    rp, ci, v = g["rowptr"][()], g["colidx"][()], g["values"][()]
    for i in range(shape[0]):
        A[i, ci[rp[i]:rp[i + 1]]] = v[rp[i]:rp[i + 1]]
    return A

def rigid_residual(X, U):
    # least-squares fit U = a + w x X; relative residual
    A = np.zeros((3 * len(X), 6))
    for i, (x, y, z) in enumerate(X):
        A[3 * i:3 * i + 3, :3] = np.eye(3)
        A[3 * i:3 * i + 3, 3:] = [[0, z, -y], [-z, 0, x], [y, -x, 0]]
    u = U.reshape(-1)
    c = np.linalg.lstsq(A, u, rcond=None)[0]
    return np.linalg.norm(A @ c - u) / max(np.linalg.norm(u), 1e-300)

def rom_checks(tag, fn):
    with h5py.File(fn, "r") as f:
        s = f["/fe/surface"]
        X, B, topo, nid = s["nodes"][()], s["basis"][()], s["topology"][()], s["node_id"][()]
        K, M, L = f["/rom/K"][()], f["/rom/M"][()], csr(f["/rom/interface/L"])
        Xi = f["/rom/interface/nodes"][()]
        ncells = int(s.attrs["ncells"])
    ns, n = len(X), K.shape[0]
    check(f"{tag}: basis is 3*{ns} x {n}, node_id {len(nid)} unique deck numbers",
          B.shape == (3 * ns, n) and len(set(nid.tolist())) == ns, f"{B.shape} {len(nid)}")
    l, nc, used = 0, 0, set()
    while l < len(topo):
        nv = {4: 3, 5: 4}[int(topo[l])]; used.update(topo[l + 1:l + 1 + nv].tolist()); l += 1 + nv; nc += 1
    check(f"{tag}: topology has {ncells} cells using all {ns} nodes", nc == ncells and used == set(range(ns)), f"{nc} {len(used)}")
    # interface: basis rows of the two coincident surface nodes of each pair, differenced, = G^T L
    size = np.ptp(X, axis=0).max()
    rng = np.random.default_rng(1)
    x = rng.standard_normal(n)
    G0, worst, worst_x, bad = None, 0.0, 0.0, 0
    for i, xi in enumerate(Xi):
        near = np.nonzero(np.linalg.norm(X - xi, axis=1) < 1e-9 * size)[0]
        if len(near) != 2:
            bad += 1; continue
        D = B[3 * near[0]:3 * near[0] + 3] - B[3 * near[1]:3 * near[1] + 3]
        Li = L[3 * i:3 * i + 3]
        Gt = D @ np.linalg.pinv(Li)
        if G0 is None: G0 = Gt
        sgn = np.sign(np.trace(Gt @ G0.T))
        scale = np.abs(D).max()
        worst = max(worst, np.abs(D - sgn * G0 @ Li).max() / scale)
        worst_x = max(worst_x, np.abs(D @ x - sgn * G0 @ (Li @ x)).max() / np.abs(D @ x).max())
    check(f"{tag}: each of the {len(Xi)} interface nodes is two coincident surface nodes", bad == 0, f"{bad} not")
    check(f"{tag}: interface basis difference = G^T L in one frame ({worst:.1e}), for a random x ({worst_x:.1e})",
          G0 is not None and worst < 1e-9 and worst_x < 1e-9 and np.abs(G0.T @ G0 - np.eye(3)).max() < 1e-9,
          f"{worst:.2e} {worst_x:.2e}")
    # rigid-body motions of the ROM with the interface closed (L x = 0): rigid on the surface
    o = np.nonzero(np.abs(L).sum(axis=0) == 0)[0]
    Ko, Mo = K[np.ix_(o, o)], M[np.ix_(o, o)]
    C = np.linalg.cholesky(Mo); Ci = np.linalg.inv(C)
    w, V = np.linalg.eigh(Ci @ Ko @ Ci.T)
    Z = Ci.T @ V
    nrig = int(np.sum(np.abs(w) < 1e-8 * np.abs(w).max()))
    res = 0.0
    for k in range(nrig):
        xr = np.zeros(n); xr[o] = Z[:, k]
        res = max(res, rigid_residual(X, (B @ xr).reshape(ns, 3)))
    check(f"{tag}: the {nrig} rigid-body modes of the closed ROM are rigid on the surface ({res:.1e})", nrig == 6 and res < 1e-7, f"{nrig} {res:.2e}")
    return X, B, L

X, B, L = rom_checks("rom", os.path.join(W, "rom.h5"))
rom_checks("rom -rom_condense_modes 10", os.path.join(W, "romc.h5"))
_, B2, _ = rom_checks("rom on 2 ranks", os.path.join(W, "rom2.h5"))
# 1 vs 2 ranks: the interface columns (static modes) equal, the spans of the bases equal
ib = np.nonzero(np.abs(L).sum(axis=0))[0]
d = np.abs(B[:, ib] - B2[:, ib]).max() / np.abs(B[:, ib]).max()
Q1, Q2 = np.linalg.qr(B)[0], np.linalg.qr(B2)[0]
sv = np.linalg.svd(Q1.T @ Q2, compute_uv=False)
check(f"1 and 2 ranks: interface columns agree ({d:.1e}), same span (min cosine {sv.min():.12f})", d < 1e-8 and sv.min() > 1 - 1e-8, f"{d:.2e} {sv.min()}")

# modal result: the surface mesh and the fields B x
with h5py.File(os.path.join(W, "modal.h5"), "r") as f:
    ok = np.array_equal(f["/fe/surface/nodes"][()], X) and "basis" not in f["/fe/surface"]
    check("modal.h5 has the surface mesh of rom.h5 (no basis)", ok)
    us = f["/prestress/u"][()]; shapes = f["/modal/shapes"][()]; nrig = int(f["/modal"].attrs["nrigid"])
    e1 = np.abs(f["/prestress/fe_surface_displacement"][()].reshape(-1) - B @ us).max() / np.abs(B @ us).max()
    e2 = max(np.abs(f[f"/modal/fe_surface/mode{k:03d}_displacement"][()].reshape(-1) - B @ shapes[:, k]).max()
             / np.abs(B @ shapes[:, k]).max() for k in range(shapes.shape[1]))
    check(f"prestress and {shapes.shape[1]} mode shapes on the surface are B x ({e1:.1e}, {e2:.1e})", e1 < 1e-12 and e2 < 1e-12)
    res = max(rigid_residual(X, (B @ shapes[:, k]).reshape(-1, 3)) for k in range(nrig))
    check(f"the {nrig} rigid modes of the modal analysis are rigid on the surface ({res:.1e})", nrig == 6 and res < 1e-6, f"{nrig} {res:.2e}")

# every top-level grid of the XDMF files with meshio
import copy
def canon(e):  # the element without the whitespace after it
    e = copy.deepcopy(e); e.tail = None
    return ET.tostring(e)
try:
    import meshio
except ImportError:
    print("ok - meshio reads the grids # SKIP no python3-meshio"); sys.exit(0)
for xname, h5name, want in (("rom.xdmf", "rom.h5", ["FE surface", "modes: FE surface"]),
                            ("modal.xdmf", "modal.h5", ["prestress: FE surface", "modes: FE surface"])):
    root = ET.parse(os.path.join(W, xname)).getroot()
    grids = root.find("Domain").findall("Grid")
    names = [g.get("Name") for g in grids]
    check(f"{xname}: grids {want} present", all(w in names for w in want), str(names))
    h5 = h5py.File(os.path.join(W, h5name), "r")
    for k, g in enumerate(grids):
        # tribo writes each top-level grid also to a file of its own (src/io/xdmf.c): <stem>_<grid name as a slug>.xdmf
        name = g.get("Name"); one = os.path.join(W, xname[:-5] + "_" + re.sub("[^a-z0-9]+", "_", name.lower()).strip("_") + ".xdmf")
        if not os.path.exists(one):
            check(f"{xname} '{name}': tribo wrote {os.path.basename(one)}", False); continue
        sub = ET.parse(one).getroot().find("Domain").findall("Grid")
        check(f"{xname} '{name}': {os.path.basename(one)} holds that grid alone", len(sub) == 1 and canon(sub[0]) == canon(g))
        def sizes(elem):
            items = {}
            for a in elem.iter("Attribute"):
                items[a.get("Name")] = h5[a.find("DataItem").text.split(":", 1)[1]].shape[0]
            return items
        try:
            if g.get("GridType") == "Collection":
                members = g.findall("Grid")
                with meshio.xdmf.TimeSeriesReader(one) as r:
                    pts, cells = r.read_points_cells()
                    steps = [r.read_data(i) for i in range(r.num_steps)]
                want_sizes = sizes(members[0])
                ok = len(steps) == len(members) and all(len(v) == want_sizes.get(a, len(pts)) for t, pd, cd in steps for a, v in pd.items())
                ok = ok and [t for t, _, _ in steps] == [float(m.find("Time").get("Value")) for m in members]
                check(f"{xname} '{name}': meshio reads {len(steps)} steps, {len(pts)} points, {sum(len(c.data) for c in cells)} cells", ok)
            else:
                m = meshio.read(one)
                topo = g.find("Topology"); ncell = int(topo.get("NumberOfElements"))
                npts = int(g.find("Geometry").find("DataItem").get("Dimensions").split()[0])
                want_sizes = sizes(g)
                got = {**{a: len(v) for a, v in m.point_data.items()}, **{a: sum(len(b) for b in v) for a, v in m.cell_data.items()}}
                ok = len(m.points) == npts and sum(len(c.data) for c in m.cells) == ncell and got == want_sizes
                check(f"{xname} '{name}': meshio reads {len(m.points)} points, {ncell} cells, fields {sorted(got.values())}", ok,
                      f"{len(m.points)} {npts} {got} {want_sizes}")
        except BaseException as e:  # meshio exits on a file it cannot read
            check(f"{xname} '{name}': meshio reads it", False, repr(e))
    h5.close()
PYEOF
finish

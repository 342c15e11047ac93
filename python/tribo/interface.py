"""Joint-interface geometry and fields, with numpy only (no matplotlib).

The interface of a ROM (``Result.interface``) is a set of faces (quadrilaterals, or triangles
padded with -1) over nodes, with quadrature points (``points``, ``weights`` in m^2,
``point_element``). The analyses write fields at the quadrature points, npts x 3 in the local
frame (t1, t2, n) with n > 0 interpenetration: /prestress point_displacement and point_traction.

Example: the mean contact pressure of each face and the faces as 2-D polygons in mm::

    import tribo
    from tribo import interface as ti
    r = tribo.read("prestress.h5")
    f = r.interface
    tn = ti.point_field(r, "pressure")                  # MPa at the points
    avg = ti.element_average(f, tn)                     # MPa per face (weighted by the weights)
    frame = ti.interface_frame(f["nodes"])              # rows t1, t2, n (picture axes, normal)
    polys = ti.element_polygons(f, frame, scale=1e3)    # list of (k x 2) arrays in mm
"""
import numpy as np

from .results import Result, ResultError

__all__ = ["FIELDS", "interface_frame", "axis_names", "project", "element_polygons", "element_average",
           "point_field", "field_names"]

# name: (title, unit, source group/dataset, function of the npts x 3 array); values in the unit
FIELDS = {
    "pressure": ("contact pressure t_n", "MPa", "point_traction", lambda a: 1e-6 * a[:, 2]),
    "gap": ("normal displacement u_n, < 0 is a gap", "um", "point_displacement", lambda a: 1e6 * a[:, 2]),
    "traction": ("tangential traction |t_t|", "MPa", "point_traction", lambda a: 1e-6 * np.hypot(a[:, 0], a[:, 1])),
    "slip": ("tangential displacement |u_t|", "um", "point_displacement", lambda a: 1e6 * np.hypot(a[:, 0], a[:, 1])),
}
ALIASES = {"tn": "pressure", "t_n": "pressure", "un": "gap", "u_n": "gap", "penetration": "gap", "tt": "traction",
           "t_t": "traction", "ut": "slip", "u_t": "slip"}


def field_names():
    """The names of the interface fields (pressure, gap, traction, slip)."""
    return list(FIELDS)


def _field_key(name):
    key = ALIASES.get(str(name).lower(), str(name).lower())
    if key not in FIELDS:
        raise ResultError("unknown interface field %r (fields: %s)" % (name, ", ".join(FIELDS)))
    return key


def interface_frame(nodes):
    """The picture frame of an interface: a 3 x 3 array with rows t1, t2 (picture axes) and n.

    The normal n is the direction of least spread of the nodes (SVD of the centred coordinates);
    t1 and t2 are the two global axes closest to the interface plane (x before y before z),
    projected on the plane and made orthonormal, so that a flat interface in the x-y plane is
    drawn with x to the right and y up."""
    x = np.asarray(nodes, dtype=float).reshape(-1, 3)
    x = x[np.all(np.isfinite(x), axis=1)]
    if len(x) < 3:
        raise ResultError("the interface has %d nodes with coordinates: nothing to draw" % len(x))
    _, s, vt = np.linalg.svd(x - x.mean(axis=0), full_matrices=False)
    if not s[1] > 1e-9 * s[0]:
        raise ResultError("the interface nodes lie on a line (extent %.3g m): no plane to draw it on" % s[0])
    n = vt[2] / np.linalg.norm(vt[2])
    order = sorted(range(3), key=lambda a: (round(abs(n[a]), 9), a))
    t = []
    for a in order[:2]:
        e = np.zeros(3)
        e[a] = 1.0
        v = e - (e @ n) * n - sum((e @ u) * u for u in t)
        t.append(v / np.linalg.norm(v))
    return np.array([t[0], t[1], n])


def axis_names(frame):
    """Names of the picture axes of a frame: 'x', 'y', 'z' where t1, t2 lie along a global
    axis, else 't1', 't2'."""
    out = []
    for k in range(2):
        a = int(np.argmax(np.abs(frame[k])))
        out.append("xyz"[a] if abs(frame[k][a]) > 1 - 1e-9 else "t%d" % (k + 1))
    return out


def project(xyz, frame, scale=1.0):
    """In-plane coordinates (npts x 2) of 3-D points: scale * (x . t1, x . t2)."""
    return scale * (np.asarray(xyz, dtype=float).reshape(-1, 3) @ np.asarray(frame)[:2].T)


def element_polygons(iface, frame=None, scale=1.0):
    """The faces of an interface as a list of polygons (3 x 2 or 4 x 2 arrays of in-plane
    coordinates, times scale: 1e3 for mm), in the order of ``iface["elements"]``."""
    nodes = np.asarray(iface["nodes"], dtype=float).reshape(-1, 3)
    elems = np.asarray(iface["elements"]).reshape(len(iface["elements"]), -1)
    if frame is None:
        frame = interface_frame(nodes)
    xy = project(nodes, frame, scale)
    polys = []
    for e, row in enumerate(elems):
        ids = [int(i) for i in row if i >= 0]
        if len(ids) < 3 or max(ids) >= len(nodes):
            raise ResultError("%s: element %d has nodes %s (the interface has %d nodes)" % (getattr(iface, "name", "interface"), e, list(map(int, row)), len(nodes)))
        polys.append(xy[ids])
    return polys


def element_average(iface, values):
    """Per face, the quadrature-weighted mean of the point values: sum(w v) / sum(w) over the
    points of the face (``point_element``); NaN for a face without finite values."""
    v = np.asarray(values, dtype=float).ravel()
    w = np.asarray(iface["weights"], dtype=float).ravel()
    pe = np.asarray(iface["point_element"]).ravel().astype(np.int64)
    ne = len(iface["elements"])
    if not (len(v) == len(w) == len(pe)):
        raise ResultError("%d point values for an interface of %d quadrature points" % (len(v), len(w)))
    ok = (pe >= 0) & (pe < ne) & np.isfinite(v) & np.isfinite(w)
    num = np.bincount(pe[ok], weights=w[ok] * v[ok], minlength=ne)
    den = np.bincount(pe[ok], weights=w[ok], minlength=ne)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den != 0, num / np.where(den != 0, den, 1), np.nan)


def point_field(result, name, group="/prestress"):
    """A field at the quadrature points (npts values in its unit, see FIELDS): pressure (MPa),
    gap (u_n in um, < 0 a gap), traction (|t_t| in MPa) or slip (|u_t| in um), from the point
    fields of ``group`` of a Result (default /prestress)."""
    key = _field_key(name)
    _, _, dset, fn = FIELDS[key]
    if not isinstance(result, Result):
        raise TypeError("point_field needs a tribo.Result")
    g = result.get(group)
    if dset not in g:
        raise ResultError("%s: no %s/%s (the ROM of the run has no joint interface)" % (result.path, group, dset))
    a = np.asarray(g[dset], dtype=float)
    if a.ndim != 2 or a.shape[1] != 3:
        raise ResultError("%s: %s/%s has shape %s, expected npts x 3" % (result.path, group, dset, a.shape))
    return fn(a)


def field_info(name):
    """(title, unit) of an interface field."""
    t, u, _, _ = FIELDS[_field_key(name)]
    return t, u

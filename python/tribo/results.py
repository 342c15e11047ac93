"""Reading tribo's HDF5 result files into plain Python objects.

A file written by tribo (``tribo model``, ``rom``, ``prestress``, ``modal``, ``backbone``) is
read whole into a :class:`Result`: nested :class:`Group` dictionaries (a ``dict`` with an
``attrs`` dictionary) of numpy arrays, mirroring the file exactly. Every dataset and attribute is
there, strings decoded to ``str``, numbers as numpy arrays (datasets) or Python scalars
(scalar attributes). Nothing stays open: the file is closed when :func:`read` returns.

Scripting your own analyses::

    import tribo
    r = tribo.read("out/demo/backbone.h5")
    print(r.meta["verb"], r.meta["options"])          # provenance of the run
    for mode, b in r.backbones.items():               # /backbone/mode<k>
        ok = b["converged"] > 0
        print(mode, b.attrs["frequency0_hz"], b["frequency_hz"][ok], b["damping"][ok])
    t = r.prestress["point_traction"]                 # npts x 3, local frame (t1, t2, n)
    f = r.interface                                   # geometry, from the run's ROM file
    force = (t[:, 2] * f["weights"]).sum()            # normal force in N
    r.data["backbone"]["mode1"]["cycles"]             # the raw tree, as in the file
    r.attrs["/backbone/mode1"]["method"]              # attributes by HDF5 path

The file layout is documented in the C headers (include/triboio.h, src/nma/nmaio.c).
"""
import hashlib
import os

import numpy as np

__all__ = ["ResultError", "Group", "Result", "read", "csr_to_dense"]

HDF5_SIGNATURE = b"\x89HDF\r\n\x1a\n"

# Which verb writes which group (for the error messages)
WRITERS = {
    "/rom": "tribo model or tribo rom",
    "/rom/interface": "tribo model or tribo rom, from a model with a joint interface",
    "/prestress": "tribo prestress, modal or backbone",
    "/modal": "tribo modal or backbone",
    "/backbone": "tribo backbone",
    "/law": "tribo law",
    "/transient": "tribo transient",
}


class ResultError(Exception):
    """A result file that cannot be used: missing, not HDF5, not tribo's, or lacking a group.

    The message is one line that names the file (and the group or dataset in question)."""


class MissingMember(ResultError, KeyError):
    """A dataset or group a figure needs is not in the file: a one-line :class:`ResultError` that
    names the file and the path (and still a ``KeyError`` for code that expects one)."""

    def __str__(self):
        return str(self.args[0]) if self.args else "missing member"


class Group(dict):
    """A group of the file: a ``dict`` of its members (datasets as numpy arrays, subgroups as
    :class:`Group`) with its HDF5 attributes in ``.attrs``, its path in ``.name`` and its file in
    ``.file``. A missing member raises :class:`MissingMember` naming the file and the path."""

    def __init__(self, name="/", attrs=None, members=(), file=None):
        super().__init__(members)
        self.name = name
        self.attrs = dict(attrs or {})
        self.file = file

    def __missing__(self, key):
        raise MissingMember("%s: %s/%s is missing (a damaged file, or one another version of tribo wrote?)"
                            % (self.file or "the result file", self.name.rstrip("/"), key))

    def __repr__(self):
        return "Group(%r, members=%s, attrs=%s)" % (self.name, sorted(self), sorted(self.attrs))


def _decode(v):
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return v


def _attr_value(v):
    """An attribute as a plain Python value: str, int, float, or a numpy array."""
    v = _decode(v)
    if isinstance(v, np.ndarray):
        if v.dtype.kind in "OSU":
            return np.array([_decode(x) for x in v.ravel()], dtype=str).reshape(v.shape)
        return v.copy()
    if isinstance(v, np.generic):
        return v.item()
    return v


def _dataset_value(ds):
    """A dataset as a numpy array (0-d datasets too); strings as a numpy array of str."""
    if ds.shape is None:  # an HDF5 empty (null) dataspace
        return np.array([])
    if ds.dtype.kind in "OS":
        raw = ds[()]
        if ds.shape == ():
            return np.array(_decode(raw), dtype=str)
        flat = [_decode(x) for x in np.asarray(raw, dtype=object).ravel()]
        return np.array(flat, dtype=str).reshape(ds.shape) if flat else np.zeros(ds.shape, dtype=str)
    return np.asarray(ds[()])


def _load_group(h5group, attrs_by_path):
    import h5py

    g = Group(h5group.name, {k: _attr_value(v) for k, v in h5group.attrs.items()}, file=os.path.basename(h5group.file.filename))
    attrs_by_path[h5group.name] = g.attrs
    for key, obj in h5group.items():
        if isinstance(obj, h5py.Group):
            g[key] = _load_group(obj, attrs_by_path)
        elif isinstance(obj, h5py.Dataset):
            g[key] = _dataset_value(obj)
            attrs_by_path[obj.name] = {k: _attr_value(v) for k, v in obj.attrs.items()}
        # links to nothing (dangling) and named datatypes are not data: skipped
    return g


def _open_checked(path):
    """Checks that path is a readable HDF5 file; returns the absolute path; raises ResultError."""
    if not isinstance(path, (str, os.PathLike)):
        raise ResultError("%r: expected a file name" % (path,))
    path = os.fspath(path)
    if not os.path.exists(path):
        raise ResultError("%s: no such file" % path)
    if os.path.isdir(path):
        raise ResultError("%s: is a folder, not a result file" % path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(8)
    except OSError as e:
        raise ResultError("%s: cannot read: %s" % (path, e.strerror or e)) from None
    if head != HDF5_SIGNATURE:
        what = "an empty file" if not head else "not an HDF5 file (no HDF5 signature)"
        raise ResultError("%s: %s; tribo writes its results as HDF5 (.h5)" % (path, what))
    why = _damaged_global_heap(path)
    if why:
        raise ResultError("%s: %s: %s" % (path, "truncated or damaged" if "past the end" in why else "damaged", why))
    return path


def _damaged_global_heap(path):
    """Why the file's global heap (HDF5's collections "GCOL" of variable-length strings) is damaged, or None.

    libhdf5 trusts the sizes there and reads past its buffer (a crash inside h5py), or works for ever, when they are
    damaged (found by tests/fuzz); the same walk as the C reader's (src/io/h5read.c): each collection within the file,
    each object within its collection, the free space that ends it the rest of it (HDF5 File Format Specification,
    III.E), and no reference (length, collection address, object index) with a length above its object's size."""
    import mmap
    import struct
    with open(path, "rb") as fh:
        try:
            m = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError:  # empty
            return None
    with m:
        n, i, cols = len(m), m.find(b"GCOL"), {}
        while 0 <= i and i + 16 <= n:
            size = struct.unpack_from("<Q", m, i + 8)[0]
            if m[i + 4] != 1 or size < 4096:  # not a collection
                i = m.find(b"GCOL", i + 4)
                continue
            if size > n - i:
                return "the global heap collection at byte %d claims %d bytes, past the end of the file" % (i, size)
            end, o = i + size, i + 16
            objs = cols.setdefault(i, {})
            while o + 16 <= end:
                idx, osz = struct.unpack_from("<H", m, o)[0], struct.unpack_from("<Q", m, o + 8)[0]
                if idx == 0:  # libhdf5 writes the free space as the rest of the collection; another size can hang it
                    if osz != end - o:
                        return "the free space of the global heap at byte %d claims %d bytes, its collection has %d left" % (o, osz, end - o)
                    break
                if osz > end - o - 16:
                    return "object %d of the global heap (variable-length strings) at byte %d claims %d bytes, more than its collection" % (idx, o, osz)
                objs[idx] = osz
                o += 16 + (osz + 7) // 8 * 8
            i = m.find(b"GCOL", end)
        for a, objs in cols.items():  # the references: the collection's address followed by one of its object indices
            pat = struct.pack("<Q", a)
            p = m.find(pat, 4)
            while 0 <= p and p + 12 <= n:
                length, idx = struct.unpack_from("<I", m, p - 4)[0], struct.unpack_from("<I", m, p + 8)[0]
                if idx in objs and length > objs[idx]:
                    return "the variable-length datum at byte %d claims %d bytes, its global heap object %d holds %d" % (p - 4, length, idx, objs[idx])
                p = m.find(pat, p + 1)
    return None


def read(path, rom=None):
    """Reads a tribo HDF5 file whole and returns a :class:`Result`.

    Parameters
    ----------
    path : str or os.PathLike
        a file written by tribo (it must hold the ``/meta`` group with ``program = tribo``)
    rom : str or Result, optional
        the ROM whose interface geometry goes with this result (``Result.interface``); by
        default the file's own ``/rom``, else the ROM file named in ``/meta/inputs``

    Raises
    ------
    ResultError
        one-line message naming the file: missing, not HDF5, corrupt, or not a tribo file
    """
    try:
        import h5py
    except ImportError as e:
        raise ResultError("reading %s needs h5py (Debian: python3-h5py): %s" % (path, e)) from None
    path = _open_checked(path)
    attrs = {}
    try:
        with h5py.File(path, "r") as f:
            data = _load_group(f, attrs)
    except ResultError:
        raise
    except (OSError, RuntimeError, KeyError, ValueError) as e:
        msg = " ".join(str(e).split())
        raise ResultError("%s: cannot read the HDF5 file (truncated or corrupt?): %s" % (path, msg)) from None
    if "meta" not in data or not isinstance(data["meta"], Group):
        raise ResultError("%s: not a tribo file: no /meta group (tribo writes /meta in every file)" % path)
    prog = data["meta"].attrs.get("program")
    if prog != "tribo":
        raise ResultError("%s: not a tribo file: /meta has program = %r, expected 'tribo'" % (path, prog))
    return Result(path, data, attrs, rom=rom)


def csr_to_dense(group):
    """A CSR group of the file (``shape``, ``rowptr``, ``colidx``, ``values``, e.g.
    ``r.rom["interface"]["Q"]``) as a dense 2-D numpy array."""
    try:
        nr, nc = (int(x) for x in group["shape"])
        rowptr, col, val = group["rowptr"], group["colidx"], group["values"]
    except (KeyError, TypeError, ValueError):
        raise ResultError("%s: not a CSR group {shape, rowptr, colidx, values}" % getattr(group, "name", "?")) from None
    a = np.zeros((nr, nc))
    rows = np.repeat(np.arange(nr), np.diff(rowptr))
    np.add.at(a, (rows, col), val)
    return a


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


class Result:
    """A tribo result file read whole (see :func:`read`).

    Attributes
    ----------
    path : str
        the file
    data : Group
        the whole file: ``data["backbone"]["mode1"]["frequency_hz"]``
    attrs : dict
        attributes of every group and dataset by HDF5 path: ``attrs["/prestress"]["tension_N"]``
    """

    def __init__(self, path, data, attrs, rom=None):
        self.path = path
        self.data = data
        self.attrs = attrs
        self._rom = rom
        self._interface = None

    def __repr__(self):
        return "<tribo.Result %s: verb %s, groups %s>" % (self.path, self.verb, ", ".join(sorted(self.data)))

    # --- generic access ------------------------------------------------------------------------
    def has(self, hpath):
        """True if the file holds the group or dataset at HDF5 path ``hpath`` (e.g. "/modal")."""
        node = self.data
        for part in [p for p in hpath.split("/") if p]:
            if not isinstance(node, dict) or part not in node:
                return False
            node = node[part]
        return True

    def get(self, hpath):
        """The group (:class:`Group`) or dataset (numpy array) at HDF5 path ``hpath``; a
        :class:`ResultError` naming the file and the path if it is not there."""
        node = self.data
        for part in [p for p in hpath.split("/") if p]:
            if not isinstance(node, dict) or part not in node:
                key = "/" + hpath.strip("/")
                top = "/" + key.split("/")[1]
                writer = WRITERS.get(key) or WRITERS.get(top)
                hint = " (written by %s)" % writer if writer else ""
                raise ResultError("%s: no %s in this file (verb %s)%s" % (self.path, key, self.verb, hint))
            node = node[part]
        return node

    # --- the groups ----------------------------------------------------------------------------
    @property
    def verb(self):
        """The verb that wrote the file (model, rom, prestress, modal, backbone)."""
        return self.data["meta"].attrs.get("verb", "?")

    @property
    def meta(self):
        """Provenance (/meta): a plain dict of its attributes (program, version, git_revision,
        verb, options, date, mpi_size) and datasets (inputs, input_sha256 as lists of str)."""
        m = self.data["meta"]
        out = dict(m.attrs)
        for k, v in m.items():
            out[k] = v.tolist() if isinstance(v, np.ndarray) else v
        return out

    @property
    def options(self):
        """The run's options (/meta options) as a dict: {"-backbone_n": "6", ...}."""
        words = str(self.data["meta"].attrs.get("options", "")).split()
        opts, i = {}, 0
        while i < len(words):
            w = words[i]
            if w.startswith("-") and not _is_number(w):
                if i + 1 < len(words) and (not words[i + 1].startswith("-") or _is_number(words[i + 1])):
                    opts[w] = words[i + 1]
                    i += 2
                    continue
                opts[w] = ""
            i += 1
        return opts

    @property
    def rom(self):
        """/rom: M, K, Fv, R, R_labels, interface (a ROM file: tribo model or tribo rom)."""
        return self.get("/rom")

    @property
    def prestress(self):
        """/prestress: u, fs, point_displacement, point_traction (npts x 3, frame t1, t2, n;
        n > 0 is interpenetration), attrs tension_N, conservative, newton_iterations, residual_N."""
        return self.get("/prestress")

    @property
    def modal(self):
        """/modal: frequency_hz, omega2, shapes (n x nmodes), attrs nrigid, rigid_cutoff_hz."""
        return self.get("/modal")

    @property
    def backbones(self):
        """The backbones {mode number: Group of /backbone/mode<k>}, by mode number."""
        bb = self.get("/backbone")
        out = {}
        for key, g in bb.items():
            if key.startswith("mode") and key[4:].isdigit() and isinstance(g, Group):
                out[int(key[4:])] = g
        if not out:
            raise ResultError("%s: /backbone holds no mode<k> group" % self.path)
        return dict(sorted(out.items()))

    def backbone(self, mode=None):
        """One backbone (/backbone/mode<k>): the given mode, or the first one of the file."""
        bbs = self.backbones
        if mode is None:
            return next(iter(bbs.values()))
        if int(mode) not in bbs:
            raise ResultError("%s: no /backbone/mode%d (the file has modes %s)" % (self.path, int(mode), ", ".join(map(str, bbs))))
        return bbs[int(mode)]

    @property
    def interface(self):
        """Interface geometry: a Group with nodes (nnodes x 3, m), elements (nelem x 4, -1 pads
        triangles), points (npts x 3), weights (npts, m^2), point_element (npts), and the CSR
        groups Q, T, L. Taken from the ``rom`` given to :func:`read`, else this file's
        /rom/interface, else the ROM file the run read (``/meta/inputs``, whose SHA-256 must
        still match ``/meta/input_sha256``), else the geometry the run wrote into the result
        (``/interface``: nodes, elements, points, weights, point_element; no Q, T, L)."""
        if self._interface is None:
            self._interface = self._find_interface()
        return self._interface

    def _find_interface(self):
        if self._rom is not None:
            rom = self._rom if isinstance(self._rom, Result) else read(self._rom)
            if not rom.has("/rom/interface"):
                raise ResultError("%s: no /rom/interface in this ROM file (a MATLAB .mat ROM has no geometry)" % rom.path)
            return rom.get("/rom/interface")
        if self.has("/rom/interface"):
            return self.get("/rom/interface")
        if self.has("/rom"):
            raise ResultError("%s: no /rom/interface in this file: the model has no joint interface" % self.path)
        meta = self.meta
        inputs, shas = list(meta.get("inputs", [])), list(meta.get("input_sha256", []))
        if not inputs:
            raise ResultError("%s: no /rom/interface in this file and no input ROM in /meta/inputs; give the ROM file (rom=...)" % self.path)
        tried = []
        here = os.path.dirname(os.path.abspath(self.path))
        for i, name in enumerate(inputs):
            sha = shas[i] if i < len(shas) else ""
            cands = [name] if os.path.isabs(name) else [name, os.path.join(here, name)]
            cands.append(os.path.join(here, os.path.basename(name)))
            for c in dict.fromkeys(cands):
                if not os.path.isfile(c):
                    continue
                if sha and _sha256(c) != sha:
                    tried.append("%s (changed since the run: SHA-256 differs)" % c)
                    continue
                try:
                    rom = read(c)
                except ResultError as e:
                    tried.append("%s (%s)" % (c, str(e).split(": ", 1)[-1]))
                    continue
                if rom.has("/rom/interface"):
                    return rom.get("/rom/interface")
                tried.append("%s (no /rom/interface)" % c)
        # the geometry the run wrote into the result itself (/interface), when no ROM file is found
        # (a ROM found but changed since the run is still refused above: the results may not match it)
        if not any("changed since the run" in t for t in tried) and self.has("/interface/elements") and self.has("/interface/weights"):
            return self.get("/interface")
        why = "; tried " + ", ".join(tried) if tried else "; not found: " + ", ".join(inputs)
        raise ResultError("%s: no /rom/interface in this file, and its ROM input is not usable%s; give the ROM file (rom=..., --rom)" % (self.path, why))


def _is_number(s):
    try:
        float(s)
        return True
    except ValueError:
        return False

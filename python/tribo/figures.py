"""Figures of tribo results (matplotlib, headless).

Every figure function takes one result or a list of them (:class:`tribo.Result` or file names)
and keyword options, and returns a ``matplotlib.figure.Figure``; :func:`save` writes it as
.png, .svg or .pdf by the file's extension. The figures are made without pyplot, so they never
need a display (the Agg canvas draws them); the package also selects the Agg backend when pyplot
has not been imported yet, so that scripts importing pyplot after tribo stay headless.

    import tribo
    fig = tribo.figures.backbone_figure(["a/backbone.h5", "b/backbone.h5"], x="acc:accel1_z",
                                        labels=["mu 0.9", "mu 0.6"],
                                        measured=["brb.csv:acc,freq,zeta"])
    fig.axes[0].set_ylim(150, 220)          # the Figure is yours to change
    tribo.save(fig, "backbones.pdf")

Figure kinds are registered by name in :data:`FIGURES` (name -> function), in the order that
``kind="auto"`` tries them; a new kind is one decorated function::

    @tribo.register_figure("stress", applies=lambda r: r.has("/stress"), suffix="_stress")
    def stress_figure(results, labels=None, title=None):
        ...
        return fig

The function's keyword arguments are the options it accepts (the command line passes only
those, and refuses the others for that kind).
"""
import inspect
import os
import sys

import numpy as np

try:
    import matplotlib

    if "matplotlib.pyplot" not in sys.modules and not os.environ.get("MPLBACKEND"):
        matplotlib.use("Agg")  # headless, also for scripts that import pyplot after tribo
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import PolyCollection
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator
except ImportError as _e:
    raise ImportError("tribo's figures need matplotlib (Debian package python3-matplotlib): %s" % " ".join(str(_e).split()),
                      name="matplotlib") from _e

from . import interface as ti
from .measured import Measured, read_measured
from .results import Result, ResultError, read

__all__ = ["FIGURES", "register_figure", "figure", "auto_kind", "save", "backbone_figure", "interface_figure",
           "modal_figure", "loops_figure", "frf_figure", "law_figure", "law_names", "law_displacement", "manifold_figure", "manifold_laws", "transient_figure", "surface_figure", "surface_groups", "method_name", "loop_amplitudes", "slip_direction", "new_figure", "backbone_x", "recovery_row", "FORMATS"]

FORMATS = (".png", ".svg", ".pdf")
FIGURES = {}
COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
MEASURED_MARKERS = ["s", "^", "D", "v", "P", "X"]


def register_figure(name, applies=None, suffix=None, description=None):
    """Decorator: registers ``function(results, **options) -> Figure`` as figure kind ``name``.

    applies(result) -> bool says whether a file holds what the kind draws (kind "auto" takes
    the first registered kind that applies to every file); suffix is added to the first file's
    name (without .h5) to name the default output (``suffix + ".png"``)."""

    def deco(fn):
        fn.kind = name
        fn.applies = applies or (lambda r: True)
        fn.suffix = "_" + name if suffix is None else suffix
        fn.description = description or (fn.__doc__ or name).strip().split("\n")[0]
        FIGURES[name] = fn
        return fn

    return deco


def _results(results, rom=None):
    if isinstance(results, (Result, str, os.PathLike)):
        results = [results]
    out = []
    for r in results:
        out.append(r if isinstance(r, Result) else read(r, rom=rom))
    if not out:
        raise ResultError("no result file to draw")
    return out


def auto_kind(results):
    """The first registered kind whose ``applies`` holds for every result."""
    results = _results(results)
    for name, fn in FIGURES.items():
        if all(fn.applies(r) for r in results):
            return name
    what = "; ".join("%s (verb %s: %s)" % (r.path, r.verb, ", ".join("/" + k for k in sorted(r.data))) for r in results)
    raise ResultError("nothing to draw: no figure kind (%s) fits %s" % (", ".join(FIGURES), what))


def figure(kind, results, **options):
    """A figure of registered kind ``kind`` ("auto" picks it from the files) for the results."""
    results = _results(results, rom=options.get("rom"))
    if kind in (None, "auto"):
        kind = auto_kind(results)
    if kind not in FIGURES:
        raise ResultError("unknown figure kind %r (kinds: %s)" % (kind, ", ".join(FIGURES)))
    fn = FIGURES[kind]
    if "rom" in options and "rom" not in inspect.signature(fn).parameters:
        options = {k: v for k, v in options.items() if k != "rom"}  # used above to read the results
    return fn(results, **options)


def save(fig, path, dpi=150):
    """Writes a figure to path as PNG, SVG or PDF (by the extension), atomically (a temporary
    file renamed over path when complete); returns path."""
    ext = os.path.splitext(str(path))[1].lower()
    if ext not in FORMATS:
        raise ResultError("%s: unknown picture format %r (use .png, .svg or .pdf)" % (path, ext or "(none)"))
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ResultError("%s: no folder %s to write the picture into" % (path, folder))
    if fig.canvas is None or not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    tmp = "%s.tmp.%d%s" % (path, os.getpid(), ext)
    try:
        fig.savefig(tmp, format=ext[1:], dpi=dpi, metadata={"Software" if ext == ".png" else "Creator": "tribo"})
        os.replace(tmp, path)
    except OSError as e:
        raise ResultError("%s: cannot write the picture: %s" % (path, e.strerror or e)) from None
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return path


def new_figure(w, h):
    """An empty Figure of w x h inches, constrained layout, on the Agg canvas (for new kinds)."""
    fig = Figure(figsize=(w, h), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _label(r, labels, i, multi_names):
    if labels and i < len(labels) and labels[i] is not None:
        return str(labels[i])
    return r.path if multi_names else os.path.basename(r.path)


def _default_labels(results, labels):
    base = [os.path.basename(r.path) for r in results]
    multi = len(set(base)) < len(base)
    return [_label(r, labels, i, multi) for i, r in enumerate(results)]


def _check_labels(results, labels):
    if labels is not None and len(labels) > len(results):
        raise ResultError("%d labels for %d result files" % (len(labels), len(results)))


# --- backbone ------------------------------------------------------------------------------------
def _short(labels):
    """Recovery labels without their coordinates: 'accel1_z (-0.35, 0.01, 0.01)' -> 'accel1_z'."""
    return [l.split(" (")[0].strip() or l for l in labels]


def recovery_row(spec, labels, path="?"):
    """Index of a recovery row given by 0-based index, whole label, label without its
    coordinates (accel1_z, 'ENDNDS node 10 z') or a prefix that fits one row only."""
    s = str(spec).strip()
    if s.lstrip("-").isdigit():
        i = int(s)
        if not 0 <= i < len(labels):
            raise ResultError("%s: recovery row %d out of range: %d rows (%s)" % (path, i, len(labels), ", ".join(_short(labels))))
        return i
    short = _short(labels)
    for cands in ([i for i, l in enumerate(labels) if l == s], [i for i, l in enumerate(short) if l == s],
                  [i for i, l in enumerate(labels) if l.startswith(s)]):
        if len(cands) == 1:
            return cands[0]
        if len(cands) > 1:
            raise ResultError("%s: recovery row %r fits %d rows (%s): say which" % (path, s, len(cands), ", ".join(short[i] for i in cands)))
    raise ResultError("%s: no recovery row %r (rows: %s)" % (path, s, ", ".join(short)))


def resolve_x(result, x):
    """The x choice "auto" made concrete for a result: "acc:ROW" when the run drew its backbone
    against a recovery row (option -backbone_plot_recovery ROW >= 0), else "modal"."""
    x = "auto" if x is None else str(x).strip()
    if x != "auto":
        return x
    rec = result.options.get("-backbone_plot_recovery", "-1")
    has_rec = any("recovery_acceleration" in b for b in result.backbones.values())
    return "acc:%s" % int(rec) if rec.lstrip("-").isdigit() and int(rec) >= 0 and has_rec else "modal"


def backbone_x(result, b, x):
    """(values, axis label, row name or None) of a backbone's x axis for an x choice: "modal"
    (modal amplitude q), "acc:ROW" or "disp:ROW" (acceleration or displacement amplitude at a
    recovery row, see :func:`recovery_row`), or "auto" (see :func:`resolve_x`)."""
    x = resolve_x(result, x)
    if x in ("modal", "q"):
        return np.asarray(b["modal_amplitude"], dtype=float), "modal amplitude q (sqrt(kg) m)", None
    kind, sep, row = x.partition(":")
    if not sep or kind not in ("acc", "disp") or not row.strip():
        raise ResultError("x axis %r: expected auto, modal, acc:ROW or disp:ROW (ROW a recovery label or 0-based index)" % x)
    key = "recovery_acceleration" if kind == "acc" else "recovery_displacement"
    if key not in b or "recovery_labels" not in b:
        raise ResultError("%s: no %s/%s (the ROM has no recovery rows)" % (result.path, b.name, key))
    labels = [str(l) for l in b["recovery_labels"]]
    i = recovery_row(row, labels, result.path)
    vals = np.abs(np.asarray(b[key], dtype=float)[:, i])
    what = "acceleration amplitude at %s (m/s^2)" if kind == "acc" else "displacement amplitude at %s (m)"
    return vals, what % labels[i], _short(labels)[i]


def method_name(result):
    """The backbone method of a result for a legend: "RQNMA", "RQNMA (Masing)", "EPMC (harmonics
    0,1,2,3)", from the /backbone groups' ``method`` attribute and the run's options."""
    ms = sorted({str(b.attrs.get("method", "backbone")) for b in result.backbones.values()})
    m = "/".join(ms)
    o = result.options
    if m == "epmc":
        h = o.get("-hb_harmonics")
        return "EPMC (harmonics %s)" % h if h else "EPMC"
    if m == "rqnma" and "-rqnma_masing" in o and o["-rqnma_masing"].lower() in ("", "1", "true", "yes"):
        return "RQNMA (Masing)"
    return m.upper()


@register_figure("backbone", applies=lambda r: r.has("/backbone"), suffix="",
                 description="frequency and damping against amplitude (/backbone), with measured data")
def backbone_figure(results, x="auto", labels=None, measured=(), measured_labels=None, mode=None, title=None):
    """Backbone: natural frequency (Hz) and damping (% of critical) against amplitude, two
    panels; several results overlaid (one line per file and mode, legend from ``labels`` or the
    file names); ``measured``: :class:`~tribo.measured.Measured` objects or CSV specs
    ``path:amp,freq[,zeta]`` drawn as markers (``measured_labels`` names them). Points whose
    ``converged`` is 0 (failed) are not drawn; those with 2 (damping unsettled) are circled.
    ``x``: auto, modal, acc:ROW or disp:ROW (see :func:`backbone_x`; auto follows the first
    file); ``mode``: one mode number (default: every mode of each file)."""
    results = _results(results)
    _check_labels(results, labels)
    methods = [method_name(r) for r in results]
    if len(set(methods)) > 1:  # e.g. RQNMA next to EPMC: the legend names the method
        names = [str(labels[i]) if labels and i < len(labels) and labels[i] is not None else methods[i]
                 for i in range(len(results))]
    else:
        names = _default_labels(results, labels)
    x = resolve_x(results[0], x)
    curves = []  # (label, x, f, zeta %, status, row name, x label)
    for i, r in enumerate(results):
        bbs = r.backbones if mode is None else {int(mode): r.backbone(mode)}
        for k, b in bbs.items():
            xv, xl, row = backbone_x(r, b, x)
            st = np.asarray(b["converged"], dtype=int) if "converged" in b else np.ones(len(xv), dtype=int)
            f = np.asarray(b["frequency_hz"], dtype=float).copy()
            z = 100 * np.asarray(b["damping"], dtype=float)  # a new array
            failed = st == 0  # not drawn: NaN breaks the line there
            f[failed], z[failed], xv = np.nan, np.nan, np.where(failed, np.nan, xv)
            curves.append((names[i] + (" mode %d" % k if len(bbs) > 1 else ""), xv, f, z, st, row, xl))
    rows = {c[5] for c in curves}
    if len(rows) > 1:  # files with different recovery rows: name the row in each legend entry
        kind = "acceleration" if x.startswith("acc") else "displacement"
        xlabel = "%s amplitude at the recovery row (%s)" % (kind, "m/s^2" if kind == "acceleration" else "m")
        curves = [(c[0] + " @ " + c[5],) + c[1:] for c in curves]
    else:
        xlabel = curves[0][6]
    fig = new_figure(8.0, 7.5)
    axf, axz = fig.subplots(2, 1)
    allx, nunsettled = [], 0
    for n, (lab, xv, f, z, st, _, _) in enumerate(curves):
        c = COLORS[n % len(COLORS)]
        u = st == 2
        for ax, y, what in ((axf, f, "frequency"), (axz, z, "damping")):
            ax.plot(xv, y, "-o", color=c, ms=4, lw=1.5, label=lab, gid="backbone-%s-%d" % (what, n))
            if u.any():
                ax.plot(xv[u], y[u], ls="none", marker="o", ms=10, mfc="none", mec=c, mew=1.5,
                        label="damping unsettled" if nunsettled == 0 else "_nolegend_", gid="unsettled-%s-%d" % (what, n))
        nunsettled += int(u.any())
        allx.append(xv[np.isfinite(xv)])
    if measured:
        ms = []
        for j, m in enumerate(measured):
            lab = measured_labels[j] if measured_labels and j < len(measured_labels) else None
            ms.append(m if isinstance(m, Measured) else read_measured(m, label=lab))
            if lab is not None:
                ms[-1].label = lab
        for j, m in enumerate(ms):
            mk = MEASURED_MARKERS[j % len(MEASURED_MARKERS)]
            axf.plot(m.amplitude, m.frequency, ls="none", marker=mk, ms=5, color="k", mfc="none", label=m.label,
                     gid="measured-frequency-%d" % j)
            if m.damping is not None:
                axz.plot(m.amplitude, 100 * m.damping, ls="none", marker=mk, ms=5, color="k", mfc="none",
                         label=m.label, gid="measured-damping-%d" % j)
            allx.append(m.amplitude[np.isfinite(m.amplitude)])
    xs = np.concatenate(allx) if allx else np.array([])
    for ax, ttl, yl in ((axf, "natural frequency", "frequency (Hz)"), (axz, "damping", "damping ratio (% of critical)")):
        if xs.size and np.all(xs > 0):
            ax.set_xscale("log")
        ax.set_title(ttl)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(yl)
        ax.grid(True, which="major", color="0.85", lw=0.8)
        ax.grid(True, which="minor", color="0.93", lw=0.5)
        ax.legend(fontsize="small")
    if title is None:
        r = results[0]
        bits = []
        if len(results) == 1:
            b0 = r.backbone(mode)
            bits.append("%s, mode %s" % (b0.attrs.get("method", "backbone"), b0.name.rsplit("mode", 1)[-1]))
            t = r.data.get("prestress", {}).attrs.get("tension_N") if "prestress" in r.data else None
            if t is not None:
                bits.append("%.6g N per bolt" % t)
        elif len(set(methods)) > 1:
            bits.append(" vs ".join(m.split(" (")[0] for m in methods))
        title = "tribo backbone" + (": " + ", ".join(bits) if bits else "")
    if title:
        fig.suptitle(title)
    return fig


# --- interface fields ----------------------------------------------------------------------------
def _panel_size(polys):
    """(wide, axes width, axes height) in inches for an interface's panel at equal scale: a wide
    interface (width >= 1.5 height) gets wide panels stacked in a column."""
    xy = np.concatenate(polys)
    w, h = np.ptp(xy[:, 0]), np.ptp(xy[:, 1])
    ratio = h / w if w > 0 else 1.0
    wide = ratio <= 1 / 1.5
    aw = 6.4 if wide else 3.6
    ah = aw * ratio
    if ah > 5.0:
        aw, ah = aw * 5.0 / ah, 5.0
    return wide, aw, max(ah, 0.4)


@register_figure("prestress", applies=lambda r: r.has("/prestress/point_traction") and not r.has("/frf") and not r.has("/transient"),
                 suffix="_prestress",
                 description="interface fields after the preload (/prestress): pressure, gap, traction, slip")
def interface_figure(results, fields=("pressure", "gap"), rom=None, labels=None, title=None, group="/prestress"):
    """Interface fields drawn on the interface faces (one polygon per face, coloured by the
    quadrature-weighted mean of its points), the interface seen along its normal, axes in mm at
    equal scale, one panel per field and file, each with a colour bar (limits: the min and max
    of the face values) in the field's unit. ``fields``: names from
    :data:`tribo.interface.FIELDS` (pressure MPa, gap um, traction MPa, slip um); ``rom``: the
    ROM file with the geometry when the result's own /meta/inputs does not lead to it."""
    results = _results(results, rom=rom)
    _check_labels(results, labels)
    names = _default_labels(results, labels)
    if isinstance(fields, str):
        fields = [f for f in fields.split(",") if f.strip()]
    fields = [ti._field_key(f) for f in fields]
    if not fields:
        raise ResultError("no interface field to draw (fields: %s)" % ", ".join(ti.FIELDS))
    geo = []
    for r in results:
        f = r.interface
        frame = ti.interface_frame(f["nodes"])
        polys = ti.element_polygons(f, frame, scale=1e3)
        npts = len(f["weights"])
        vals = []
        for name in fields:
            v = ti.point_field(r, name, group)
            if len(v) != npts:
                raise ResultError("%s: %s has %d points, its ROM's interface %d: not the ROM of this run (give it with rom=, --rom)" % (r.path, group, len(v), npts))
            vals.append(ti.element_average(f, v))
        geo.append((frame, polys, vals))
    wide, aw, ah = _panel_size(geo[0][1])
    # wide interfaces: one row per field, one column per file; others: one row per file
    nr, nc = (len(fields), len(results)) if wide else (len(results), len(fields))
    fig = new_figure(nc * (aw + 1.9), nr * (ah + 1.0) + 0.45)
    axes = np.array(fig.subplots(nr, nc, squeeze=False))
    cmap = matplotlib.colormaps["viridis"].copy()
    cmap.set_bad("0.75")
    for i, (r, (frame, polys, vals)) in enumerate(zip(results, geo)):
        an = ti.axis_names(frame)
        for j, name in enumerate(fields):
            ax = axes[j, i] if wide else axes[i, j]
            ttl, unit = ti.field_info(name)
            v = vals[j]
            fin = v[np.isfinite(v)]
            lo, hi = (float(fin.min()), float(fin.max())) if fin.size else (0.0, 1.0)
            d = 0.0 if hi > lo else (0.05 * abs(lo) if lo != 0 else 1.0)  # a constant field: its value mid-bar
            pc = PolyCollection(polys, array=np.ma.masked_invalid(v), cmap=cmap, edgecolors="0.45", linewidths=0.3,
                                gid="field-%s-%d" % (name, i))
            pc.set_clim(lo - d, hi + d)
            ax.add_collection(pc)
            ax.autoscale_view()
            ax.set_aspect("equal")
            ax.margins(0.02)
            ax.set_xlabel("%s (mm)" % an[0])
            ax.set_ylabel("%s (mm)" % an[1])
            head = "%s (%s): min %.4g, max %.4g" % (ttl, unit, lo, hi) if fin.size else "%s (%s): no values" % (ttl, unit)
            if len(results) > 1:
                head = names[i] + ": " + head
            ax.set_title(head, fontsize="medium")
            cax = ax.inset_axes([1.03, 0.0, 0.2 / aw, 1.0])  # as tall as the panel drawn at equal scale
            fig.colorbar(pc, cax=cax, label="%s (%s)" % (name, unit))
    if title is None and len(results) == 1:
        r = results[0]
        t = r.data["prestress"].attrs.get("tension_N") if "prestress" in r.data else None
        title = "tribo %s%s: %s" % (r.verb, ", %.6g N per bolt" % t if t is not None else "", os.path.basename(r.path))
    if title:
        fig.suptitle(title)
    return fig


# --- modal ---------------------------------------------------------------------------------------
@register_figure("modal", applies=lambda r: r.has("/modal/frequency_hz") and not r.has("/frf") and not r.has("/transient"), suffix="_modal",
                 description="natural frequencies of the linearized modes (/modal)")
def modal_figure(results, labels=None, title=None):
    """Natural frequencies of the modes about the prestress (/modal) as stems, the rigid or
    suspension ones (the first ``nrigid``) in grey; several files side by side."""
    results = _results(results)
    _check_labels(results, labels)
    names = _default_labels(results, labels)
    fig = new_figure(8.0, 4.5)
    ax = fig.subplots()
    n = len(results)
    width = 0.7 / max(n, 1)
    for i, r in enumerate(results):
        fhz = np.asarray(r.modal["frequency_hz"], dtype=float)
        nrig = int(r.modal.attrs.get("nrigid", 0))
        k = np.arange(1, len(fhz) + 1) + (i - (n - 1) / 2) * width
        c = COLORS[i % len(COLORS)]
        el = np.arange(len(fhz)) >= nrig
        ax.vlines(k[el], 0, fhz[el], color=c, lw=2, gid="modal-stems-%d" % i)
        ax.plot(k[el], fhz[el], "o", color=c, label=names[i], gid="modal-%d" % i)
        if nrig:
            ax.vlines(k[~el], 0, fhz[~el], color="0.6", lw=2)
            ax.plot(k[~el], fhz[~el], "o", color="0.6", label="rigid/suspension" if i == 0 else "_nolegend_",
                    gid="modal-rigid-%d" % i)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("mode")
    ax.set_ylabel("frequency (Hz)")
    ax.set_ylim(bottom=0)
    ax.grid(True, axis="y", color="0.85")
    ax.legend(fontsize="small")
    if title is None:
        title = "tribo modal: " + ", ".join(names)
    if title:
        fig.suptitle(title)
    return fig



# --- hysteresis loops ----------------------------------------------------------------------------
def _has_loops(r):
    return r.has("/backbone") and any("loop_q" in b for b in r.backbones.values())


def loop_amplitudes(spec, na, path="?"):
    """0-based amplitude indices from ``amps``: None or "all" (every one), "i,j,..." or a
    sequence of ints (negative ones count from the end)."""
    if spec is None or (isinstance(spec, str) and spec.strip().lower() == "all"):
        return list(range(na))
    items = [s.strip() for s in spec.split(",") if s.strip()] if isinstance(spec, str) else list(spec)
    out = []
    for s in items:
        try:
            i = int(s)
        except (TypeError, ValueError):
            raise ResultError("amplitude %r: expected all or 0-based amplitude indices i,j,..." % (s,)) from None
        if not -na <= i < na:
            raise ResultError("%s: amplitude %d out of range: %d amplitudes (0-based)" % (path, i, na))
        out.append(i % na)
    if not out:
        raise ResultError("no amplitude chosen (amps: all or i,j,...)")
    return out


def slip_direction(u):
    """Unit tangential direction (t1, t2) along which a point's relative displacements u (k x 3)
    vary most (principal axis of the tangential part), its larger component positive."""
    ut = np.asarray(u, dtype=float)[:, :2]
    ut = ut[np.all(np.isfinite(ut), axis=1)]
    if len(ut) < 2:
        return np.array([1.0, 0.0])
    w, v = np.linalg.eigh(np.cov((ut - ut.mean(axis=0)).T))
    d = v[:, np.argmax(w)]
    return d if d[np.argmax(np.abs(d))] > 0 else -d


@register_figure("loops", applies=_has_loops, suffix="_loops",
                 description="hysteresis loops of the last cycle (/backbone/mode<k>/loop_*): modal force-amplitude and chosen points")
def loops_figure(results, amps="all", mode=None, title=None):
    """Hysteresis loops of a non-Masing backbone run, last cycle at each amplitude: the modal
    loop, restoring force lambda(q) q against the modal amplitude q (porter-et-al-2022 Fig. 6c),
    one closed line per chosen amplitude coloured by amplitude (log colour scale); and, when
    the run stored points (-backbone_loop_points), one panel per point with its tangential
    traction (MPa) against its tangential relative displacement (um), both along the point's
    slip direction (:func:`slip_direction`). ``amps``: all or 0-based indices "i,j"; ``mode``:
    the backbone mode (default the first). One file."""
    results = _results(results)
    if len(results) != 1:
        raise ResultError("the loops figure draws one file, got %d" % len(results))
    r = results[0]
    b = r.backbone(mode)
    if "loop_q" not in b:
        raise ResultError("%s: %s has no hysteresis loops (a Masing run, or written before loops were stored)" % (r.path, b.name))
    q, F = np.asarray(b["loop_q"], dtype=float), np.asarray(b["loop_force"], dtype=float)
    qa = np.asarray(b["modal_amplitude"], dtype=float)
    chosen = [i for i in loop_amplitudes(amps, len(qa), r.path) if np.isfinite(q[i]).any()]
    pidx = np.asarray(b["loop_point_index"], dtype=int) if "loop_point_index" in b else np.zeros(0, dtype=int)
    npl = len(pidx)
    ncol = min(1 + npl, 3)
    nrow = -(-(1 + npl) // ncol)
    fig = new_figure(4.2 * ncol + 1.0, 3.6 * nrow + 0.4)
    axes = np.array(fig.subplots(nrow, ncol, squeeze=False)).ravel()
    for ax in axes[1 + npl:]:
        ax.set_visible(False)
    norm = matplotlib.colors.LogNorm(vmin=qa.min(), vmax=qa.max()) if qa.min() > 0 and qa.max() > qa.min() else \
        matplotlib.colors.Normalize(vmin=qa.min(), vmax=qa.max() if qa.max() > qa.min() else qa.min() + 1)
    cmap = matplotlib.colormaps["viridis"]

    def closed(x, y):
        ok = np.isfinite(x) & np.isfinite(y)
        x, y = x[ok], y[ok]
        return (np.append(x, x[:1]), np.append(y, y[:1])) if len(x) else (x, y)

    ax = axes[0]
    for i in chosen:
        x, y = closed(q[i], F[i])
        ax.plot(x, y, "-", color=cmap(norm(qa[i])), lw=1.3, gid="loop-modal-%d" % i)
    ax.set_xlabel("modal amplitude q (sqrt(kg) m)")
    ax.set_ylabel("modal restoring force lambda q (sqrt(kg) m/s^2)")
    ax.set_title("modal loops, mode %s" % b.name.rsplit("mode", 1)[-1])
    ax.grid(True, color="0.88")
    if npl:
        U = np.asarray(b["loop_point_displacement"], dtype=float)
        T = np.asarray(b["loop_point_traction"], dtype=float)
        for p in range(npl):
            axp = axes[1 + p]
            for i in chosen:
                d = slip_direction(U[i, :, p, :])
                x, y = closed(1e6 * U[i, :, p, :2] @ d, 1e-6 * T[i, :, p, :2] @ d)
                axp.plot(x, y, "-", color=cmap(norm(qa[i])), lw=1.3, gid="loop-point-%d-%d" % (p, i))
            axp.set_xlabel("tangential relative displacement (um)")
            axp.set_ylabel("tangential traction (MPa)")
            axp.set_title("point %d" % pidx[p])
            axp.grid(True, color="0.88")
    sm = matplotlib.cm.ScalarMappable(norm=norm, cmap=cmap)
    fig.colorbar(sm, ax=list(axes[:1 + npl]), label="modal amplitude q (sqrt(kg) m)", shrink=0.9)
    if title is None:
        title = "tribo hysteresis loops (last cycle): %s" % os.path.basename(r.path)
    if title:
        fig.suptitle(title)
    return fig


# --- forced response ---------------------------------------------------------------------------
@register_figure("frf", applies=lambda r: r.has("/frf/frequency_hz"), suffix="_frf",
                 description="forced response (/frf): first-harmonic amplitude and force level against frequency")
def frf_figure(results, row=None, labels=None, title=None):
    """Forced response: the first-harmonic displacement amplitude at one recovery row (``row``: index or
    label; default the row with the largest response of the first file) against the excitation frequency, on a
    log scale, one line per file, folds marked; a second panel shows the force level (constant, or the unknown
    of a response-controlled run)."""
    results = _results(results)
    _check_labels(results, labels)
    names = _default_labels(results, labels)
    first = results[0].get("/frf")
    rlabels = [str(x.decode() if isinstance(x, bytes) else x) for x in first["recovery_labels"]]
    amp0 = np.asarray(first["amplitude"], dtype=float)
    k = int(np.nanargmax(np.nanmax(amp0, axis=0))) if row is None else recovery_row(row, rlabels, results[0].path)
    fig = new_figure(8.0, 7.5)
    axa, axp = fig.subplots(2, 1, sharex=True)
    for n, (r, lab) in enumerate(zip(results, names)):
        g = r.get("/frf")
        f = np.asarray(g["frequency_hz"], dtype=float)
        a = np.asarray(g["amplitude"], dtype=float)[:, k]
        c = COLORS[n % len(COLORS)]
        axa.plot(f, a, "-", color=c, lw=1.5, label=lab, gid="frf-amplitude-%d" % n)
        axp.plot(f, np.asarray(g["force"], dtype=float), "-", color=c, lw=1.5, label=lab, gid="frf-force-%d" % n)
        folds = np.asarray(g["folds_hz"], dtype=float) if "folds_hz" in g else np.array([])
        if folds.size:
            fa = np.interp(folds, f[np.argsort(f)], a[np.argsort(f)])
            axa.plot(folds, fa, ls="none", marker="s", ms=7, mfc="none", mec=c, label="folds" if n == 0 else "_nolegend_",
                     gid="frf-folds-%d" % n)
    axa.set_yscale("log")
    axa.set_ylabel("first-harmonic displacement amplitude at %s (m)" % _short([rlabels[k]])[0])
    axa.set_title(title or "tribo frf: forced response")
    axp.set_ylabel("force level (N)")
    axp.set_xlabel("excitation frequency (Hz)")
    for ax in (axa, axp):
        ax.grid(True, which="major", color="0.85", lw=0.8)
        ax.legend(loc="best", fontsize=8)
    return fig


# --- interface laws (tribo law) ----------------------------------------------------------------
def law_names(result):
    """The laws of a ``tribo law`` result, in the run's order (the /law attribute ``laws``)."""
    g = result.get("/law")
    names = [n for n in str(g.attrs.get("laws", "")).split(",") if n]
    names = [n for n in names if isinstance(g.get(n), dict) and "t" in g[n]]
    if not names:
        raise ResultError("%s: /law holds no law (groups /law/<name>/t written by tribo law)" % result.path)
    return names


def law_displacement(result, name):
    """(nt x 3) relative displacements law ``name`` saw: its own /law/<name>/u (a normal traction history) or /law/u."""
    g = result.get("/law")
    return np.asarray(g[name]["u"] if "u" in g[name] else g["u"], dtype=float)


@register_figure("law", applies=lambda r: r.has("/law/time"), suffix="",
                 description="hysteresis loops of interface laws (/law, tribo law): t_t1 against u_t1, and t_n against u_n when it varies")
def law_figure(results, labels=None, title=None):
    """Hysteresis loops of ``tribo law`` results: the tangential traction t_t1 against the tangential displacement
    u_t1, one curve per law (and per file), and a second panel with t_n against u_n when the normal displacement
    varies. Each curve carries the gid ``law-t1-<file>-<law>`` (``law-n-...`` for the normal panel)."""
    results = _results(results)
    _check_labels(results, labels)
    files = _default_labels(results, labels)
    curves = []
    for i, r in enumerate(results):
        g = r.get("/law")
        for name in law_names(r):
            lab = name if len(results) == 1 else "%s: %s" % (files[i], name)
            typ = g[name].attrs.get("type", "")
            if typ and typ != name:
                lab += " (%s)" % typ
            curves.append((i, name, lab, law_displacement(r, name), np.asarray(g[name]["t"], dtype=float)))
    normal = any(np.ptp(u[:, 2]) > 0 for _, _, _, u, _ in curves)
    fig = new_figure(11.0 if normal else 6.5, 5.0)
    axes = fig.subplots(1, 2 if normal else 1, squeeze=False)[0]
    for n, (i, name, lab, u, t) in enumerate(curves):
        c = COLORS[n % len(COLORS)]
        axes[0].plot(u[:, 0], t[:, 0], "-", color=c, lw=1.3, label=lab, gid="law-t1-%d-%s" % (i, name))
        if normal:
            axes[1].plot(u[:, 2], t[:, 2], "-", color=c, lw=1.3, label=lab, gid="law-n-%d-%s" % (i, name))
    axes[0].set_xlabel("tangential displacement u_t1 (m)")
    axes[0].set_ylabel("tangential traction t_t1 (Pa)")
    axes[0].set_title("tangential loop")
    if normal:
        axes[1].set_xlabel("normal displacement u_n (m, > 0: contact)")
        axes[1].set_ylabel("normal traction t_n (Pa)")
        axes[1].set_title("normal")
    for ax in axes:
        ax.grid(True, color="0.85", lw=0.8)
        ax.axhline(0, color="0.6", lw=0.6)
        ax.axvline(0, color="0.6", lw=0.6)
        ax.legend(loc="best", fontsize=8)
    if title is None:
        title = "tribo law: %s" % ", ".join(os.path.basename(r.path) for r in results)
    if title:
        fig.suptitle(title)
    return fig


# --- Masing manifold ---------------------------------------------------------------------------
MANIFOLD_FACES = {"ACE": (0, 2, 4), "BDF": (1, 3, 5), "ACFB": (0, 2, 5, 1), "BDEA": (1, 3, 4, 0)}
MANIFOLD_FACE_COLORS = {"ACE": "#ff7f0e", "BDF": "#2ca02c", "ACFB": "#9467bd", "BDEA": "#8c564b"}


def manifold_laws(result):
    """Names of the laws of a /law file that carry a Masing manifold (/law/<name>/manifold/vertices)."""
    if not result.has("/law"):
        return []
    g = result.get("/law")
    return [k for k in sorted(g) if isinstance(g[k], dict) and isinstance(g[k].get("manifold"), dict) and "vertices" in g[k]["manifold"]]


def _prefix(values, unit):
    """(scale, label unit) giving the values about 1..1000 in engineering prefixes of unit."""
    m = float(np.nanmax(np.abs(values))) if np.size(values) else 0.0
    for s, p in ((1e-9, "n"), (1e-6, "u"), (1e-3, "m"), (1.0, ""), (1e3, "k"), (1e6, "M"), (1e9, "G")):
        if m < 1000 * s:
            return 1.0 / s, p + unit
    return 1e-9, "G" + unit


@register_figure("manifold", applies=lambda r: bool(manifold_laws(r)), suffix="_manifold",
                 description="Masing manifold of a law along a history (/law/<law>/manifold): faces A-F in u-f-N space with the response")
def manifold_figure(results, law=None, title=None):
    """The Masing manifold of elastic dry friction (brake-porter-karpov-masing-manifolds §2, Fig. 5-6):
    left, the faces through the points A-F in tangential displacement - tangential force - normal force
    space as translucent polygons (stuck planes ACE and BDF, slip planes ACFB and BDEA; the top DECF
    dashed, it only closes the drawing), the law's response along the history on it (blue), its
    projection on the N = 0 plane (black) and the samples off the manifold (red); right, the hysteresis
    loop f(u) of the law (blue) and the force read from the manifold (red, dashed). Reads /law/u
    (first tangential component), /law/N (else the normal component of /law/<law>/t), /law/<law>/t
    (first component) and /law/<law>/manifold
    (vertices, t, violation; attributes mu, kT, u_anchor_amp, N_max, and first: when present, the index of
    the first sample of the steady period the manifold was built from, and only the samples from it on are
    drawn). ``law``: which law (default the first with a manifold). One file."""
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # noqa: F401 (registers the 3d projection)

    results = _results(results)
    if len(results) != 1:
        raise ResultError("the manifold figure draws one file, got %d" % len(results))
    r = results[0]
    laws = manifold_laws(r)
    if not laws:
        raise ResultError("%s: no /law/<law>/manifold in this file (written by tribo law with a Masing manifold)" % r.path)
    if law is None:
        law = laws[0]
    if law not in laws:
        raise ResultError("%s: no Masing manifold for law %r (laws with one: %s)" % (r.path, law, ", ".join(laws)))
    g = r.get("/law/" + law)
    m = g["manifold"]
    v = np.asarray(m["vertices"], dtype=float)
    if v.shape != (6, 3):
        raise ResultError("%s: /law/%s/manifold/vertices has shape %s, expected 6 x 3 (A..F as u, f, N)" % (r.path, law, v.shape))
    u = np.asarray(r.get("/law/u"), dtype=float)
    u = u[:, 0] if u.ndim == 2 else u
    t = np.asarray(g["t"], dtype=float)
    if r.has("/law/N"):
        N = np.asarray(r.get("/law/N"), dtype=float)
    elif t.ndim == 2 and t.shape[1] == 3:
        N = t[:, 2]  # the law's normal traction along the history
    else:
        raise ResultError("%s: no /law/N and no normal component in /law/%s/t: the manifold figure needs the normal force history" % (r.path, law))
    f = t[:, 0] if t.ndim == 2 else t
    fm = np.asarray(m["t"], dtype=float) if "t" in m else None
    viol = np.asarray(m["violation"], dtype=int) if "violation" in m else np.zeros(len(u), dtype=int)
    if not (len(u) == len(N) == len(f) == len(viol)) or (fm is not None and len(fm) != len(u)):
        raise ResultError("%s: /law/u, /law/N, /law/%s/t and manifold datasets differ in length" % (r.path, law))
    attrs = r.attrs.get("/law/%s/manifold" % law, {})
    first = attrs.get("first")
    if first is not None:  # tribo law -law_masing: the manifold holds for the steady period, samples first..end
        first = int(np.asarray(first).reshape(-1)[0])
        if not 0 <= first < len(u) - 1:
            raise ResultError("%s: /law/%s/manifold attribute first = %d is outside the history (0..%d)" % (r.path, law, first, len(u) - 2))
        u, N, f, viol = u[first:], N[first:], f[first:], viol[first:]
        fm = fm[first:] if fm is not None else None
    su, lu = _prefix(np.concatenate([u, v[:, 0]]), "m")
    sf, lf = _prefix(np.concatenate([f, v[:, 1]]), "N")
    sn, ln = _prefix(np.concatenate([N, v[:, 2]]), "N")
    V = v * np.array([su, sf, sn])
    fig = new_figure(12.0, 5.6)
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    for name, idx in MANIFOLD_FACES.items():
        pc = Poly3DCollection([V[list(idx)]], alpha=0.25, facecolor=MANIFOLD_FACE_COLORS[name], edgecolor="0.35", linewidths=0.6)
        pc.set_gid("manifold-face-" + name)
        ax.add_collection3d(pc)
    top = V[[3, 4, 2, 5, 3]]
    ax.plot(top[:, 0], top[:, 1], top[:, 2], ls="--", color="0.5", lw=0.8, gid="manifold-top")
    for k, name in enumerate("ABCDEF"):
        ax.text(V[k, 0], V[k, 1], V[k, 2], " " + name, fontsize=9)
    closed = np.r_[np.arange(len(u)), 0]
    ax.plot(su * u[closed], sf * f[closed], sn * N[closed], "-", color=COLORS[0], lw=1.6, label=law, gid="response-3d")
    ax.plot(su * u[closed], sf * f[closed], 0 * N[closed], "-", color="k", lw=1.0, label="projection on N = 0", gid="response-projection")
    off = viol > 0
    if off.any():
        ax.plot(su * u[off], sf * f[off], sn * N[off], ls="none", marker=".", ms=4, color=COLORS[3], label="off the manifold", gid="off-manifold-3d")
    ax.set_xlabel("tangential displacement u (%s)" % lu)
    ax.set_ylabel("tangential force f (%s)" % lf)
    ax.set_zlabel("normal force N (%s)" % ln)
    ax.legend(loc="upper left", fontsize=8)
    ax2 = fig.add_subplot(1, 2, 2)
    ax2.plot(su * u[closed], sf * f[closed], "-", color=COLORS[0], lw=1.6, label=law, gid="loop-direct")
    if fm is not None:
        ax2.plot(su * u[closed], sf * fm[closed], "--", color=COLORS[3], lw=1.2, label="read from the manifold", gid="loop-manifold")
    if off.any():
        ax2.plot(su * u[off], sf * f[off], ls="none", marker=".", ms=4, color=COLORS[3], gid="off-manifold")
    codes = sorted(set(int(c) for c in viol[off]))
    info = ", ".join("%s %.4g" % (k, attrs[k]) for k in ("mu", "kT") if isinstance(attrs.get(k), (int, float)))
    ax2.set_title("%s%s" % (info + "; " if info else "", "off the manifold: eq. %s" % ", ".join(map(str, codes)) if codes else "on the manifold"), fontsize=9)
    ax2.set_xlabel("tangential displacement u (%s)" % lu)
    ax2.set_ylabel("tangential force f (%s)" % lf)
    ax2.grid(True, color="0.88")
    ax2.legend(loc="best", fontsize=8)
    fig.suptitle(title or "tribo law: Masing manifold of %s, %s" % (law, os.path.basename(r.path)))
    return fig


# --- transient response ------------------------------------------------------------------------
def _transient_point(g, point, path):
    """0-based index into /transient/points of ``point`` (an interface point or element number), default the first."""
    pts = [int(p) for p in np.asarray(g["points"]).ravel()]
    if point is None:
        return 0
    p = int(point)
    if p not in pts:
        raise ResultError("%s: point %d has no stored history (stored: %s; tribo transient -transient_points)" % (path, p, ", ".join(map(str, pts))))
    return pts.index(p)


@register_figure("transient", applies=lambda r: r.has("/transient/time"), suffix="",
                 description="transient response (/transient): time history, hysteresis loop of a joint element, energies")
def transient_figure(results, row=None, point=None, labels=None, title=None):
    """Transient response: the displacement at one recovery row (``row``: index or label; default the row with the largest
    motion of the first file) against time; the hysteresis loop (force against relative displacement, the local component
    with the largest motion) of one stored interface point or discrete element (``point``, default the first stored one);
    and the energy terms against time (kinetic + strain, external work, dissipated by damping, work on the joint, balance)
    of the first file. One line per file."""
    results = _results(results)
    _check_labels(results, labels)
    names = _default_labels(results, labels)
    first = results[0].get("/transient")
    has_rec = "recovery" in first
    if has_rec:
        rlabels = [str(x.decode() if isinstance(x, bytes) else x) for x in first["recovery_labels"]]
        y0 = np.asarray(first["recovery"], dtype=float)
    else:
        y0 = np.asarray(first["x"], dtype=float)
        rlabels = ["x%d" % (i + 1) for i in range(y0.shape[1])]
    k = int(np.argmax(np.ptp(y0, axis=0))) if row is None else recovery_row(row, rlabels, results[0].path)
    has_pts = "points" in first and np.asarray(first["points"]).size > 0
    tmax = float(np.max(np.asarray(first["time"], dtype=float)))
    ts, tu = (1e3, "ms") if tmax < 1 else (1.0, "s")
    fig = new_figure(11.0, 7.5)
    gs = fig.add_gridspec(2, 2)
    axt, axl, axe = fig.add_subplot(gs[0, 0]), fig.add_subplot(gs[0, 1]), fig.add_subplot(gs[1, :])
    for n, (r, lab) in enumerate(zip(results, names)):
        g = r.get("/transient")
        t = np.asarray(g["time"], dtype=float) * ts
        y = np.asarray(g["recovery"] if has_rec else g["x"], dtype=float)[:, k]
        c = COLORS[n % len(COLORS)]
        axt.plot(t, y, "-", color=c, lw=1.2, label=lab, gid="transient-history-%d" % n)
        if has_pts and "points" in g:
            q = _transient_point(g, point, r.path)
            u = np.asarray(g["point_u"], dtype=float)[:, q, :]
            f = np.asarray(g["point_t"], dtype=float)[:, q, :]
            comp = int(np.argmax(np.ptp(u, axis=0)))
            axl.plot(u[:, comp], f[:, comp], "-", color=c, lw=1.0, label=lab, gid="transient-loop-%d" % n)
            if n == 0:
                pid = int(np.asarray(g["points"]).ravel()[q])
                axl.set_title("point %d, component %s" % (pid, ("t1", "t2", "n")[comp]), fontsize=9)
    e = first["energy"]
    te = np.asarray(first["time"], dtype=float) * ts
    for key, lab, st in (("mech", "kinetic + strain", "-"), ("external_work", "external work", "--"), ("damping", "dissipated by damping", "-."),
                         ("joint_work", "work on the joint", ":"), ("balance", "balance", "-")):
        v = (np.asarray(e["kinetic"], dtype=float) + np.asarray(e["strain"], dtype=float)) if key == "mech" else np.asarray(e[key], dtype=float)
        axe.plot(te, v, st, lw=1.2, color="0.5" if key == "balance" else None, label=lab, gid="transient-energy-%s" % key)
    axt.set_xlabel("time (%s)" % tu)
    axt.set_ylabel("displacement at %s (m)" % _short([rlabels[k]])[0])
    axt.set_title(title or "tribo transient: %s" % str(first.attrs.get("force", "")))
    axl.set_xlabel("relative displacement (m)")
    axl.set_ylabel("traction or element force")
    if not has_pts:
        axl.text(0.5, 0.5, "no interface point stored\n(-transient_points)", ha="center", va="center", transform=axl.transAxes)
    axe.set_xlabel("time (%s)" % tu)
    axe.set_ylabel("energy (J), %s" % os.path.basename(results[0].path))
    for ax in (axt, axl, axe):
        ax.grid(True, which="major", color="0.85", lw=0.8)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(loc="best", fontsize=8)
    return fig


# --- tribo surface ------------------------------------------------------------------------------
def surface_groups(result):
    """The erosion-size groups (/erosion_<k>) of a tribo surface file, by increasing size."""
    names = [k for k in result.data if k.startswith("erosion_") and k[8:].isdigit()]
    return ["/" + k for k in sorted(names, key=lambda k: int(k[8:]))]


@register_figure("surface", applies=lambda r: bool(surface_groups(r)), suffix="_surface",
                 description="surface statistics of one erosion size (tribo surface): height and mesoscale gap maps, example fits, gap PDF, orientations")
def surface_figure(results, group=None, title=None):
    """Statistics of ``tribo surface`` (Porter and Brake 2023 §3.2, Fig. 9) for one erosion size: the levelled height map of
    the first scan, the mesoscale gap between the two surfaces, example asperity fits (the points of the largest accepted
    regions against their distance from the peak along the short axis, with the fitted paraboloid h_z - u^2/(2 R'')), the
    gap PDF and the orientation histogram."""
    r = _results(results)[0]
    groups = surface_groups(r)
    group = group or groups[0]
    if not r.has(group):
        raise ResultError("%s: no group %s (groups: %s)" % (r.path, group, ", ".join(groups)))
    g = r.get(group)
    st = g["statistics"]
    fig = new_figure(15.0, 8.0)
    ax = fig.subplots(2, 3).ravel()
    sc = r.get("/surface/scan1")
    x, y, h = (np.asarray(sc[k], dtype=float) for k in ("x", "y", "height"))
    im = ax[0].pcolormesh(1e3 * x, 1e3 * y, 1e6 * h, shading="auto", cmap="viridis", rasterized=True)
    fig.colorbar(im, ax=ax[0], label="height (um)")
    ax[0].set_title("scan 1, levelled")
    ms = g["mesoscale"]
    im = ax[1].pcolormesh(1e3 * np.asarray(ms["x"]), 1e3 * np.asarray(ms["y"]), 1e6 * np.asarray(ms["gap"]), shading="auto", cmap="magma_r")
    fig.colorbar(im, ax=ax[1], label="mesoscale gap (um)")
    ax[1].set_title("mesoscale gap between the surfaces")
    for a in ax[:2]:
        a.set_xlabel("x (mm)")
        a.set_ylabel("y (mm)")
        a.set_aspect("equal", adjustable="box")
    asp, ex = np.asarray(g["asperities"], dtype=float), np.asarray(g["examples"], dtype=float)
    for n, row in enumerate(np.unique(ex[:, 3]).astype(int) if ex.size else []):
        bx, by, hz, rp, rpp, al = asp[row, :6]
        pts = ex[ex[:, 3] == row]
        u = (pts[:, 0] - bx) * np.cos(al) + (pts[:, 1] - by) * np.sin(al)
        c = COLORS[n % len(COLORS)]
        ax[2].plot(1e3 * u, 1e6 * pts[:, 2], ".", ms=2, color=c, gid="surface-example-%d" % n)
        uu = np.linspace(u.min(), u.max(), 100)
        ax[2].plot(1e3 * uu, 1e6 * (hz - uu ** 2 / (2 * rpp)), "-", color=c, lw=1.2,
                   label="R' %.3g mm, R'' %.3g mm" % (1e3 * rp, 1e3 * rpp))
    ax[2].set_xlabel("distance from the peak along the short axis (mm)")
    ax[2].set_ylabel("height (um)")
    ax[2].set_title("example fits (points and h_z - u^2/(2R''))")
    ax[2].legend(fontsize=7)
    z, p = np.asarray(st["gap_pdf_z"], dtype=float), np.asarray(st["gap_pdf_p"], dtype=float)
    zmax = float(np.ravel(st["z_max"])[0])
    ax[3].plot(1e6 * zmax * z, p, "-", color=COLORS[0], gid="surface-gap-pdf")
    ax[3].set_xlabel("gap between asperities (um)")
    ax[3].set_ylabel("p(z/z_max)")
    ax[3].set_title("gap PDF (z_max %.4g um)" % (1e6 * zmax))
    e, hc = np.asarray(st["hist_edges"], dtype=float), np.asarray(st["hist"], dtype=float)
    ax[4].bar(0.5 * (e[1:] + e[:-1]), hc, width=np.diff(e), color=COLORS[1], edgecolor="white", gid="surface-orientation")
    ax[4].set_xlabel("orientation alpha (rad)")
    ax[4].set_ylabel("asperities")
    ax[4].set_title("orientation of the short axis")
    val = lambda k: float(np.ravel(st[k])[0])
    at = r.attrs.get(group, {})
    ax[5].axis("off")
    ax[5].text(0.02, 0.95, "\n".join([
        "erosion size %s points" % at.get("erosion_size", group[9:]),
        "regions %s, asperities %s" % (at.get("regions", "?"), at.get("asperities", "?")),
        "R' %.4g mm, R'' %.4g mm (relative)" % (1e3 * val("rp"), 1e3 * val("rpp")),
        "R_e %.4g mm" % (1e3 * val("re")),
        "area density %.4g 1/m^2" % val("eta"),
        "z_max %.4g um" % (1e6 * val("z_max")),
        "alpha %.4g rad" % val("alpha"),
        "time %.2f s" % float(at.get("seconds", float("nan")))]), va="top", family="monospace", fontsize=9)
    if title is None:
        title = "tribo surface: %s %s" % (os.path.basename(r.path), group)
    if title:
        fig.suptitle(title)
    return fig
from . import contactfig  # noqa: E402,F401  (registers the kind "contact")


# --- tribo ringdown and tribo fit ---------------------------------------------------------------
@register_figure("ringdown", applies=lambda r: r.has("/ringdown/backbone"), suffix="",
                 description="a ringdown's backbone (tribo ringdown): the signal, and frequency and damping against amplitude")
def ringdown_figure(results, title=None):
    """``tribo ringdown``: the signal (decimated) with the amplitude of the windows kept, and the extracted backbone: frequency
    and damping ratio against the instantaneous amplitude (log axis), the noise-floor cut marked."""
    r = _results(results)[0]
    b = np.asarray(r.get("/ringdown/backbone"), dtype=float)
    at = r.attrs.get("/ringdown", {})
    sig = np.asarray(r.get("/ringdown/signal"), dtype=float)
    dt = float(at.get("signal_dt", 1.0))
    t = np.asarray(r.get("/ringdown/time"), dtype=float)
    fig = new_figure(14.0, 4.2)
    ax = fig.subplots(1, 3)
    ax[0].plot(dt * np.arange(len(sig)), sig, "-", lw=0.4, color=COLORS[7], label="signal")
    ax[0].plot(t, b[::-1, 0], "o-", ms=3, color=COLORS[0], label="mode amplitude (windows kept)")
    ax[0].set_xlabel("time (s)")
    ax[0].set_ylabel("signal")
    ax[0].legend(fontsize=8)
    ax[1].semilogx(b[:, 0], b[:, 1], "o-", ms=3, color=COLORS[0], gid="ringdown-frequency")
    ax[1].set_ylabel("frequency (Hz)")
    ax[2].loglog(b[:, 0], b[:, 2], "o-", ms=3, color=COLORS[1], gid="ringdown-damping")
    ax[2].set_ylabel("damping ratio")
    cut = float(at.get("noise_floor", np.nan)) * float(at.get("noise_factor", np.nan))
    for a in ax[1:]:
        a.set_xlabel("amplitude (signal units)")
        if np.isfinite(cut):
            a.axvline(cut, ls=":", color="k", lw=0.8, label="noise floor x %g" % float(at.get("noise_factor", 0)))
            a.legend(fontsize=8)
    if r.has("/ringdown/ripp"):  # brake-ripp §4: the two frequencies of eq. 40 and the estimates
        e = np.asarray(r.get("/ringdown/ripp"), dtype=float)
        ax[1].axhline(e[5] / (2 * np.pi), ls="--", color=COLORS[2], lw=0.8, label="eq. 40: stuck", gid="ripp-f1")
        ax[1].axhline(e[6] / (2 * np.pi), ls="--", color=COLORS[3], lw=0.8, label="eq. 40: slipping", gid="ripp-fslip")
        ax[1].legend(fontsize=8)
        ax[2].text(0.03, 0.97, "RIPP (eqs. 40-47):\nK_T %.4g N/m\nphi_max %.3g m\nchi %.3f\nF_S %.4g N\nbeta %.3g" % tuple(e[:5]),
                   transform=ax[2].transAxes, va="top", fontsize=8, gid="ripp-estimates")
    if title is None:
        title = "tribo ringdown: %s" % os.path.basename(r.path)
    if title:
        fig.suptitle(title)
    return fig


@register_figure("pareto", applies=lambda r: r.has("/fit/front_errors"), suffix="",
                 description="Pareto fronts of tribo fit (eq. 41 errors) and the fitted backbones of the front's ends over the measurements")
def pareto_figure(results, labels=None, title=None):
    """``tribo fit`` (porter-et-al-2022 Figs. 9-10): the Pareto front of each file (frequency error against damping error, eq.
    41, log axes; all files in one panel; the points of a boundary intersection, /fit/bi, as open diamonds), the area-metric box and its lower corner (x), and the backbones of the first file's
    front ends (least frequency error, least damping error) over the measured values."""
    rs = _results(results)
    fig = new_figure(14.0, 4.5)
    ax = fig.subplots(1, 3)
    for i, r in enumerate(rs):
        e = np.asarray(r.get("/fit/front_errors"), dtype=float).reshape(-1, 2)
        o = np.argsort(e[:, 0])
        at = r.attrs.get("/fit", {})
        lab = labels[i] if labels and i < len(labels) else "%s (%s%s)" % (os.path.basename(r.path), at.get("law", "?"),
                                                                            ", mode %s" % at["mode"] if "mode" in at else "")
        if r.has("/fit/predicted_frequency"):  # a mode-1 front on another mode (Figs. 11-12): every member, not a front
            ax[0].loglog(e[o, 0], e[o, 1], "o", ms=3, mfc="none", color=COLORS[i % len(COLORS)], label=lab, gid="pareto-front-%d" % i)
        else:
            ax[0].loglog(e[o, 0], e[o, 1], "o-", ms=3, color=COLORS[i % len(COLORS)], label=lab, gid="pareto-front-%d" % i)
        if r.has("/fit/bi/errors"):  # boundary intersection (eq. 43): its anchors and direction points, another marker
            bi = np.asarray(r.get("/fit/bi/errors"), dtype=float).reshape(-1, 2)
            bi = bi[np.all(np.isfinite(bi) & (bi > 0), axis=1)]
            ax[0].loglog(bi[:, 0], bi[:, 1], "D", ms=6, mfc="none", color=COLORS[i % len(COLORS)], label=lab + ": boundary intersection",
                         gid="pareto-bi-%d" % i)
        if i == 0 and r.has("/fit/variability"):  # porter-et-al-2022 Figs. 9-19: the variability box and the reference point
            v = np.asarray(r.get("/fit/variability"), dtype=float)
            vf, vz = np.nanmax(v[0::2]), np.nanmax(v[1::2])
            lo = np.nanmin(np.r_[e[np.isfinite(e[:, 0]), 0], vf]) / 3, np.nanmin(np.r_[e[np.isfinite(e[:, 1]), 1], vz]) / 3
            ax[0].plot([lo[0], vf, vf], [vz, vz, lo[1]], "--", color="0.3", lw=1.0, label="experimental variability", gid="variability-box")
            if r.has("/fit/reference_point"):
                rp = np.asarray(r.get("/fit/reference_point"), dtype=float)
                ax[0].plot([rp[0]], [rp[1]], "kx", ms=8, label="reference point", gid="reference-point")
        elif i == 0 and r.has("/fit/box"):
            b = np.asarray(r.get("/fit/box"), dtype=float)
            if b[0] > 0 and b[1] > 0 and b[2] > b[0] and b[3] > b[1]:  # a box at zero has no place on log axes
                ax[0].plot([b[0], b[2], b[2], b[0], b[0]], [b[1], b[1], b[3], b[3], b[1]], "--", color="k", lw=0.8, label="area box")
                ax[0].plot([b[0]], [b[1]], "kx")
    ax[0].set_xlabel("frequency error f_omega (eq. 41)")
    ax[0].set_ylabel("damping error f_zeta (eq. 41)")
    ax[0].legend(fontsize=8)
    r = rs[0]
    q = np.asarray(r.get("/fit/amplitude"), dtype=float)
    ax[1].semilogx(q, np.asarray(r.get("/fit/measured_frequency"), dtype=float), "ks", ms=4, label="measured")
    ax[2].loglog(q, np.asarray(r.get("/fit/measured_damping"), dtype=float), "ks", ms=4, label="measured")
    if r.has("/fit/measured_bounds"):
        mb = np.asarray(r.get("/fit/measured_bounds"), dtype=float).reshape(4, -1)
        ax[1].fill_between(q, mb[0], mb[1], color="0.85", label="measured bounds")
        ax[2].fill_between(q, np.maximum(mb[2], 1e-12), mb[3], color="0.85", label="measured bounds")
    if r.has("/fit/predicted_frequency"):  # every member's backbone of the predicted mode, thin
        pf = np.asarray(r.get("/fit/predicted_frequency"), dtype=float).reshape(-1, len(q))
        pz = np.asarray(r.get("/fit/predicted_damping"), dtype=float).reshape(-1, len(q))
        for k in range(len(pf)):
            ax[1].semilogx(q, pf[k], "-", color="0.6", lw=0.5, label="members" if k == 0 else None)
            ax[2].loglog(q, pz[k], "-", color="0.6", lw=0.5, label="members" if k == 0 else None)
    eb = r.get("/fit/end_backbones") if r.has("/fit/end_backbones") else None
    if eb is not None and hasattr(eb, "shape") and np.size(eb) >= 4 * len(q):  # an empty group when no member converged
        bb = np.asarray(eb, dtype=float).reshape(4, -1)
        for k, name in enumerate(("least frequency error", "least damping error")):
            ax[1].semilogx(q, bb[2 * k], "-", color=COLORS[k + 1], label=name)
            ax[2].loglog(q, bb[2 * k + 1], "-", color=COLORS[k + 1], label=name)
    ax[1].set_ylabel("frequency (Hz)")
    ax[2].set_ylabel("damping ratio")
    for a in ax[1:]:
        a.set_xlabel("modal amplitude")
        a.legend(fontsize=8)
    if title is None:
        title = "tribo fit: %s" % ", ".join(os.path.basename(x.path) for x in rs)
    if title:
        fig.suptitle(title)
    return fig

"""tribo: post-processing of the HDF5 results of tribo (bolted-joint dynamics).

Read a file whole into plain numpy arrays and dicts, script your own analyses, and draw the
standard figures (matplotlib, headless) or your own::

    import tribo
    r = tribo.read("out/demo/backbone.h5")      # tribo.Result; tribo.ResultError if unusable
    b = r.backbone()                            # /backbone/mode<k> of the first mode
    ok = b["converged"] > 0
    print(b["modal_amplitude"][ok], b["frequency_hz"][ok], b["damping"][ok])
    print(r.meta["options"], r.prestress.attrs["tension_N"], r.modal["frequency_hz"])

    fig = tribo.plot(["run1/backbone.h5", "run2/backbone.h5"], "cmp.svg", x="acc:accel1_z",
                     labels=["run 1", "run 2"], measured=["brb.csv:acc,freq,zeta"])
    fig = tribo.plot("out/demo/prestress.h5", kind="prestress", fields=["pressure", "slip"])

Modules: :mod:`tribo.results` (reader), :mod:`tribo.interface` (interface geometry and fields,
numpy only), :mod:`tribo.measured` (CSV of measured backbones), :mod:`tribo.figures` (figures
and their registry; needs matplotlib), :mod:`tribo.cli` (``python3 -m tribo plot``).
Reading needs numpy and h5py only; matplotlib is imported when a figure is first asked for.
"""
try:
    from .results import Group, Result, ResultError, csr_to_dense, read
    from .measured import Measured, read_measured
except ImportError as _e:  # numpy missing: `python3 -m tribo` still reports it in one line
    _MISSING = _e
else:
    _MISSING = None

__version__ = "0.1.0"
__all__ = ["read", "Result", "Group", "ResultError", "csr_to_dense", "read_measured", "Measured", "plot", "save",
           "figure", "register_figure", "FIGURES", "figures", "interface"]

_LAZY = {"FIGURES", "register_figure", "figure", "save", "backbone_figure", "interface_figure", "modal_figure", "loops_figure",
         "auto_kind", "frf_figure", "transient_figure", "manifold_figure", "law_figure"}


def __getattr__(name):
    """tribo.figures and its functions, imported on first use (they need matplotlib)."""
    import importlib

    if name in ("figures", "interface", "cli"):
        return importlib.import_module("." + name, __name__)
    if name in _LAZY:
        return getattr(importlib.import_module(".figures", __name__), name)
    raise AttributeError("module 'tribo' has no attribute %r" % name)


def plot(results, out=None, kind="auto", **options):
    """Draws a figure of the results (file names or Results) and returns it; writes it to
    ``out`` (.png, .svg or .pdf) if given. ``kind``: a name of ``tribo.FIGURES`` (backbone,
    prestress, modal, ...) or "auto" (the first kind that fits every file); the options are
    those of the kind's function (e.g. x, labels, measured, mode, fields, rom, title)."""
    from . import figures

    fig = figures.figure(kind, results, **options)
    if out is not None:
        figures.save(fig, out)
    return fig

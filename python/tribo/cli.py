"""Command line of the post-processing package: ``python3 -m tribo COMMAND ...``.

    python3 -m tribo plot FILE... [-o OUT.png|.svg|.pdf] [--kind auto|backbone|prestress|modal|loops|frf|law]
                         [--x auto|modal|acc:ROW|disp:ROW] [--mode K]
                         [--measured PATH:AMP,FREQ[,ZETA]]... [--measured-label TEXT]...
                         [--label TEXT]... [--fields pressure,gap,traction,slip] [--rom ROM.h5]
                         [--amps all|I,J] [--law NAME] [--title TEXT] [--dpi N] [-q]
    python3 -m tribo kinds          the figure kinds (FIGURES registry)
    python3 -m tribo show FILE      the groups, datasets and attributes of a file

``plot`` picks the figure from what the files hold (auto: backbone if /backbone, else the
prestress interface fields, else the modal frequencies), overlays several files and writes
OUT (default: the first file's name without .h5, plus the kind's suffix and .png, as the C
program names its pictures: backbone.png, prestress_prestress.png). Every error prints one line
``tribo plot: error: ...`` on stderr; the exit status is 1 for errors and 2 for bad usage
(TRIBO_DEBUG=1 shows the traceback of an unexpected error).

The C program's ``tribo plot`` and the verbs run this module to draw their pictures.
"""
import argparse
import inspect
import logging
import os
import sys
import warnings

__all__ = ["main", "build_figure"]

# command-line option -> keyword of the figure functions
OPTION_KEYWORDS = [("x", "--x"), ("mode", "--mode"), ("measured", "--measured"), ("measured_labels", "--measured-label"),
                   ("labels", "--label"), ("fields", "--fields"), ("rom", "--rom"), ("amps", "--amps"),
                   ("title", "--title"), ("row", "--row"), ("point", "--point"), ("law", "--law"), ("group", "--group")]


class UsageError(Exception):
    """Bad command line (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _plot_parser():
    p = _Parser(prog="tribo plot", description="Draw a figure of tribo result files (HDF5).",
                epilog="Kinds: backbone (frequency and damping against amplitude), prestress (interface "
                       "fields after the preload), modal (natural frequencies), loops (hysteresis loops of the last cycle: modal and "
                       "chosen points), frf (forced response), law (hysteresis loops of interface laws, tribo law); more may be registered "
                       "(python3 -m tribo kinds). Errors: one line on stderr, exit status 1 (2: bad usage).")
    p.add_argument("files", nargs="+", metavar="FILE", help="result files (.h5) written by tribo")
    p.add_argument("-o", "--output", metavar="OUT", help="picture file: .png, .svg or .pdf (default: FILE without "
                   ".h5 + the kind's suffix + .png)")
    p.add_argument("--kind", default="auto", help="figure kind: auto (from the files), backbone, prestress, modal, loops, ...")
    p.add_argument("--x", help="backbone x axis: auto (the run's -backbone_plot_recovery), modal (modal amplitude), "
                   "acc:ROW or disp:ROW (acceleration or displacement amplitude at recovery row ROW, a label such as "
                   "accel1_z or a 0-based index)")
    p.add_argument("--mode", type=int, help="backbone: draw this mode only (default: every mode in the files)")
    p.add_argument("--measured", action="append", metavar="PATH:AMP,FREQ[,ZETA]",
                   help="measured backbone from a CSV file with a header row; columns by name or 0-based index; "
                   "zeta (fraction of critical) optional; repeat for several files")
    p.add_argument("--measured-label", action="append", dest="measured_labels", metavar="TEXT", help="legend of the --measured data (in order)")
    p.add_argument("--label", action="append", dest="labels", metavar="TEXT", help="legend of each FILE (repeat, in order)")
    p.add_argument("--fields", help="prestress: comma-separated interface fields: pressure (t_n, MPa), gap (u_n, "
                   "um), traction (|t_t|, MPa), slip (|u_t|, um); default pressure,gap")
    p.add_argument("--rom", metavar="ROM.h5", help="the ROM with the interface geometry (default: the file's own /rom, "
                   "else the ROM named in its /meta inputs)")
    p.add_argument("--amps", help="loops: the amplitudes whose hysteresis loops are drawn: all (default) or 0-based indices I,J")
    p.add_argument("--row", help="frf, transient: the recovery row drawn (0-based index or label)")
    p.add_argument("--point", type=int, help="transient: the interface point or discrete element (0-based) whose hysteresis loop is drawn")
    p.add_argument("--law", help="manifold: the law whose Masing manifold is drawn (default: the first with one)")
    p.add_argument("--group", help="surface: the erosion-size group drawn, e.g. /erosion_2 (default: the smallest size)")
    p.add_argument("--title", help="figure title ('' for none)")
    p.add_argument("--dpi", type=int, default=150, help="PNG resolution (default 150)")
    p.add_argument("-q", "--quiet", action="store_true", help="do not print the name of the file written")
    return p


def _one_line(e):
    return " ".join(str(e).split()) or type(e).__name__


def _missing_module(e):
    mod = getattr(e, "name", None) or str(e)
    if str(e).startswith("tribo's figures need"):
        return _one_line(e)
    pkg = {"matplotlib": "python3-matplotlib", "h5py": "python3-h5py", "numpy": "python3-numpy"}
    for k, v in pkg.items():
        if mod == k or str(mod).startswith(k + "."):
            return "%s is not available (Debian package %s): %s" % (k, v, _one_line(e))
    return "a Python module is missing: %s" % _one_line(e)


def build_figure(argv):
    """Parses ``plot`` arguments and draws the figure without writing it: returns (figure, output
    file name, kind, options). Raises UsageError, ImportError or tribo.ResultError."""
    args = _plot_parser().parse_args(argv)
    if args.output is not None and os.path.splitext(args.output)[1].lower() not in (".png", ".svg", ".pdf"):
        raise UsageError("-o %s: the picture format is taken from the extension: .png, .svg or .pdf" % args.output)
    if args.labels and len(args.labels) > len(args.files):
        raise UsageError("%d --label for %d files" % (len(args.labels), len(args.files)))
    if args.measured_labels and len(args.measured_labels) > len(args.measured or []):
        raise UsageError("%d --measured-label for %d --measured" % (len(args.measured_labels), len(args.measured or [])))
    if args.fields is not None:
        args.fields = [f.strip() for f in args.fields.split(",") if f.strip()]
        if not args.fields:
            raise UsageError("--fields: no field named")
    import tribo
    if getattr(tribo, "_MISSING", None) is not None:
        raise tribo._MISSING
    results = [tribo.read(f, rom=args.rom) for f in args.files]  # before matplotlib: bad files fail fast
    from tribo import figures

    if args.kind != "auto" and args.kind not in figures.FIGURES:
        raise UsageError("--kind %s: unknown figure kind (kinds: auto, %s)" % (args.kind, ", ".join(figures.FIGURES)))
    kind = figures.auto_kind(results) if args.kind == "auto" else args.kind
    fn = figures.FIGURES[kind]
    accepted = inspect.signature(fn).parameters
    opts = {}
    for key, flag in OPTION_KEYWORDS:
        val = getattr(args, key)
        if val is None:
            continue
        if key not in accepted:
            raise UsageError("%s does not apply to the %s figure" % (flag, kind))
        opts[key] = val
    out = args.output
    if out is None:
        base = args.files[0][:-3] if args.files[0].endswith(".h5") else args.files[0]
        out = base + fn.suffix + ".png"
    fig = fn(results, **opts)
    return fig, out, kind, dict(opts, dpi=args.dpi, quiet=args.quiet)


def _plot(argv):
    fig, out, kind, opts = build_figure(argv)
    from tribo import figures

    figures.save(fig, out, dpi=opts["dpi"])
    if not opts["quiet"]:
        print("wrote %s (%s)" % (out, kind))
    return 0


def _kinds(argv):
    if argv:
        raise UsageError("kinds takes no arguments")
    from tribo import figures

    for name, fn in figures.FIGURES.items():
        print("%-10s %s" % (name, fn.description))
    return 0


def _show(argv):
    if len(argv) != 1 or argv[0].startswith("-"):
        raise UsageError("usage: python3 -m tribo show FILE")
    import numpy as np
    import tribo

    r = tribo.read(argv[0])

    def walk(g, depth):
        for k, v in g.attrs.items():
            print("%s@%s = %s" % ("  " * depth, k, v if not isinstance(v, str) or len(v) < 100 else v[:97] + "..."))
        for k, v in g.items():
            if isinstance(v, tribo.Group):
                print("%s%s/" % ("  " * depth, k))
                walk(v, depth + 1)
            else:
                a = np.asarray(v)
                brief = ""
                if a.size and a.size <= 6:
                    brief = "  " + " ".join(map(str, a.ravel().tolist()))
                print("%s%s  %s %s%s" % ("  " * depth, k, a.dtype, "x".join(map(str, a.shape)) or "scalar", brief))

    print("%s (verb %s)" % (r.path, r.verb))
    walk(r.data, 1)
    return 0


def _sweep(argv):
    from tribo import sweep
    try:
        return sweep.main(argv)
    except sweep.SweepError as e:
        print("tribo sweep: error: %s" % _one_line(e), file=sys.stderr)
        return 1


COMMANDS = {"plot": _plot, "kinds": _kinds, "show": _show, "sweep": _sweep}


def main(argv=None):
    """Runs ``python3 -m tribo COMMAND ...``; returns the exit status (0, 1 error, 2 usage)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(__doc__.split("\n\n")[1] if argv else "usage: python3 -m tribo {plot,kinds,show} ... (--help for more)",
              file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    cmd, rest = argv[0], argv[1:]
    prog = "tribo " + cmd if cmd in COMMANDS else "tribo"
    if cmd not in COMMANDS:
        print("tribo: error: unknown command %r (commands: %s)" % (cmd, ", ".join(COMMANDS)), file=sys.stderr)
        return 2

    def warn(message, category, filename, lineno, file=None, line=None):
        print("%s: warning: %s" % (prog, _one_line(message)), file=sys.stderr)

    old = warnings.showwarning
    warnings.showwarning = warn
    # matplotlib's log (the font cache being built on first use, a temporary config folder)
    # would add lines to stderr: errors are one line
    logging.getLogger("matplotlib").setLevel(logging.ERROR)
    try:
        return COMMANDS[cmd](rest)
    except UsageError as e:
        print("%s: error: %s (see %s --help)" % (prog, _one_line(e), prog), file=sys.stderr)
        return 2
    except ImportError as e:
        print("%s: error: %s" % (prog, _missing_module(e)), file=sys.stderr)
        return 1
    except BrokenPipeError:  # output piped into head
        sys.stdout = open(os.devnull, "w")
        return 0
    except KeyboardInterrupt:
        print("%s: error: interrupted" % prog, file=sys.stderr)
        return 130
    except SystemExit as e:  # argparse's --help
        return e.code if isinstance(e.code, int) else 0
    except Exception as e:  # noqa: BLE001 - every error is one line for the C program and the verbs
        if os.environ.get("TRIBO_DEBUG"):
            raise
        try:
            from tribo.results import ResultError
        except ImportError:
            ResultError = ValueError
        if isinstance(e, (ResultError, OSError, ValueError)):
            msg = _one_line(e)
            if isinstance(e, OSError) and e.filename and str(e.filename) not in msg:
                msg = "%s: %s" % (e.filename, msg)
        else:
            msg = "internal error: %s: %s" % (type(e).__name__, _one_line(e))
        print("%s: error: %s" % (prog, msg), file=sys.stderr)
        return 1
    finally:
        warnings.showwarning = old

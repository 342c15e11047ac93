"""``tribo sweep FILE.yaml [options]``: parameter studies, run locally or as SLURM job arrays.

A sweep file (YAML) names one or more *steps*; each step is a tribo verb with a base config, fixed
options and *axes*, expanded into numbered cases (``DIR/STEP/NNNN/``) that each hold their full
option file (``case.opts``: the base config flattened as PETSc reads YAML, then the fixed options,
then the axis values; nothing else is read), a description (``case.json``), the log and a status
file. A step that comes ``after`` another has the other step's cases times its own axes; option
values may name an earlier step's output as ``{STEP}`` (its result file), ``{case}`` (this case's
folder) and ``{AXIS}`` (this case's value of an axis, e.g. ``/erosion_{surface_erosion}``).

    verb: backbone              # one step: verb, config, options, axes at the top level, or
    steps:                      # several, in order
      - name: rom
        verb: model
        axes: {lapframe_bolt_k: [1e8, 1e9]}
      - name: bb
        verb: backbone
        after: rom              # cases = rom's cases x this step's axes; {rom} = their ROM file
        config: configs/demo.yaml
        options: {rom: "{rom}", nma_type: epmc}
        axes:
          friction_mu: [0.3, 0.6]                 # a list
          prestress_tension: {linspace: [8e3, 12e3, 3]}   # or logspace: [a, b, n] (decades a..b)
          table: {columns: [friction_kt, friction_kn], rows: [[1e14, 5e11], [5e14, 5e11]]}
        combine: product        # or zip (axes of equal length)
        ranks: 1                # per case; time, memory, throttle, partition for SLURM
        checkpoint: cont        # the continuation's branch file is the case's checkpoint

Everything is checked before anything is written: the structure, every option of every case
against the options the verb reads (``tribo VERB -help all`` with the case's options, which lists
the options of the chosen types), empty axes, dependencies on missing steps. Errors are one line
``tribo sweep: error: ...`` and exit status 1.

Local runs are a pool of child processes over ``-sweep_np`` ranks (default: the CPU count): each
case is its own ``tribo`` process (``mpiexec -n RANKS`` when it wants more than one rank). Not
sub-communicators of one MPI job: PETSc's options database is one per process and every verb
reads it, so concurrent cases in one process would see each other's options; a process per case
also keeps a crash (or a kill) to its case, and it is exactly what a SLURM array task runs, so the
local and the SLURM results are the same computation.
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

__all__ = ["main", "load", "SweepError"]


class SweepError(Exception):
    """A bad sweep file or option: one line, exit status 1."""


# options read only outside tribo's help mode (they need the input files), still valid options
_SURF = ["friction_surface", "friction_surface_group", "friction_mesoscale", "friction_mesoscale_scale"]
EXTRA_OPTIONS = {"backbone": _SURF, "modal": _SURF, "prestress": _SURF, "frf": _SURF, "transient": _SURF}
KNOWN_VERBS = ["model", "rom", "prestress", "modal", "backbone", "frf", "law", "transient", "surface", "mesh"]
STATES = ["done", "running", "interrupted", "failed", "missing"]


def _tribo():
    exe = os.environ.get("TRIBO_BIN")
    if exe:
        return exe
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "bin", "tribo"))


def _flatten(prefix, node, out, where):
    """A base config as PETSc reads YAML: nested keys joined by _, lists joined by commas"""
    if isinstance(node, dict):
        for k, v in node.items():
            _flatten(prefix + "_" + k if prefix else k, v, out, where)
    elif isinstance(node, list):
        if any(isinstance(v, (dict, list)) for v in node):
            raise SweepError("%s: option -%s: nested lists are not options" % (where, prefix))
        out.append((prefix, _check_value(where, prefix, ",".join(node))))
    else:
        out.append((prefix, "" if node is None else _check_value(where, prefix, node)))


_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_OPTION_TOKEN = re.compile(r"(^|\s)-[A-Za-z_]")
_NONFINITE = re.compile(r"^[+-]?(nan|inf|infinity)$", re.IGNORECASE)
MAX_CASES = 100000  # -sweep_max_cases lifts it


def _check_value(where, key, v):
    """An option value as it will be written into case.opts: one line, no second option in it, finite numbers.
    (A newline in a value injected an option line: lapframe_nx: "4\n-output x".)"""
    if not isinstance(v, str):
        raise SweepError("%s: option -%s: expected a single value, got %r" % (where, key, v))
    bad = [c for c in v if ord(c) < 32 or ord(c) == 127]
    if bad:
        raise SweepError("%s: option -%s: the value holds a control character (%r): one line of text expected" % (where, key, bad[0]))
    if _OPTION_TOKEN.search(v):
        raise SweepError("%s: option -%s: the value %r holds an option name (a word that starts with -): one value expected" % (where, key, v))
    for item in v.split(","):
        if _NONFINITE.match(item.strip()):
            raise SweepError("%s: option -%s: %r is not a finite number" % (where, key, item.strip()))
    return v


def _scalar(d, key, where, default=None):
    """a key of a sweep file that holds one value (not a list or a mapping)"""
    v = d.get(key, default)
    if v is not None and not isinstance(v, str):
        raise SweepError("%s: %s: expected a single value, got a %s" % (where, key, "list" if isinstance(v, list) else "mapping"))
    return v


def _num(s, where):
    try:
        return float(s)
    except (TypeError, ValueError):
        raise SweepError("%s: expected a number, got %r" % (where, s))


def _fmt(x):
    return "%.12g" % x


def _axis_values(name, spec, where):
    """(names, rows): one axis as a list of rows of values (a table axis has several names)"""
    w = "%s: axis %s" % (where, name)
    if isinstance(spec, list):
        if any(isinstance(v, (dict, list)) for v in spec):
            raise SweepError("%s: values must be plain numbers or words" % w)
        return [name], [[_check_value(w, name, v)] for v in spec]
    if isinstance(spec, dict) and name == "table":
        if "file" in spec:
            path = spec["file"]
            if not os.path.isfile(path):
                raise SweepError("%s: no table file %s" % (w, path))
            lines = [ln.split() for ln in open(path) if ln.strip() and not ln.lstrip().startswith("#")]
            if not lines:
                raise SweepError("%s: %s is empty" % (w, path))
            cols, rows = lines[0], lines[1:]
        else:
            cols, rows = spec.get("columns"), spec.get("rows")
            if not isinstance(cols, list) or not isinstance(rows, list):
                raise SweepError("%s: a table needs columns: [names] and rows: [[values], ...] (or file: TABLE.tsv)" % w)
        for i, r in enumerate(rows):
            if not isinstance(r, list) or len(r) != len(cols):
                raise SweepError("%s: row %d has %s values, the columns are %d" % (w, i, len(r) if isinstance(r, list) else "no", len(cols)))
            for c, v in zip(cols, r):
                _check_value("%s row %d" % (w, i), c, v)
        if len(rows) > MAX_CASES:
            raise SweepError("%s: %d rows, more than the %d cases a sweep may have (-sweep_max_cases N lifts it)" % (w, len(rows), MAX_CASES))
        return cols, rows
    if isinstance(spec, dict) and len(spec) == 1 and list(spec)[0] in ("linspace", "logspace", "range"):
        kind, v = list(spec.items())[0]
        if not isinstance(v, list) or len(v) != 3:
            raise SweepError("%s: %s needs [first, last, count]" % (w, kind))
        a, b, n = _num(v[0], w), _num(v[1], w), _num(v[2], w)
        import math
        if not (math.isfinite(a) and math.isfinite(b)):
            raise SweepError("%s: %s needs finite ends, got %s and %s" % (w, kind, v[0], v[1]))
        if not math.isfinite(n) or n != int(n) or n < 0:
            raise SweepError("%s: %s count must be a whole number, got %s" % (w, kind, v[2]))
        if n > MAX_CASES:
            raise SweepError("%s: %s count %d is more than the %d cases a sweep may have (-sweep_max_cases N lifts it)" % (w, kind, n, MAX_CASES))
        n = int(n)
        if kind == "logspace":
            if a <= 0 or b <= 0:
                raise SweepError("%s: logspace needs positive ends, got %s and %s" % (w, v[0], v[1]))
            import math
            vals = [math.exp(math.log(a) + (math.log(b) - math.log(a)) * i / (n - 1)) if n > 1 else a for i in range(n)]
        else:
            vals = [a + (b - a) * i / (n - 1) if n > 1 else a for i in range(n)]
        return [name], [[_fmt(x)] for x in vals]
    raise SweepError("%s: give a list, {linspace: [a, b, n]}, {logspace: [a, b, n]} or (axis table) {columns:, rows:} / {file:}" % w)


class Step:
    def __init__(self, d, where, root, names):
        if not isinstance(d, dict):
            raise SweepError("%s: a step is a mapping (name:, verb:, options:, axes:, ...)" % where)
        known = {"name", "verb", "config", "options", "axes", "combine", "after", "ranks", "time", "memory", "throttle", "partition",
                 "checkpoint", "signal", "pictures"}
        for k in d:
            if k not in known:
                raise SweepError("%s: unknown key %r (known: %s)" % (where, k, ", ".join(sorted(known))))
        for k in ("name", "verb", "config", "combine", "after", "ranks", "time", "memory", "throttle", "partition", "checkpoint", "signal", "pictures"):
            _scalar(d, k, where)
        self.name = d.get("name", "case")
        if not self.name.replace("_", "").replace("-", "").isalnum():
            raise SweepError("%s: step name %r: letters, digits, - and _ only" % (where, self.name))
        self.where = "%s: step %s" % (where, self.name)
        self.verb = d.get("verb")
        if self.verb not in KNOWN_VERBS:
            raise SweepError("%s: verb %r is not a tribo verb that writes a result (one of %s)" % (self.where, self.verb, " ".join(KNOWN_VERBS)))
        self.opts = []
        self.config = d.get("config")
        if self.config:
            path = self.config if os.path.isabs(self.config) else os.path.join(root, self.config)
            if not os.path.isfile(path):
                raise SweepError("%s: config %s not found (relative to the sweep file's folder %s)" % (self.where, self.config, root))
            import yaml
            try:
                base = yaml.load(open(path), Loader=yaml.BaseLoader) or {}
            except yaml.YAMLError as e:
                raise SweepError("%s: config %s: %s" % (self.where, path, str(e).splitlines()[0]))
            _flatten("", base, self.opts, "%s: config %s" % (self.where, path))
        fixed = d.get("options") or {}
        if not isinstance(fixed, dict):
            raise SweepError("%s: options: is a mapping of option names (without the dash) to values" % self.where)
        _flatten("", fixed, self.opts, self.where)
        self.axes = []  # (names, rows)
        axes = d.get("axes") or {}
        if not isinstance(axes, dict):
            raise SweepError("%s: axes: is a mapping of option names to lists or ranges" % self.where)
        for name, spec in axes.items():
            cols, rows = _axis_values(name, spec, self.where)
            if not rows:
                raise SweepError("%s: axis %s is empty: no cases" % (self.where, name))
            self.axes.append((cols, rows))
        self.combine = d.get("combine", "product")
        if self.combine not in ("product", "zip"):
            raise SweepError("%s: combine: is product or zip, got %r" % (self.where, self.combine))
        if self.combine == "zip" and len({len(r) for _, r in self.axes}) > 1:
            raise SweepError("%s: combine zip needs axes of equal length, got %s" % (self.where, ", ".join(
                "%s %d" % ("+".join(c), len(r)) for c, r in self.axes)))
        self.after = d.get("after")
        if self.after is not None and self.after not in names:
            raise SweepError("%s: after: %s is not an earlier step (steps so far: %s)" % (self.where, self.after, ", ".join(names) or "none"))
        try:
            self.ranks = int(d.get("ranks", 1))
            self.throttle = int(d.get("throttle", 0))
        except ValueError:
            raise SweepError("%s: ranks and throttle are whole numbers" % self.where)
        if self.ranks < 1:
            raise SweepError("%s: ranks must be >= 1" % self.where)
        self.time = d.get("time", "01:00:00")
        self.memory = d.get("memory")
        self.partition = d.get("partition")
        self.signal = d.get("signal", "B:USR1@60")
        self.checkpoint = d.get("checkpoint")
        self.pictures = d.get("pictures", "true") not in ("false", "no", "0", "off")
        if self.checkpoint not in (None, "cont"):
            raise SweepError("%s: checkpoint: cont (the continuation's branch file) is the one kind, got %r" % (self.where, self.checkpoint))

    def own_cases(self):
        """rows of (name, value) pairs of this step's own axes"""
        if not self.axes:
            return [[]]
        if self.combine == "zip":
            return [sum(([(c, v) for c, v in zip(cols, rows[i])] for cols, rows in self.axes), []) for i in range(len(self.axes[0][1]))]
        out = [[]]
        for cols, rows in self.axes:
            out = [o + list(zip(cols, r)) for o in out for r in rows]
        return out


class Case:
    def __init__(self, step, index, values, parent, folder):
        self.step, self.index, self.values, self.parent, self.folder = step, index, values, parent, folder

    def output(self):
        return os.path.join(self.folder, self.step.verb + ".h5")

    def checkpoint(self):
        return os.path.join(self.folder, "checkpoint.h5") if self.step.checkpoint else None

    def ancestors(self):
        c, out = self.parent, {}
        while c:
            out[c.step.name] = c
            c = c.parent
        return out

    def options(self):
        """the full option list of the case: base config, fixed options, axis values, files"""
        anc = self.ancestors()
        sub = dict(self.values)  # {axis}: this case's value of an axis (its own or a step's before)
        sub["case"] = self.folder
        sub.update({n: c.output() for n, c in anc.items()})
        opts = []
        for k, v in self.step.opts + [(k, v) for k, v in self.values if k in self.step_axis_names()]:
            if "{" in v or "}" in v:  # {name} placeholders only, replaced as text (user text is never a format string)
                def repl(m, k=k, v=v):
                    if m.group(1) not in sub:
                        raise SweepError("%s: option -%s %s: {%s} names no axis or earlier step of this case (known: %s)" % (
                            self.step.where, k, v, m.group(1), ", ".join(sorted(sub))))
                    return str(sub[m.group(1)])
                rest = _PLACEHOLDER.sub("", v)
                if "{" in rest or "}" in rest:
                    raise SweepError("%s: option -%s %s: braces hold a plain name, {step} or {axis}, nothing else" % (self.step.where, k, v))
                v = _check_value(self.step.where, k, _PLACEHOLDER.sub(repl, v))
            opts.append((k, v))
        opts.append(("output", self.output()))
        if self.step.checkpoint:
            opts.append(("cont_output", self.checkpoint()))
        # one value per option: the last wins (as on tribo's command line)
        seen, out = set(), []
        for k, v in reversed(opts):
            if k not in seen:
                seen.add(k)
                out.append((k, v))
        return list(reversed(out))

    def step_axis_names(self):
        return {c for cols, _ in self.step.axes for c in cols}


class Sweep:
    pass


def load(path, folder=None):
    """Reads and expands a sweep file; raises SweepError. Writes nothing."""
    import yaml
    if not os.path.isfile(path):
        raise SweepError("no sweep file %s" % path)
    try:
        d = yaml.load(open(path), Loader=yaml.BaseLoader)
    except yaml.YAMLError as e:
        raise SweepError("%s: not YAML: %s" % (path, str(e).splitlines()[0]))
    except RecursionError:
        raise SweepError("%s: nested too deeply to be a sweep file" % path)
    except UnicodeDecodeError as e:
        raise SweepError("%s: not UTF-8 text (byte %d)" % (path, e.start))
    if not isinstance(d, dict):
        raise SweepError("%s: a sweep file is a mapping (verb:, options:, axes:, or steps: [...])" % path)
    for k in ("name", "folder"):
        _scalar(d, k, path)
    s = Sweep()
    s.path = os.path.abspath(path)
    root = os.path.dirname(s.path)
    s.name = d.pop("name", os.path.splitext(os.path.basename(path))[0])
    s.folder = os.path.abspath(folder or d.pop("folder", None) or os.path.splitext(path)[0] + ".sweep")
    d.pop("folder", None)
    steps = d.pop("steps", None)
    if steps is None:
        steps = [d]
    elif d:
        raise SweepError("%s: with steps: the keys %s belong inside a step" % (path, ", ".join(d)))
    if not isinstance(steps, list) or not steps:
        raise SweepError("%s: steps: is a non-empty list of steps" % path)
    s.steps, names = [], []
    for i, sd in enumerate(steps):
        st = Step(sd, "%s (step %d)" % (path, i + 1), root, names)
        if st.name in names:
            raise SweepError("%s: two steps are named %s" % (path, st.name))
        names.append(st.name)
        s.steps.append(st)
    bystep, count = {}, {}
    for st in s.steps:  # the number of cases first: a 100^4 product is refused before it is built
        own = 1
        if st.axes:
            own = len(st.axes[0][1]) if st.combine == "zip" else 1
            if st.combine != "zip":
                for _, rows in st.axes:
                    own *= len(rows)
        count[st.name] = (count[st.after] if st.after else 1) * own
        if count[st.name] > MAX_CASES:
            raise SweepError("%s: step %s has %d cases, more than the %d a sweep may have (-sweep_max_cases N lifts it)" % (
                path, st.name, count[st.name], MAX_CASES))
    s.cases = []
    for st in s.steps:
        parents = bystep[st.after] if st.after else [None]
        cases = []
        for p in parents:
            for own in st.own_cases():
                vals = (p.values if p else []) + own
                cases.append(Case(st, len(cases), vals, p, os.path.join(s.folder, st.name, "%04d" % len(cases))))
        st.cases = cases
        st.parent = s.steps[names.index(st.after)] if st.after else None
        st.aftercorr = bool(st.after) and not st.axes  # task i needs task i of the step before
        bystep[st.name] = cases
        s.cases += cases
    for c in s.cases:
        c.opts = c.options()
    return s


def _help_options(verb, opts):
    """the options a verb reads with these options set (their types decide the sub-objects' options)"""
    pick = [a for k, v in opts if k.endswith("_type") or k in ("nma_type", "model_type", "friction_groups") for a in ("-" + k, v)]
    cmd = [_tribo(), verb, "-help", "all"] + pick
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    names = set()
    for ln in r.stdout.splitlines():
        if ln.startswith("  -"):
            names.add(ln[3:].split()[0].rstrip(":"))
    if r.returncode or not names:
        last = [ln for ln in r.stdout.splitlines() if ln.strip()]
        raise SweepError("tribo %s -help %s: %s" % (verb, " ".join(pick), last[-1] if last else "no options listed"))
    return names


def _ns(name):
    return name.split("_")[0] + "_" if "_" in name else name


def validate(s):
    """every case's options against what its verb reads (tribo VERB -help all, once per verb and
    choice of types). As tribo's own check (TriboOptionsCheckUsed()): an option of another type's
    namespace (-rqnma_* for an EPMC backbone, from a shared config) is ignored, not an error."""
    cache, every = {}, {}
    generic = {"options_file", "options_left", "tribo_traceback", "log_view", "malloc_debug", "help"}
    # the option lists of this tribo, kept in the sweep folder (a rerun, -sweep_status of a big sweep: no tribo -help)
    exe = _tribo()
    try:
        st = os.stat(exe)
        stamp = "%s:%d:%d" % (exe, st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    path = os.path.join(s.folder, ".options.json")
    known_sets = {}
    if stamp and os.path.isfile(path):
        try:
            j = json.load(open(path))
            if j.get("tribo") == stamp:
                known_sets = {k: set(v) for k, v in j["sets"].items()}
        except (ValueError, KeyError):
            known_sets = {}
    fresh = False

    def lookup(verb, opts, key):
        nonlocal fresh
        k = repr(key)
        if k not in known_sets:
            known_sets[k] = _help_options(verb, opts)
            fresh = True
        return known_sets[k]

    for c in s.cases:
        verb = c.step.verb
        key = (verb, tuple((k, v) for k, v in c.opts if k.endswith("_type") or k in ("nma_type", "friction_groups")))
        if verb not in every:
            every[verb] = set(lookup(verb, [], (verb, ())))
        if key not in cache:
            cache[key] = lookup(verb, c.opts, key) | set(EXTRA_OPTIONS.get(verb, [])) | generic
            every[verb] |= cache[key]
        known = cache[key]
        used = {_ns(k) for k in known}
        groups = [v for k, v in c.opts if k == "friction_groups"]
        for k, v in c.opts:
            if k in known:
                continue
            if groups and any(k.startswith(g + "_") for g in groups[0].split(",")):
                continue  # -<group>_friction_* options of a law group
            if _ns(k) not in used and _ns(k) in {_ns(o) for o in every[verb]}:
                continue  # another type's options (ignored by the verb)
            raise SweepError("%s: option -%s is not an option of tribo %s (case %s; tribo %s -help lists them)" % (
                c.step.where, k, verb, os.path.relpath(c.folder, s.folder), verb))
    if fresh and stamp and os.path.isdir(s.folder):
        _write_atomic(path, json.dumps({"tribo": stamp, "sets": {k: sorted(v) for k, v in known_sets.items()}}) + "\n")
    s.option_cache = (path, stamp, known_sets) if fresh and stamp else None


# ----------------------------------------------------------------------------- case folders
def _write_atomic(path, text):
    tmp = "%s.tmp%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_cases(s):
    """the case folders: case.opts (the full options), case.json (verb, ranks, values, command)"""
    os.makedirs(s.folder, exist_ok=True)
    for c in s.cases:
        os.makedirs(c.folder, exist_ok=True)
        text = "# tribo %s, sweep %s, step %s, case %d: the full options (tribo %s -options_file case.opts)\n" % (
            c.step.verb, s.name, c.step.name, c.index, c.step.verb)
        text += "".join("-%s %s\n" % (k, v) if v != "" else "-%s\n" % k for k, v in c.opts)
        old = open(os.path.join(c.folder, "case.opts")).read() if os.path.isfile(os.path.join(c.folder, "case.opts")) else None
        if old != text:
            _write_atomic(os.path.join(c.folder, "case.opts"), text)
        desc = {"sweep": s.name, "step": c.step.name, "verb": c.step.verb, "index": c.index, "ranks": c.step.ranks,
                "values": c.values, "parent": os.path.relpath(c.parent.folder, s.folder) if c.parent else None,
                "output": c.output(), "checkpoint": c.checkpoint(),
                "pictures": c.step.pictures}
        _write_atomic(os.path.join(c.folder, "case.json"), json.dumps(desc, indent=1) + "\n")
    _write_atomic(os.path.join(s.folder, "sweep.json"), json.dumps({
        "name": s.name, "file": s.path, "steps": [{"name": st.name, "verb": st.verb, "cases": len(st.cases), "after": st.after,
                                                   "aftercorr": st.aftercorr} for st in s.steps]}, indent=1) + "\n")


def _launcher(ranks):
    """how a case with this many ranks starts: alone, srun inside a SLURM job, else mpiexec"""
    if ranks == 1:
        return []
    if os.environ.get("SLURM_JOB_ID") and shutil.which("srun") and os.environ.get("TRIBO_LAUNCH", "srun") == "srun":
        return ["srun", "--mpi=pmix", "-n", str(ranks)]
    root = ["--allow-run-as-root"] if os.geteuid() == 0 else []
    return ["mpiexec"] + root + ["--bind-to", "none", "-n", str(ranks)]


def case_command(folder):
    desc = json.load(open(os.path.join(folder, "case.json")))
    cmd = _launcher(int(desc["ranks"])) + [_tribo(), desc["verb"], "-options_file", os.path.join(folder, "case.opts")]
    if desc.get("checkpoint") and os.path.isfile(desc["checkpoint"]):
        cmd += ["-cont_restart"]  # resume the branch saved by an interrupted run
    return cmd, desc


def _set_status(folder, state, **kw):
    kw.update(state=state, host=socket.gethostname(), time=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    job = os.environ.get("SLURM_ARRAY_JOB_ID") or os.environ.get("SLURM_JOB_ID")
    if job:
        kw["slurm_job"] = "%s_%s" % (job, os.environ.get("SLURM_ARRAY_TASK_ID", ""))
    _write_atomic(os.path.join(folder, "status"), json.dumps(kw) + "\n")


_SQUEUE = None


def _alive(pid):
    """a process that runs: not gone, and not a zombie (a dead case whose driver was killed, where nothing reaps it)"""
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _slurm_alive(job):
    """whether SLURM still lists the job-array task JOB_TASK (squeue, read once); True where squeue is not there"""
    global _SQUEUE
    if _SQUEUE is None:
        try:
            out = subprocess.run(["squeue", "-h", "-r", "-o", "%i"], capture_output=True, text=True, timeout=30)
            _SQUEUE = set(out.stdout.split()) if out.returncode == 0 else False
        except (OSError, subprocess.SubprocessError):
            _SQUEUE = False
    if _SQUEUE is False:
        return True  # cannot ask: trust the record
    return job in _SQUEUE or job.rstrip("_") in _SQUEUE


def case_state(folder):
    """done, running, interrupted, failed or missing, and the status record"""
    p = os.path.join(folder, "status")
    if not os.path.isfile(p):
        return "missing", {}
    try:
        st = json.load(open(p))
    except ValueError:
        return "missing", {}
    state = st.get("state", "missing")
    if state == "running" and st.get("host") == socket.gethostname() and st.get("pid") and not st.get("slurm_job"):
        if not _alive(int(st["pid"])):
            state = "interrupted"  # its process is gone: lost, rerun resumes it
    elif state == "running" and st.get("slurm_job") and not _slurm_alive(st["slurm_job"]):
        state = "interrupted"  # SLURM no longer knows its task (killed, node lost): a rerun or resubmission resumes it
    if state == "done" and not os.path.isfile(json.load(open(os.path.join(folder, "case.json")))["output"]):
        state = "missing"
    return state, st


class _Signals:
    """SIGTERM/SIGUSR1/SIGINT: passed to the running cases, which checkpoint and stop"""

    def __init__(self):
        self.got, self.children = None, []

    def handler(self, sig, frame):
        self.got = sig
        for p in self.children:
            try:
                p.send_signal(sig if sig != signal.SIGINT else signal.SIGTERM)
            except OSError:
                pass

    def install(self):
        for sig in (signal.SIGTERM, signal.SIGUSR1, signal.SIGINT):
            signal.signal(sig, self.handler)


def _die_with_parent(ppid):
    """In the case's process before it runs: SIGTERM when the driver dies, even by SIGKILL (Linux's
    PR_SET_PDEATHSIG); the case checkpoints and stops as on any SIGTERM, instead of running on as an
    orphan that a rerun would start a second time (issue 34, item 11)."""
    def setup():
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
        except (OSError, AttributeError):
            pass  # not Linux: the rerun's check of live cases still refuses to start them twice
        if os.getppid() != ppid:  # the driver died before the prctl
            os._exit(143)
    return setup


def _start(folder, sigs):
    cmd, desc = case_command(folder)
    log = open(os.path.join(folder, "log"), "a")
    log.write("# %s %s\n" % (time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), " ".join(cmd)))
    log.flush()
    env = dict(os.environ)
    if not desc.get("pictures", True):
        env["TRIBO_PICTURES"] = "0"  # the verb draws no picture (the sweep draws one of all cases)
    p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=env, preexec_fn=_die_with_parent(os.getpid()))
    p.t0, p.folder, p.log, p.resumed = time.time(), folder, log, "-cont_restart" in cmd
    sigs.children.append(p)
    _set_status(folder, "running", pid=p.pid, resumed=p.resumed)
    return p


def _finish(p, sigs):
    p.log.close()
    sigs.children.remove(p)
    secs = time.time() - p.t0
    if p.returncode == 0:
        _set_status(p.folder, "done", rc=0, seconds=round(secs, 3), resumed=p.resumed)
    elif sigs.got is not None:
        _set_status(p.folder, "interrupted", rc=p.returncode, seconds=round(secs, 3), signal=int(sigs.got))
    else:
        _set_status(p.folder, "failed", rc=p.returncode, seconds=round(secs, 3))


def run_task(stepdir, index):
    """one case (a SLURM array task): run it, keep its status; SIGUSR1 (time limit near) or
    SIGTERM: the case checkpoints and stops, the task is requeued (USR1) and resumes"""
    folder = os.path.join(stepdir, "%04d" % index)
    if not os.path.isfile(os.path.join(folder, "case.json")):
        raise SweepError("task %d: no case %s (rows 0..%d)" % (index, folder, len([d for d in os.listdir(stepdir) if d.isdigit()]) - 1))
    if case_state(folder)[0] == "done":
        print("case %s is done" % folder)
        return 0
    sigs = _Signals()
    sigs.install()
    p = _start(folder, sigs)
    while p.poll() is None:
        time.sleep(0.05)
    _finish(p, sigs)
    state, rec = case_state(folder)
    print("case %s: %s, exit %d, %.2f s%s" % (folder, state, p.returncode, rec.get("seconds", 0), " (resumed from its checkpoint)" if p.resumed else ""))
    sys.stdout.flush()
    if sigs.got == signal.SIGUSR1 and os.environ.get("SLURM_JOB_ID"):
        job = "%s_%s" % (os.environ.get("SLURM_ARRAY_JOB_ID"), os.environ.get("SLURM_ARRAY_TASK_ID")) \
            if os.environ.get("SLURM_ARRAY_JOB_ID") else os.environ["SLURM_JOB_ID"]
        subprocess.run(["scontrol", "requeue", job])
    return p.returncode


def _progress(ran, ntodo, wall, left_cases, took, np):
    """one line on stderr: cases done, time, and the time left: the cases not done times the mean rank-seconds of their step's
    finished cases (of all finished cases for a step with none yet), shared by the np ranks of the pool"""
    every = [t for ts in took.values() for t in ts]
    mean = {k: sum(v) / len(v) for k, v in took.items()}
    allmean = sum(every) / len(every) if every else 0
    left = sum(mean.get(c.step.name, allmean) for c in left_cases) / max(np, 1)
    sys.stderr.write("sweep: %d of %d cases done, %.1f s  (left ~%.1f s)\n" % (ran, ntodo, wall, left))
    sys.stderr.flush()


def run_local(s, np, quiet=False):
    """the pool: cases start in step order as ranks free up and their step before is done"""
    sigs = _Signals()
    sigs.install()
    states = {c.folder: case_state(c.folder) for c in s.cases}
    live = [c for c in s.cases if states[c.folder][0] == "running" and states[c.folder][1].get("pid")]
    if live:  # running now (its process is alive: another driver, or an orphan of a killed one): never start it twice
        st = states[live[0].folder][1]
        raise SweepError("case %s is running (pid %s on %s)%s: another tribo sweep runs these cases; wait for it or stop it first" % (
            os.path.relpath(live[0].folder, s.folder), st.get("pid"), st.get("host"), " and %d more" % (len(live) - 1) if len(live) > 1 else ""))
    todo = [c for c in s.cases if states[c.folder][0] != "done"]
    running, free, failed, ran = [], np, 0, 0
    t0 = time.time()
    started, took, ntodo = {}, {}, len(todo)  # seconds of the finished cases, by step: the time-left estimate
    big = [c for c in todo if c.step.ranks > np]
    if big:
        raise SweepError("step %s wants %d ranks per case, the pool has %d (-sweep_np)" % (big[0].step.name, big[0].step.ranks, np))
    while (todo or running) and sigs.got is None:
        for c in list(todo):
            if sigs.got is not None:
                break
            if c.parent:
                ps = case_state(c.parent.folder)[0]
                if ps in ("failed",):
                    _set_status(c.folder, "failed", rc=-1, reason="step %s case %d failed" % (c.parent.step.name, c.parent.index))
                    todo.remove(c)
                    failed += 1
                    continue
                if ps != "done":
                    continue
            if c.step.ranks <= free:
                todo.remove(c)
                running.append((_start(c.folder, sigs), c))
                started[c.folder] = time.time()
                free -= c.step.ranks
        time.sleep(0.02)
        for p, c in list(running):
            if p.poll() is not None:
                _finish(p, sigs)
                running.remove((p, c))
                free += c.step.ranks
                ran += 1
                failed += p.returncode != 0
                took.setdefault(c.step.name, []).append((time.time() - started[c.folder]) * c.step.ranks)
                if not quiet:
                    _progress(ran, ntodo, time.time() - t0, todo + [q for _, q in running], took, np)
        if not running and todo and all(c.parent and case_state(c.parent.folder)[0] not in ("done", "failed") for c in todo):
            raise SweepError("cases wait on steps that cannot run")  # cannot happen: steps come in order
    for p, c in running:
        p.wait()
        _finish(p, sigs)
    wall = time.time() - t0
    if sigs.got is not None:
        print("tribo sweep: stopped by signal %d after %.1f s: %d cases ran; run again to resume" % (sigs.got, wall, ran))
        return 128 + int(sigs.got)
    print("tribo sweep: %d cases ran in %.2f s on %d ranks (%d failed); %s" % (ran, wall, np, failed, s.folder))
    return 1 if failed else 0


# ----------------------------------------------------------------------------- status, collect
def _tail(path, n=3):
    if not os.path.isfile(path):
        return []
    lines = [ln.rstrip() for ln in open(path, errors="replace") if ln.strip() and not ln.startswith("# ")]
    return lines[-n:]


def status(s, out=sys.stdout):
    counts = {k: 0 for k in STATES}
    for st in s.steps:
        out.write("step %s (tribo %s, %d cases%s):\n" % (st.name, st.verb, len(st.cases), ", after " + st.after if st.after else ""))
        for c in st.cases:
            state, rec = case_state(c.folder)
            counts[state] += 1
            vals = " ".join("%s=%s" % kv for kv in c.values)
            extra = ""
            if state == "done" and "seconds" in rec:
                extra = " %.2f s%s" % (rec["seconds"], " (resumed)" if rec.get("resumed") else "")
            if state in ("failed", "interrupted"):
                extra = " rc %s" % rec.get("rc")
            out.write("  %04d %-11s %s%s\n" % (c.index, state, vals, extra))
    out.write("%s\n" % ", ".join("%d %s" % (counts[k], k) for k in STATES))
    return counts


SCALARS = {"backbone": ["frequency0_hz", "frequency_last_hz", "frequency_drop", "damping_max", "modal_amplitude_max"],
           "modal": ["frequency1_hz"], "prestress": [], "frf": ["peak_frequency_hz", "peak_amplitude"]}


def _scalars(verb, f):
    """scalar results of a result file, by verb"""
    import numpy as np
    out = {}
    if verb == "backbone" and "backbone" in f:
        g = f["backbone"][sorted(f["backbone"])[0]]
        fr, z, q = np.asarray(g["frequency_hz"]), np.asarray(g["damping"]), np.asarray(g["modal_amplitude"])
        out = {"frequency0_hz": float(g.attrs["frequency0_hz"]), "frequency_last_hz": float(fr[-1]),
               "frequency_drop": float(1 - fr[-1] / g.attrs["frequency0_hz"]), "damping_max": float(z.max()), "modal_amplitude_max": float(q[-1])}
    elif "modal" in f and "frequencies_hz" in f["modal"]:
        out = {"frequency1_hz": float(f["modal"]["frequencies_hz"][0])}
    return out


def collect(s, out=None, png=None):
    """one HDF5 of every case (result groups, options, provenance, status), a CSV of the scalar
    results, the failures with their logs' last lines, and a picture"""
    import h5py
    out = out or os.path.join(s.folder, "sweep.h5")
    csv = os.path.splitext(out)[0] + ".csv"
    png = png or os.path.splitext(out)[0] + ".png"
    rows, failures = [], []
    tmp = out + ".tmp%d" % os.getpid()
    with h5py.File(tmp, "w") as h:
        h.attrs["sweep"] = s.name
        h.attrs["sweep_file"] = s.path
        h.attrs["sweep_text"] = open(s.path).read()
        h.attrs["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        for c in s.cases:
            state, rec = case_state(c.folder)
            g = h.create_group("cases/%s/%04d" % (c.step.name, c.index))
            g.attrs["state"] = state
            g.attrs["verb"] = c.step.verb
            g.attrs["options"] = " ".join("-%s %s" % kv for kv in c.opts)
            for k, v in c.values:
                g.attrs["axis_" + k] = v
            for k in ("rc", "seconds", "host", "slurm_job", "resumed"):
                if k in rec:
                    g.attrs["run_" + k] = rec[k]
            row = {"step": c.step.name, "case": c.index, "state": state}
            row.update(dict(c.values))
            if state == "done":
                with h5py.File(c.output(), "r") as r:
                    for name in r:
                        if name != "interface":  # the mesh: the same for every case, kept in the case's file
                            r.copy(name, g)
                    sc = _scalars(c.step.verb, r)
                for k, v in sc.items():
                    g.attrs[k] = v
                row.update(sc)
            else:
                failures.append((c, state, _tail(os.path.join(c.folder, "log"))))
            rows.append(row)
    os.replace(tmp, out)
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    text = ",".join(keys) + "\n" + "".join(",".join(str(r.get(k, "")) for k in keys) + "\n" for r in rows)
    _write_atomic(csv, text)
    print("wrote %s and %s: %d cases, %d not done" % (out, csv, len(rows), len(failures)))
    for c, state, tail in failures:
        print("  %s/%04d %s: %s" % (c.step.name, c.index, state, " | ".join(tail) if tail else "(no log)"))
    try:
        picture(s, out, png)
        print("wrote %s" % png)
    except ImportError as e:
        print("  note: no picture %s: %s" % (png, e))
    return 0


def picture(s, h5, png):
    """backbones of every case (frequency and damping against modal amplitude, one curve per case),
    else each scalar result against the first axis"""
    import h5py
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with h5py.File(h5, "r") as h:
        bb = [(st, c) for st in s.steps if st.verb == "backbone" for c in st.cases
              if "cases/%s/%04d/backbone" % (st.name, c.index) in h]
        fig, ax = plt.subplots(1, 2, figsize=(10, 4))
        if bb:
            for st, c in bb:
                g = h["cases/%s/%04d/backbone" % (st.name, c.index)]
                m = g[sorted(g)[0]]
                lab = " ".join("%s=%s" % kv for kv in c.values) or "case %d" % c.index
                ax[0].semilogx(m["modal_amplitude"][:], m["frequency_hz"][:], ".-", label=lab)
                ax[1].loglog(m["modal_amplitude"][:], m["damping"][:], ".-", label=lab)
            ax[0].set_ylabel("frequency (Hz)")
            ax[1].set_ylabel("damping ratio (-)")
            for a in ax:
                a.set_xlabel("modal amplitude (sqrt(kg) m)")
                a.grid(True, which="both", alpha=0.3)
            ax[0].legend(fontsize=6, ncol=2)
        else:
            ax[0].text(0.5, 0.5, "no backbone cases", ha="center")
        fig.suptitle("tribo sweep %s: %d cases" % (s.name, len(s.cases)))
        fig.tight_layout()
        fig.savefig(png, dpi=110)
        plt.close(fig)


# ----------------------------------------------------------------------------- SLURM
def _sbatch_script(s, st):
    log = os.path.join(s.folder, st.name, "%4a", "slurm-%A_%a.log")
    n = len(st.cases)
    lines = ["#!/bin/bash",
             "#SBATCH --job-name=tribo-%s-%s" % (s.name, st.name),
             "#SBATCH --array=0-%d%s" % (n - 1, "%%%d" % st.throttle if st.throttle else ""),
             "#SBATCH --ntasks=%d" % st.ranks,
             "#SBATCH --time=%s" % st.time]
    if st.memory:
        lines.append("#SBATCH --mem-per-cpu=%s" % st.memory)
    if st.partition:
        lines.append("#SBATCH --partition=%s" % st.partition)
    lines += ["#SBATCH --output=%s" % log.replace("%4a", "%4a"),
              "#SBATCH --open-mode=append",
              "#SBATCH --requeue",
              "#SBATCH --signal=%s" % st.signal,
              "# tribo sweep %s, step %s (tribo %s): array task k runs case %s/%s/k (its case.opts)" % (s.name, st.name, st.verb, s.folder, st.name),
              "# USR1 before the time limit: the case checkpoints, the task requeues itself and resumes",
              "export TRIBO_BIN=%s\nexec %s %s sweep -sweep_task %s" % (_shq(_tribo()), _shq(sys.executable), _shq(os.path.dirname(os.path.abspath(__file__))),
                                                   _shq(os.path.join(s.folder, st.name)))]
    return "\n".join(lines) + "\n"


def _shq(x):
    return "'" + x.replace("'", "'\\''") + "'" if any(ch in x for ch in " '\"$`\\") else x


def _dependency(st, ids):
    if not st.after:
        return []
    return ["--dependency=%s:%s" % ("aftercorr" if st.aftercorr else "afterok", ids[st.after])]


def slurm(s, submit):
    scripts = {}
    for st in s.steps:
        scripts[st.name] = _sbatch_script(s, st)
    if not submit:
        for st in s.steps:
            dep = _dependency(st, {n: "<job of step %s>" % n for n in scripts})
            print("# sbatch %s%s/slurm/%s.sbatch" % (dep[0] + " " if dep else "", s.folder, st.name))
            print(scripts[st.name])
        return 0
    if not shutil.which("sbatch"):
        raise SweepError("-sweep_submit: no sbatch on PATH (is this a SLURM cluster?); -sweep_print shows the scripts")
    write_cases(s)
    os.makedirs(os.path.join(s.folder, "slurm"), exist_ok=True)
    ids = {}
    for st in s.steps:
        path = os.path.join(s.folder, "slurm", st.name + ".sbatch")
        _write_atomic(path, scripts[st.name])
        cmd = ["sbatch", "--parsable"] + _dependency(st, ids) + [path]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        if r.returncode:
            raise SweepError("sbatch %s: %s" % (path, (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]))
        ids[st.name] = r.stdout.strip().split(";")[0]
        print("submitted step %s: job %s (array 0-%d%s)" % (st.name, ids[st.name], len(st.cases) - 1,
                                                            ", " + _dependency(st, ids)[0][2:] if st.after else ""))
    _write_atomic(os.path.join(s.folder, "slurm", "jobs.json"), json.dumps(ids) + "\n")
    return 0


# ----------------------------------------------------------------------------- command line
USAGE = """usage: tribo sweep SWEEP.yaml [-sweep_dir DIR] [-sweep_np N] [-sweep_quiet]   run the cases here (a pool over N ranks;
                                                 a line per case done, with the time left, unless -sweep_quiet)
       tribo sweep SWEEP.yaml -sweep_expand      validate, write the case folders, run nothing
       tribo sweep SWEEP.yaml -sweep_status      done/running/interrupted/failed/missing of every case
       tribo sweep SWEEP.yaml -sweep_collect [-output sweep.h5]   one HDF5 + CSV + picture of every case
       tribo sweep SWEEP.yaml -sweep_print       the SLURM job-array scripts, not submitted
       tribo sweep SWEEP.yaml -sweep_submit      submit them (sbatch; dependent steps with --dependency)
       tribo sweep -sweep_task DIR/STEP [-sweep_index K]  run case K (default $SLURM_ARRAY_TASK_ID): a job-array task
A run stopped by SIGTERM/SIGUSR1/Ctrl-C checkpoints its cases; running it again resumes them.
A sweep has at most 100000 cases (-sweep_max_cases N changes the limit); values are one line each, without an option
name in them, and numbers are finite; {axis} and {step} are the only placeholders."""


def main(argv):
    args = list(argv)
    if not args or args[0] in ("-help", "-h", "--help"):
        print(USAGE)
        print(__doc__)
        return 0
    flags = {"-sweep_status", "-sweep_collect", "-sweep_print", "-sweep_submit", "-sweep_expand"}
    quiet = "-sweep_quiet" in args
    args = [a for a in args if a != "-sweep_quiet"]
    valued = {"-sweep_dir", "-sweep_np", "-output", "-sweep_task", "-sweep_index", "-sweep_png", "-sweep_max_cases"}
    path, opt, mode = None, {}, None
    i = 0
    while i < len(args):
        a = args[i]
        if a in flags:
            if mode:
                raise SweepError("%s and %s: one action at a time" % (mode, a))
            mode = a
        elif a in valued:
            if i + 1 >= len(args):
                raise SweepError("option %s needs a value" % a)
            opt[a] = args[i + 1]
            i += 1
        elif a.startswith("-"):
            raise SweepError("unknown option %s (tribo sweep -help)" % a)
        elif path is None:
            path = a
        else:
            raise SweepError("one sweep file, got %s and %s" % (path, a))
        i += 1
    if "-sweep_task" in opt:
        k = opt.get("-sweep_index", os.environ.get("SLURM_ARRAY_TASK_ID"))
        if k is None or not k.isdigit():
            raise SweepError("-sweep_task: the case number comes from -sweep_index K or $SLURM_ARRAY_TASK_ID")
        return run_task(opt["-sweep_task"], int(k))
    if not path:
        raise SweepError("no sweep file (tribo sweep SWEEP.yaml; tribo sweep -help)")
    if "-sweep_max_cases" in opt:
        global MAX_CASES
        if not opt["-sweep_max_cases"].isdigit() or int(opt["-sweep_max_cases"]) < 1:
            raise SweepError("-sweep_max_cases: expected a whole number >= 1, got %s" % opt["-sweep_max_cases"])
        MAX_CASES = int(opt["-sweep_max_cases"])
    s = load(path, opt.get("-sweep_dir"))
    if mode == "-sweep_status":
        c = status(s)
        return 0 if c["done"] == len(s.cases) else 3
    if mode == "-sweep_collect":
        return collect(s, opt.get("-output"), opt.get("-sweep_png"))
    validate(s)
    if mode == "-sweep_print":
        return slurm(s, False)
    if mode == "-sweep_submit":
        return slurm(s, True)
    write_cases(s)
    if getattr(s, "option_cache", None):
        path, stamp, sets = s.option_cache
        _write_atomic(path, json.dumps({"tribo": stamp, "sets": {k: sorted(v) for k, v in sets.items()}}) + "\n")
    if mode == "-sweep_expand":
        print("tribo sweep: %d cases in %s (%s)" % (len(s.cases), s.folder, ", ".join("%s %d" % (st.name, len(st.cases)) for st in s.steps)))
        return 0
    try:
        np = int(opt.get("-sweep_np", os.cpu_count() or 1))
    except ValueError:
        raise SweepError("-sweep_np: expected a whole number, got %s" % opt["-sweep_np"])
    return run_local(s, np, quiet)

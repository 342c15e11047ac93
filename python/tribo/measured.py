"""Measured backbones from CSV files, to overlay on computed ones.

A CSV file with a header row; the columns are chosen by name or by 0-based index in a spec
``path:amp_col,freq_col[,zeta_col]`` (zeta, damping as a fraction of critical, is optional).
Without ``:columns`` the columns 0, 1 and (if there is one) 2 are used. Rows that are empty or
start with '#' are skipped; the delimiter (comma, semicolon or tab) is taken from the header.

    from tribo.measured import read_measured
    m = read_measured("tests.csv:accel_amp,freq_hz,zeta", label="BRB test 3")
    m.amplitude, m.frequency, m.damping     # numpy arrays (damping None without a zeta column)
"""
import csv
import os

import numpy as np

from .results import ResultError

__all__ = ["Measured", "read_measured", "parse_spec"]


class Measured:
    """A measured backbone: amplitude, frequency (Hz), damping (fraction of critical, or None),
    a legend label and the file it came from."""

    def __init__(self, amplitude, frequency, damping=None, label=None, path=None, columns=None):
        self.amplitude = np.asarray(amplitude, dtype=float)
        self.frequency = np.asarray(frequency, dtype=float)
        self.damping = None if damping is None else np.asarray(damping, dtype=float)
        self.path = path
        self.columns = columns
        self.label = label if label is not None else ("measured" if path is None else os.path.basename(path))

    def __repr__(self):
        return "<Measured %r: %d points%s>" % (self.label, len(self.amplitude), "" if self.damping is None else ", with damping")


def parse_spec(spec):
    """Splits ``path[:amp,freq[,zeta]]`` into (path, [columns]); columns are ints or names."""
    spec = str(spec)
    path, cols = spec, None
    if ":" in spec:
        head, tail = spec.rsplit(":", 1)
        if head and not os.path.isfile(spec):
            path, cols = head, tail
    if cols is None:
        return path, None
    parts = [c.strip() for c in cols.split(",")]
    if len(parts) == 3 and parts[2] == "":
        parts = parts[:2]
    if len(parts) not in (2, 3) or any(p == "" for p in parts):
        raise ResultError("measured data %r: columns must be 'amp,freq' or 'amp,freq,zeta' (names or 0-based indices)" % spec)
    return path, [int(p) if p.lstrip("-").isdigit() else p for p in parts]


def _column(header, want, path):
    if isinstance(want, int):
        if not 0 <= want < len(header):
            raise ResultError("%s: column %d out of range: the file has %d columns (0 to %d)" % (path, want, len(header), len(header) - 1))
        return want
    names = [h.strip() for h in header]
    if want in names:
        return names.index(want)
    low = [h.lower() for h in names]
    if want.lower() in low:
        return low.index(want.lower())
    raise ResultError("%s: no column %r (columns: %s)" % (path, want, ", ".join(names)))


def read_measured(spec, label=None):
    """Reads a measured backbone: ``spec`` is ``path:amp_col,freq_col[,zeta_col]`` (names or
    0-based indices) or a path (columns 0, 1[, 2]); returns a :class:`Measured`. Raises
    :class:`tribo.ResultError` with a one-line message for a missing file, an unknown column or
    a cell that is not a number."""
    path, cols = parse_spec(spec)
    if not os.path.isfile(path):
        raise ResultError("%s: no such file (measured data)" % path)
    try:
        with open(path, newline="", encoding="utf-8-sig") as fh:
            lines = [(i + 1, l) for i, l in enumerate(fh.read().splitlines()) if l.strip() and not l.lstrip().startswith("#")]
    except (OSError, UnicodeDecodeError) as e:
        raise ResultError("%s: cannot read the measured data: %s" % (path, e)) from None
    if not lines:
        raise ResultError("%s: empty CSV file (expected a header row and rows of numbers)" % path)
    first = lines[0][1]
    delim = max(",;\t", key=first.count) if any(d in first for d in ",;\t") else ","
    rows = [(n, r) for n, r in zip((n for n, _ in lines), csv.reader([l for _, l in lines], delimiter=delim))]
    header = [h.strip() for h in rows[0][1]]
    if cols is None:
        cols = [0, 1, 2] if len(header) >= 3 else [0, 1]
    idx = [_column(header, c, path) for c in cols]
    names = [header[i] or "column %d" % i for i in idx]
    data = [[] for _ in idx]
    for n, row in rows[1:]:
        for k, i in enumerate(idx):
            cell = row[i].strip() if i < len(row) else ""
            if cell == "" and k == 2:
                data[k].append(np.nan)
                continue
            try:
                data[k].append(float(cell))
            except ValueError:
                raise ResultError("%s line %d: column %r is %r, not a number" % (path, n, names[k], cell)) from None
    if not data[0]:
        raise ResultError("%s: no rows of data under the header" % path)
    return Measured(data[0], data[1], data[2] if len(idx) == 3 else None, label=label, path=path, columns=names)

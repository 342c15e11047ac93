"""Backbones compared with reference backbones: a monotone interpolant in log amplitude, the differences over the
common amplitude range, and a reader of the reference files of ../shared/data/reference (flat YAML: one
``key : [v1, v2, ...]`` list per line, as tmdsimpy writes them).

    from tribo.compare import read_flow_yaml, compare_backbones
    ref = read_flow_yaml("brb_epmc_meso.yaml")
    d = compare_backbones(q, f_hz, zeta, ref["modal_amplitude"], ref["frequency_rad_per_s"] / (2 * np.pi),
                          ref["damping_factor_frac_crit"])
    d["freq_max_rel"], d["damp_max_rel"], d["range"]
"""
import json
import re

import numpy as np

from .results import ResultError

__all__ = ["read_flow_yaml", "pchip", "compare_backbones", "brb_report"]

_KEY = re.compile(r"^(\s*)([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*?)\s*$")


def _value(path, key, n, text):
    t = re.sub(r",\s*\]", "]", text.strip().rstrip(","))
    t = re.sub(r"(?<![A-Za-z])(-?)inf(?![A-Za-z])", r"\1Infinity", t, flags=re.I)
    t = re.sub(r"(?<![A-Za-z])nan(?![A-Za-z])", "NaN", t, flags=re.I)
    try:
        v = json.loads(t)
    except ValueError:
        raise ResultError("%s line %d: the value of %s is not a number or a list of numbers" % (path, n, key)) from None
    return _array(v)


def _array(v):
    """float, numpy array, or a list of arrays where the rows differ in length (ragged)"""
    if not isinstance(v, list):
        return float(v)
    try:
        return np.asarray(v, dtype=float)
    except ValueError:
        return [_array(r) for r in v]


def read_flow_yaml(path):
    """Numbers of a flat YAML file as tmdsimpy writes its references: ``key : value`` or ``key : [flow list]`` (lists
    of rows continue over lines), and mappings of such keys by indentation -> {"key" or "parent/key": float or
    numpy array}. Raises ResultError naming the line of a value that is not a number."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError as e:
        raise ResultError("%s: cannot read: %s" % (path, e)) from None
    out, parents, cur = {}, [], None  # parents: (indent, name); cur: [name, line, text]
    for n, line in enumerate(lines, 1):
        m = _KEY.match(line)
        if m and (cur is None or cur[2].count("[") == cur[2].count("]")):
            if cur is not None and cur[2]:
                out[cur[0]] = _value(path, cur[0], cur[1], cur[2])
            ind = len(m.group(1))
            while parents and parents[-1][0] >= ind:
                parents.pop()
            name = "/".join([p[1] for p in parents] + [m.group(2)])
            if m.group(3) == "":
                parents.append((ind, m.group(2)))
                cur = None
            else:
                cur = [name, n, m.group(3)]
        elif cur is not None:
            cur[2] += " " + line.strip()
        elif line.strip() and not line.lstrip().startswith("#"):
            raise ResultError("%s line %d: expected 'key : value'" % (path, n))
    if cur is not None and cur[2]:
        out[cur[0]] = _value(path, cur[0], cur[1], cur[2])
    return out


def pchip(x, y, xi):
    """Monotone piecewise cubic Hermite interpolant (Fritsch and Carlson 1980) of (x, y), x increasing, at xi (inside
    [x0, xn]); a monotone y gives a monotone interpolant without overshoot."""
    x, y, xi = (np.asarray(a, dtype=float) for a in (x, y, xi))
    if x.size < 2 or np.any(np.diff(x) <= 0):
        raise ResultError("pchip: the abscissae must increase (%d values)" % x.size)
    h = np.diff(x)
    dl = np.diff(y) / h
    d = np.zeros_like(y)
    for k in range(1, x.size - 1):  # weighted harmonic mean where the slopes agree in sign, else 0
        if dl[k - 1] * dl[k] > 0:
            w1, w2 = 2 * h[k] + h[k - 1], h[k] + 2 * h[k - 1]
            d[k] = (w1 + w2) / (w1 / dl[k - 1] + w2 / dl[k])
    def end(h0, h1, s0, s1):  # one-sided three-point slope at an end, limited to keep monotonicity
        e = ((2 * h0 + h1) * s0 - h0 * s1) / (h0 + h1)
        if np.sign(e) != np.sign(s0):
            return 0.0
        if np.sign(s0) != np.sign(s1) and abs(e) > abs(3 * s0):
            return 3 * s0
        return e

    if x.size == 2:
        d[:] = dl[0]
    else:
        d[0] = end(h[0], h[1], dl[0], dl[1])
        d[-1] = end(h[-1], h[-2], dl[-1], dl[-2])
    i = np.clip(np.searchsorted(x, xi, side="right") - 1, 0, x.size - 2)
    t = (xi - x[i]) / h[i]
    h00, h10, h01, h11 = 2 * t**3 - 3 * t**2 + 1, t**3 - 2 * t**2 + t, -2 * t**3 + 3 * t**2, t**3 - t**2
    return h00 * y[i] + h10 * h[i] * d[i] + h01 * y[i + 1] + h11 * h[i] * d[i + 1]


def compare_backbones(q, f, z, qr, fr, zr):
    """Differences of a backbone (amplitudes q, frequencies f, damping ratios z) from a reference (qr, fr, zr) over
    the common amplitude range, the reference interpolated monotonically in log amplitude at the points of q inside
    it. Returns {freq_rel, damp_rel (arrays at those points), freq_max_rel, damp_max_rel, range (q_lo, q_hi),
    points}. Raises ResultError when the ranges do not overlap at two or more points."""
    q, f, z, qr, fr, zr = (np.asarray(a, dtype=float) for a in (q, f, z, qr, fr, zr))
    o = np.argsort(qr)
    qr, fr, zr = qr[o], fr[o], zr[o]
    keep = np.concatenate(([True], np.diff(qr) > 0))
    qr, fr, zr = qr[keep], fr[keep], zr[keep]
    lo, hi = max(q.min(), qr.min()), min(q.max(), qr.max())
    sel = (q >= lo) & (q <= hi) & np.isfinite(f) & np.isfinite(z)
    if sel.sum() < 2:
        raise ResultError("the backbones share fewer than two amplitudes (computed %.3g to %.3g, reference %.3g to %.3g)" %
                          (q.min(), q.max(), qr.min(), qr.max()))
    lq = np.log(q[sel])
    fi, zi = pchip(np.log(qr), fr, lq), pchip(np.log(qr), zr, lq)
    df, dz = f[sel] / fi - 1, z[sel] / zi - 1
    return {"freq_rel": df, "damp_rel": dz, "freq_max_rel": float(np.max(np.abs(df))), "damp_max_rel": float(np.max(np.abs(dz))),
            "range": (float(lo), float(hi)), "points": int(sel.sum()), "q": q[sel], "f_ref": fi, "z_ref": zi}


def brb_report(cases, ref_dir, out, title, picture):
    """The BRB comparison scripts' report (scripts/rough-brb.sh, scripts/contact-brb.sh): for each (case, h5 file, label,
    reference label), case meso or flat, the converged points of /backbone/mode1 against ref_dir/brb_epmc_<case>.yaml (Porter
    and Brake 2023): one printed line each (the ends and the largest differences over the common range), the reference as
    out/reference_<case>.csv, and one backbone picture of all (``picture``, skipped with a message without matplotlib).
    Returns {case: compare_backbones() result}."""
    import h5py
    worst, files, labels, refs, rlabels = {}, [], [], [], []
    for case, path, label, rlabel in cases:
        with h5py.File(path, "r") as h:
            g = h["backbone/mode1"]
            q, f, z, c = g["modal_amplitude"][:], g["frequency_hz"][:], g["damping"][:], g["converged"][:]
        r = read_flow_yaml("%s/brb_epmc_%s.yaml" % (ref_dir, case))
        fr = r["frequency_rad_per_s"] / (2 * np.pi)
        ok = c > 0
        d = compare_backbones(q[ok], f[ok], z[ok], r["modal_amplitude"], fr, r["damping_factor_frac_crit"])
        worst[case] = d
        print("%s: tribo %.2f -> %.2f Hz, reference %.2f -> %.2f Hz; over q = %.3g..%.3g (%d points): frequency within %.2f %%, "
              "damping within %.1f %%" % (case, f[ok][0], f[ok][-1], fr[0], d["f_ref"][-1], d["range"][0], d["range"][1], d["points"],
                                          100 * d["freq_max_rel"], 100 * d["damp_max_rel"]))
        csv = "%s/reference_%s.csv" % (out, case)
        with open(csv, "w") as fh:
            fh.write("modal_amplitude,frequency_hz,damping\n")
            for a, b, e in zip(r["modal_amplitude"], fr, r["damping_factor_frac_crit"]):
                fh.write("%.12e,%.12e,%.12e\n" % (a, b, e))
        files.append(path), labels.append(label), refs.append(csv), rlabels.append(rlabel)
    try:
        from . import figures as tf
        fig = tf.backbone_figure(files, x="modal", labels=labels, measured=refs, measured_labels=rlabels, title=title)
        tf.save(fig, picture)
        print("picture: %s" % picture)
    except Exception as e:  # matplotlib missing: the numbers still count
        print("no picture: %s" % e)
    return worst

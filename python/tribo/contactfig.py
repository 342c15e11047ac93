"""Figure kind "contact": the fields and load steps of ``tribo contact`` (half-space contact on a grid, /contact)."""
import os

import numpy as np

from .figures import COLORS, _results, new_figure, register_figure
from .results import ResultError


def contact_steps(result):
    """The step numbers k of the /contact/step_<k> groups written, increasing."""
    if not result.has("/contact"):
        return []
    g = result.get("/contact")
    return sorted(int(k[5:]) for k in g if k.startswith("step_") and k[5:].isdigit())


@register_figure("contact", applies=lambda r: bool(contact_steps(r)), suffix="_contact",
                 description="half-space contact (tribo contact): pressure and state maps, centre-line pressure, load steps against closed forms")
def contact_figure(results, step=None, title=None):
    """Half-space contact of ``tribo contact``: the pressure map and the state (open, stick, slip) or gap map of one written step
    (default the last; mindlin: the peak of the first tangential loading), the pressure along the centre line y = 0 (Hertz:
    with p0 (1 - r^2/a^2)^(1/2)), and the load steps (force against approach with the Hertz curve, contact fraction of the wavy
    surface against Westergaard's, or the Mindlin-Deresiewicz loop Q against the shift)."""
    r = _results(results)[0]
    steps = contact_steps(r)
    if not steps:
        raise ResultError("%s: no /contact/step_<k> fields (run tribo contact with -contact_fields 1)" % r.path)
    at = r.attrs.get("/contact", {})
    case = str(at.get("case", "?"))
    ref = r.attrs.get("/contact/reference", {})
    tab = r.get("/contact/steps")
    if step is None:
        step = steps[-1]
        if case == "mindlin":
            peak = (len(tab["load"]) - 1) // 5
            step = peak if peak in steps else step
    g = r.get("/contact/step_%d" % step)
    x, y = np.asarray(r.get("/contact/x")), np.asarray(r.get("/contact/y"))
    p = np.asarray(g["pressure"], dtype=float)
    fig = new_figure(13.0, 10.0)
    ax = fig.subplots(2, 2).ravel()
    im = ax[0].pcolormesh(1e3 * x, 1e3 * y, 1e-6 * p, shading="auto", cmap="viridis", rasterized=True)
    fig.colorbar(im, ax=ax[0], label="pressure (MPa)")
    ax[0].set_title("pressure, step %d" % step)
    if "shear" in g:
        st = np.asarray(g["state"], dtype=float)
        im = ax[1].pcolormesh(1e3 * x, 1e3 * y, st, shading="auto", cmap="viridis", vmin=0, vmax=2, rasterized=True)
        cb = fig.colorbar(im, ax=ax[1], ticks=[0, 1, 2])
        cb.ax.set_yticklabels(["open", "stick", "slip"])
        if case == "lapbeam":
            ax[1].set_title("stick and slip, step %d (QSMA alpha %.3g)" % (step, float(tab["shift"][step])))
        else:
            ax[1].set_title("stick and slip, step %d (shift %.3g um)" % (step, 1e6 * float(tab["shift"][step])))
    else:
        gap = np.asarray(g["gap"], dtype=float)
        im = ax[1].pcolormesh(1e3 * x, 1e3 * y, 1e6 * gap, shading="auto", cmap="magma_r", rasterized=True)
        fig.colorbar(im, ax=ax[1], label="gap (um)")
        ax[1].set_title("gap, step %d" % step)
    for a in ax[:2]:
        a.set_xlabel("x (mm)")
        a.set_ylabel("y (mm)")
        a.set_aspect("equal", adjustable="box")
    j = int(np.argmin(np.abs(y))) if case != "wavy" else 0
    if case == "lapbeam":  # the row with the largest pressure
        j = int(np.argmax(p.max(axis=1)))
    ax[2].plot(1e3 * x, 1e-6 * p[j], ".", ms=3, color=COLORS[0], label="computed")
    if "shear" in g:
        ax[2].plot(1e3 * x, 1e-6 * np.asarray(g["shear"], dtype=float)[j], ".", ms=3, color=COLORS[1], label="shear traction")
    if "hertz_radius" in ref and (case == "hertz" or "shear" in g or step == 0):
        a, p0 = float(ref["hertz_radius"]), float(ref["hertz_max_pressure"])
        xx = np.linspace(-a, a, 400)
        fl = float(tab["force"][step]) / float(tab["force"][-1]) if case == "hertz" else 1.0
        ah, ph = a * fl ** (1 / 3), p0 * fl ** (1 / 3)
        xx = np.linspace(-ah, ah, 400)
        ax[2].plot(1e3 * xx, 1e-6 * ph * np.sqrt(np.clip(1 - (xx / ah) ** 2, 0, None)), "-", color="k", lw=1, label="Hertz")
        if "shear" in g and "friction_coefficient" in ref and step == (len(tab["load"]) - 1) // 5:
            mu, c = float(ref["friction_coefficient"]), float(ref["stick_radius_at_peak"])
            qq = mu * ph * np.sqrt(np.clip(1 - (xx / ah) ** 2, 0, None)) - c / ah * mu * ph * np.sqrt(np.clip(1 - (xx / c) ** 2, 0, None))
            ax[2].plot(1e3 * xx, 1e-6 * qq, "--", color="k", lw=1, label="Cattaneo-Mindlin")
    ax[2].set_xlabel("x (mm)")
    ax[2].set_ylabel("traction (MPa)")
    ax[2].set_title("along y = %.3g mm" % (1e3 * y[j]))
    ax[2].legend(fontsize=8)
    if case == "mindlin":
        s, q = np.asarray(tab["shift"]), np.asarray(tab["tangential_force"])
        ax[3].plot(1e6 * s[1:], q[1:], "o-", ms=3, color=COLORS[0], label="computed")
        ax[3].set_xlabel("tangential shift (um)")
        ax[3].set_ylabel("tangential force Q (N)")
        ax[3].set_title("Mindlin-Deresiewicz cycle (closed form: %.3g J per cycle)" % float(ref.get("energy_per_cycle", np.nan)))
    elif case == "lapbeam":  # the coupled case: normal and tangential resultants over the increments (preload, then QSMA)
        f, t = np.asarray(tab["force"]), np.asarray(tab["tangential_force"])
        k = np.arange(len(f))
        ax[3].plot(k, 1e-3 * f, "o-", ms=3, color=COLORS[0], label="normal force (kN)")
        ax[3].plot(k, np.asarray(tab["slip"], dtype=float) if "slip" in tab else 0 * k, "s-", ms=3, color=COLORS[1], label="slipping points")
        ax[3].set_xlabel("increment (preload, then QSMA amplitudes)")
        ax[3].set_ylabel("kN, points")
        ax[3].set_title("increments")
    elif case == "wavy":
        ld, area = np.asarray(tab["load"]), np.asarray(tab["area"])
        tot = (len(x) * len(y)) * float(at["dx"]) * float(at["dy"])
        ll = np.linspace(0, 1.25, 200)
        ax[3].plot(ll, np.where(ll < 1, 2 / np.pi * np.arcsin(np.sqrt(np.clip(ll, 0, 1))), 1), "-", color="k", lw=1, label="Westergaard")
        ax[3].plot(ld, area / tot, "o", color=COLORS[0], label="computed")
        ax[3].set_xlabel("mean pressure / p*")
        ax[3].set_ylabel("contact fraction 2a/l")
        ax[3].set_title("contact area against load")
    else:
        f, d = np.asarray(tab["force"]), np.asarray(tab["approach"])
        ax[3].plot(1e6 * d, f, "o", color=COLORS[0], label="computed")
        if "hertz_approach" in ref:
            dd = np.linspace(0, float(ref["hertz_approach"]), 200)
            ax[3].plot(1e6 * dd, f[-1] * (dd / float(ref["hertz_approach"])) ** 1.5, "-", color="k", lw=1, label="Hertz")
        if "punch_stiffness" in ref:
            dd = np.linspace(0, d.max(), 50)
            ax[3].plot(1e6 * dd, float(ref["punch_stiffness"]) * dd, "-", color="k", lw=1, label="2 b E*")
        ax[3].set_xlabel("approach (um)")
        ax[3].set_ylabel("normal force (N)")
        ax[3].set_title("load steps")
    ax[3].legend(fontsize=8)
    if title is None:
        rom = at.get("rom")  # -rom FILE: a user's reduced structure coupled as the lap beam is
        what = "reduced structure %s" % os.path.basename(str(rom)) if rom else "case %s" % case
        title = "tribo contact: %s, %s, %d x %d grid" % (os.path.basename(r.path), what, len(x), len(y))
    if title:
        fig.suptitle(title)
    return fig

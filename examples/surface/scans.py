#!/usr/bin/env python3
"""Writes a pair of synthetic scans to try `tribo surface` on user files: top.csv (a point cloud x,y,z, as an optical
profilometer exports it) and bottom.h5 (a height grid: /height ny x nx, /x and /y), both in um (-surface_units um), each
10 x 4 mm at 25 um: band-limited roughness of 2 um RMS (wavelengths 0.3-3 mm) on a 10 um bowl, different seeds.

    python3 examples/surface/scans.py            # writes top.csv and bottom.h5 here
"""
import numpy as np
import h5py

nx, ny, dx = 400, 160, 25e-6


def surface(seed):
    rng = np.random.default_rng(seed)
    kx = np.fft.rfftfreq(nx, dx)
    ky = np.fft.fftfreq(ny, dx)
    q = np.hypot(kx[None, :], ky[:, None])
    amp = ((q >= 1 / 3e-3) & (q <= 1 / 0.3e-3)).astype(float)
    z = np.fft.irfft2(amp * np.exp(2j * np.pi * rng.random(amp.shape)), s=(ny, nx))
    z *= 2e-6 / z.std()
    x = np.arange(nx) * dx
    return z + 10e-6 * (2 * (x[None, :] - x.mean()) / (x[-1] - x[0])) ** 2


top = surface(1)
with open("top.csv", "w") as f:
    f.write("x,y,z\n")
    for j in range(ny):
        for i in range(nx):
            f.write("%.2f,%.2f,%.5f\n" % (i * dx * 1e6, j * dx * 1e6, top[j, i] * 1e6))
with h5py.File("bottom.h5", "w") as h:
    for name, v in (("height", surface(2) * 1e6), ("x", np.arange(nx) * dx * 1e6), ("y", np.arange(ny) * dx * 1e6)):
        h.create_dataset(name, data=v).attrs["units"] = "um"

#!/usr/bin/env python3
"""Writes a free decay to try `tribo ringdown` on, as a CSV on stdout (header time,x; 10 kHz, 4 s): a mode whose
frequency falls from 100 to 98 Hz and whose damping rises from 0.2 % to 0.6 % with the amplitude (a softening, more
dissipative joint at large amplitude), plus a second mode at 250 Hz and white noise 1e-4 of the first amplitude.

    python3 examples/fit/signal.py > sig.csv
"""
import math
import random

random.seed(1)
rate, T, a, phase, a2 = 10000.0, 4.0, 1.0, 0.0, 0.2
dt = 1 / rate
print("time,x")
for i in range(int(T * rate)):
    t = i * dt
    f = 98.0 + 2.0 * (1 - a)  # Hz: 98 at amplitude 1, 100 as the amplitude vanishes
    z = 0.002 + 0.004 * a  # damping ratio
    x = a * math.sin(phase) + a2 * math.exp(-0.003 * 2 * math.pi * 250 * t) * math.sin(2 * math.pi * 250 * t) + 1e-4 * random.gauss(0, 1)
    print("%.6f,%.9e" % (t, x))
    phase += 2 * math.pi * f * dt
    a *= math.exp(-z * 2 * math.pi * f * dt)

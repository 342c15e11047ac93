#!/usr/bin/env python3
"""Writes brake-porter-karpov §3.1 eq. 19 as a `tribo law -law_table` CSV on stdout: time,u1,u2,N over 3 periods of 1000
samples (period 1 s), u1 = 50 nm sin(2 pi t), u2 = 0, N = 8 - 5 H(t - 0.3) (1 - H(t - 0.4)) sin^2(2 pi (t - 0.3) / 0.2) MN.

    python3 examples/law/eq19.py > eq19.csv
"""
import math


def H(x):
    return 1.0 if x >= 0 else 0.0


print("time,u1,u2,N")
for i in range(3001):
    t = (i % 1000) / 1000
    N = 8e6 - 5e6 * H(t - 0.3) * (1 - H(t - 0.4)) * math.sin(2 * math.pi / 0.2 * (t - 0.3)) ** 2
    print("%r,%r,0,%r" % (i / 1000, 50e-9 * math.sin(2 * math.pi * t), N))

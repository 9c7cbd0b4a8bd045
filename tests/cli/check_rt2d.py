#!/usr/bin/python3
"""Checks the outputs of `latticelab run rt2d --probe fronts --probe-csv F --vtk V`: the
fronts CSV has its header and one row per sample, starts at step 0 with the interface's
initial width and ends with a wider mixing layer; the .vti has a `temperature` array with one
value per node between the two layers' temperatures (A = 0.1: 0.9 .. 1.1, with room for the
compression and expansion of the gas; rt2d_boussinesq's theta: -1/2 .. 1/2, give T_MIN T_MAX).

Usage: /usr/bin/python3 check_rt2d.py FRONTS.csv RUN.vti NX NY ROWS [T_MIN T_MAX]
"""
import csv
import sys

import numpy as np
from vtk.util.numpy_support import vtk_to_numpy
from vti_reader import failer, read_vti


fail = failer("check_rt2d")


def check_csv(path, rows):
    with open(path, newline="") as f:
        table = list(csv.reader(f))
    header = ["step", "time", "bubble_y", "spike_y", "mixing_width"]
    if not table or table[0] != header:
        fail("header %s, expected %s" % (table[:1], header))
    data = [[float(v) for v in r] for r in table[1:]]
    if len(data) != rows:
        fail("%d rows, expected %d" % (len(data), rows))
    if data[0][0] != 0 or data[0][1] != 0:
        fail("the first sample is not step 0 at time 0: %s" % data[0])
    if not all(b[0] > a[0] and b[1] > a[1] for a, b in zip(data, data[1:])):
        fail("steps and times must increase")
    for r in data:
        if abs(r[2] - r[3] - r[4]) > 1e-3 * max(1, abs(r[4])):
            fail("mixing_width != bubble_y - spike_y in %s" % r)
    if not data[-1][4] > 3 * data[0][4]:
        fail("the mixing layer did not grow: %g -> %g" % (data[0][4], data[-1][4]))
    print("fronts: width %.3g -> %.3g rows in %d steps" % (data[0][4], data[-1][4], data[-1][0]))


def check_vti(path, nx, ny, t_min, t_max):
    img = read_vti(path, fail)
    if tuple(img.GetDimensions()) != (nx, ny, 1):
        fail("dimensions %s, expected %s" % (img.GetDimensions(), (nx, ny, 1)))
    arr = img.GetPointData().GetArray("temperature")
    if arr is None:
        fail("no temperature array")
    t = vtk_to_numpy(arr)
    if t.shape != (nx * ny,):
        fail("temperature has shape %s" % (t.shape,))
    # NaN-free; rt2d_boussinesq's wall rows read as adiabatic walls, theta = 0.
    if not (np.isfinite(t).all() and t.min() > t_min and t.max() < t_max):
        fail("temperature outside (%g, %g): %g .. %g" % (t_min, t_max, t.min(), t.max()))
    # Hot gas below, cold above (the second row from each end: the first may be a wall).
    if not t[nx : 2 * nx].mean() > t[-2 * nx : -nx].mean() + 0.1:
        fail("bottom rows %g not hotter than the top rows %g"
             % (t[nx : 2 * nx].mean(), t[-2 * nx : -nx].mean()))
    print("vti: temperature %.4g .. %.4g" % (t.min(), t.max()))


def main():
    fronts, vti, nx, ny, rows = sys.argv[1:6]
    t_min, t_max = (float(v) for v in sys.argv[6:8]) if len(sys.argv) > 7 else (0.85, 1.15)
    check_csv(fronts, int(rows))
    check_vti(vti, int(nx), int(ny), t_min, t_max)


if __name__ == "__main__":
    main()

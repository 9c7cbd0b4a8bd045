#!/usr/bin/python3
"""Checks the .vti of `latticelab run heated_cavity2d --vtk FILE`: a `temperature` array (the
Boussinesq model's theta = T - T0, in units of the wall difference) with one finite value per
node in [-1/2, 1/2], the hot wall column at +1/2 and the cold one at -1/2, and heat carried in
from the left: the first fluid column warmer than the last.

Usage: /usr/bin/python3 check_heated_cavity.py FILE.vti SIZE   (SIZE: fluid nodes per side)
"""
import sys

import numpy as np
import vtk
from vtk.util.numpy_support import vtk_to_numpy
from vti_reader import failer, read_vti


fail = failer("check_heated_cavity")


def main():
    path, n = sys.argv[1], int(sys.argv[2])
    img = read_vti(path, fail)
    if tuple(img.GetDimensions()) != (n + 2, n + 2, 1):
        fail("dimensions %s, expected %s" % (img.GetDimensions(), (n + 2, n + 2, 1)))
    arr = img.GetPointData().GetArray("temperature")
    if arr is None:
        fail("no temperature array")
    if arr.GetNumberOfComponents() != 1 or arr.GetDataType() != vtk.VTK_FLOAT:
        fail("temperature must be 1 x Float32")
    t = vtk_to_numpy(arr).reshape(n + 2, n + 2)  # [y][x]
    if not np.isfinite(t).all():
        fail("non-finite temperature")
    if t.min() < -0.5 - 1e-6 or t.max() > 0.5 + 1e-6:
        fail("theta outside [-1/2, 1/2]: %g .. %g" % (t.min(), t.max()))
    rows = slice(1, n + 1)
    if not (np.allclose(t[rows, 0], 0.5) and np.allclose(t[rows, n + 1], -0.5)):
        fail("walls: hot %s, cold %s" % (t[rows, 0], t[rows, n + 1]))
    if not t[rows, 1].mean() > t[rows, n].mean() + 0.5:
        fail("first fluid column %g not warmer than the last %g" % (t[rows, 1].mean(), t[rows, n].mean()))
    print("check_heated_cavity: OK (theta %.4g .. %.4g)" % (t.min(), t.max()))


if __name__ == "__main__":
    main()

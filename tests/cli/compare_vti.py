#!/usr/bin/python3
"""Checks that two .vti files hold the same lattice and the same values in every point array,
read by VTK's own reader: a run split into subdomains against the same run in one domain.

Usage: /usr/bin/python3 compare_vti.py ONE.vti SPLIT.vti
"""
import sys

import numpy as np
from vtk.util.numpy_support import vtk_to_numpy
from vti_reader import failer, read_vti

fail = failer("compare_vti")


def main():
    one, split = (read_vti(p, fail) for p in sys.argv[1:3])
    if one.GetDimensions() != split.GetDimensions():
        fail("dimensions %s and %s" % (one.GetDimensions(), split.GetDimensions()))
    a, b = one.GetPointData(), split.GetPointData()
    if a.GetNumberOfArrays() == 0 or a.GetNumberOfArrays() != b.GetNumberOfArrays():
        fail("%d and %d point arrays" % (a.GetNumberOfArrays(), b.GetNumberOfArrays()))
    for k in range(a.GetNumberOfArrays()):
        name = a.GetArrayName(k)
        if b.GetArray(name) is None:
            fail("array %s missing from %s" % (name, sys.argv[2]))
        x, y = vtk_to_numpy(a.GetArray(name)), vtk_to_numpy(b.GetArray(name))
        if not np.array_equal(x, y, equal_nan=True):
            fail("array %s differs by up to %g" % (name, np.nanmax(np.abs(x - y))))
    print("compare_vti: %d arrays equal on %s points" % (a.GetNumberOfArrays(),
                                                         one.GetNumberOfPoints()))


main()

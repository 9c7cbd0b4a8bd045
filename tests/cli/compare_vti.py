#!/usr/bin/python3
"""Checks that two VTK image files hold the same lattice and the same values in every point
array, read by VTK's own readers (vtkXMLImageDataReader for .vti, vtkXMLPImageDataReader for
ParaView's parallel .pvti and its pieces): a run split into subdomains against the same run in
one domain.

Usage: /usr/bin/python3 compare_vti.py ONE.vti SPLIT.vti|SPLIT.pvti [PIECES]
PIECES: the number of pieces the .pvti must name.
"""
import sys

import numpy as np
import vtk
from vtk.util.numpy_support import vtk_to_numpy
from vti_reader import failer, read_vti

fail = failer("compare_vti")


def read_any(path):
    if not path.endswith(".pvti"):
        return read_vti(path, fail)
    reader = vtk.vtkXMLPImageDataReader()
    reader.SetFileName(path)
    reader.Update()
    if len(sys.argv) > 3 and reader.GetNumberOfPieces() != int(sys.argv[3]):
        fail("%s names %d pieces, expected %s" % (path, reader.GetNumberOfPieces(), sys.argv[3]))
    img = reader.GetOutput()
    if img is None or img.GetNumberOfPoints() == 0:
        fail("vtkXMLPImageDataReader read no points from " + path)
    return img


def main():
    one, split = (read_any(p) for p in sys.argv[1:3])
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

"""What the check_*.py scripts share: a .vti read by VTK's own reader (what ParaView uses),
and a failure that names the script. Needs Debian's python3-vtk9 (run with /usr/bin/python3).
"""
import sys

import vtk


def failer(script):
    def fail(msg):
        print("%s: FAIL: %s" % (script, msg))
        sys.exit(1)

    return fail


def read_vti(path, fail):
    """The vtkImageData in `path`; fails when the reader finds no points."""
    reader = vtk.vtkXMLImageDataReader()
    reader.SetFileName(path)
    reader.Update()
    img = reader.GetOutput()
    if img is None or img.GetNumberOfPoints() == 0:
        fail("vtkXMLImageDataReader read no points from " + path)
    return img

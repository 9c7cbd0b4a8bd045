#!/usr/bin/python3
"""Reads a cavity2d .vti written by `latticelab run cavity2d --vtk FILE` with VTK's own
reader and checks what ParaView would see: lattice dims, the unit-square placement, the
arrays and field data, and that the lid row moves at u_ref.

Usage: /usr/bin/python3 check_vti.py FILE.vti SIZE   (SIZE: the cavity's fluid nodes per side)
Needs Debian's python3-vtk9 and python3-numpy (hence /usr/bin/python3, not a pyenv python).
"""
import sys

import numpy as np
import vtk
from vtk.util.numpy_support import vtk_to_numpy
from vti_reader import failer, read_vti


fail = failer("check_vti")


def main():
    path, n = sys.argv[1], int(sys.argv[2])
    img = read_vti(path, fail)

    # Lattice: n fluid nodes plus one wall node on each side.
    dims = img.GetDimensions()
    if tuple(dims) != (n + 2, n + 2, 1):
        fail("dimensions %s, expected %s" % (dims, (n + 2, n + 2, 1)))
    # Walls at 0 and 1: node i sits at (i - 1/2) / n, so fluid nodes span the unit square.
    h = 1.0 / n
    if not np.allclose(img.GetSpacing(), (h, h, h), rtol=1e-12):
        fail("spacing %s, expected %g" % (img.GetSpacing(), h))
    if not np.allclose(img.GetOrigin()[:2], (-0.5 * h, -0.5 * h), atol=1e-12):
        fail("origin %s, expected (%g, %g, 0)" % (img.GetOrigin(), -0.5 * h, -0.5 * h))
    first_fluid = np.array(img.GetOrigin()) + np.array(img.GetSpacing())
    last_fluid = np.array(img.GetOrigin()) + n * np.array(img.GetSpacing())
    if not (np.isclose(first_fluid[0], 0.5 * h) and np.isclose(last_fluid[0], 1 - 0.5 * h)):
        fail("fluid nodes do not span the unit square")

    pd = img.GetPointData()
    vel, rho = pd.GetArray("velocity"), pd.GetArray("density")
    if vel is None or rho is None:
        fail("missing point arrays velocity/density")
    if vel.GetNumberOfComponents() != 3 or vel.GetDataType() != vtk.VTK_FLOAT:
        fail("velocity must be 3 x Float32")
    if rho.GetNumberOfComponents() != 1 or rho.GetDataType() != vtk.VTK_FLOAT:
        fail("density must be 1 x Float32")

    fd = img.GetFieldData()
    values = {}
    for name in ("u_ref", "tau", "steps"):
        arr = fd.GetArray(name)
        if arr is None:
            fail("missing field data " + name)
        values[name] = arr.GetTuple1(0)
    u_ref = values["u_ref"]
    if not (0 < u_ref <= 0.3 and values["tau"] > 0.5 and values["steps"] > 0):
        fail("implausible field data %s" % values)

    u = vtk_to_numpy(vel).reshape(n + 2, n + 2, 3)  # [y][x][component]
    r = vtk_to_numpy(rho).reshape(n + 2, n + 2)
    if not np.all(np.isfinite(u)) or not np.all(np.isfinite(r)):
        fail("non-finite values")
    # The first fluid row under the lid is dragged along by it: half-way bounce-back puts the
    # wall half a node above, so its centre speed approaches u_ref (Ghia: u = 0.78 u_ref at
    # Re 100 one node below a 129-node lid; here the row is half a node from the lid).
    lid_row = u[n, 1 : n + 1, 0]
    centre = lid_row[n // 4 : 3 * n // 4].mean()
    if not (0.5 * u_ref < centre < 1.05 * u_ref):
        fail("lid row mean u_x = %g, expected about u_ref = %g" % (centre, u_ref))
    fluid = r[1 : n + 1, 1 : n + 1]
    if abs(fluid.mean() - 1.0) > 0.02:
        fail("mean density %g, expected about 1" % fluid.mean())
    print("check_vti: OK (%dx%d, spacing %g, lid row u_x %.4f of u_ref %.4f, steps %d)"
          % (dims[0], dims[1], h, centre, u_ref, values["steps"]))


if __name__ == "__main__":
    main()

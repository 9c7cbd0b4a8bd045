// The D2Q37 model's derived fields at one node, for the CPU engine's output loop and the CUDA
// field kernel alike, so that a slice, a PNG and the NaN check do not depend on the back end.
// Both read the hydrodynamic fields (rho, u_H, T_H; model.hpp) through `at(x, y)`: the CPU
// from stored arrays, the GPU from the populations.
#pragma once
#include "model.hpp"
#include "solver/field_types.hpp"

#include <cfloat>
#include <cmath>

namespace ll::thermal {

// du_y/dx - du_x/dy. d/dx is periodic like the lattice; d/dy is one-sided on the rows next to
// the top and bottom walls (the walls are not nodes, so there is nothing to wrap to).
template <class At>
LL_HD double vorticity(int x, int y, int lx, int ly, const At& at) {
    const int xp = x + 1 == lx ? 0 : x + 1, xm = x == 0 ? lx - 1 : x - 1;
    const double dvdx = 0.5 * (at(xp, y).uy - at(xm, y).uy);
    const int yp = y + 1 < ly ? y + 1 : y, ym = y > 0 ? y - 1 : y;
    const double dudy = (at(x, yp).ux - at(x, ym).ux) / double(yp - ym);
    return dvdx - dudy;
}

// One FieldKind at node (x, y) of an lx x ly lattice; u_z is 0 (the model is 2D).
template <class At>
LL_HD float field_value(FieldKind kind, int x, int y, int lx, int ly, const At& at) {
    if (kind == FieldKind::Uz) return 0.0f;
    if (kind == FieldKind::Vorticity) return float(vorticity(x, y, lx, ly, at));
    const Moments m = at(x, y);
    switch (kind) {
    case FieldKind::Ux:
        return float(m.ux);
    case FieldKind::Uy:
        return float(m.uy);
    case FieldKind::Density:
        return float(m.rho);
    case FieldKind::Temperature:
        return float(m.T);
    default:
        return float(hypot(m.ux, m.uy)); // Speed
    }
}

// count_nonfinite's rule: a node fails when rho, u or T is NaN or infinite (NaN fails both
// comparisons; an overflow fails one).
LL_HD bool finite_value(double v) {
    return v >= -DBL_MAX && v <= DBL_MAX;
}
LL_HD bool finite_node(const Moments& m) {
    return finite_value(m.rho) && finite_value(m.ux) && finite_value(m.uy) && finite_value(m.T);
}

} // namespace ll::thermal

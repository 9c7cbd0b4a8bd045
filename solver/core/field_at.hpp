// One node's value of a derived field, from the populations, for the CPU loop and the CUDA
// kernels alike. Derivatives are central differences with the lattice's periodic wrap.
#pragma once
#include "../field_types.hpp"
#include "field_formulas.hpp"
#include "node_update.hpp"

#include <limits>

namespace ll {

// A field of the density and velocity at node n, given `at(m)`: anything with members rho and
// u[3] for any node m (the isothermal populations here, the Boussinesq model's NodeFields).
template <class At>
LL_HD float velocity_field(const At& at, const Dims& dims, node_t n, const FieldRequest& req) {
    if (req.kind != FieldKind::Vorticity) {
        const auto m = at(n);
        switch (req.kind) {
        case FieldKind::Ux:
            return float(m.u[0]);
        case FieldKind::Uy:
            return float(m.u[1]);
        case FieldKind::Uz:
            return float(m.u[2]);
        case FieldKind::Density:
            return float(m.rho);
        default:
            return magnitude3(float(m.u[0]), float(m.u[1]), float(m.u[2]));
        }
    }
    // d[a][b] = d u_b / d x_a
    const NodeFrame fr = make_frame(dims, n);
    float d[3][3] = {};
    const int axes = dims.nz > 1 ? 3 : 2;
    for (int ax = 0; ax < axes; ++ax) {
        const auto p = at(fr.shift(ax == 0, ax == 1, ax == 2));
        const auto m = at(fr.shift(-(ax == 0), -(ax == 1), -(ax == 2)));
        for (int b = 0; b < 3; ++b)
            d[ax][b] = central_difference(float(p.u[b]), float(m.u[b]));
    }
    return vorticity_of(d, axes, req.vorticity_component);
}

template <class S, Layout L, Scheme Sc, class Real, class Store>
LL_HD float field_at(const StepArgs<Real, Store>& a, node_t n, const FieldRequest& req) {
    if (req.mask_walls && is_halfway_wall(a.flags[n]))
        return std::numeric_limits<float>::quiet_NaN();
    const auto at = [a](node_t m) { return read_macro<S, L, Sc>(a, m); };
    return velocity_field(at, a.dims, n, req);
}

} // namespace ll

// Second-order equilibrium, moments and the Guo forcing term, shared by every collision model.
// Guo, Zheng & Shi, Phys. Rev. E 65, 046308 (2002): u = (sum c f + F/2) / rho, and the source
// F_i = w_i [ (c_i - u)/cs2 + (c_i.u) c_i / cs2^2 ] . F, scaled by (1 - omega/2) per relaxed mode.
#pragma once
#include "stencil.hpp"

namespace ll {

template <class Real>
struct Macro {
    Real rho;
    Real u[3];
};

template <class S, class Real>
LL_HD Real dot_c(int i, const Real (&v)[3]) {
    return Real(cvel<S>(i, 0)) * v[0] + Real(cvel<S>(i, 1)) * v[1] + Real(cvel<S>(i, 2)) * v[2];
}

template <class S, class Real>
LL_HD Real equilibrium(int i, Real rho, const Real (&u)[3]) {
    const Real cu = dot_c<S>(i, u);
    const Real uu = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
    return Real(weight<S>(i)) * rho * (Real(1) + Real(3) * cu + Real(4.5) * cu * cu - Real(1.5) * uu);
}

// Density and force-corrected velocity of one node's populations.
template <class S, class Real>
LL_HD Macro<Real> moments(const Real (&f)[S::Q], const Real (&force)[3]) {
    Real rho = 0, j[3] = {0, 0, 0};
LL_UNROLL
    for (int i = 0; i < S::Q; ++i) {
        rho += f[i];
        j[0] += Real(cvel<S>(i, 0)) * f[i];
        j[1] += Real(cvel<S>(i, 1)) * f[i];
        j[2] += Real(cvel<S>(i, 2)) * f[i];
    }
    const Real inv = Real(1) / rho;
    return {rho,
            {(j[0] + Real(0.5) * force[0]) * inv, (j[1] + Real(0.5) * force[1]) * inv,
             (j[2] + Real(0.5) * force[2]) * inv}};
}

// Guo source term without its relaxation prefactor.
template <class S, class Real>
LL_HD Real guo_source(int i, const Real (&u)[3], const Real (&force)[3]) {
    const Real cu = dot_c<S>(i, u);
    Real s = 0;
LL_UNROLL
    for (int a = 0; a < 3; ++a)
        s += (Real(3) * (Real(cvel<S>(i, a)) - u[a]) + Real(9) * cu * Real(cvel<S>(i, a))) * force[a];
    return Real(weight<S>(i)) * s;
}

template <class Real>
LL_HD bool has_force(const Real (&force)[3]) {
    return force[0] != Real(0) || force[1] != Real(0) || force[2] != Real(0);
}

} // namespace ll

// Second-order equilibrium, moments and the Guo forcing term, shared by every collision model.
// Guo, Zheng & Shi, Phys. Rev. E 65, 046308 (2002): u = (sum c f + F/2) / rho, and the source
// F_i = w_i [ (c_i - u)/cs2 + (c_i.u) c_i / cs2^2 ] . F, scaled by (1 - omega/2) per relaxed mode.
//
// Shifted populations: memory, the collisions and the boundary rules hold g_i = f_i - w_i, the
// deviation from the fluid at rest, not f_i (Skordos, PRE 48, 4823 (1993); "DDF shifting" in
// Lehmann et al., PRE 106, 015308 (2022)). A rounding error scales with the value rounded and
// g_i is far smaller than f_i at low Mach number, so in FP32 mass no longer drifts by the
// systematic rounding of every steady node (1e-4 over 10^4 steps in a 32^2 cavity without it).
// Only the state exchange (node_update.hpp read_state / write_state) sees f_i = w_i + g_i.
#pragma once
#include "stencil.hpp"

namespace ll {

template <class Real>
struct Macro {
    Real rho;
    Real u[3];
};

// c_i . v with c_i's components folded: a zero component costs nothing, +-1 is an add or a
// subtract. Written as 0 * v[a] + ... it cost three multiplies and two adds per direction,
// since IEEE arithmetic forbids dropping 0 * x (it is NaN for x = inf, -0 for x < 0) and
// forbids folding x + 0 (x = -0): neither nvcc nor gcc may remove them. After unrolling, i and
// the components are constants and the branches vanish; the value differs from the old form
// only in the sign of an exact zero.
template <class S, class Real>
LL_HD Real dot_c(int i, const Real (&v)[3]) {
    Real s = 0;
    bool first = true;
    LL_UNROLL
    for (int a = 0; a < 3; ++a) {
        const int c = cvel<S>(i, a);
        if (c == 0) continue;
        s = first ? (c > 0 ? v[a] : -v[a]) : (c > 0 ? s + v[a] : s - v[a]);
        first = false;
    }
    return s;
}

template <class S, class Real>
LL_HD Real equilibrium(int i, Real rho, const Real (&u)[3]) {
    const Real cu = dot_c<S>(i, u);
    const Real uu = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
    return Real(weight<S>(i)) * rho * (Real(1) + Real(3) * cu + Real(4.5) * cu * cu - Real(1.5) * uu);
}

// Zeroth and first moments of one node's values: s = sum_i v_i, j = sum_i c_i v_i. Opposite
// directions come in pairs (i, i + 1) with c_{i+1} = -c_i (stencil.hpp), so each pair
// contributes its sum to s and its difference, signed by the components of c_i, to j: for
// D3Q19, 18 adds for the pairs and 21 to combine them, where c_ia * v_i term by term cost
// 57 multiplies and 75 adds (the multiplies by 0 cannot be folded, see dot_c).
template <class S, class Real>
LL_HD void raw_moments(const Real (&v)[S::Q], Real& s, Real (&j)[3]) {
    s = v[0];
    j[0] = j[1] = j[2] = 0;
    bool started[3] = {false, false, false};
    LL_UNROLL
    for (int i = 1; i < S::Q; i += 2) {
        const Real sum = v[i] + v[i + 1], diff = v[i] - v[i + 1];
        s += sum;
        LL_UNROLL
        for (int a = 0; a < 3; ++a) {
            const int c = cvel<S>(i, a);
            if (c == 0) continue;
            j[a] = started[a] ? (c > 0 ? j[a] + diff : j[a] - diff) : (c > 0 ? diff : -diff);
            started[a] = true;
        }
    }
}

// Guo's force-corrected velocity u = (j + F/2) / rho.
template <class Real>
LL_HD Macro<Real> with_half_force(Real rho, const Real (&j)[3], const Real (&force)[3]) {
    const Real inv = Real(1) / rho;
    return {rho,
            {(j[0] + Real(0.5) * force[0]) * inv, (j[1] + Real(0.5) * force[1]) * inv,
             (j[2] + Real(0.5) * force[2]) * inv}};
}

// Density and force-corrected velocity of one node's (unshifted) populations.
template <class S, class Real>
LL_HD Macro<Real> moments(const Real (&f)[S::Q], const Real (&force)[3]) {
    Real rho, j[3];
    raw_moments<S>(f, rho, j);
    return with_half_force(rho, j, force);
}

// Density deviation drho = sum g_i (exact to the rounding of g, not of 1 + drho) and the
// force-corrected velocity, from shifted populations g_i = f_i - w_i.
template <class S, class Real>
LL_HD Macro<Real> shifted_moments(const Real (&g)[S::Q], const Real (&force)[3], Real& drho) {
    Real j[3];
    raw_moments<S>(g, drho, j);
    return with_half_force(Real(1) + drho, j, force);
}

// Shifted equilibrium f_eq_i - w_i = w_i [drho + rho (3 c.u + 4.5 (c.u)^2 - 1.5 u.u)].
template <class S, class Real>
LL_HD Real shifted_equilibrium(int i, Real drho, Real rho, const Real (&u)[3]) {
    const Real cu = dot_c<S>(i, u);
    const Real uu = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
    return Real(weight<S>(i)) *
           (drho + rho * (Real(3) * cu + Real(4.5) * cu * cu - Real(1.5) * uu));
}

// Guo source term without its relaxation prefactor, w_i [3 (c_i - u) + 9 (c_i.u) c_i] . F
// summed as w_i [3 (c_i.F - u.F) + 9 (c_i.u)(c_i.F)]: the same terms, with c_i's components
// folded (dot_c).
template <class S, class Real>
LL_HD Real guo_source(int i, const Real (&u)[3], const Real (&force)[3]) {
    const Real cu = dot_c<S>(i, u), cf = dot_c<S>(i, force);
    const Real uf = u[0] * force[0] + u[1] * force[1] + u[2] * force[2];
    return Real(weight<S>(i)) * (Real(3) * (cf - uf) + Real(9) * cu * cf);
}

template <class Real>
LL_HD bool has_force(const Real (&force)[3]) {
    return force[0] != Real(0) || force[1] != Real(0) || force[2] != Real(0);
}

} // namespace ll

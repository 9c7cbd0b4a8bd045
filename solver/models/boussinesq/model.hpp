// The Boussinesq double-population model at one node, for CPU and GPU alike (LL_HD).
//
// [SECTION] parameters     temperature relaxation, buoyancy, wall temperatures
// [SECTION] temperature    passive-scalar equilibrium and BGK relaxation
// [SECTION] walls          anti-bounce-back (fixed temperature) and bounce-back (adiabatic)
//
// Flow: the core's collisions (BGK, TRT, MRT) on D2Q9 / D3Q19 with the buoyancy force
// F = -rho0 beta (T - T0) g through Guo's forcing (equilibrium.hpp), rho0 = 1. Temperature: a
// second population g_i on D2Q5 / D3Q7 or on the flow stencil itself (seed 001's 39-word
// model after Peng, Shu & Chew, J. Comput. Phys. 193, 260 (2004)), with
//     g_i^eq = w_i theta (1 + c_i.u / cs2_T),   kappa = cs2_T (tau_T - 1/2)
// (Krueger et al., The Lattice Boltzmann Method, Springer 2017, Sec. 8.3). The population
// carries theta = T - T0, not T (why: docs/DESIGN.md). Wall classes: core/flags.hpp.
#pragma once
#include "solver/core/boundary.hpp"
#include "solver/core/thermal_stencils.hpp"

namespace ll::thermal::boussinesq {

// ---- [SECTION] parameters ----
template <class Real>
struct ThermalParams {
    Real omega_t = 1;                             // 1/tau_T
    Real buoyancy[3] = {0, 0, 0};                 // -beta g (rho0 = 1): the force per unit theta
    Real wall_theta[kWallClasses] = {0, 0, 0, 0}; // theta of wall classes 1..3; 0 is adiabatic
};

// ---- [SECTION] temperature ----
template <class ST, class Real>
LL_HD Real temperature_equilibrium(int i, Real theta, const Real (&u)[3]) {
    constexpr double inv_cs2 = 1.0 / lattice_cs2<ST>();
    return Real(weight<ST>(i)) * theta * (Real(1) + Real(inv_cs2) * dot_c<ST>(i, u));
}

template <class ST, class Real>
LL_HD Real temperature_of(const Real (&g)[ST::Q]) {
    Real theta = 0;
    LL_UNROLL
    for (int i = 0; i < ST::Q; ++i)
        theta += g[i];
    return theta;
}

// BGK towards the equilibrium at the node's theta and (force-corrected) velocity.
template <class ST, class Real>
LL_HD void relax_temperature(Real omega_t, Real theta, const Real (&u)[3], Real (&g)[ST::Q]) {
    LL_UNROLL
    for (int i = 0; i < ST::Q; ++i)
        g[i] += omega_t * (temperature_equilibrium<ST>(i, theta, u) - g[i]);
}

// Buoyancy plus the uniform force of the flow parameters.
template <class Real>
LL_HD void buoyancy_force(const Real (&uniform)[3], const ThermalParams<Real>& p, Real theta,
                          Real (&force)[3]) {
    LL_UNROLL
    for (int k = 0; k < 3; ++k)
        force[k] = uniform[k] + p.buoyancy[k] * theta;
}

// ---- [SECTION] walls ----
// A temperature population g_i entering fluid node x from a half-way wall node at x - c_i is
// made from g*_opp(i)(x, t), the post-collision value x sent into the wall (it waits in the
// wall node's slot, boundary.hpp):
//   adiabatic (class 0): g_i = g*_opp(i)                     bounce-back: zero flux
//   fixed theta_w:       g_i = -g*_opp(i) + 2 w_i theta_w    anti-bounce-back
// Anti-bounce-back fixes theta = theta_w half-way between x and the wall node, to second order
// (Ginzburg, Adv. Water Resour. 28, 1171 (2005); Krueger et al. 2017, Sec. 8.5). It needs no
// velocity term: c.u is odd in c, and the rule keeps the even part of g^eq only.
// The map is its own inverse, so writing a state through it uses the same function.
template <class ST, class Real>
LL_HD Real temperature_wall_rule(const ThermalParams<Real>& p, int i, std::uint8_t wall_flag,
                                 Real stored) {
    const int cls = thermal_class(wall_flag);
    if (cls == 0) return stored;
    return Real(2 * weight<ST>(i)) * p.wall_theta[cls] - stored;
}

} // namespace ll::thermal::boussinesq

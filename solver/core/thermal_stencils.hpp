// Temperature stencils D2Q5 and D3Q7 for an advection-diffusion population (the Boussinesq
// double-population model, solver/models/boussinesq/). Same conventions as stencil.hpp: rest
// velocity first, opposite pairs (i, i+1), weights depending on |c|^2 only, so cvel(), weight(),
// opposite() and every propagation scheme of scheme.hpp serve them unchanged.
//
// An advection-diffusion equilibrium g_i = w_i T (1 + c_i.u / cs2) needs only the moments up to
// second order: sum w = 1, sum w c = 0, sum w c c = cs2 I (Krueger et al., The Lattice
// Boltzmann Method, Springer 2017, Sec. 8.3). Each stencil states its own cs2, which sets the
// diffusivity kappa = cs2 (tau_T - 1/2); D3Q7's weights (1/4, 1/8) give cs2 = 1/4.
#pragma once
#include "stencil.hpp"

namespace ll {

struct D2Q5 {
    static constexpr int D = 2;
    static constexpr int Q = 5;
    static constexpr const char* name = "D2Q5";
    static constexpr double cs2 = 1.0 / 3.0;
    static constexpr int c[Q][3] = {{0, 0, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
    static constexpr double w[Q] = {1.0 / 3, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6};
};

struct D3Q7 {
    static constexpr int D = 3;
    static constexpr int Q = 7;
    static constexpr const char* name = "D3Q7";
    static constexpr double cs2 = 1.0 / 4.0;
    static constexpr int c[Q][3] = {{0, 0, 0},  {1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                    {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    static constexpr double w[Q] = {1.0 / 4, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8};
};

namespace thermal_stencil_check {
// Every velocity of T is one of F's: then a node's flow-stencil neighbours include all of
// its temperature-stencil neighbours, and the flow's near-wall bit covers both populations.
template <class T, class F>
constexpr bool velocities_within() {
    for (int i = 0; i < T::Q; ++i) {
        bool found = false;
        for (int j = 0; j < F::Q; ++j)
            found = found || (T::c[i][0] == F::c[j][0] && T::c[i][1] == F::c[j][1] &&
                              T::c[i][2] == F::c[j][2]);
        if (!found) return false;
    }
    return true;
}
} // namespace thermal_stencil_check

static_assert(stencil_check::valid<D2Q5>(), "D2Q5 table is inconsistent");
static_assert(stencil_check::valid<D3Q7>(), "D3Q7 table is inconsistent");
static_assert(thermal_stencil_check::velocities_within<D2Q5, D2Q9>() &&
                  thermal_stencil_check::velocities_within<D3Q7, D3Q19>(),
              "a temperature stencil must be a subset of its flow stencil");

} // namespace ll

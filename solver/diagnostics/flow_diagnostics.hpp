// The Nusselt number of the Boussinesq model's fields.
#pragma once
#include "solver/models/boussinesq/config.hpp"

namespace ll::thermal::boussinesq {

// Average Nusselt number between two fixed-temperature walls facing each other across `axis`
// (0 x, 1 y, 2 z), the hot one at the low end, theta difference dT, H apart: the mean over the
// fluid of the heat flux along the axis, u_a theta - kappa d(theta)/da, in units of
// kappa dT / H. The conduction part averages to exactly kappa dT / H (the integral of
// d(theta)/da across the fluid is the wall difference), so
//     Nu = 1 + H <u_a theta> / (kappa dT),
// with <.> the mean over the fluid (updated) nodes, each one lattice cell. The side-heated
// cavity (axis x) is de Vahl Davis's "average Nusselt number throughout the cavity" (Int. J.
// Numer. Meth. Fluids 3, 249 (1983)); Rayleigh-Benard's (axis y, hot bottom) is the same mean
// of the vertical flux. u_axis and theta hold one value per node of `flags`; NaN if one does.
template <class Real>
double average_nusselt(const std::vector<std::uint8_t>& flags, const Real* u_axis,
                       const Real* theta, double height, double kappa, double dT);
// The same on the engine's fields, kappa from the config.
double average_nusselt(const Config& cfg, const Fields& f, double height, double dT, int axis = 0);

} // namespace ll::thermal::boussinesq

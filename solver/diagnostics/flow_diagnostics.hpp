// Flow diagnostics of the Boussinesq model: Nusselt number, energy, mode amplitudes, and
// comparisons that a NaN cannot pass (std::max(m, NaN) returns m, so a plain running
// maximum hides a blown-up node).
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

// Sum over fluid nodes of rho |u|^2 / 2 (NaN if any node is NaN).
double kinetic_energy(const Config& cfg, const Fields& f);

// Amplitude of the Fourier mode exp(i 2 pi m x / nx) of v along x on row (y, z).
double mode_amplitude(const Dims& d, const std::vector<double>& v, std::uint32_t y, std::uint32_t z,
                      int m);

// Least-squares slope of ln(v) against t: the growth rate of an exponential (NaN if any v is
// NaN, not finite if any v <= 0).
double log_slope(const std::vector<double>& t, const std::vector<double>& v);

// |value / reference - 1| <= tolerance; false for a NaN (a plain `>` check would pass it).
bool within_relative(double value, double reference, double tolerance);

// Largest |a - b| over the elements; +infinity if either holds a NaN or the sizes differ.
double max_abs_difference(const std::vector<double>& a, const std::vector<double>& b);
// Largest |v|; +infinity if v holds a NaN.
double max_abs(const std::vector<double>& v);

} // namespace ll::thermal::boussinesq

// Flow diagnostics of the Boussinesq model: Nusselt number, energy, mode amplitudes, and
// comparisons that a NaN cannot pass (std::max(m, NaN) returns m, so a plain running
// maximum hides a blown-up node).
#pragma once
#include "engine.hpp"

namespace ll::thermal::boussinesq {

// Average Nusselt number of a cavity heated through its x = 0 and x = H walls (theta
// difference dT): the mean over the cavity of the horizontal heat flux u theta -
// kappa d(theta)/dx, in units of kappa dT / H. The conduction part averages to exactly
// kappa dT / H (the x-integral of d(theta)/dx is the wall difference), so
//     Nu = 1 + H <u_x theta> / (kappa dT),
// with <.> the mean over the fluid nodes, each one lattice cell (de Vahl Davis, Int. J. Numer.
// Meth. Fluids 3, 249 (1983): "average Nusselt number throughout the cavity").
double average_nusselt(const Config& cfg, const Fields& f, double height, double dT);

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

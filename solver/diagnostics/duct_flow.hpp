// Fully developed laminar flow along x through a straight duct, driven by a uniform pressure
// gradient G = -dp/dx or a body force of the same density: the presets' drives and the tests'
// reference.
#pragma once

namespace ll {

// A rectangular duct |y| <= a, |z| <= b, no slip on its walls, dynamic viscosity mu. White,
// Viscous Fluid Flow (2nd ed. 1991, eq. 3.48):
//   u = (16 a^2 G / (mu pi^3)) sum_{i odd} (-1)^((i-1)/2)
//         [1 - cosh(i pi z / 2a) / cosh(i pi b / 2a)] cos(i pi y / 2a) / i^3,
// summed with the narrower side as a (the series is symmetric in the two; it converges fastest
// that way). `g_over_mu` is G / mu.
double duct_velocity(double y, double z, double a, double b, double g_over_mu);

// The plane channel |y| <= h (b -> infinity above): u = G (h^2 - y^2) / (2 mu).
double channel_velocity(double y, double h, double g_over_mu);

} // namespace ll

// Checks of the Boussinesq physics tests: energy, mode amplitudes, growth rates, and
// comparisons that a NaN cannot pass (std::max(m, NaN) returns m, so a plain running maximum
// hides a blown-up node).
#pragma once
#include "solver/core/flags.hpp"
#include "solver/diagnostics/flow_diagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <vector>

namespace ll::thermal::boussinesq {

// Sum over fluid nodes of rho |u|^2 / 2 (NaN if any node is NaN).
inline double kinetic_energy(const Config& cfg, const Fields& f) {
    double e = 0;
    for (std::size_t n = 0; n < cfg.flags.size(); ++n)
        if (is_updated(cfg.flags[n]))
            e += 0.5 * f.rho[n] * (f.ux[n] * f.ux[n] + f.uy[n] * f.uy[n] + f.uz[n] * f.uz[n]);
    return e;
}

// Amplitude of the Fourier mode exp(i 2 pi m x / nx) of v along x on row (y, z).
inline double mode_amplitude(const Dims& d, const std::vector<double>& v, std::uint32_t y,
                             std::uint32_t z, int m) {
    std::complex<double> s = 0;
    for (std::uint32_t x = 0; x < d.nx; ++x) {
        const double phase = -2 * std::numbers::pi * m * (x + 0.5) / d.nx;
        s += v[x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z)] * std::polar(1.0, phase);
    }
    return 2 * std::abs(s) / d.nx;
}

// Least-squares slope of ln(v) against t: the growth rate of an exponential (NaN if any v is
// NaN, not finite if any v <= 0).
inline double log_slope(const std::vector<double>& t, const std::vector<double>& v) {
    const double n = double(t.size());
    double st = 0, sl = 0, stt = 0, stl = 0;
    for (std::size_t k = 0; k < t.size(); ++k) {
        const double l = std::log(v[k]);
        st += t[k];
        sl += l;
        stt += t[k] * t[k];
        stl += t[k] * l;
    }
    return (n * stl - st * sl) / (n * stt - st * st);
}

// |value / reference - 1| <= tolerance; false for a NaN (a plain `>` check would pass it).
inline bool within_relative(double value, double reference, double tolerance) {
    return std::abs(value / reference - 1) <= tolerance;
}

// Largest |a - b| over the elements; +infinity if either holds a NaN or the sizes differ.
inline double max_abs_difference(const std::vector<double>& a, const std::vector<double>& b) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    if (a.size() != b.size()) return inf;
    double m = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const double d = std::abs(a[k] - b[k]);
        if (std::isnan(d)) return inf;
        m = std::max(m, d);
    }
    return m;
}

// Largest |v|; +infinity if v holds a NaN.
inline double max_abs(const std::vector<double>& v) {
    double m = 0;
    for (double x : v) {
        if (std::isnan(x)) return std::numeric_limits<double>::infinity();
        m = std::max(m, std::abs(x));
    }
    return m;
}

} // namespace ll::thermal::boussinesq

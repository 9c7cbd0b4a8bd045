// Diagnostics of the Boussinesq model (diagnostics.hpp).
#include "flow_diagnostics.hpp"

#include "solver/models/boussinesq/model.hpp"

#include <cmath>
#include <complex>
#include <limits>
#include <numbers>

namespace ll::thermal::boussinesq {

template <class Real>
double average_nusselt(const std::vector<std::uint8_t>& flags, const Real* u_axis,
                       const Real* theta, double height, double kappa, double dT) {
    double flux = 0;
    std::size_t count = 0;
    for (std::size_t n = 0; n < flags.size(); ++n) {
        if (!is_updated(flags[n])) continue;
        flux += double(u_axis[n]) * double(theta[n]);
        ++count;
    }
    return 1 + height * (flux / double(count)) / (kappa * dT);
}
template double average_nusselt(const std::vector<std::uint8_t>&, const float*, const float*,
                                double, double, double);
template double average_nusselt(const std::vector<std::uint8_t>&, const double*, const double*,
                                double, double, double);

double average_nusselt(const Config& cfg, const Fields& f, double height, double dT, int axis) {
    const std::vector<double>& u = axis == 0 ? f.ux : axis == 1 ? f.uy : f.uz;
    return average_nusselt(cfg.flags, u.data(), f.theta.data(), height, kappa_of(cfg), dT);
}

double kinetic_energy(const Config& cfg, const Fields& f) {
    double e = 0;
    for (std::size_t n = 0; n < cfg.flags.size(); ++n)
        if (is_updated(cfg.flags[n]))
            e += 0.5 * f.rho[n] * (f.ux[n] * f.ux[n] + f.uy[n] * f.uy[n] + f.uz[n] * f.uz[n]);
    return e;
}

double mode_amplitude(const Dims& d, const std::vector<double>& v, std::uint32_t y, std::uint32_t z,
                      int m) {
    std::complex<double> s = 0;
    for (std::uint32_t x = 0; x < d.nx; ++x) {
        const double phase = -2 * std::numbers::pi * m * (x + 0.5) / d.nx;
        s += v[x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z)] * std::polar(1.0, phase);
    }
    return 2 * std::abs(s) / d.nx;
}

double log_slope(const std::vector<double>& t, const std::vector<double>& v) {
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

bool within_relative(double value, double reference, double tolerance) {
    return std::abs(value / reference - 1) <= tolerance;
}

double max_abs_difference(const std::vector<double>& a, const std::vector<double>& b) {
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

double max_abs(const std::vector<double>& v) {
    return max_abs_difference(v, std::vector<double>(v.size(), 0.0));
}

} // namespace ll::thermal::boussinesq

#include "rt_diagnostics.hpp"

#include "d2q37/velocity_set.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

namespace ll {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Column x of the field as a function of y.
struct Column {
    const float* T;
    int nx, x;
    double operator()(int y) const { return T[std::size_t(y) * std::size_t(nx) + std::size_t(x)]; }
};

// Where the column crosses `mid` between rows y and y + 1 (one on each side of it).
double between(const Column& c, int y, double mid) {
    const double a = c(y), b = c(y + 1);
    return y + (a - mid) / (a - b);
}

struct RtScales {
    double atwood = 0, gravity = 0, width = 0, T_cold = 1, nu = 0;
};

RtScales scales_of(const SimulationSetup& s) {
    const ThermalParams& t = s.thermal;
    const double hot = std::max(t.T_bottom, t.T_top), cold = std::min(t.T_bottom, t.T_top);
    return {(hot - cold) / (hot + cold), t.gravity, s.dims.nx * thermal::D2Q37::kScale, cold,
            s.flow.tau - 0.5};
}

} // namespace

Fronts measure_fronts(const float* temperature, int nx, int ny, double T_hot, double T_cold) {
    const double mid = 0.5 * (T_hot + T_cold);
    double bubble = -INFINITY, spike = INFINITY;
    for (int x = 0; x < nx; ++x) {
        const Column c{temperature, nx, x};
        // From the top down to the first hot node, from the bottom up to the first cold one.
        for (int y = ny - 1; y >= 0; --y) {
            if (!(c(y) >= mid)) continue;
            bubble = std::max(bubble, y + 1 < ny && c(y + 1) < mid ? between(c, y, mid) : y);
            break;
        }
        for (int y = 0; y < ny; ++y) {
            if (!(c(y) <= mid)) continue;
            spike = std::min(spike, y > 0 && c(y - 1) > mid ? between(c, y - 1, mid) : y);
            break;
        }
    }
    Fronts f{std::isfinite(bubble) ? bubble : kNaN, std::isfinite(spike) ? spike : kNaN, 0};
    f.width = f.bubble_y - f.spike_y;
    return f;
}

double rt_time_scale(const SimulationSetup& s) {
    if (!is_thermal(s.model.stencil)) return 0;
    const RtScales r = scales_of(s);
    return r.atwood > 0 && r.gravity > 0 ? std::sqrt(r.width / (r.atwood * r.gravity)) : 0;
}

std::vector<std::string> thermal_warnings(const SimulationSetup& s) {
    std::vector<std::string> out;
    if (!is_thermal(s.model.stencil)) return out;
    const RtScales r = scales_of(s);
    char buf[320];
    if (s.flow.tau < 0.55) {
        std::snprintf(buf, sizeof buf,
                      "tau = %.4g is close to 1/2 (nu = %.3g): the D2Q37 BGK collision is "
                      "likely to blow up at the interface; use tau >= 0.55",
                      s.flow.tau, r.nu);
        out.emplace_back(buf);
    }
    if (r.atwood <= 0 || r.gravity <= 0) return out;
    // Single-mode terminal velocities (Goncharov, PRL 88, 134502 (2002), 2D): bubble
    // sqrt(2A/(1+A) g/(3k)), spike sqrt(2A/(1-A) g/k); the spike is the faster one.
    const double k = 2 * std::numbers::pi / r.width;
    const double spike = std::sqrt(2 * r.atwood / (1 - r.atwood) * r.gravity / k);
    const double mach = spike / std::sqrt(r.T_cold);
    if (mach > 0.3) {
        std::snprintf(buf, sizeof buf,
                      "Mach number %.2f: the spikes' expected velocity %.3g against the cold "
                      "gas's sound speed %.3g; above 0.3 the D2Q37 equilibrium loses accuracy "
                      "and may blow up; lower gravity or atwood, or use a narrower lattice",
                      mach, spike, std::sqrt(r.T_cold));
        out.emplace_back(buf);
    }
    // Viscous linear growth rate of the perturbation's mode against the inviscid one.
    const double inviscid = std::sqrt(r.atwood * r.gravity * k);
    const double sigma =
        std::sqrt(inviscid * inviscid + r.nu * r.nu * k * k * k * k) - r.nu * k * k;
    if (sigma < 0.2 * inviscid) {
        std::snprintf(buf, sizeof buf,
                      "viscosity nu = %.3g damps the instability to %.0f %% of its inviscid "
                      "growth rate; lower tau or use a wider lattice",
                      r.nu, 100 * sigma / inviscid);
        out.emplace_back(buf);
    }
    return out;
}

} // namespace ll

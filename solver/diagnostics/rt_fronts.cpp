#include "rt_fronts.hpp"

#include "solver/core/flags.hpp"
#include "solver/io/fields.hpp"
#include "solver/models/d2q37/velocity_set.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <tuple>

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

bool gravity_down(const SimulationSetup& s) {
    if (!s.boussinesq.enabled) return is_thermal(s.model.stencil) && s.thermal.gravity > 0;
    const auto& b = s.boussinesq.settings;
    return b.g_beta > 0 && b.gravity_dir[0] == 0 && b.gravity_dir[1] < 0 && b.gravity_dir[2] == 0;
}

// Mean initial temperature of the fluid nodes of row y, and how many there are.
std::pair<double, std::size_t> row_mean(const SimulationSetup& s, std::uint32_t y) {
    const Dims& d = s.dims;
    double sum = 0;
    std::size_t count = 0;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t x = 0; x < d.nx; ++x) {
            const std::size_t n = x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
            if (!is_updated(s.flags[n])) continue;
            sum += s.T[n];
            ++count;
        }
    return {count ? sum / double(count) : kNaN, count};
}

// The Boussinesq warnings: both relaxation times, and the buoyancy velocity's Mach number.
void boussinesq_warnings(const SimulationSetup& s, std::vector<std::string>& out) {
    char buf[400];
    const double tau_t = s.boussinesq.settings.tau_t;
    for (const auto& [name, tau, what] :
         {std::tuple{"tau", s.flow.tau, "nu"}, std::tuple{"tau_t", tau_t, "kappa"}}) {
        if (tau >= 0.51) continue;
        std::snprintf(buf, sizeof buf,
                      "%s = %.4g is close to 1/2: the collision is near its stability limit and "
                      "rings at sharp gradients; use a finer lattice, a lower Rayleigh number or "
                      "a larger %s",
                      name, tau, what);
        out.emplace_back(buf);
    }
    // Convection reaches a fraction of U = sqrt(g beta dT H) (de Vahl Davis's cavity: 0.2 U
    // at Ra 1e4, 0.08 U at 1e6), RT spikes sqrt(A g L / pi); above Mach ~0.3 the lattice's
    // compressibility errors grow and it may blow up.
    const double mach = s.u_ref * std::sqrt(3.0);
    if (mach > 0.5) {
        std::snprintf(buf, sizeof buf,
                      "buoyancy velocity %.3g is Mach %.2f: the flow can come near the speed of "
                      "sound of the lattice and blow up; lower it (key velocity, a larger "
                      "tau_t, a lower Rayleigh number or atwood_g)",
                      s.u_ref, mach);
        out.emplace_back(buf);
    }
}

} // namespace

FrontLevels front_levels(const SimulationSetup& s) {
    FrontLevels f;
    const Dims& d = s.dims;
    if (!has_temperature(s) || s.T.size() != d.nodes() || s.flags.size() != d.nodes()) {
        f.why = "scenario " + s.scenario + " has no temperature; " + thermal_scenarios();
        return f;
    }
    const std::string none = "scenario " + s.scenario + " has no Rayleigh-Taylor interface: ";
    if (!gravity_down(s)) {
        f.why = none + "gravity does not point to -y";
        return f;
    }
    std::uint32_t low = 0, high = d.ny - 1;
    while (low < high && row_mean(s, low).second == 0)
        ++low;
    while (high > low && row_mean(s, high).second == 0)
        --high;
    f.T_hot = row_mean(s, low).first;
    f.T_cold = row_mean(s, high).first;
    const double scale = std::abs(f.T_hot) + std::abs(f.T_cold);
    if (!(f.T_hot - f.T_cold > 1e-6 * scale)) {
        f.why = none + "it does not start with colder (heavier) fluid above hotter fluid";
        return f;
    }
    f.layered = true;
    if (d.nz != 1) {
        f.why = "fronts are measured on 2D lattices; " + s.scenario +
                " is 3D (nz = " + std::to_string(d.nz) + ")";
        return f;
    }
    f.measurable = true;
    return f;
}

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
    const FrontLevels f = front_levels(s);
    if (!f.layered) return 0;
    if (s.boussinesq.enabled) // A = beta dT / 2
        return std::sqrt(s.dims.nx / (0.5 * s.boussinesq.settings.g_beta * (f.T_hot - f.T_cold)));
    const RtScales r = scales_of(s);
    return r.atwood > 0 && r.gravity > 0 ? std::sqrt(r.width / (r.atwood * r.gravity)) : 0;
}

std::vector<std::string> thermal_warnings(const SimulationSetup& s) {
    std::vector<std::string> out;
    if (s.boussinesq.enabled) boussinesq_warnings(s, out);
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

// Scenario builders (scenarios.hpp). Half-way walls: fluid node j (1 <= j <= H) sits at
// y = j - 1/2 above the wall at y = 0, so the thermal walls are exactly H apart.
#include "scenarios.hpp"

#include "model.hpp"

#include <cmath>
#include <numbers>

namespace ll::thermal::boussinesq {
namespace {

constexpr double kPi = std::numbers::pi;

double cs2_of(TemperatureStencil t, StencilKind flow) {
    if (t == TemperatureStencil::Flow) return cs2;
    return flow == StencilKind::D3Q19 ? lattice_cs2<D3Q7>() : lattice_cs2<D2Q5>();
}

Scenario base(Dims dims, const ModelOptions& m, StencilKind stencil, const LatticeUnits& u) {
    Scenario s;
    Config& c = s.config;
    c.dims = dims;
    c.model = m.model;
    c.model.stencil = stencil;
    c.temperature = m.temperature;
    c.block_size = m.block_size;
    c.flow.tau = u.tau;
    c.flow.trt_lambda = m.trt_lambda;
    c.thermal.tau_t = u.tau_t;
    c.thermal.g_beta = u.g_beta;
    c.thermal.wall_theta[1] = 0.5;  // hot
    c.thermal.wall_theta[2] = -0.5; // cold
    c.flags.assign(dims.nodes(), kFluid);
    s.initial.resize(dims.nodes());
    std::fill(s.initial.rho.begin(), s.initial.rho.end(), 1.0);
    s.units = u;
    return s;
}

std::size_t node(const Dims& d, std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    return x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
}

// Horizontal walls at rows 0 and ny - 1 with the given thermal classes.
void plates(Scenario& s, int bottom_class, int top_class) {
    const Dims d = s.config.dims;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t x = 0; x < d.nx; ++x) {
            s.config.flags[node(d, x, 0, z)] = thermal_wall(kSolid, bottom_class);
            s.config.flags[node(d, x, d.ny - 1, z)] = thermal_wall(kSolid, top_class);
        }
}

// rho from dp/dy = F_y = g beta theta (p = rho / 3) up each column, with rho = 1 at
// mid-height, where theta = 0 in every scenario here: the flow starts near its hydrostatic
// balance instead of ringing with sound waves, and the inertia rho of the fluid near the
// middle equals the rho0 = 1 of the Boussinesq force (a mean of 1 instead would put the
// RT interface at rho = 1.03 and slow its growth by 1.5 %).
void hydrostatic_density(Scenario& s) {
    const Dims d = s.config.dims;
    const double gb = s.config.thermal.g_beta, to_rho = 1.0 / cs2;
    const std::uint32_t mid = d.ny / 2;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t x = 0; x < d.nx; ++x) {
            const auto at = [&](std::uint32_t y) { return node(d, x, y, z); };
            s.initial.rho[at(mid)] = 1;
            for (std::uint32_t y = mid + 1; y + 1 < d.ny; ++y)
                s.initial.rho[at(y)] =
                    s.initial.rho[at(y - 1)] +
                    to_rho * gb * 0.5 * (s.initial.theta[at(y)] + s.initial.theta[at(y - 1)]);
            for (std::uint32_t y = mid - 1; y >= 1; --y)
                s.initial.rho[at(y)] =
                    s.initial.rho[at(y + 1)] -
                    to_rho * gb * 0.5 * (s.initial.theta[at(y)] + s.initial.theta[at(y + 1)]);
        }
}

Scenario rayleigh_benard(const RayleighBenardOptions& o, bool three_d) {
    const StencilKind st = three_d ? StencilKind::D3Q19 : StencilKind::D2Q9;
    const double cs2_t = cs2_of(o.model.temperature, st);
    const LatticeUnits u =
        units_from_kappa(o.rayleigh, o.prandtl, o.height, cs2_t * (o.tau_t - 0.5), cs2_t);
    const auto period = std::uint32_t(std::lround(o.aspect * o.height));
    const Dims d{period, std::uint32_t(o.height + 2), three_d ? period : 1u};
    Scenario s = base(d, o.model, st, u);
    s.height = o.height;
    plates(s, 1, 2);
    s.config.thermal.heated_axis = 1;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 1; y + 1 < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const double Y = (y - 0.5) / o.height;
                double mode = std::cos(2 * kPi * (x + 0.5) / period);
                if (three_d) mode = 0.5 * (mode + std::cos(2 * kPi * (z + 0.5) / period));
                s.initial.theta[node(d, x, y, z)] =
                    0.5 - Y + o.amplitude * std::sin(kPi * Y) * mode;
            }
    hydrostatic_density(s);
    return s;
}

Scenario rt_boussinesq(const RtOptions& o, bool three_d) {
    const StencilKind st = three_d ? StencilKind::D3Q19 : StencilKind::D2Q9;
    const double cs2_t = cs2_of(o.model.temperature, st);
    LatticeUnits u{};
    u.nu = o.nu;
    u.kappa = o.kappa;
    u.g_beta = 2 * o.atwood_g; // A = beta dT / 2 with dT = 1
    u.tau = tau_of_viscosity(o.nu);
    u.tau_t = o.kappa / cs2_t + 0.5;
    u.velocity = std::sqrt(o.atwood_g * o.width);
    const Dims d{std::uint32_t(o.width), std::uint32_t(o.height + 2),
                 three_d ? std::uint32_t(o.width) : 1u};
    Scenario s = base(d, o.model, st, u);
    s.height = o.height;
    plates(s, 0, 0); // adiabatic
    const double mid = 0.5 * o.height, k = 2 * kPi / o.width;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 1; y + 1 < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                double mode = std::cos(k * (x + 0.5));
                if (three_d) mode = 0.5 * (mode + std::cos(k * (z + 0.5)));
                const double eta = mid + o.amplitude * mode;
                s.initial.theta[node(d, x, y, z)] =
                    -0.5 * std::tanh((y - 0.5 - eta) / o.interface_width);
            }
    hydrostatic_density(s);
    return s;
}

} // namespace

LatticeUnits units_from_velocity(double ra, double pr, double h, double velocity, double cs2_t) {
    LatticeUnits u{};
    u.velocity = velocity;
    u.nu = velocity * h * std::sqrt(pr / ra);
    u.kappa = velocity * h / std::sqrt(ra * pr);
    u.g_beta = velocity * velocity / h;
    u.tau = tau_of_viscosity(u.nu);
    u.tau_t = u.kappa / cs2_t + 0.5;
    return u;
}

LatticeUnits units_from_kappa(double ra, double pr, double h, double kappa, double cs2_t) {
    LatticeUnits u{};
    u.kappa = kappa;
    u.nu = pr * kappa;
    u.g_beta = ra * u.nu * kappa / (h * h * h);
    u.velocity = std::sqrt(u.g_beta * h);
    u.tau = tau_of_viscosity(u.nu);
    u.tau_t = kappa / cs2_t + 0.5;
    return u;
}

Scenario heated_cavity2d(const CavityOptions& o) {
    const double cs2_t = cs2_of(o.model.temperature, StencilKind::D2Q9);
    const LatticeUnits u = units_from_velocity(o.rayleigh, o.prandtl, o.n, o.velocity, cs2_t);
    const Dims d{std::uint32_t(o.n + 2), std::uint32_t(o.n + 2), 1};
    Scenario s = base(d, o.model, StencilKind::D2Q9, u);
    s.height = o.n;
    plates(s, 0, 0); // adiabatic top and bottom, corners included
    s.config.thermal.heated_axis = 0;
    for (std::uint32_t y = 1; y + 1 < d.ny; ++y) {
        s.config.flags[node(d, 0, y, 0)] = thermal_wall(kSolid, 1);        // hot
        s.config.flags[node(d, d.nx - 1, y, 0)] = thermal_wall(kSolid, 2); // cold
        // Conduction profile: the low-Ra steady state is close to it, so it converges sooner.
        for (std::uint32_t x = 1; x + 1 < d.nx; ++x)
            s.initial.theta[node(d, x, y, 0)] = 0.5 - (x - 0.5) / o.n;
    }
    return s;
}

Scenario rayleigh_benard2d(const RayleighBenardOptions& o) {
    return rayleigh_benard(o, false);
}
Scenario rayleigh_benard3d(const RayleighBenardOptions& o) {
    return rayleigh_benard(o, true);
}
Scenario rt2d_boussinesq(const RtOptions& o) {
    return rt_boussinesq(o, false);
}
Scenario rt3d_boussinesq(const RtOptions& o) {
    return rt_boussinesq(o, true);
}

double rt_growth_rate(double atwood_g, double nu, double k) {
    return std::sqrt(atwood_g * k + nu * nu * k * k * k * k) - nu * k * k;
}

} // namespace ll::thermal::boussinesq

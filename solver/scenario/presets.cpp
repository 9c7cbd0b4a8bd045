// The preset flows. Each builder lays out wall flags inside the lattice (half-way walls sit
// between a wall node and the first fluid node) and the initial density and velocity.
//
// [SECTION] cavity2d, cavity3d   lid-driven cavities (Ghia 1982; Albensoeder & Kuhlmann 2005)
// [SECTION] poiseuille2d, duct3d body-force-driven channel and square duct (seed 003)
// [SECTION] cylinder2d, sphere3d flow past an obstacle, velocity inlet and pressure outlet
// [SECTION] taylor_green2d       decaying periodic vortices
// [SECTION] registry             (rt2d, the D2Q37 Rayleigh-Taylor run: rt2d_preset.cpp; the
//                                Boussinesq convection and RT runs: boussinesq_presets.cpp)
#include "keys.hpp"

#include <cmath>
#include <numbers>

namespace ll {
namespace {

using K = KeySpec::Kind;

std::size_t at(const Dims& d, std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    return x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
}

// `extent_keys`: the keys the lattice's extents follow from, named if it is too large.
SimulationSetup start(const ScenarioSpec& spec, const KeyValues& user, KeyValues& keys, Dims dims,
                      double length, const std::string& extent_keys = "size") {
    check_extents(extent_keys, dims.nx, dims.ny, dims.nz);
    SimulationSetup s;
    s.scenario = spec.name;
    s.dims = dims;
    apply_common(keys, s);
    resolve_viscosity(user, keys, length, s);
    allocate_fields(s);
    s.keys = keys;
    return s;
}

// ------------------------------------------------------------------------------ cavities
SimulationSetup cavity(const ScenarioSpec& spec, const KeyValues& user, bool three_d) {
    KeyValues keys = resolve_keys(spec, user);
    const std::uint32_t n = std::uint32_t(integer_key(keys, "size"));
    const Dims d{n + 2, n + 2, three_d ? n + 2 : 1};
    SimulationSetup s = start(spec, user, keys, d, n);
    const std::uint32_t top = n + 1;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const bool wall_x = x == 0 || x == top;
                const bool wall_y = y == 0 || y == top;
                const bool wall_z = three_d && (z == 0 || z == top);
                if (!(wall_x || wall_y || wall_z)) continue;
                // The lid: the top face (y in 2D, z in 3D) moves in +x.
                const bool lid = three_d ? (z == top && !wall_x && !wall_y) : (y == top && !wall_x);
                s.flags[at(d, x, y, z)] = lid ? kMovingWall : kSolid;
            }
    s.flow.wall_u[0] = s.u_ref;
    // Walls at 0 and 1: fluid node i (1..n) sits at (i - 1/2)/n.
    s.spacing = 1.0 / n;
    s.origin[0] = s.origin[1] = -0.5 / n;
    s.origin[2] = three_d ? -0.5 / n : 0.0;
    return s;
}

// ------------------------------------------------------------------ channel and duct
SimulationSetup channel(const ScenarioSpec& spec, const KeyValues& user, bool duct) {
    KeyValues keys = resolve_keys(spec, user);
    const std::uint32_t n = std::uint32_t(integer_key(keys, "size"));
    const std::uint32_t length = std::uint32_t(integer_key(keys, "length"));
    const Dims d{length, n + 2, duct ? n + 2 : 1};
    SimulationSetup s = start(spec, user, keys, d, n, "size and length");
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const bool wall = y == 0 || y == n + 1 || (duct && (z == 0 || z == n + 1));
                if (wall) s.flags[at(d, x, y, z)] = kSolid;
            }
    const double nu = viscosity_of_tau(s.flow.tau);
    if (!duct) {
        // Plane Poiseuille: u_max = F n^2 / (8 rho nu).
        s.flow.force[0] = 8.0 * nu * s.u_ref / (double(n) * n);
    } else {
        // Square duct, half-width a = n/2: centre velocity from White (3.48) at y = z = 0.
        const double a = n / 2.0, pi = std::numbers::pi;
        double series = 0;
        for (int i = 1; i < 200; i += 2)
            series += ((i / 2) % 2 ? -1.0 : 1.0) * (1.0 - 1.0 / std::cosh(i * pi / 2.0)) /
                      (double(i) * i * i);
        const double u_per_force = 16.0 * a * a / (nu * pi * pi * pi) * series;
        s.flow.force[0] = s.u_ref / u_per_force;
    }
    s.spacing = 1.0 / n;
    s.origin[1] = -0.5 / n;
    s.origin[2] = duct ? -0.5 / n : 0.0;
    return s;
}

// ------------------------------------------------------------------ obstacles
SimulationSetup obstacle(const ScenarioSpec& spec, const KeyValues& user, bool three_d) {
    KeyValues keys = resolve_keys(spec, user);
    const std::uint32_t diameter = std::uint32_t(integer_key(keys, "size"));
    const double D = diameter;
    // 2D: the Schafer-Turek channel (2.2 x 0.41, D = 0.1, centre 0.2, 0.2) with walls;
    // 3D: a periodic box 10D x 4D x 4D around a sphere.
    const Dims d = three_d ? Dims{10 * diameter, 4 * diameter, 4 * diameter}
                           : Dims{22 * diameter, std::uint32_t(std::lround(4.1 * D)) + 2, 1};
    SimulationSetup s = start(spec, user, keys, d, D);
    // 2D: the channel's walls; 3D: the box's four sides, periodic unless made free-slip.
    const std::string& side_key = keys.at(three_d ? "sides" : "walls");
    const std::uint8_t side = side_key == "free_slip" ? kFreeSlip : kSolid;
    const bool periodic = side_key == "periodic";
    const auto is_side = [periodic](const Dims& d, std::uint32_t y, std::uint32_t z, bool three_d) {
        if (periodic) return false;
        return y == 0 || y == d.ny - 1 || (three_d && (z == 0 || z == d.nz - 1));
    };
    const double cx = three_d ? 2.5 * D : 2.0 * D + 0.5, cy = three_d ? 2.0 * D : 2.0 * D + 0.5;
    const double cz = three_d ? 2.0 * D : 0.0;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const std::size_t k = at(d, x, y, z);
                const double dx = x + 0.5 - cx, dy = y + 0.5 - cy, dz = three_d ? z + 0.5 - cz : 0;
                if (dx * dx + dy * dy + dz * dz <= D * D / 4) {
                    s.flags[k] = kSolid;
                    continue;
                }
                if (is_side(d, y, z, three_d)) {
                    s.flags[k] = side;
                    continue;
                }
                if (x == 0) s.flags[k] = kInlet;
                if (x == d.nx - 1) s.flags[k] = kOutlet;
                s.u[3 * k] = s.u_ref;
            }
    s.flow.inlet_u[0] = s.u_ref;
    s.flow.outlet_rho = 1.0;
    s.spacing = 1.0 / D; // lengths in cylinder (sphere) diameters
    return s;
}

// ------------------------------------------------------------------ Taylor-Green
SimulationSetup taylor_green(const ScenarioSpec& spec, const KeyValues& user) {
    KeyValues keys = resolve_keys(spec, user);
    const std::uint32_t n = std::uint32_t(integer_key(keys, "size"));
    keys["tau_default"] = "0.8";
    SimulationSetup s = start(spec, user, keys, Dims{n, n, 1}, n);
    const double k = 2.0 * std::numbers::pi / n, u0 = s.u_ref;
    for (std::uint32_t y = 0; y < n; ++y)
        for (std::uint32_t x = 0; x < n; ++x) {
            const std::size_t i = at(s.dims, x, y, 0);
            s.u[3 * i] = u0 * std::cos(k * x) * std::sin(k * y);
            s.u[3 * i + 1] = -u0 * std::sin(k * x) * std::cos(k * y);
            // p = -(u0^2/4)(cos 2kx + cos 2ky), rho = 1 + p / cs2
            s.rho[i] = 1.0 - 0.75 * u0 * u0 * (std::cos(2 * k * x) + std::cos(2 * k * y));
        }
    s.spacing = 2.0 * std::numbers::pi / n; // the domain is [0, 2 pi)^2
    return s;
}

// ------------------------------------------------------------------ registry
std::vector<KeySpec> with_extra(std::vector<KeySpec> keys, std::vector<KeySpec> extra) {
    keys.insert(keys.end(), extra.begin(), extra.end());
    return keys;
}

const std::vector<Preset>& presets() {
    static const std::vector<Preset> list = [] {
        std::vector<Preset> v = {
            {{"cavity2d", "2D lid-driven square cavity (Ghia et al. 1982 at Re 100, 1000)",
              common_keys({128, 8, 8192, "fluid nodes per side", 100, 0.1, "d2q9", "trt"})},
             [](const ScenarioSpec& s, const KeyValues& u) { return cavity(s, u, false); }},
            {{"cavity3d", "3D lid-driven cubic cavity (Albensoeder & Kuhlmann 2005 at Re 1000)",
              common_keys({64, 8, 1024, "fluid nodes per side", 1000, 0.1, "d3q19", "mrt"})},
             [](const ScenarioSpec& s, const KeyValues& u) { return cavity(s, u, true); }},
            {{"poiseuille2d", "2D plane channel driven by a body force (periodic in x)",
              with_extra(common_keys({32, 4, 8192, "fluid nodes across the channel", 10, 0.05,
                                      "d2q9", "trt"}),
                         {{"length", K::Integer, "4", 2, 65536, "",
                           "nodes along the channel (periodic; at least 2, as every side)"}})},
             [](const ScenarioSpec& s, const KeyValues& u) { return channel(s, u, false); }},
            {{"duct3d", "3D square duct driven by a body force (seed 003's flow through a box)",
              with_extra(common_keys({32, 4, 1024, "fluid nodes across the duct", 10, 0.05, "d3q19",
                                      "trt"}),
                         {{"length", K::Integer, "4", 2, 4096, "",
                           "nodes along the duct (periodic; at least 2, as every side)"}})},
             [](const ScenarioSpec& s, const KeyValues& u) { return channel(s, u, true); }},
            {{"cylinder2d", "2D flow past a cylinder in a channel: the Karman vortex street",
              with_extra(common_keys({20, 4, 400, "cylinder diameter in nodes (lattice 22D x 4.1D)",
                                      100, 0.1, "d2q9", "trt"}),
                         {{"walls", K::Choice, "no_slip", 0, 0, "no_slip|free_slip",
                           "channel walls: no_slip (bounce-back, Schafer-Turek) or free_slip "
                           "(specular, no boundary layer)"}})},
             [](const ScenarioSpec& s, const KeyValues& u) { return obstacle(s, u, false); }},
            {{"sphere3d",
              "3D flow past a sphere, periodic or free-slip sides (lattice 10D x 4D x 4D)",
              with_extra(
                  common_keys({12, 4, 128, "sphere diameter in nodes", 100, 0.1, "d3q19", "trt"}),
                  {{"sides", K::Choice, "periodic", 0, 0, "periodic|free_slip",
                    "the box's four sides: periodic (an array of spheres) or free_slip "
                    "walls"}})},
             [](const ScenarioSpec& s, const KeyValues& u) { return obstacle(s, u, true); }},
            {{"taylor_green2d", "2D Taylor-Green vortices decaying in a periodic box",
              common_keys({64, 8, 8192, "nodes per side", 0, 0.05, "d2q9", "bgk"})},
             [](const ScenarioSpec& s, const KeyValues& u) { return taylor_green(s, u); }},
            {rt2d_spec(), build_rt2d},
        };
        for (Preset& p : boussinesq_presets())
            v.push_back(std::move(p));
        return v;
    }();
    return list;
}

} // namespace

const std::vector<ScenarioSpec>& scenarios() {
    static const std::vector<ScenarioSpec> specs = [] {
        std::vector<ScenarioSpec> v;
        for (const auto& p : presets())
            v.push_back(p.spec);
        return v;
    }();
    return specs;
}

const ScenarioSpec* find_scenario(const std::string& name) {
    for (const auto& s : scenarios())
        if (s.name == name) return &s;
    return nullptr;
}

const KeySpec* find_key(const ScenarioSpec& spec, const std::string& name) {
    for (const KeySpec& k : spec.keys)
        if (k.name == name) return &k;
    return nullptr;
}

KeyValues cpu_sized(const std::string& name, KeyValues user) {
    const ScenarioSpec* spec = find_scenario(name);
    if (spec && !spec->cpu_size.empty() && !user.count("size")) user["size"] = spec->cpu_size;
    return user;
}

std::string scenario_label(const ScenarioSpec& spec) {
    return spec.title.empty() ? spec.name : spec.title + " — " + spec.name;
}

std::string scenario_names() {
    std::string out;
    for (const auto& s : scenarios()) {
        if (!out.empty()) out.push_back('|');
        out.append(s.name);
    }
    return out;
}

SimulationSetup build_scenario(const std::string& name, const KeyValues& user) {
    for (const auto& p : presets())
        if (p.spec.name == name) return p.build(p.spec, user);
    throw ConfigError("unknown scenario '" + name + "'; presets: " + scenario_names() +
                      " (or a .toml/.json scenario file)");
}

} // namespace ll

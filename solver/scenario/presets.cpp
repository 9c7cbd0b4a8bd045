// The preset flows. Each builder lays out wall flags inside the lattice (half-way walls sit
// between a wall node and the first fluid node) and the initial density and velocity.
//
// [SECTION] cavity2d, cavity3d   lid-driven cavities (Ghia 1982; Albensoeder & Kuhlmann 2005)
// [SECTION] poiseuille2d, duct3d channel and duct, driven by a body force or a pressure drop
//                                (Bailey et al. 2009's Poiseuille flow through a box)
// [SECTION] cylinder2d, sphere3d flow past an obstacle, velocity inlet and pressure outlet
// [SECTION] taylor_green2d       decaying periodic vortices
// [SECTION] registry             (rt2d, the D2Q37 Rayleigh-Taylor run: rt2d_preset.cpp; the
//                                Boussinesq convection and RT runs: boussinesq_presets.cpp)
#include "keys.hpp"

#include "solver/diagnostics/duct_flow.hpp"

#include <array>
#include <cmath>
#include <cstdio>
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

// The fluid nodes along each axis: `size = N` on every axis, or the sides it gives (a box;
// resolve_keys has checked them). 2-D lattices have nz = 1.
std::array<std::uint32_t, 3> fluid_sides(const KeyValues& keys, bool three_d) {
    const std::vector<long> sides = *read_sides(keys.at("size"));
    const auto side = [&](std::size_t a) { return std::uint32_t(sides[sides.size() > 1 ? a : 0]); };
    return {side(0), side(1), three_d ? side(2) : 1u};
}

// ------------------------------------------------------------------------------ cavities
SimulationSetup cavity(const ScenarioSpec& spec, const KeyValues& user, bool three_d) {
    KeyValues keys = resolve_keys(spec, user);
    const auto n = fluid_sides(keys, three_d);
    const Dims d{n[0] + 2, n[1] + 2, three_d ? n[2] + 2 : 1};
    SimulationSetup s = start(spec, user, keys, d, n[0]); // Re on the lid's length
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const bool wall_x = x == 0 || x == d.nx - 1;
                const bool wall_y = y == 0 || y == d.ny - 1;
                const bool wall_z = three_d && (z == 0 || z == d.nz - 1);
                if (!(wall_x || wall_y || wall_z)) continue;
                // The lid: the top face (y in 2D, z in 3D) moves in +x.
                const bool lid =
                    three_d ? (z == d.nz - 1 && !wall_x && !wall_y) : (y == d.ny - 1 && !wall_x);
                s.flags[at(d, x, y, z)] = lid ? kMovingWall : kSolid;
            }
    s.flow.wall_u[0] = s.u_ref;
    // Walls at 0 and NX along x: fluid node i (1..NX) sits at (i - 1/2)/NX.
    s.spacing = 1.0 / n[0];
    s.origin[0] = s.origin[1] = -0.5 / n[0];
    s.origin[2] = three_d ? -0.5 / n[0] : 0.0;
    return s;
}

// ------------------------------------------------------------------ channel and duct
// The channel's length (nodes along x) and section (fluid nodes across; nz = 1 in 2D).
struct ChannelShape {
    std::uint32_t length, ny, nz;
};

ChannelShape channel_shape(const KeyValues& user, const KeyValues& keys, bool duct, bool pressure) {
    const auto n = fluid_sides(keys, duct);
    if (read_sides(keys.at("size"))->size() > 1) {
        if (user.count("length"))
            throw ConfigError("length = " + keys.at("length") + ": size = " + keys.at("size") +
                              " gives the length already (its first side); give size = N with "
                              "length, or the sides alone");
        return {n[0], n[1], n[2]};
    }
    if (keys.count("length")) return {std::uint32_t(integer_key(keys, "length")), n[0], n[2]};
    // Periodic (force): the flow is the same at every x, so a few nodes hold it all.
    return {pressure ? 4 * n[0] : 4u, n[0], n[2]};
}

// A number as text: `digits` significant digits; 17 read back as the same double.
std::string exact_text(double v, int digits = 17) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    return text;
}

// The drop that drives the flow given, the viscosity and the centre velocity follow from it and
// from tau or re: u_c = G k / nu (k: the centre velocity per unit G / mu, of the section),
// Re = u_c W / nu. Returns the user's keys with tau and u_ref set, for resolve_viscosity.
KeyValues viscosity_of_drop(const KeyValues& user, KeyValues& keys, double gradient, double k,
                            double width) {
    const std::string drop = "pressure_drop = " + keys.at("pressure_drop");
    if (user.count("u_ref"))
        throw ConfigError("u_ref and pressure_drop: give one; with drive = pressure the drop "
                          "sets the centre velocity u_ref");
    if (user.count("re") && user.count("tau"))
        throw ConfigError("re, tau and pressure_drop: give pressure_drop with one of re or tau");
    const double nu = user.count("tau") ? viscosity_of_tau(number_key(keys, "tau"))
                                        : std::sqrt(gradient * k * width / number_key(keys, "re"));
    const double tau = tau_of_viscosity(nu), u = gradient * k / nu;
    if (tau > 10)
        throw ConfigError(drop + ": at re = " + keys.at("re") + " the viscosity needs tau = " +
                          exact_text(tau, 3) + ", above 10; raise pressure_drop or re");
    if (u > 0.3)
        throw ConfigError(drop + ": the centre velocity would be " + exact_text(u, 3) +
                          ", above 0.3 (a low-Mach flow); lower pressure_drop" +
                          (user.count("tau") ? " or raise tau" : " or re"));
    KeyValues out = user;
    out.erase("re");
    out["tau"] = keys["tau"] = exact_text(tau);
    out["u_ref"] = keys["u_ref"] = exact_text(u);
    return out;
}

// Densities 1 +- 3 dp / 2 at the ends (p = rho / 3), inlets on x = 0 and outlets on x = nx - 1
// across the section, and the density falling linearly between them at the start.
constexpr double kMostDensityDifference = 0.09;
void set_pressure_ends(SimulationSetup& s, double drop) {
    const double drho = drop / cs2;
    if (drho > kMostDensityDifference)
        throw ConfigError(
            "drive = pressure: the pressure drop that gives u_ref = " + exact_text(s.u_ref, 3) +
            " at re = " + exact_text(s.reynolds, 3) + " is " + exact_text(drop, 3) +
            "; the density would differ by " + exact_text(100 * drho, 3) +
            " % from end to end (at most 9 %: the flow would be compressible); "
            "lower u_ref or the length, or raise re");
    s.flow.pressure_ends = true;
    s.flow.inlet_rho = 1 + drho / 2;
    s.flow.outlet_rho = 1 - drho / 2;
    const Dims& d = s.dims;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const std::size_t k = at(d, x, y, z);
                s.rho[k] = s.flow.inlet_rho - drho * x / (d.nx - 1);
                if (s.flags[k] != kFluid) continue;
                if (x == 0) s.flags[k] = kInlet;
                if (x == d.nx - 1) s.flags[k] = kOutlet;
            }
}

SimulationSetup channel(const ScenarioSpec& spec, const KeyValues& user, bool duct) {
    KeyValues keys = resolve_keys(spec, user);
    const bool pressure = keys.at("drive") == "pressure";
    const bool drop_given = keys.count("pressure_drop") != 0;
    if (drop_given && !pressure)
        throw ConfigError("pressure_drop = " + keys.at("pressure_drop") +
                          ": only with drive = pressure (drive = force sets a body force)");
    const ChannelShape c = channel_shape(user, keys, duct, pressure);
    if (pressure && c.length < 3)
        throw ConfigError("length = " + std::to_string(c.length) +
                          ": drive = pressure needs at least 3 nodes (inlet, fluid, outlet)");
    const Dims d{c.length, c.ny + 2, duct ? c.nz + 2 : 1};
    // The centre velocity per unit G / mu, and the hydraulic diameter 4 area / perimeter (the
    // side of a square duct) as the Reynolds number's length; the channel's width in 2D.
    const double k = duct ? duct_velocity(0, 0, c.ny / 2.0, c.nz / 2.0, 1.0)
                          : channel_velocity(0, c.ny / 2.0, 1.0);
    const double width = duct ? 2.0 * c.ny * c.nz / (c.ny + c.nz) : c.ny;
    const double given_gradient =
        drop_given ? number_key(keys, "pressure_drop") / (c.length - 1) : 0.0;
    const KeyValues viscosity_user =
        drop_given ? viscosity_of_drop(user, keys, given_gradient, k, width) : user;
    SimulationSetup s = start(spec, viscosity_user, keys, d, width, "size and length");
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const bool wall = y == 0 || y == d.ny - 1 || (duct && (z == 0 || z == d.nz - 1));
                if (wall) s.flags[at(d, x, y, z)] = kSolid;
            }
    // G = -dp/dx, or the body force density, that drives the centre at u_ref (rho = 1).
    const double gradient =
        drop_given ? given_gradient : s.u_ref * viscosity_of_tau(s.flow.tau) / k;
    if (pressure) {
        set_pressure_ends(s, gradient * (c.length - 1));
        s.keys["pressure_drop"] = exact_text(gradient * (c.length - 1));
    } else {
        s.flow.force[0] = gradient;
    }
    s.keys["length"] = std::to_string(c.length);
    s.spacing = 1.0 / c.ny;
    s.origin[1] = -0.5 / c.ny;
    s.origin[2] = duct ? -0.5 / c.ny : 0.0;
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

// `size` of a preset whose lattice can be any box: N or the `sides` sides, as `help` says.
std::vector<KeySpec> box_size(std::vector<KeySpec> keys, int sides, const std::string& help) {
    for (KeySpec& k : keys)
        if (k.name == "size") {
            k.sides = sides;
            k.help = help;
        }
    return keys;
}

// The channel's and the duct's drive, and their length when size is one number.
std::vector<KeySpec> channel_keys(std::vector<KeySpec> keys, bool duct) {
    const std::string along = duct ? "duct" : "channel";
    return with_extra(
        std::move(keys),
        {{"length", K::Integer, "", 2, duct ? 4096.0 : 65536.0, "",
          "nodes along the " + along +
              " when size is one number; default 4 with drive = force "
              "(periodic: the flow is the same at every x), 4 x size with drive = pressure"},
         {"drive", K::Choice, "force", 0, 0, "force|pressure",
          "what drives the flow: force (a uniform body force, periodic along x) or pressure (a "
          "pressure drop from inlets on x = 0 to outlets on x = nx - 1, Zou & He 1997: Bailey "
          "et al. 2009's Poiseuille flow through a box); either way the centre moves at u_ref"},
         {"pressure_drop", K::Real, "", 1e-10, 0.03, "",
          "with drive = pressure: p(inlet) - p(outlet) in lattice units (p = rho / 3, so the "
          "densities differ by 3x it; keep it small, the lattice fluid is compressible); sets "
          "u_ref, the viscosity from tau or re; default: the drop that gives u_ref"}});
}

const std::vector<Preset>& presets() {
    static const std::vector<Preset> list = [] {
        std::vector<Preset> v = {
            {{"cavity2d", "2D lid-driven square cavity (Ghia et al. 1982 at Re 100, 1000)",
              box_size(common_keys({128, 8, 8192, "", 100, 0.1, "d2q9", "trt"}), 2,
                       "fluid nodes per side, or NXxNY (a box, walls around it; the lid moves "
                       "along x and re is on NX)")},
             [](const ScenarioSpec& s, const KeyValues& u) { return cavity(s, u, false); }},
            {{"cavity3d", "3D lid-driven cubic cavity (Albensoeder & Kuhlmann 2005 at Re 1000)",
              box_size(common_keys({64, 8, 1024, "", 1000, 0.1, "d3q19", "mrt"}), 3,
                       "fluid nodes per side, or NXxNYxNZ (a box, walls around it; the lid "
                       "moves along x and re is on NX)")},
             [](const ScenarioSpec& s, const KeyValues& u) { return cavity(s, u, true); }},
            {{"poiseuille2d",
              "2D plane channel driven by a body force (periodic in x) or a pressure drop",
              channel_keys(box_size(common_keys({32, 4, 8192, "", 10, 0.05, "d2q9", "trt"}), 2,
                                    "fluid nodes across the channel, or NXxNY: the length "
                                    "(nodes along x) and the width"),
                           false)},
             [](const ScenarioSpec& s, const KeyValues& u) { return channel(s, u, false); }},
            {{"duct3d",
              "3D duct driven by a body force or a pressure drop (Bailey et al. 2009's Poiseuille "
              "flow through a box)",
              channel_keys(
                  box_size(common_keys({32, 4, 1024, "", 10, 0.05, "d3q19", "trt"}), 3,
                           "fluid nodes across the square duct, or NXxNYxNZ: the length (nodes "
                           "along x) and a NY x NZ section; the lattice adds the walls, "
                           "NX x (NY + 2) x (NZ + 2); re is on the hydraulic diameter"),
                  true)},
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

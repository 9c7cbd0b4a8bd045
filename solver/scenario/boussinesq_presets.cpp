// The Boussinesq presets: natural convection and the Rayleigh-Taylor instability with the
// double-population model (solver/thermal/boussinesq/), built by its scenario builders
// (scenarios.hpp) from the keys. Temperatures are theta = T - T0 in units of the temperature
// difference dT (hot +1/2, cold -1/2) and gravity points to -y, as in the builders.
//
// [SECTION] keys       the model keys the five share, and each preset's physics
// [SECTION] builders   keys -> builder options -> SimulationSetup
// [SECTION] registry   specs with their summaries, titles and CPU sizes
#include "keys.hpp"
#include "solver/models/boussinesq/scenarios.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ll {
namespace {

namespace bq = thermal::boussinesq;
using K = KeySpec::Kind;

// ---- [SECTION] keys ----
// What the model runs: every collision, scheme but shared_x (its shared-memory x-shift is
// written for one population), layout and precision; the flow stencil follows the dimension.
std::vector<KeySpec> model_keys(bool three_d) {
    const std::string stencil = three_d ? "d3q19" : "d2q9";
    std::vector<KeySpec> keys = {
        {"stencil", K::Choice, stencil, 0, 0, stencil,
         "flow velocity set (the Boussinesq model: d2q9 in 2D, d3q19 in 3D)"},
        {"collision", K::Choice, "trt", 0, 0, collision_names(),
         "collision of the flow population (the temperature relaxes by BGK at 1/tau_t)"},
        {"temperature_stencil", K::Choice, "reduced", 0, 0, "reduced|flow",
         "velocity set of the temperature population: reduced = d2q5 / d3q7, the fewest that "
         "advect and diffuse; flow = the flow's own d2q9 / d3q19 (seed 001)"},
        {"scheme", K::Choice, "pull", 0, 0, "push|pull|split|aa|esoteric",
         "propagation scheme of both populations"},
        {"layout", K::Choice, "soa", 0, 0, "soa|aos",
         "data layout of both populations (aosoa is built for the isothermal model only)"},
        {"precision", K::Choice, "fp64", 0, 0, precision_names(), "floating-point precision"},
        {"storage", K::Choice, "", 0, 0, storage_names(),
         "what populations are stored as: as the precision (16-bit storage is not validated "
         "for the Boussinesq model)"},
        {"lambda", K::Real, "0.1875", 1e-4, 10, "",
         "TRT magic parameter Lambda (3/16: bounce-back walls exactly half-way)"},
    };
    const std::vector<KeySpec> launch = launch_keys();
    keys.insert(keys.end(), launch.begin(), launch.end());
    return keys;
}

std::string sizes(int gpu, int cpu) {
    return "; default " + std::to_string(gpu) + " with a usable GPU, " + std::to_string(cpu) +
           " on the CPU";
}

const KeySpec kPrandtl{
    "pr", K::Real, "0.71", 0.01, 100, "", "Prandtl number nu / kappa (air: 0.71)"};

std::vector<KeySpec> cavity_keys(int gpu, int cpu) {
    return {
        {"size", K::Integer, std::to_string(gpu), 8, 4096, "",
         "fluid nodes per side of the square cavity" + sizes(gpu, cpu)},
        {"ra", K::Real, "1e5", 10, 1e8, "",
         "Rayleigh number g beta dT H^3 / (nu kappa), buoyancy against diffusion; de Vahl Davis "
         "(1983): average Nu 1.118, 2.243, 4.519, 8.800 at 1e3, 1e4, 1e5, 1e6"},
        kPrandtl,
        {"velocity", K::Real, "0.1", 0.001, 0.3, "",
         "buoyancy velocity U = sqrt(g beta dT H) in lattice units (Mach U sqrt(3)); it sets "
         "nu = U H sqrt(Pr / Ra) and kappa = U H / sqrt(Ra Pr)"},
    };
}

std::vector<KeySpec> convection_keys(int gpu, int cpu) {
    return {
        {"size", K::Integer, std::to_string(gpu), 4, 2048, "",
         "fluid rows between the plates, the height H of Ra" + sizes(gpu, cpu)},
        {"ra", K::Real, "5000", 100, 1e9, "",
         "Rayleigh number g beta dT H^3 / (nu kappa); rolls grow above Ra_c = 1708 (rigid "
         "plates), a seeded mode decays below it"},
        kPrandtl,
        {"tau_t", K::Real, "0.7", 0.5, 10, "",
         "relaxation time of the temperature population (> 0.5): kappa = cs_T^2 (tau_t - 1/2) "
         "sets the time scale H^2 / kappa; with Ra and Pr it fixes nu and g beta"},
        {"aspect", K::Real, "2.0158", 0.25, 16, "",
         "period / H along x (and z in 3D); 2.0158 = 2 pi / 3.117 holds one pair of critical "
         "rolls"},
        {"amplitude", K::Real, "0.01", 0, 0.5, "",
         "theta of the seeded mode sin(pi y / H) cos(2 pi x / L) on the conduction profile"},
    };
}

std::vector<KeySpec> rt_keys(int gpu, int cpu) {
    return {
        {"size", K::Integer, std::to_string(gpu), 8, 4096, "",
         "nodes across x (and z in 3D), periodic: one wavelength of the perturbation" +
             sizes(gpu, cpu)},
        {"height", K::Integer, "0", 0, 16384, "",
         "fluid rows along gravity between adiabatic walls; 0 = 4 x size"},
        {"atwood_g", K::Real, "1.6e-4", 1e-8, 0.01, "",
         "A g = g beta dT / 2 (lattice units): the mode grows at sqrt(A g k) without viscosity; "
         "fronts are timed in sqrt(L / (A g))"},
        {"nu", K::Real, "0.01", 1e-5, 1, "", "kinematic viscosity; tau = 3 nu + 1/2"},
        {"kappa", K::Real, "0.005", 1e-6, 1, "",
         "thermal diffusivity; tau_t = kappa / cs_T^2 + 1/2; the interface widens as "
         "sqrt(kappa t)"},
        {"amplitude", K::Real, "0.02", 0, 0.24, "",
         "interface displacement of the cosine mode, a fraction of the width"},
        {"interface", K::Real, "1.5", 0.5, 64, "",
         "tanh half-width of the temperature jump, in nodes"},
    };
}

std::vector<KeySpec> joined(std::vector<KeySpec> physics, bool three_d) {
    for (KeySpec& k : model_keys(three_d))
        physics.push_back(std::move(k));
    return physics;
}

// ---- [SECTION] builders ----
bq::ModelOptions model_options(const KeyValues& keys) {
    // Before the precision's own check, which would only say "fp64 stores fp64".
    if (keys.count("storage") && keys.at("storage") != keys.at("precision")) {
        ModelChoice m{.precision = *parse_precision(keys.at("precision")),
                      .storage = parse_storage(keys.at("storage"))};
        throw ConfigError(bq::model_error(m, Dims{}));
    }
    bq::ModelOptions m;
    m.model = model_from_keys(keys);
    m.temperature = keys.at("temperature_stencil") == "flow" ? bq::TemperatureStencil::Flow
                                                             : bq::TemperatureStencil::Reduced;
    m.trt_lambda = number_key(keys, "lambda");
    m.block_size = int(integer_key(keys, "block_size"));
    return m;
}

// Lengths in units of `length` (the cavity's side, the plates' distance, the RT wavelength).
SimulationSetup to_setup(const ScenarioSpec& spec, KeyValues keys, const bq::Scenario& sc,
                         double length) {
    const bq::Config& c = sc.config;
    SimulationSetup s;
    s.scenario = spec.name;
    s.dims = c.dims;
    s.model = c.model;
    s.flow = c.flow;
    s.launch.block_size = c.block_size;
    s.launch.blocks_per_sm_cap = int(integer_key(keys, "occupancy"));
    s.launch.register_cap = int(integer_key(keys, "register_cap"));
    s.flags = c.flags;
    s.rho = sc.initial.rho;
    s.u.resize(3 * s.rho.size());
    for (std::size_t n = 0; n < s.rho.size(); ++n) {
        s.u[3 * n] = sc.initial.ux[n];
        s.u[3 * n + 1] = sc.initial.uy[n];
        s.u[3 * n + 2] = sc.initial.uz[n];
    }
    s.T = sc.initial.theta;
    s.boussinesq = {true, c.temperature, c.thermal};
    s.u_ref = sc.units.velocity; // the buoyancy velocity
    s.reynolds = s.u_ref * sc.height / sc.units.nu;
    s.spacing = 1.0 / length;
    s.keys = std::move(keys);
    return s;
}

SimulationSetup cavity(const ScenarioSpec& spec, const KeyValues& user) {
    KeyValues keys = resolve_keys(spec, user);
    bq::CavityOptions o;
    o.n = int(preset_size(spec, user, keys));
    check_extents("size", o.n + 2, o.n + 2, 1);
    o.rayleigh = number_key(keys, "ra");
    o.prandtl = number_key(keys, "pr");
    o.velocity = number_key(keys, "velocity");
    o.model = model_options(keys);
    keys["size"] = std::to_string(o.n);
    SimulationSetup s = to_setup(spec, keys, bq::heated_cavity2d(o), o.n);
    s.origin[0] = s.origin[1] = -0.5 / o.n; // walls at 0 and 1, as cavity2d
    return s;
}

// The period along x (and z) in nodes, aspect x size rounded as the builder rounds it. Every
// side of a lattice needs 2 nodes, which a small size with a small aspect does not give: the
// message blames aspect, the key that sets the period, with the range that works for this size.
long convection_period(const ScenarioSpec& spec, double aspect, int height) {
    const long period = std::lround(aspect * height);
    if (period >= 2) return period;
    const double smallest = std::ceil(1.5 / height * 1e4) / 1e4; // lround(1.5) = 2
    std::ostringstream s;
    s << "aspect = " << aspect << ": the period aspect x size = " << aspect << " x " << height
      << " rounds to " << period
      << " node along x, and every side needs at least 2; with size = " << height
      << " use aspect in [" << smallest << ", " << find_key(spec, "aspect")->max
      << "], or a larger size";
    throw ConfigError(s.str());
}

SimulationSetup convection(const ScenarioSpec& spec, const KeyValues& user, bool three_d) {
    KeyValues keys = resolve_keys(spec, user);
    bq::RayleighBenardOptions o;
    o.height = int(preset_size(spec, user, keys));
    o.rayleigh = number_key(keys, "ra");
    o.prandtl = number_key(keys, "pr");
    o.tau_t = number_key(keys, "tau_t");
    o.aspect = number_key(keys, "aspect");
    o.amplitude = number_key(keys, "amplitude");
    o.model = model_options(keys);
    const long period = convection_period(spec, o.aspect, o.height);
    check_extents("size and aspect", period, o.height + 2, three_d ? period : 1);
    keys["size"] = std::to_string(o.height);
    SimulationSetup s = to_setup(
        spec, keys, three_d ? bq::rayleigh_benard3d(o) : bq::rayleigh_benard2d(o), o.height);
    s.origin[1] = -0.5 / o.height; // plates at 0 and 1
    return s;
}

SimulationSetup rayleigh_taylor(const ScenarioSpec& spec, const KeyValues& user, bool three_d) {
    KeyValues keys = resolve_keys(spec, user);
    bq::RtOptions o;
    o.width = int(preset_size(spec, user, keys));
    const int height = int(integer_key(keys, "height"));
    if (height != 0 && height < 4)
        throw ConfigError("height = " + keys.at("height") +
                          ": must be 0 (4 x size) or at least 4 fluid rows");
    o.height = height ? height : 4 * o.width;
    check_extents(height ? "size and height" : "size", o.width, o.height + 2,
                  three_d ? o.width : 1);
    o.atwood_g = number_key(keys, "atwood_g");
    o.nu = number_key(keys, "nu");
    o.kappa = number_key(keys, "kappa");
    o.amplitude = number_key(keys, "amplitude") * o.width;
    o.interface_width = number_key(keys, "interface");
    o.model = model_options(keys);
    keys["size"] = std::to_string(o.width);
    keys["height"] = std::to_string(o.height);
    return to_setup(spec, keys, three_d ? bq::rt3d_boussinesq(o) : bq::rt2d_boussinesq(o), o.width);
}

} // namespace

// ---- [SECTION] registry ----
std::vector<Preset> boussinesq_presets() {
    const auto spec = [](std::string name, std::string summary, std::vector<KeySpec> keys,
                         std::string title, int cpu_size) {
        return ScenarioSpec{std::move(name),  std::move(summary),       std::move(keys),
                            std::move(title), std::to_string(cpu_size), true};
    };
    return {
        {spec("heated_cavity2d",
              "2D square cavity heated from the side (hot left wall, cold right, adiabatic top "
              "and bottom), Boussinesq model; de Vahl Davis 1983",
              joined(cavity_keys(256, 64), false), "Heated cavity (de Vahl Davis)", 64),
         cavity},
        {spec("rayleigh_benard2d",
              "2D Rayleigh-Benard convection: fluid between a hot bottom and a cold top plate, "
              "periodic sides, Boussinesq model",
              joined(convection_keys(128, 32), false), "Rayleigh–Bénard convection 2D", 32),
         [](const ScenarioSpec& s, const KeyValues& u) { return convection(s, u, false); }},
        {spec("rayleigh_benard3d",
              "3D Rayleigh-Benard convection between a hot bottom and a cold top plate, "
              "periodic in x and z, Boussinesq model",
              joined(convection_keys(64, 16), true), "Rayleigh–Bénard convection 3D", 16),
         [](const ScenarioSpec& s, const KeyValues& u) { return convection(s, u, true); }},
        {spec("rt2d_boussinesq",
              "2D Rayleigh-Taylor instability, Boussinesq model: a cold (heavy) layer on a hot "
              "(light) one between adiabatic walls",
              joined(rt_keys(256, 64), false), "Rayleigh–Taylor, Boussinesq 2D", 64),
         [](const ScenarioSpec& s, const KeyValues& u) { return rayleigh_taylor(s, u, false); }},
        {spec("rt3d_boussinesq",
              "3D Rayleigh-Taylor instability, Boussinesq model: the interface displaced by "
              "cos x + cos z",
              joined(rt_keys(128, 24), true), "Rayleigh–Taylor, Boussinesq 3D", 24),
         [](const ScenarioSpec& s, const KeyValues& u) { return rayleigh_taylor(s, u, true); }},
    };
}

} // namespace ll

// The rt2d preset: seed 004's Rayleigh-Taylor run with the D2Q37 thermal model, built by
// thermal::rt2d() (solver/models/d2q37/rt2d.hpp) from the scenario's keys. Cold (heavy) gas
// at T = 1 - A above hot (light) gas at T = 1 + A, so the Atwood number is A.
#include "keys.hpp"
#include "solver/models/d2q37/rt2d.hpp"

#include <cmath>
#include <stdexcept>

namespace ll {
namespace {

using K = KeySpec::Kind;

// 1024 x 4096 on a GPU (seed 004's class of lattice); 64 x 256 runs at a few hundred steps
// per second on two CPU cores.
constexpr int kGpuSize = 1024, kCpuSize = 64;
// Default gravity: the layer is this many pressure scale heights T0 / g high, whatever the
// lattice, so that every size has the same stratification (density ratio e^0.8 across it)
// and small lattices a growth rate well above the interface's diffusion, kappa^2 k^3 << A g k.
constexpr double kScaleHeights = 0.8;

} // namespace

ScenarioSpec rt2d_spec() {
    return {"rt2d",
            "2D Rayleigh-Taylor instability, D2Q37 thermal compressible model (seed 004)",
            {
                {"size", K::Integer, std::to_string(kGpuSize), 8, 16384, "",
                 "nodes across (x, periodic; one wavelength of the perturbation); default " +
                     std::to_string(kGpuSize) + " with a usable GPU, " + std::to_string(kCpuSize) +
                     " on the CPU"},
                {"height", K::Integer, "0", 0, 65536, "",
                 "nodes along gravity (y, thermal walls at top and bottom); 0 = 4 x size"},
                {"atwood", K::Real, "0.1", 0.001, 0.5, "",
                 "Atwood number A: T = 1 + A below, 1 - A above"},
                {"gravity", K::Real, "", 1e-7, 0.01, "",
                 "|g| in model units (c_s = 1); default: the height is 0.8 scale heights T0 / g "
                 "(1.6e-4 at 4096 rows); the density drop across it must stay below e^4"},
                {"tau", K::Real, "0.6", 0.5, 10, "",
                 "relaxation time (> 0.5); nu = tau - 1/2 in model units"},
                {"amplitude", K::Real, "0.02", 0, 0.24, "",
                 "interface displacement of the cosine mode, a fraction of the width"},
                {"interface", K::Real, "2", 0.5, 64, "",
                 "tanh half-width of the temperature jump, in nodes"},
                {"scheme", K::Choice, "pull", 0, 0, "push|pull|push_separate|pull_separate",
                 "push or pull in one fused propagate+collide kernel, or with seed 004's "
                 "separate propagate, bc and collide kernels"},
                {"stencil", K::Choice, "d2q37", 0, 0, "d2q37", "velocity set (thermal: d2q37)"},
                {"collision", K::Choice, "bgk", 0, 0, "bgk", "collision model"},
                {"layout", K::Choice, "soa", 0, 0, "soa|aos",
                 "data layout: SoA planes (one per population, Calore et al. 2016's choice) or "
                 "AoS (a site's 37 populations together, their Fig. 2's other layout)"},
                {"precision", K::Choice, "fp64", 0, 0, "fp64", "floating-point precision"},
                {"storage", K::Choice, "", 0, 0, storage_names(),
                 "what populations are stored as: fp64 (the d2q37 model computes in fp64 only, "
                 "and 16-bit storage is computed in fp32)"},
                {"block_size", K::Integer, "128", 32, 1024, "",
                 "GPU threads per block along y, a multiple of 32"},
                {"occupancy", K::Integer, "0", 0, 0, "", "no blocks-per-SM cap for d2q37"},
                {"register_cap", K::Integer, "0", 0, 0, "",
                 "no register caps for d2q37: its kernels have the compiler's choice"},
            },
            "Rayleigh–Taylor instability",
            std::to_string(kCpuSize),
            true};
}

SimulationSetup build_rt2d(const ScenarioSpec& spec, const KeyValues& user) {
    KeyValues keys = resolve_keys(spec, user);
    const int lx = int(preset_size(spec, user, keys));
    const int height = int(integer_key(keys, "height"));
    if (height != 0 && height < 12)
        throw ConfigError("height = " + keys.at("height") +
                          ": must be 0 (4 x size) or at least 12 (3 wall rows each side)");
    const int ly = height ? height : 4 * lx;
    check_extents(height ? "size and height" : "size", lx, ly, 1);
    const double atwood = number_key(keys, "atwood");
    const std::string& scheme = keys.at("scheme");
    if (keys.count("storage") && keys.at("storage") != "fp64")
        throw ConfigError("storage = " + keys.at("storage") +
                          ": the d2q37 model stores fp64 only: it computes in fp64 only, and "
                          "16-bit storage is computed in fp32; use storage = fp64");

    thermal::Rt2dOptions o;
    o.lx = lx;
    o.ly = ly;
    o.T_down = 1 + atwood;
    o.T_up = 1 - atwood;
    o.gravity = keys.count("gravity") ? number_key(keys, "gravity")
                                      : kScaleHeights / (thermal::D2Q37::kScale * ly);
    o.tau = number_key(keys, "tau");
    o.amplitude = number_key(keys, "amplitude");
    o.width = number_key(keys, "interface");
    o.block_size = int(integer_key(keys, "block_size"));
    o.layout = *parse_layout(keys.at("layout")); // a Choice key: resolve_keys checked it
    using thermal::D2Q37Scheme;
    const bool fused = scheme.find("separate") == std::string::npos;
    if (scheme.starts_with("push"))
        o.scheme = fused ? D2Q37Scheme::PushFused : D2Q37Scheme::Push;
    else
        o.scheme = fused ? D2Q37Scheme::PullFused : D2Q37Scheme::Pull;
    thermal::Rt2dSetup rt;
    try {
        rt = thermal::rt2d(o);
    } catch (const std::invalid_argument& e) {
        throw ConfigError(e.what());
    }

    const EngineConfig e = thermal::engine_config(rt.config);
    SimulationSetup s;
    s.scenario = spec.name;
    s.dims = e.dims;
    s.model = e.model;
    s.flow = e.flow;
    s.launch = e.launch;
    s.thermal = e.thermal;
    allocate_fields(s);
    s.rho = rt.initial.rho;
    s.T = rt.initial.T;
    // Lengths in widths (one wavelength); the RT velocity scale sqrt(A g L) in model units.
    s.spacing = 1.0 / lx;
    const double L = lx * thermal::D2Q37::kScale;
    s.u_ref = std::sqrt(atwood * o.gravity * L);
    s.reynolds = s.u_ref * L / (o.tau - 0.5);
    keys["size"] = std::to_string(lx);
    keys["height"] = std::to_string(ly);
    keys["gravity"] = std::to_string(o.gravity);
    s.keys = keys;
    return s;
}

} // namespace ll

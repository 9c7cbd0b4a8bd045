// Key validation and the common keys every preset shares.
#include "keys.hpp"

#include <charconv>
#include <cmath>
#include <sstream>

namespace ll {

namespace {
std::string range_text(const KeySpec& k) {
    std::ostringstream s;
    if (k.kind == KeySpec::Kind::Choice) return "one of " + k.choices;
    s << (k.kind == KeySpec::Kind::Integer ? "an integer" : "a number") << " in [" << k.min << ", "
      << k.max << "]";
    return s.str();
}
bool in_choices(const std::string& v, const std::string& choices) {
    std::stringstream ss(choices);
    std::string item;
    while (std::getline(ss, item, '|'))
        if (item == v) return true;
    return false;
}
} // namespace

std::vector<KeySpec> common_keys(const CommonDefaults& d) {
    using K = KeySpec::Kind;
    const std::string size_help = d.size_help;
    return {
        {"size", K::Integer, std::to_string(d.size), d.size_min, d.size_max, "", size_help},
        {"re", K::Real, d.re > 0 ? std::to_string(d.re) : "", 0.001, 1e7, "",
         "Reynolds number u_ref * L / nu; sets tau unless tau is given"},
        {"tau", K::Real, "", 0.5, 10, "",
         "relaxation time (> 0.5); nu = (tau - 1/2)/3; overrides re"},
        {"u_ref", K::Real, std::to_string(d.u_ref), 1e-6, 0.3, "",
         "reference velocity in lattice units (Mach = u_ref * sqrt(3); keep it <= 0.1)"},
        {"stencil", K::Choice, d.stencil, 0, 0, stencil_names(), "velocity set"},
        {"collision", K::Choice, d.collision, 0, 0, collision_names(), "collision model"},
        {"scheme", K::Choice, "pull", 0, 0, scheme_names(), "propagation scheme"},
        {"layout", K::Choice, "soa", 0, 0, layout_names(), "data layout"},
        {"precision", K::Choice, "fp32", 0, 0, precision_names(), "floating-point precision"},
        {"block_size", K::Integer, "256", 32, 1024, "", "GPU threads per block, a multiple of 32"},
        {"occupancy", K::Integer, "0", 0, 64, "",
         "cap on GPU blocks per SM (0 = no cap), enforced by reserving shared memory"},
        {"lambda", K::Real, "0.1875", 1e-4, 10, "", "TRT magic parameter Lambda"},
    };
}

KeyValues resolve_keys(const ScenarioSpec& spec, const KeyValues& user) {
    KeyValues out;
    for (const auto& [name, value] : user) {
        const KeySpec* k = nullptr;
        for (const auto& s : spec.keys)
            if (s.name == name) k = &s;
        if (!k) {
            std::string valid;
            for (const auto& s : spec.keys) {
                if (!valid.empty()) valid.append(", ");
                valid.append(s.name);
            }
            throw ConfigError("unknown key '" + name + "' for scenario " + spec.name +
                              "; valid keys: " + valid);
        }
        if (k->kind == KeySpec::Kind::Choice) {
            if (!in_choices(value, k->choices))
                throw ConfigError(name + " = '" + value + "': must be " + range_text(*k));
        } else {
            double v = 0;
            const char* b = value.data();
            const auto [p, ec] = std::from_chars(b, b + value.size(), v);
            if (ec != std::errc() || p != b + value.size() || !std::isfinite(v))
                throw ConfigError(name + " = '" + value + "': not a number; must be " +
                                  range_text(*k));
            if (k->kind == KeySpec::Kind::Integer && v != std::floor(v))
                throw ConfigError(name + " = " + value + ": must be " + range_text(*k));
            const bool low_open = excludes_min(*k);
            if (v > k->max || v < k->min || (low_open && v <= k->min))
                throw ConfigError(name + " = " + value + ": must be " + range_text(*k) +
                                  (low_open ? " and greater than 0.5" : ""));
        }
        out[name] = value;
    }
    for (const auto& k : spec.keys)
        if (!out.count(k.name) && !k.default_value.empty()) out[k.name] = k.default_value;
    return out;
}

ModelChoice model_from_keys(const KeyValues& k) {
    ModelChoice m;
    m.stencil = *parse_stencil(k.at("stencil"));
    m.collision = *parse_collision(k.at("collision"));
    m.scheme = *parse_scheme(k.at("scheme"));
    m.layout = *parse_layout(k.at("layout"));
    m.precision = *parse_precision(k.at("precision"));
    return m;
}

bool excludes_min(const KeySpec& k) {
    return k.name == "tau" || k.name == "tau_t";
}

long preset_size(const ScenarioSpec& spec, const KeyValues& user, const KeyValues& keys) {
    if (user.count("size") || spec.cpu_size.empty()) return std::stol(keys.at("size"));
    std::string why;
    return std::stol(cuda_device_present(why) ? keys.at("size") : spec.cpu_size);
}

void resolve_viscosity(const KeyValues& user, KeyValues& keys, double length, SimulationSetup& s) {
    const bool has_tau = user.count("tau") != 0;
    const bool has_re = user.count("re") != 0;
    const bool has_u = user.count("u_ref") != 0;
    double u = std::stod(keys.at("u_ref"));
    double tau = 0, re = 0;
    if (has_tau && has_re && has_u)
        throw ConfigError("re, tau and u_ref: set at most two; the third follows from "
                          "re = u_ref * L / nu with nu = (tau - 1/2)/3");
    if (has_tau) {
        tau = std::stod(keys.at("tau"));
        const double nu = viscosity_of_tau(tau);
        if (has_re) {
            re = std::stod(keys.at("re"));
            u = re * nu / length;
            if (u > 0.3)
                throw ConfigError("u_ref = " + std::to_string(u) +
                                  " (from re and tau): must be "
                                  "at most 0.3 for a low-Mach flow; lower re or tau");
        } else {
            re = u * length / nu;
        }
    } else if (keys.count("re")) {
        re = std::stod(keys.at("re"));
        tau = tau_of_viscosity(u * length / re);
    } else {
        tau = std::stod(keys.at("tau_default"));
        re = u * length / viscosity_of_tau(tau);
    }
    keys["tau"] = std::to_string(tau);
    keys["re"] = std::to_string(re);
    keys["u_ref"] = std::to_string(u);
    keys.erase("tau_default");
    s.flow.tau = tau;
    s.reynolds = re;
    s.u_ref = u;
}

void apply_common(const KeyValues& keys, SimulationSetup& s) {
    s.model = model_from_keys(keys);
    s.launch.block_size = std::stoi(keys.at("block_size"));
    s.launch.blocks_per_sm_cap = std::stoi(keys.at("occupancy"));
    s.flow.trt_lambda = std::stod(keys.at("lambda"));
}

void check_node_count(std::uint64_t nx, std::uint64_t ny, std::uint64_t nz) {
    const double nodes = double(nx) * double(ny) * double(nz); // no 64-bit overflow either
    if (nodes >= 4294967296.0)
        throw ConfigError("size: a " + std::to_string(nx) + " x " + std::to_string(ny) + " x " +
                          std::to_string(nz) + " lattice has " + std::to_string(nx * ny * nz) +
                          " nodes; at most 4294967295 are supported");
}

void allocate_fields(SimulationSetup& s) {
    const std::size_t n = s.dims.nodes();
    s.flags.assign(n, kFluid);
    s.rho.assign(n, 1.0);
    s.u.assign(3 * n, 0.0);
}

} // namespace ll

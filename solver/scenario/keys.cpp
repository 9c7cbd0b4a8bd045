// Key validation and the common keys every preset shares.
#include "keys.hpp"

#include "solver/engine/register_caps.hpp"
#include "solver/io/host_memory.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace ll {

namespace {
// "NXxNY" or "NXxNYxNZ": how a key that takes a box writes it.
std::string box_form(const KeySpec& k) {
    return k.sides == 2 ? "NXxNY" : "NXxNYxNZ";
}
bool in_choices(const std::string& v, const std::string& choices) {
    std::stringstream ss(choices);
    std::string item;
    while (std::getline(ss, item, '|'))
        if (item == v) return true;
    return false;
}
} // namespace

std::string key_range_text(const KeySpec& k) {
    std::ostringstream s;
    if (k.kind == KeySpec::Kind::Choice) return "one of " + k.choices;
    s << (k.kind == KeySpec::Kind::Integer ? "an integer" : "a number") << " in [" << k.min << ", "
      << k.max << "]";
    if (k.sides > 0) s << " or the sides " << box_form(k) << ", each in it";
    return s.str();
}

std::vector<KeySpec> common_keys(const CommonDefaults& d) {
    using K = KeySpec::Kind;
    const std::string size_help = d.size_help;
    std::vector<KeySpec> keys = {
        {"size", K::Integer, std::to_string(d.size), d.size_min, d.size_max, "", size_help},
        {"re", K::Real, d.re > 0 ? std::to_string(d.re) : "", 0.001, 1e7, "",
         "Reynolds number u_ref * L / nu; sets tau unless tau is given"},
        {"tau", K::Real, "", 0.5, 10, "",
         "relaxation time (> 0.5); nu = (tau - 1/2)/3; overrides re"},
        {"u_ref", K::Real, std::to_string(d.u_ref), 1e-6, 0.3, "",
         "reference velocity in lattice units (Mach = u_ref * sqrt(3); keep it <= 0.1)"},
        {"stencil", K::Choice, d.stencil, 0, 0,
         stencil_names(dimensions(*parse_stencil(d.stencil))), "velocity set"},
        {"collision", K::Choice, d.collision, 0, 0, collision_names(), "collision model"},
        {"scheme", K::Choice, "pull", 0, 0, scheme_names(), "propagation scheme"},
        {"layout", K::Choice, "soa", 0, 0, layout_names(), "data layout"},
        {"precision", K::Choice, "fp32", 0, 0, precision_names(),
         "floating-point precision of the arithmetic"},
        {"storage", K::Choice, "", 0, 0, storage_names(),
         "what populations are stored as (default: as the precision); fp16s|fp16c keep 2 "
         "bytes per population, computed in fp32"},
        {"lambda", K::Real, "0.1875", 1e-4, 10, "", "TRT magic parameter Lambda"},
    };
    const std::vector<KeySpec> launch = launch_keys();
    keys.insert(keys.end(), launch.begin(), launch.end());
    return keys;
}

std::vector<KeySpec> launch_keys() {
    using K = KeySpec::Kind;
    return {
        {"block_size", K::Integer, "256", 32, 1024, "",
         "GPU threads per block, a multiple of 32 (a small lattice's resident kernel widens "
         "its blocks where some SMs would hold one more than others)"},
        {"occupancy", K::Integer, "0", 0, 64, "",
         "cap on GPU blocks per SM (0 = no cap), enforced by reserving shared memory"},
        register_cap_key(),
    };
}

KeySpec register_cap_key() {
    return {"register_cap",
            KeySpec::Kind::Integer,
            "0",
            0,
            double(kMaxRegisterCap),
            "",
            "GPU: at most this many registers per thread in the bulk kernel (0 = the compiler's "
            "choice): fewer registers fit more warps on an SM, spills cost local-memory traffic. "
            "Caps of " +
                register_cap_list() + " for " + kRegisterCappedKernels + "; others take 0 only"};
}

std::string register_cap_list() {
    std::string list;
    for (int c : kRegisterCaps)
        (list += list.empty() ? "" : "|") += std::to_string(c);
    return list;
}

// The text kept: integers in one spelling ("1.28e2" -> "128"), so that what a run records and
// prints is what it ran with; numbers and choices as the user wrote them.
std::string checked_key_value(const KeySpec& k, const std::string& value) {
    if (k.kind == KeySpec::Kind::Choice) {
        if (!in_choices(value, k.choices))
            throw ConfigError(k.name + " = '" + printable(value) + "': must be " +
                              key_range_text(k));
        return value;
    }
    if (k.kind == KeySpec::Kind::Integer) return sides_text(key_sides(k, value));
    const std::optional<double> v = read_number(value);
    if (!v)
        throw ConfigError(k.name + " = '" + printable(value) + "': not a number; must be " +
                          key_range_text(k));
    const bool low_open = excludes_min(k);
    if (*v > k.max || *v < k.min || (low_open && *v <= k.min))
        throw ConfigError(k.name + " = " + value + ": must be " + key_range_text(k) +
                          (low_open ? " and greater than 0.5" : ""));
    return value;
}

std::optional<double> read_number(std::string_view text) {
    // from_chars takes no '+', which TOML allows and people type; it skips nothing else.
    if (text.size() > 1 && text[0] == '+' && text[1] != '+' && text[1] != '-')
        text.remove_prefix(1);
    double v = 0;
    const char* end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || p != end || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::optional<long> read_whole_number(std::string_view text) {
    constexpr double kExact = 9007199254740992.0; // 2^53: beyond it doubles skip integers
    const std::optional<double> v = read_number(text);
    if (!v || *v != std::floor(*v) || std::fabs(*v) > kExact) return std::nullopt;
    return long(*v);
}

long integer_key_value(const KeySpec& k, std::string_view text) {
    const std::string shown = printable(text);
    if (!read_number(text))
        throw ConfigError(k.name + " = '" + shown + "': not a number; must be " +
                          key_range_text(k));
    const std::optional<long> v = read_whole_number(text);
    if (!v || double(*v) < k.min || double(*v) > k.max)
        throw ConfigError(k.name + " = " + shown + ": must be " + key_range_text(k));
    return *v;
}

std::optional<std::vector<long>> read_sides(std::string_view text) {
    std::vector<long> sides;
    for (std::size_t from = 0; from <= text.size();) {
        const std::size_t x = std::min(text.find('x', from), text.size());
        const std::optional<long> n = read_whole_number(text.substr(from, x - from));
        if (!n || sides.size() == 3) return std::nullopt;
        sides.push_back(*n);
        from = x + 1;
    }
    return sides;
}

std::string sides_text(const std::vector<long>& sides) {
    std::string out;
    for (const long n : sides) {
        if (!out.empty()) out.push_back('x');
        out.append(std::to_string(n));
    }
    return out;
}

std::vector<long> key_sides(const KeySpec& k, std::string_view text) {
    const std::optional<std::vector<long>> sides = read_sides(text);
    const bool box = sides && sides->size() > 1;
    const std::string shown = k.name + " = " + printable(text);
    if (box && k.sides == 0 && k.name == "size")
        throw ConfigError(shown + ": this preset's lattice follows from one length (" + k.help +
                          "), not a box; must be " + key_range_text(k));
    if (k.sides == 0 || text.find('x') == std::string_view::npos)
        return {integer_key_value(k, text)};
    if (!sides || int(sides->size()) != k.sides)
        throw ConfigError(k.name + " = '" + printable(text) + "': not a number or the sides " +
                          box_form(k) + "; must be " + key_range_text(k));
    for (const long n : *sides)
        if (double(n) < k.min || double(n) > k.max)
            throw ConfigError(shown + ": side " + std::to_string(n) + " is out of range; must be " +
                              key_range_text(k));
    return *sides;
}

std::string printable(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte != 0x7f) {
            out.push_back(c);
            continue;
        }
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02x", byte);
        out.append(hex);
    }
    return out;
}

KeyValues resolve_keys(const ScenarioSpec& spec, const KeyValues& user) {
    KeyValues out;
    for (const auto& [name, value] : user) {
        const KeySpec* k = find_key(spec, name);
        if (!k) {
            std::string valid;
            for (const auto& s : spec.keys) {
                if (!valid.empty()) valid.append(", ");
                valid.append(s.name);
            }
            throw ConfigError("unknown key '" + printable(name) + "' for scenario " + spec.name +
                              "; valid keys: " + valid);
        }
        out[name] = checked_key_value(*k, value);
    }
    for (const auto& k : spec.keys)
        if (!out.count(k.name) && !k.default_value.empty()) out[k.name] = k.default_value;
    return out;
}

long integer_key(const KeyValues& keys, const std::string& name) {
    const std::optional<long> v = read_whole_number(keys.at(name));
    if (!v) throw ConfigError(name + " = '" + printable(keys.at(name)) + "': not an integer");
    return *v;
}

double number_key(const KeyValues& keys, const std::string& name) {
    const std::optional<double> v = read_number(keys.at(name));
    if (!v) throw ConfigError(name + " = '" + printable(keys.at(name)) + "': not a number");
    return *v;
}

ModelChoice model_from_keys(const KeyValues& k) {
    ModelChoice m;
    m.stencil = *parse_stencil(k.at("stencil"));
    m.collision = *parse_collision(k.at("collision"));
    m.scheme = *parse_scheme(k.at("scheme"));
    m.layout = *parse_layout(k.at("layout"));
    m.precision = *parse_precision(k.at("precision"));
    const auto storage = k.find("storage");
    if (storage != k.end() && !storage->second.empty())
        set_storage(m, *parse_storage(storage->second));
    return m;
}

bool excludes_min(const KeySpec& k) {
    return k.name == "tau" || k.name == "tau_t";
}

long preset_size(const ScenarioSpec& spec, const KeyValues& user, const KeyValues& keys) {
    std::string why;
    if (user.count("size") || spec.cpu_size.empty() || cuda_device_present(why))
        return integer_key(keys, "size");
    return integer_key({{"size", spec.cpu_size}}, "size");
}

void resolve_viscosity(const KeyValues& user, KeyValues& keys, double length, SimulationSetup& s) {
    const bool has_tau = user.count("tau") != 0;
    const bool has_re = user.count("re") != 0;
    const bool has_u = user.count("u_ref") != 0;
    double u = number_key(keys, "u_ref");
    double tau = 0, re = 0;
    if (has_tau && has_re && has_u)
        throw ConfigError("re, tau and u_ref: set at most two; the third follows from "
                          "re = u_ref * L / nu with nu = (tau - 1/2)/3");
    if (has_tau) {
        tau = number_key(keys, "tau");
        const double nu = viscosity_of_tau(tau);
        if (has_re) {
            re = number_key(keys, "re");
            u = re * nu / length;
            if (u > 0.3)
                throw ConfigError("u_ref = " + std::to_string(u) +
                                  " (from re and tau): must be "
                                  "at most 0.3 for a low-Mach flow; lower re or tau");
        } else {
            re = u * length / nu;
        }
    } else if (keys.count("re")) {
        re = number_key(keys, "re");
        tau = tau_of_viscosity(u * length / re);
    } else {
        tau = number_key(keys, "tau_default");
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
    s.launch.block_size = int(integer_key(keys, "block_size"));
    s.launch.blocks_per_sm_cap = int(integer_key(keys, "occupancy"));
    s.launch.register_cap = int(integer_key(keys, "register_cap"));
    s.flow.trt_lambda = number_key(keys, "lambda");
}

void check_extents(const std::string& keys, std::uint64_t nx, std::uint64_t ny, std::uint64_t nz) {
    const double nodes = double(nx) * double(ny) * double(nz); // no 64-bit overflow either
    const std::string lattice =
        std::to_string(nx) + " x " + std::to_string(ny) + " x " + std::to_string(nz) + " lattice";
    if (nodes >= 4294967296.0)
        throw ConfigError(keys + ": a " + lattice + " has " + std::to_string(nx * ny * nz) +
                          " nodes; at most 4294967295 are supported");
    constexpr double kFieldBytes = 1 + 8 + 24 + 8; // flags, rho, u[3], T (SimulationSetup)
    check_host_memory(nodes * kFieldBytes, 0.0, keys + " (a " + lattice + ")", 0);
}

void allocate_fields(SimulationSetup& s) {
    const std::size_t n = s.dims.nodes();
    s.flags.assign(n, kFluid);
    s.rho.assign(n, 1.0);
    s.u.assign(3 * n, 0.0);
}

} // namespace ll

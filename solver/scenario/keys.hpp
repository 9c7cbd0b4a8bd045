// Helpers shared by the scenario presets: the common keys and their resolution.
#pragma once
#include "../core/flags.hpp"
#include "scenario.hpp"

namespace ll {

// A registry entry: the spec and the builder that takes the user's keys.
struct Preset {
    ScenarioSpec spec;
    SimulationSetup (*build)(const ScenarioSpec&, const KeyValues&);
};

struct CommonDefaults {
    int size;
    double size_min, size_max;
    std::string size_help;
    double re; // <= 0: the preset gives a default tau instead
    double u_ref;
    std::string stencil;
    std::string collision;
};

std::vector<KeySpec> common_keys(const CommonDefaults& d);
// The GPU launch keys every preset with DdQq kernels shares: block_size, occupancy, register_cap
// (LaunchConfig).
std::vector<KeySpec> launch_keys();
// The register_cap key (LaunchConfig::register_cap), one of launch_keys();
// register_cap_list() is "32|40|...", the caps the capped kernels are built with.
KeySpec register_cap_key();
std::string register_cap_list();
// User keys checked against the spec, defaults filled in.
KeyValues resolve_keys(const ScenarioSpec& spec, const KeyValues& user);
ModelChoice model_from_keys(const KeyValues& keys);
// A checked key's value (after resolve_keys), read with read_number() like every other reader.
long integer_key(const KeyValues& keys, const std::string& name);
double number_key(const KeyValues& keys, const std::string& name);
// The lattice size: the user's, else the spec's default on a usable GPU, else its cpu_size.
long preset_size(const ScenarioSpec& spec, const KeyValues& user, const KeyValues& keys);
// Fills tau, re and u_ref from whichever two the user gave (length: reference length in nodes).
void resolve_viscosity(const KeyValues& user, KeyValues& keys, double length, SimulationSetup& s);
void apply_common(const KeyValues& keys, SimulationSetup& s);
// Refuses, before anything is allocated, a lattice whose nodes overflow node_t (32 bits) or
// whose start-up fields alone (flags, density, velocity, temperature) exceed the host's memory,
// with a ConfigError naming `keys`, the keys the extents follow from ("size", "size and length").
// The memory pre-flight gives the exact limit, but only where its small probe builds succeed;
// where every probe is refused for another reason (re and tau give u_ref > 0.3 at small sizes)
// this is the guard that keeps a builder from allocating what the machine does not have.
void check_extents(const std::string& keys, std::uint64_t nx, std::uint64_t ny, std::uint64_t nz);
// Flags all fluid, rho = 1, u = 0, sized for s.dims.
void allocate_fields(SimulationSetup& s);

// The thermal presets (rt2d_preset.cpp, boussinesq_presets.cpp).
ScenarioSpec rt2d_spec();
SimulationSetup build_rt2d(const ScenarioSpec& spec, const KeyValues& user);
std::vector<Preset> boussinesq_presets();

} // namespace ll

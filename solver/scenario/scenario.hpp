// Scenario presets: named flows with keys, defaults and ranges, built into a SimulationSetup.
// A scenario file (TOML or JSON, see io/config_file.hpp) is a preset name plus key values.
#pragma once
#include "../simulation.hpp"

#include <map>
#include <string>
#include <vector>

namespace ll {

struct KeySpec {
    enum class Kind { Integer, Real, Choice };
    std::string name;
    Kind kind = Kind::Real;
    std::string default_value; // empty: derived from other keys (e.g. tau from re)
    double min = 0, max = 0;   // inclusive range for numbers
    std::string choices;       // "a|b|c" for Choice
    std::string help;
};

struct ScenarioSpec {
    std::string name;
    std::string summary;
    std::vector<KeySpec> keys;
};

using KeyValues = std::map<std::string, std::string>;

const std::vector<ScenarioSpec>& scenarios();
const ScenarioSpec* find_scenario(const std::string& name);
std::string scenario_names(); // "a|b|c"

// Validates the user's keys against the preset (unknown key, bad number, out of range, bad
// choice, over-determined re/tau/u_ref all throw ConfigError naming the key and the allowed
// range) and builds the lattice, flags and initial fields.
SimulationSetup build_scenario(const std::string& name, const KeyValues& user);

// `user` with the CPU default size filled in for presets whose default lattice is sized for
// a GPU when the GPU is usable (rt2d: 1024 wide), for a run asked to use the CPU on a machine
// with a GPU. Other presets and explicit sizes are returned unchanged.
KeyValues cpu_sized(const std::string& name, KeyValues user);

} // namespace ll

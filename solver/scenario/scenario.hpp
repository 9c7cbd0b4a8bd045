// Scenario presets: named flows with keys, defaults and ranges, built into a SimulationSetup.
// A scenario file (TOML or JSON, see io/config_file.hpp) is a preset name plus key values.
#pragma once
#include "../simulation.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
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
    // An Integer key that may also be given as the sides of a box, "NXxNY" (2) or "NXxNYxNZ"
    // (3), each in [min, max]: `size` of the presets whose lattice can be any box. 0: the key
    // takes one number (a preset whose geometry follows from one length).
    int sides = 0;
};

struct ScenarioSpec {
    std::string name;
    std::string summary;
    std::vector<KeySpec> keys;
    // What people look for in a menu ("Heated cavity (de Vahl Davis)"); empty: the name.
    std::string title{};
    // The `size` default on the CPU when the keys' default is sized for a GPU: used when no GPU
    // is usable or the run is asked to use the CPU. Empty: one default for both.
    std::string cpu_size{};
    // The model has a temperature field (Simulation::has_temperature), known before a build:
    // the visualiser opens such a preset on it.
    bool has_temperature = false;
};

using KeyValues = std::map<std::string, std::string>;

// Keys whose minimum is excluded: tau and tau_t = 0.5 mean zero viscosity or diffusivity.
bool excludes_min(const KeySpec& k);

// The one reading of a number's text, for scenario keys and the bench lists alike: decimal as
// TOML, JSON and people write it ("128", "+128", "128.0", "1.28e2", "0.6"); no spaces, no hex,
// nothing infinite or out of a double's range (nullopt). Every reader of a key calls this, so
// the memory pre-flight and the builders can never read one text as two numbers.
std::optional<double> read_number(std::string_view text);
// read_number() when it is a whole number (128.0 and 1.28e2 are 128; 128.5 is not).
std::optional<long> read_whole_number(std::string_view text);
// An Integer key's value: ConfigError naming the key and its range unless `text` is a whole
// number in [k.min, k.max].
long integer_key_value(const KeySpec& k, std::string_view text);
// The sides of a box written "N", "NXxNY" or "NXxNYxNZ" (as `bench --size` and the `size` of
// the box presets take it), each read by read_whole_number; nullopt for any other text.
std::optional<std::vector<long>> read_sides(std::string_view text);
// "NXxNYxNZ" of sides (one side: "N").
std::string sides_text(const std::vector<long>& sides);
// An Integer key's value as sides: {N}, or k.sides sides where the key takes a box. ConfigError
// naming the key, the forms it takes and their range otherwise; given a box, the `size` of a
// preset sized by one length says why it takes none (its help: what that length is).
std::vector<long> key_sides(const KeySpec& k, std::string_view text);
// What `k` allows, as its messages say it: "one of force|pressure", "a number in [1e-10, 0.03]",
// "an integer in [4, 1024] or the sides NXxNYxNZ, each in it".
std::string key_range_text(const KeySpec& k);
// `value` checked against `k` as resolve_keys checks every key (ConfigError naming the key and
// key_range_text otherwise), and the text a run keeps of it: the visualiser checks its fields
// with this as they are typed.
std::string checked_key_value(const KeySpec& k, const std::string& value);
// `text` for a message: control characters as \xHH, so a stray byte cannot garble a terminal.
std::string printable(std::string_view text);

const std::vector<ScenarioSpec>& scenarios();
const ScenarioSpec* find_scenario(const std::string& name);
// The key `name` of a preset, or nullptr when the preset has no such key.
const KeySpec* find_key(const ScenarioSpec& spec, const std::string& name);
std::string scenario_names(); // "a|b|c"
// For menus: "Heated cavity (de Vahl Davis) — heated_cavity2d", or the name without a title.
std::string scenario_label(const ScenarioSpec& spec);

// Validates the user's keys against the preset (unknown key, bad number, out of range, bad
// choice, over-determined re/tau/u_ref all throw ConfigError naming the key and the allowed
// range) and builds the lattice, flags and initial fields.
SimulationSetup build_scenario(const std::string& name, const KeyValues& user);

// `user` with the CPU default size (ScenarioSpec::cpu_size) filled in for presets whose default
// lattice is sized for a GPU when the GPU is usable (rt2d: 1024 wide), for a run asked to use
// the CPU on a machine with a GPU. Other presets and explicit sizes are returned unchanged.
KeyValues cpu_sized(const std::string& name, KeyValues user);

} // namespace ll

// [SECTION] which keys the panel shows
// [SECTION] the edit and its checks
// [SECTION] keys of a restart
#include "scenario_edit.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace ll::gui {

// ---- [SECTION] which keys the panel shows ------------------------------------------------

namespace {

// model_keys() writes these and the stencil; the stencil alone needs a restart to change.
constexpr std::array<std::string_view, 8> kTunedLive = {"scheme",    "layout",      "precision",
                                                        "storage",   "collision",   "block_size",
                                                        "occupancy", "register_cap"};

// A value as a field shows it: reals to 6 digits, as the solver writes some ("10.000000",
// "9.9999999999999991e-05" become "10", "0.0001"); other text as it is.
std::string shown_value(const KeySpec& k, const std::string& value) {
    const std::optional<double> v = read_number(value);
    if (k.kind != KeySpec::Kind::Real || !v) return value;
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", *v);
    return text;
}

} // namespace

bool tuned_live(const std::string& key) {
    for (const std::string_view k : kTunedLive)
        if (k == key) return true;
    return false;
}

std::vector<const KeySpec*> panel_keys(const std::string& scenario) {
    std::vector<const KeySpec*> out;
    if (const ScenarioSpec* spec = find_scenario(scenario))
        for (const KeySpec& k : spec->keys)
            if (!tuned_live(k.name)) out.push_back(&k);
    return out;
}

std::vector<std::string> key_choices(const KeySpec& k) {
    std::vector<std::string> out;
    const std::string choices = k.choices + "|";
    for (std::size_t p = 0, q; (q = choices.find('|', p)) != std::string::npos; p = q + 1)
        out.push_back(choices.substr(p, q - p));
    return out;
}

std::vector<std::string> scenario_stencils(const std::string& scenario) {
    const ScenarioSpec* spec = find_scenario(scenario);
    const KeySpec* k = spec ? find_key(*spec, "stencil") : nullptr;
    return k ? key_choices(*k) : std::vector<std::string>{};
}

std::string key_tooltip(const KeySpec& k) {
    std::string tip = k.name + ": " + k.help + ".\nAllowed: " + key_range_text(k) + ".";
    if (k.kind == KeySpec::Kind::Choice) return tip;
    tip += k.default_value.empty()
               ? "\nEmpty: it follows from the other keys"
               : "\nEmpty: the preset's default, " + shown_value(k, k.default_value);
    return tip + " (the grey value is the running flow's).";
}

// ---- [SECTION] the edit and its checks ---------------------------------------------------

ScenarioEdit edit_of(const SolverStart& start, const SolverSnapshot& snap) {
    ScenarioEdit e{start.scenario, {}};
    for (const auto& [name, value] : start.keys)
        if (!tuned_live(name)) e.keys[name] = value;
    // The snapshot's keys and tau are of one run; it may still be the previous preset's.
    if (snap.scenario == start.scenario) carry_live_tau(e.keys, snap.keys, snap.tau);
    return e;
}

void set_key(ScenarioEdit& edit, const std::string& name, const std::string& text) {
    if (text.empty())
        edit.keys.erase(name);
    else
        edit.keys[name] = text;
}

std::string key_problem(const ScenarioEdit& edit, const KeySpec& k) {
    const auto it = edit.keys.find(k.name);
    if (it == edit.keys.end()) return {};
    try {
        checked_key_value(k, it->second);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return {};
}

std::vector<std::string> edit_problems(const ScenarioEdit& edit) {
    std::vector<std::string> out;
    for (const KeySpec* k : panel_keys(edit.scenario))
        if (std::string p = key_problem(edit, *k); !p.empty()) out.push_back(std::move(p));
    return out;
}

std::string unset_hint(const ScenarioEdit& edit, const KeySpec& k, const SolverSnapshot& snap) {
    if (snap.scenario == edit.scenario)
        if (const auto it = snap.keys.find(k.name); it != snap.keys.end())
            return shown_value(k, it->second);
    return shown_value(k, k.default_value);
}

// ---- [SECTION] keys of a restart ---------------------------------------------------------

KeyValues scenario_keys(const ScenarioEdit& edit, const SolverSnapshot& snap) {
    KeyValues keys = edit.keys;
    // The stencil changes only by a restart: the run's is the edit's, or the default.
    for (const auto& [name, value] : model_keys(snap.model, snap.launch))
        if (tuned_live(name)) keys[name] = value;
    return keys;
}

KeyValues model_keys(const ModelChoice& model, const LaunchConfig& launch) {
    KeyValues keys{{"stencil", std::string(to_string(model.stencil))},
                   {"scheme", std::string(to_string(model.scheme))},
                   {"layout", std::string(to_string(model.layout))},
                   {"precision", std::string(to_string(model.precision))},
                   {"collision", std::string(to_string(model.collision))},
                   {"block_size", std::to_string(launch.block_size)},
                   {"occupancy", std::to_string(launch.blocks_per_sm_cap)},
                   {"register_cap", std::to_string(launch.register_cap)}};
    if (model.storage) keys["storage"] = std::string(to_string(*model.storage));
    return keys;
}

void carry_live_tau(KeyValues& keys, const KeyValues& resolved, double tau) {
    const auto built = resolved.find("tau");
    if (built == resolved.end()) return; // a preset set by other numbers (nu, Ra, ...)
    const std::optional<double> was = read_number(built->second);
    // The resolved tau has six decimals (std::to_string): closer than that is the same tau.
    if (was && std::abs(*was - tau) <= 1e-6) return;
    keys.erase("re"); // tau and u_ref decide it now
    // The tuning tab's field is a float: its shortest text ("0.7", not "0.699999988079071").
    const float f = float(tau);
    char text[32];
    const auto r = std::to_chars(text, text + sizeof text, f);
    keys["tau"] = double(f) == tau ? std::string(text, r.ptr) : number_text(tau);
}

std::string number_text(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

} // namespace ll::gui

// What the scenario panel edits, apart from how it draws it: a preset's keys as text, exactly as
// the user gave them (command line, scenario file, panel). Every key the preset declares is
// shown and kept, driven by its KeySpec (solver/scenario/scenario.hpp), and checked by the
// solver's own checks (checked_key_value), so the panel and `latticelab run` say the same.
#pragma once
#include "app/live/solver_snapshot.hpp"
#include "app/live/solver_start.hpp"

#include <string>
#include <vector>

namespace ll::gui {

// A run's keys as the panel edits them, applied together by one restart.
struct ScenarioEdit {
    std::string scenario;
    // The user's keys as text ("128x128x64", "pressure", "1e-3"). A key not here takes the
    // preset's default or follows from the others (tau from re). No keys tuned live: a
    // restart takes those from the running model (scenario_keys).
    KeyValues keys;
};

// Keys the tuning tab changes on the running flow (scheme, layout, precision, storage,
// collision, block_size, occupancy, register_cap): a restart takes them from the run.
bool tuned_live(const std::string& key);
// The keys the panel shows, in the preset's order: every key but those tuned live.
std::vector<const KeySpec*> panel_keys(const std::string& scenario);
// What a choice key's combo offers: its choices, "a|b|c" -> {a, b, c}. The preset declares
// them (a 2D preset's stencil key offers only D2Q9: solver/scenario/keys.cpp).
std::vector<std::string> key_choices(const KeySpec& k);
// Stencils a preset may run: its stencil key's choices.
std::vector<std::string> scenario_stencils(const std::string& scenario);
// A field's tooltip: the key's help (KeySpec::help), what it allows and what empty means.
std::string key_tooltip(const KeySpec& k);

// The edit of a run: its user keys, and a tau set live in place of re (carry_live_tau).
ScenarioEdit edit_of(const SolverStart& start, const SolverSnapshot& snap);
// Sets key `name` to `text`; empty text unsets it (the preset's default or a derived value).
void set_key(ScenarioEdit& edit, const std::string& name, const std::string& text);
// Why the edit's value of `k` is refused, as the solver says it ("size = 12x0x5: side 0 is out
// of range; must be ..."); empty when it is valid or unset.
std::string key_problem(const ScenarioEdit& edit, const KeySpec& k);
// Every refused value of the edit, in the preset's order.
std::vector<std::string> edit_problems(const ScenarioEdit& edit);
// What an unset field shows greyed: the running value (a default or a derived one: tau from
// re, the pressure drop that gives u_ref) when `snap` is of this preset, else the default.
std::string unset_hint(const ScenarioEdit& edit, const KeySpec& k, const SolverSnapshot& snap);
// The keys build_scenario gets for `edit`: the edit and the live scheme, layout, precision,
// collision and launch (model_keys), so a restart keeps the user's tuning.
KeyValues scenario_keys(const ScenarioEdit& edit, const SolverSnapshot& snap);

// The model and launch as scenario keys (stencil, scheme, layout, precision, collision,
// block_size, occupancy): what a restart or a saved file carries of the user's tuning.
KeyValues model_keys(const ModelChoice& model, const LaunchConfig& launch);
// A tau set live (the tuning tab's tau field) is part of the flow the user sees: `keys` then
// carry it in place of re. `resolved`: the run's keys (SimulationSetup::keys), `tau` its tau.
void carry_live_tau(KeyValues& keys, const KeyValues& resolved, double tau);
// Shortest text that reads back as the same double ("100", "0.56").
std::string number_text(double v);

} // namespace ll::gui

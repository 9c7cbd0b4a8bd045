// The panel's "scenario and lattice" and "3D slice" sections. Lattice changes (stencil, size,
// Reynolds number or tau, boundaries) restart the run through build_scenario() with the keys,
// so every range is checked in one place (solver/scenario) and a rejected value leaves the old
// flow running; the 3D slice moves without touching the flow.
#pragma once
#include "app/live/solver_thread.hpp"

#include <array>
#include <functional>
#include <string>

namespace ll::gui {

// What the scenario section edits; applied together by one restart.
struct ScenarioEdit {
    std::string scenario;
    std::string stencil;  // one the preset allows (scenario_stencils)
    int size = 0;         // the preset's `size` key
    bool use_tau = false; // set tau rather than the Reynolds number
    double re = 0, tau = 0;
    std::string boundary; // value of the preset's boundary key; empty when it has none
};

// Stencils a preset may run: D2Q9 for a 2D one, D3Q19 and D3Q27 for a 3D one.
std::vector<std::string> scenario_stencils(const std::string& scenario);
// The preset's boundary key ("walls", "sides") or nullptr when its boundaries are fixed.
const KeySpec* boundary_key(const std::string& scenario);
// The edit of a run: its user keys, the preset's defaults where the user gave none, and the
// live stencil and tau.
ScenarioEdit edit_of(const SolverStart& start, const SolverSnapshot& snap);
// The keys build_scenario gets for `edit`: the edit plus the live scheme, layout, precision,
// collision and launch, so a restart keeps the user's tuning.
KeyValues scenario_keys(const ScenarioEdit& edit, const SolverSnapshot& snap);

// The model and launch as scenario keys (stencil, scheme, layout, precision, collision,
// block_size, occupancy): what a restart or a saved file carries of the user's tuning.
KeyValues model_keys(const ModelChoice& model, const LaunchConfig& launch);
// Shortest text that reads back as the same double ("100", "0.56").
std::string number_text(double v);

class ScenarioControls {
public:
    // `switch_scenario` starts a preset with its defaults (Controls::switch_scenario).
    ScenarioControls(SolverThread& solver, std::function<void(const std::string&)> switch_scenario)
        : solver_(solver), switch_scenario_(std::move(switch_scenario)) {}

    // Restarts with `keys` after a memory pre-flight (the scenario would allocate its fields
    // before Simulation::create can refuse a lattice too large): a ConfigError names the key
    // and its range in SolverSnapshot::error and the old run goes on.
    void apply_keys(const std::string& scenario, const KeyValues& keys, bool cpu_lattice);
    void apply(const ScenarioEdit& edit, const SolverSnapshot& snap);
    // The shown slice of a 3D lattice (index -1: the middle).
    void set_slice(Axis axis, int index) { solver_.set_slice(axis, index); }

    // Draws the scenario and lattice section into the current ImGui window.
    void draw(const SolverSnapshot& snap);
    // Draws the 3D slice section (nothing for a 2D lattice).
    void draw_slice(const SolverSnapshot& snap);
    // The apply button's frame (x, y, w, h) as last drawn, for tests clicking it.
    const std::array<float, 4>& apply_button_rect() const { return apply_rect_; }
    const ScenarioEdit& edit() const { return edit_; }
    // What the widgets do: replaces the edit, which then stays until applied or reverted.
    void set_edit(const ScenarioEdit& edit) {
        edit_ = edit;
        dirty_ = true;
    }

private:
    void draw_lattice(const SolverSnapshot& snap);
    void draw_viscosity(); // Re or tau, for presets set by them

    SolverThread& solver_;
    std::function<void(const std::string&)> switch_scenario_;
    ScenarioEdit edit_;
    SolverStart synced_; // the run the edit was last taken from
    bool dirty_ = false; // the user changed the edit since: do not overwrite it
    std::array<float, 4> apply_rect_{};
};

} // namespace ll::gui

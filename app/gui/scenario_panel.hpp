// The panel's "lattice" and "3D slice" sections. The lattice section shows every key of the
// running preset (scenario_edit.hpp): a field per number, a combo per choice, the user's text
// kept as typed and each field checked as the solver checks it. Apply restarts the run through
// build_scenario() with the keys; a refused value leaves the old flow running. The 3D slice
// moves without touching the flow.
#pragma once
#include "app/live/solver_thread.hpp"
#include "scenario_edit.hpp"

#include <array>
#include <functional>
#include <map>
#include <string>

namespace ll::gui {

class ScenarioControls {
public:
    // `switch_scenario` starts a preset with its defaults (Controls::switch_scenario).
    ScenarioControls(SolverThread& solver, std::function<void(const std::string&)> switch_scenario)
        : solver_(solver), switch_scenario_(std::move(switch_scenario)) {}

    // Restarts with `keys` after a memory pre-flight (the scenario would allocate its fields
    // before Simulation::create can refuse a lattice too large): a ConfigError names the key
    // and its range in SolverSnapshot::error and the old run goes on.
    void apply_keys(const std::string& scenario, const KeyValues& keys, bool cpu_lattice);
    // Restarts with the edit's keys over the live tuning, unless a value is refused: then
    // refusal() says which and why, and the old run goes on.
    void apply(const ScenarioEdit& edit, const SolverSnapshot& snap);
    // The shown slice of a 3D lattice (index -1: the middle).
    void set_slice(Axis axis, int index) { solver_.set_slice(axis, index); }

    // Draws the lattice section into the current ImGui window.
    void draw(const SolverSnapshot& snap);
    // Draws the 3D slice section (nothing for a 2D lattice).
    void draw_slice(const SolverSnapshot& snap);
    // Frames (x, y, w, h) as last drawn, for tests clicking them: the apply button, a key's
    // field (zero for a key not drawn).
    const std::array<float, 4>& apply_button_rect() const { return apply_rect_; }
    std::array<float, 4> field_rect(const std::string& key) const;
    const ScenarioEdit& edit() const { return edit_; }
    // Why the last apply was refused (the refused values, as the solver words them); empty
    // after an apply that went to the solver or an edit since.
    const std::string& refusal() const { return refusal_; }
    // What the widgets do: replaces the edit, which then stays until applied or reverted.
    void set_edit(const ScenarioEdit& edit) {
        edit_ = edit;
        dirty_ = true;
        refusal_.clear();
    }

private:
    void draw_preset();
    void draw_key(const KeySpec& k, const SolverSnapshot& snap);
    bool draw_choice(const KeySpec& k, const std::string& shown);
    bool draw_number(const KeySpec& k, const std::string& hint, bool refused);
    void mark_field(const KeySpec& k); // the last item is k's field: its frame and tooltip
    void draw_apply(const SolverSnapshot& snap);

    SolverThread& solver_;
    std::function<void(const std::string&)> switch_scenario_;
    ScenarioEdit edit_;
    SolverStart synced_; // the run the edit was last taken from
    bool dirty_ = false; // the user changed the edit since: do not overwrite it
    std::string refusal_;
    std::array<float, 4> apply_rect_{};
    std::map<std::string, std::array<float, 4>> field_rects_;
};

} // namespace ll::gui

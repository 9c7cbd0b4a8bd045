// [SECTION] actions
// [SECTION] the lattice section: the preset, a field per key, apply
// [SECTION] the 3D slice section
#include "scenario_panel.hpp"

#include "panel_widgets.hpp"
#include "solver/scenario/preflight.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace ll::gui {

// ---- [SECTION] actions -------------------------------------------------------------------

void ScenarioControls::apply_keys(const std::string& scenario, const KeyValues& keys,
                                  bool cpu_lattice) {
    SolverStart next = solver_.current_start();
    next.scenario = scenario;
    next.keys = keys;
    solver_.restart(next, [cpu_lattice](const SolverStart& s) {
        preflight_scenario(s.scenario, s.keys, cpu_lattice);
    });
    dirty_ = false;
}

void ScenarioControls::apply(const ScenarioEdit& edit, const SolverSnapshot& snap) {
    // Checked here, as the solver would check them, so that the message stays by the fields.
    const std::vector<std::string> problems = edit_problems(edit);
    refusal_.clear();
    for (const std::string& p : problems)
        refusal_ += (refusal_.empty() ? "Not applied, the flow goes on: " : "; ") + p;
    if (!refusal_.empty()) return;
    apply_keys(edit.scenario, scenario_keys(edit, snap), snap.backend != "cuda");
}

std::array<float, 4> ScenarioControls::field_rect(const std::string& key) const {
    const auto it = field_rects_.find(key);
    return it == field_rects_.end() ? std::array<float, 4>{} : it->second;
}

// ---- [SECTION] the lattice section: the preset, a field per key, apply -------------------

namespace {

bool same_start(const SolverStart& a, const SolverStart& b) {
    return a.scenario == b.scenario && a.keys == b.keys && a.backend == b.backend;
}

void error_text(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

} // namespace

void ScenarioControls::draw(const SolverSnapshot& snap) {
    if (snap.serial == 0) return;
    // Follow the run (live tau, a preset switch, a file opened) unless the user is editing; a
    // new run replaces even an edit in progress.
    const SolverStart now = solver_.current_start();
    if (!dirty_ || !same_start(now, synced_)) {
        if (!same_start(now, synced_)) refusal_.clear();
        edit_ = edit_of(now, snap);
        synced_ = now;
        dirty_ = false;
    }
    draw_preset();
    ImGui::TextDisabled("grey: a default or a derived value");
    ImGui::PushID("keys");
    field_rects_.clear();
    for (const KeySpec* k : panel_keys(edit_.scenario))
        draw_key(*k, snap);
    ImGui::PopID();
    draw_apply(snap);
}

void ScenarioControls::draw_preset() {
    if (ImGui::BeginCombo("preset", edit_.scenario.c_str())) {
        for (const ScenarioSpec& s : scenarios()) {
            if (ImGui::Selectable(scenario_label(s).c_str(), s.name == edit_.scenario) &&
                s.name != edit_.scenario)
                switch_scenario_(s.name); // its defaults; the edit follows the run
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.summary.c_str());
        }
        ImGui::EndCombo();
    }
    tooltip("The flow to run: a lid-driven cavity, a channel or duct, flow past a cylinder or "
            "sphere, decaying vortices, or a thermal flow (Rayleigh-Taylor, natural "
            "convection). Picking one restarts with its defaults.");
}

void ScenarioControls::draw_key(const KeySpec& k, const SolverSnapshot& snap) {
    const std::string hint = unset_hint(edit_, k, snap);
    const std::string problem = key_problem(edit_, k);
    const auto set = edit_.keys.find(k.name);
    const bool changed = k.kind == KeySpec::Kind::Choice
                             ? draw_choice(k, set == edit_.keys.end() ? hint : set->second)
                             : draw_number(k, hint, !problem.empty());
    if (changed) {
        dirty_ = true;
        refusal_.clear();
    }
    if (!problem.empty()) error_text(problem);
}

void ScenarioControls::mark_field(const KeySpec& k) {
    field_rects_[k.name] = item_rect();
    wrapped_tooltip(key_tooltip(k).c_str());
}

bool ScenarioControls::draw_choice(const KeySpec& k, const std::string& shown) {
    const bool open = ImGui::BeginCombo(k.name.c_str(), shown.c_str());
    mark_field(k); // the combo's frame, not the last entry of its list
    if (!open) return false;
    bool changed = false;
    for (const std::string& c : key_choices(k))
        if (ImGui::Selectable(c.c_str(), c == shown) && c != shown) {
            set_key(edit_, k.name, c);
            changed = true;
        }
    ImGui::EndCombo();
    return changed;
}

bool ScenarioControls::draw_number(const KeySpec& k, const std::string& hint, bool refused) {
    const auto set = edit_.keys.find(k.name);
    std::string text = set == edit_.keys.end() ? std::string() : set->second;
    // A box's sides are joined by 'x'; other numbers take only what numbers are written with.
    const ImGuiInputTextFlags flags =
        k.sides > 0 ? ImGuiInputTextFlags_CharsNoBlank : ImGuiInputTextFlags_CharsScientific;
    if (refused) ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.55f, 0.12f, 0.12f, 1));
    const bool changed = ImGui::InputTextWithHint(k.name.c_str(), hint.c_str(), &text, flags);
    if (refused) ImGui::PopStyleColor();
    mark_field(k);
    if (changed) set_key(edit_, k.name, text);
    return changed;
}

void ScenarioControls::draw_apply(const SolverSnapshot& snap) {
    if (ImGui::Button(dirty_ ? "apply (restarts the flow)*" : "apply (restarts the flow)"))
        apply(edit_, snap);
    apply_rect_ = item_rect();
    tooltip("Builds the new lattice first; if a value is out of range or the lattice does not "
            "fit in memory, the message says which and the current flow keeps running.");
    ImGui::SameLine();
    if (ImGui::Button("revert")) {
        dirty_ = false;
        refusal_.clear();
    }
    tooltip("Forget the edits: show the running flow's values again.");
    if (refusal_.empty()) return;
    // The drawn edit's refused values have their messages under their fields already.
    error_text(edit_problems(edit_).empty() ? refusal_
                                            : "Not applied, the flow goes on: the values in red "
                                              "are refused, as the messages under them say.");
}

// ---- [SECTION] the 3D slice section ------------------------------------------------------

namespace {
constexpr const char* kAxes[] = {"x", "y", "z"};
} // namespace

void ScenarioControls::draw_slice(const SolverSnapshot& snap) {
    if (snap.dims.nz <= 1) return; // a 2D lattice has its one slice
    ImGui::Separator();
    ImGui::TextUnformatted("3D slice");
    int axis = int(snap.slice_axis);
    if (ImGui::Combo("normal axis", &axis, kAxes, 3) && axis != int(snap.slice_axis))
        set_slice(Axis(axis), -1);
    tooltip("The slice is the plane normal to this axis: x shows a y-z plane, z an x-y plane. "
            "The inset outlines the box and the plane.");
    int index = int(snap.slice_index);
    const int count = int(slice_count(snap.dims, snap.slice_axis));
    if (ImGui::SliderInt("position", &index, 0, std::max(0, count - 1)))
        set_slice(snap.slice_axis, index);
    tooltip("Which plane along the axis, in nodes (0 and the last are usually walls). Moving "
            "it does not disturb the flow.");
}

} // namespace ll::gui

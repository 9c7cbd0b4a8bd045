// [SECTION] keys of an edit
// [SECTION] actions
// [SECTION] ImGui sections
#include "scenario_panel.hpp"

#include "solver/scenario/preflight.hpp"

#include <imgui.h>

#include <charconv>
#include <cstdio>

namespace ll::gui {

// ---- [SECTION] keys of an edit -----------------------------------------------------------

namespace {

const KeySpec* key_of(const std::string& scenario, const std::string& name) {
    const ScenarioSpec* spec = find_scenario(scenario);
    return spec ? find_key(*spec, name) : nullptr;
}

// A choice key's values: "a|b|c" -> {a, b, c}.
std::vector<std::string> choices_of(const KeySpec& k) {
    std::vector<std::string> out;
    const std::string choices = k.choices + "|";
    for (std::size_t p = 0, q; (q = choices.find('|', p)) != std::string::npos; p = q + 1)
        out.push_back(choices.substr(p, q - p));
    return out;
}

double number_or(const KeyValues& keys, const std::string& name, double fallback) {
    const auto it = keys.find(name);
    if (it == keys.end()) return fallback;
    double v = fallback;
    std::from_chars(it->second.data(), it->second.data() + it->second.size(), v);
    return v;
}

} // namespace

std::string number_text(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
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

std::vector<std::string> scenario_stencils(const std::string& scenario) {
    const KeySpec* k = key_of(scenario, "stencil");
    if (!k) return {};
    // The key's choices of the default's dimension (a 2D lattice takes no 3D stencil).
    const int dims = dimensions(*parse_stencil(k->default_value));
    std::vector<std::string> out;
    for (const std::string& c : choices_of(*k))
        if (dimensions(*parse_stencil(c)) == dims) out.push_back(c);
    return out;
}

const KeySpec* boundary_key(const std::string& scenario) {
    for (const char* name : {"walls", "sides"})
        if (const KeySpec* k = key_of(scenario, name)) return k;
    return nullptr;
}

ScenarioEdit edit_of(const SolverStart& start, const SolverSnapshot& snap) {
    ScenarioEdit e;
    e.scenario = start.scenario;
    e.stencil = std::string(to_string(snap.model.stencil));
    const KeySpec* size = key_of(start.scenario, "size");
    e.size = int(number_or(start.keys, "size", size ? std::stod(size->default_value) : 0));
    const KeySpec* re = key_of(start.scenario, "re");
    const bool has_re_default = re && !re->default_value.empty();
    // Tau when the user gave it or the preset has no Reynolds number (Taylor-Green).
    e.use_tau = start.keys.contains("tau") || (!start.keys.contains("re") && !has_re_default);
    e.re = number_or(start.keys, "re", has_re_default ? std::stod(re->default_value) : 100);
    e.tau = snap.tau;
    if (const KeySpec* b = boundary_key(start.scenario))
        e.boundary = start.keys.contains(b->name) ? start.keys.at(b->name) : b->default_value;
    return e;
}

KeyValues scenario_keys(const ScenarioEdit& e, const SolverSnapshot& snap) {
    KeyValues k = model_keys(snap.model, snap.launch);
    k["stencil"] = e.stencil;
    k["size"] = std::to_string(e.size);
    // Presets set by other numbers (Ra, Pr, ...) have neither key: they keep their own.
    const char* viscosity = e.use_tau ? "tau" : "re";
    if (key_of(e.scenario, viscosity)) k[viscosity] = number_text(e.use_tau ? e.tau : e.re);
    if (const KeySpec* b = boundary_key(e.scenario)) k[b->name] = e.boundary;
    return k;
}

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
    apply_keys(edit.scenario, scenario_keys(edit, snap), snap.backend != "cuda");
}

// ---- [SECTION] ImGui sections ------------------------------------------------------------

namespace {

void tooltip(const char* text) {
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

// "an integer in [4, 400]": the range the solver will check, shown before it does.
std::string range_of(const KeySpec* k) {
    if (!k) return "";
    char buf[96];
    std::snprintf(buf, sizeof buf, "allowed: %g to %g", k->min, k->max);
    return buf;
}

bool same_start(const SolverStart& a, const SolverStart& b) {
    return a.scenario == b.scenario && a.keys == b.keys && a.backend == b.backend;
}

constexpr const char* kAxes[] = {"x", "y", "z"};

} // namespace

void ScenarioControls::draw(const SolverSnapshot& snap) {
    if (snap.serial == 0) return;
    // Follow the run (live tau, a preset switch, a file opened) unless the user is editing; a
    // new run replaces even an edit in progress.
    const SolverStart now = solver_.current_start();
    if (!dirty_ || !same_start(now, synced_)) {
        edit_ = edit_of(now, snap);
        synced_ = now;
        dirty_ = false;
    }
    draw_lattice(snap);
}

void ScenarioControls::draw_lattice(const SolverSnapshot& snap) {
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

    const auto stencils = scenario_stencils(edit_.scenario);
    if (ImGui::BeginCombo("stencil", edit_.stencil.c_str())) {
        for (const std::string& s : stencils)
            if (ImGui::Selectable(s.c_str(), s == edit_.stencil)) {
                dirty_ |= s != edit_.stencil;
                edit_.stencil = s;
            }
        ImGui::EndCombo();
    }
    tooltip("The velocity set DdQq: q discrete velocities in d dimensions. D3Q27 adds the cube "
            "corners to D3Q19: more isotropic, 42% more memory traffic per node.");

    const KeySpec* size = key_of(edit_.scenario, "size");
    dirty_ |= ImGui::InputInt("size", &edit_.size, 1, 8);
    const std::string size_tip = (size ? size->help + "; " : std::string()) + range_of(size) +
                                 ". Nodes, memory and time per step grow with size^d.";
    tooltip(size_tip.c_str());

    // Presets set by other numbers (the Boussinesq ones: Ra, Pr, ...) show neither.
    if (key_of(edit_.scenario, "re") || key_of(edit_.scenario, "tau")) draw_viscosity();
    if (const KeySpec* b = boundary_key(edit_.scenario)) {
        if (ImGui::BeginCombo(b->name.c_str(), edit_.boundary.c_str())) {
            for (const std::string& c : choices_of(*b)) {
                if (ImGui::Selectable(c.c_str(), c == edit_.boundary)) {
                    dirty_ |= c != edit_.boundary;
                    edit_.boundary = c;
                }
            }
            ImGui::EndCombo();
        }
        const std::string tip = b->help + ". no_slip: bounce-back, the fluid sticks to the wall; "
                                          "free_slip: specular reflection, it slides along it.";
        tooltip(tip.c_str());
    }
    if (ImGui::Button(dirty_ ? "apply (restarts the flow)*" : "apply (restarts the flow)"))
        apply(edit_, snap);
    const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
    apply_rect_ = {a.x, a.y, z.x - a.x, z.y - a.y};
    tooltip("Builds the new lattice first; if a value is out of range or the lattice does not "
            "fit in memory, the message says which and the current flow keeps running.");
    ImGui::SameLine();
    if (ImGui::Button("revert")) dirty_ = false;
    tooltip("Forget the edits: show the running flow's values again.");
}

void ScenarioControls::draw_viscosity() {
    int mode = edit_.use_tau ? 1 : 0;
    ImGui::RadioButton("Re", &mode, 0);
    tooltip("Set the Reynolds number Re = u_ref L / nu (inertia over viscosity); tau follows "
            "as 1/2 + 3 u_ref L / Re. Higher Re: thinner boundary layers, vortex shedding.");
    ImGui::SameLine();
    ImGui::RadioButton("tau", &mode, 1);
    tooltip("Set the relaxation time directly; the Reynolds number follows. Unlike the live "
            "tau field above, this restarts the flow with the new lattice.");
    dirty_ |= (mode == 1) != edit_.use_tau;
    edit_.use_tau = mode == 1;
    if (edit_.use_tau) {
        dirty_ |= ImGui::InputDouble("tau##lattice", &edit_.tau, 0.01, 0.1, "%.4f");
        tooltip("Relaxation time, allowed: above 0.5 up to 10. nu = (tau - 1/2) / 3.");
    } else {
        dirty_ |= ImGui::InputDouble("Reynolds", &edit_.re, 10, 100, "%.1f");
        const std::string re_tip = "Reynolds number; " + range_of(key_of(edit_.scenario, "re")) +
                                   ". Too high for the lattice makes tau approach 1/2: unstable.";
        tooltip(re_tip.c_str());
    }
}

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

// [SECTION] names
// [SECTION] actions
// [SECTION] the ImGui panel
#include "controls.hpp"

#include "help_panel.hpp"
#include "panel_widgets.hpp"
#include "solver/io/fields.hpp"
#include "tuning.hpp"

#include <imgui.h>

#include <array>
#include <string>

namespace ll::gui {

// ---- [SECTION] names ---------------------------------------------------------------------

namespace {
// The fields offered: 2D, 3D (adds u_z), thermal (adds the temperature).
constexpr std::array kFields = {FieldKind::Speed, FieldKind::Ux, FieldKind::Uy,
                                FieldKind::Vorticity, FieldKind::Density};
constexpr std::array kFields3D = {FieldKind::Speed, FieldKind::Ux,        FieldKind::Uy,
                                  FieldKind::Uz,    FieldKind::Vorticity, FieldKind::Density};
constexpr std::array kThermalFields = {FieldKind::Temperature, FieldKind::Speed,
                                       FieldKind::Ux,          FieldKind::Uy,
                                       FieldKind::Vorticity,   FieldKind::Density};
constexpr std::array kThermalFields3D = {
    FieldKind::Temperature, FieldKind::Speed,     FieldKind::Ux,     FieldKind::Uy,
    FieldKind::Uz,          FieldKind::Vorticity, FieldKind::Density};
constexpr std::array kSchemes = {Scheme::Push, Scheme::Pull,     Scheme::Split,
                                 Scheme::AA,   Scheme::Esoteric, Scheme::SharedX};
constexpr std::array kLayouts = {Layout::SoA, Layout::AoS, Layout::AoSoA};
constexpr std::array kPrecisions = {Precision::FP32, Precision::FP64};
constexpr std::array kStorages = {Storage::FP32, Storage::FP16S, Storage::FP16C, Storage::FP64};
constexpr std::array kCollisions = {CollisionKind::BGK, CollisionKind::TRT, CollisionKind::MRT};
constexpr std::array kMaps = {render::ColorMap::Viridis, render::ColorMap::BlueWhiteRed,
                              render::ColorMap::Inferno};
} // namespace

std::string_view field_label(FieldKind field) {
    switch (field) {
    case FieldKind::Speed:
        return "speed |u|";
    case FieldKind::Ux:
        return "u_x";
    case FieldKind::Uy:
        return "u_y";
    case FieldKind::Uz:
        return "u_z";
    case FieldKind::Vorticity:
        return "vorticity";
    case FieldKind::Density:
        return "density";
    case FieldKind::Temperature:
        return "temperature T";
    }
    return "?";
}

render::ColorMap default_colormap(FieldKind field, const Dims& dims) {
    return render::default_colormap(FieldRequest{field, -1}, dims);
}

// ---- [SECTION] actions -------------------------------------------------------------------

template <class F>
void Controls::change_model(F&& edit) {
    solver_.post([edit](Simulation& sim) {
        ModelChoice m = sim.setup().model;
        edit(m);
        sim.set_model(m); // keeps the flow's state; throws ConfigError when incompatible
    });
}

template <class F>
void Controls::change_launch(F&& edit) {
    solver_.post([edit](Simulation& sim) {
        LaunchConfig l = sim.setup().launch;
        edit(l);
        sim.set_launch(l);
    });
}

void Controls::set_scheme(Scheme s) {
    change_model([s](ModelChoice& m) { m.scheme = s; });
}
void Controls::set_layout(Layout l) {
    change_model([l](ModelChoice& m) { m.layout = l; });
}
void Controls::set_precision(Precision p) {
    change_model([p](ModelChoice& m) {
        m.precision = p;
        if (p == Precision::FP64) m.storage.reset();
    });
}
void Controls::set_storage(Storage s) {
    change_model([s](ModelChoice& m) {
        m.precision = s == Storage::FP64 ? Precision::FP64 : Precision::FP32;
        ll::set_storage(m, s);
    });
}
void Controls::set_collision(CollisionKind c) {
    change_model([c](ModelChoice& m) { m.collision = c; });
}
void Controls::set_block_size(int threads) {
    change_launch([threads](LaunchConfig& l) { l.block_size = threads; });
}
void Controls::set_occupancy_cap(int blocks_per_sm) {
    change_launch([blocks_per_sm](LaunchConfig& l) { l.blocks_per_sm_cap = blocks_per_sm; });
}
void Controls::set_register_cap(int registers) {
    change_launch([registers](LaunchConfig& l) { l.register_cap = registers; });
}

void Controls::set_tau(double tau) {
    solver_.post([tau](Simulation& sim) {
        FlowParams flow = sim.setup().flow;
        flow.tau = tau;
        sim.set_flow(flow);
    });
}

void Controls::set_field(FieldKind field) {
    view_.field = field;
    view_.map = default_colormap(field, dims_);
    solver_.set_field(field);
}

void Controls::switch_scenario(const std::string& name) {
    solver_.switch_scenario(name);
    // Rayleigh-Taylor mushrooms and convection rolls are hot fluid rising and cold falling.
    const ScenarioSpec* spec = find_scenario(name);
    if (spec && spec->has_temperature) set_field(FieldKind::Temperature);
}

void Controls::set_paused(bool paused) {
    paused_ = paused;
    solver_.set_paused(paused);
}

void Controls::paint(render::gl::NodeXY at, bool solid) {
    const int r = view_.brush_radius;
    const Axis axis = slice_axis_;
    const std::uint32_t index = slice_index_;
    solver_.post([at, r, solid, axis, index](Simulation& sim) {
        const Dims d = sim.setup().dims;
        const auto& flags = sim.setup().flags;
        const NodeType from = solid ? kFluid : kSolid, to = solid ? kSolid : kFluid;
        std::vector<std::pair<node_t, NodeType>> edits;
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                const long u = long(at.x) + dx, v = long(at.y) + dy;
                const SliceExtent e = slice_extent(d, axis);
                if (dx * dx + dy * dy > r * r || u < 0 || v < 0 || u >= long(e.width) ||
                    v >= long(e.height) || index >= slice_count(d, axis))
                    continue;
                // (u, v) on the slice to the node: the slice's first in-plane axis is u.
                const FieldRegion region{false, axis, index};
                const node_t n = region_node(d, region, std::uint64_t(v) * e.width + u);
                if (node_type(flags[n]) == from) edits.emplace_back(n, to);
            }
        if (!edits.empty()) sim.set_node_types(edits);
    });
}

// ---- [SECTION] the ImGui panel -----------------------------------------------------------

void Controls::draw_panel(const SolverSnapshot& snap, std::string_view slice_path, double fps) {
    dims_ = snap.dims;
    slice_axis_ = snap.slice_axis;
    slice_index_ = snap.slice_index;
    if (panel_visible_) {
        draw_main(snap, slice_path, fps);
    } else {
        panel_[0] = panel_[1] = panel_[2] = panel_[3] = 0;
        nusselt_line_.clear();
    }
    if (help_request_) ImGui::SetWindowCollapsed("Help", false);
    help_request_ = false;
    help_open_ = draw_help_panel(snap);
    draw_instability(snap);
}

void Controls::draw_main(const SolverSnapshot& snap, std::string_view slice_path, double fps) {
    ImGui::SetNextWindowPos(ImVec2(8, 8), ImGuiCond_Once);
    ImGui::SetNextWindowSize(ImVec2(300, 0), ImGuiCond_Once);
    ImGui::SetNextWindowBgAlpha(0.85f);
    ImGui::Begin("LatticeLab");
    // The solver pauses itself on a blow-up: the run button must say so.
    // Once per blow-up: a stale snapshot must not undo a later "run" or reset.
    if (snap.blowups != blowups_seen_) paused_ = true;
    blowups_seen_ = snap.blowups;
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    panel_[0] = pos.x, panel_[1] = pos.y, panel_[2] = size.x, panel_[3] = size.y;

    // A tab asked for by select_tab() opens on this frame.
    const auto tab = [this](const char* label, Tab which) {
        const bool pick = select_tab_ == int(which);
        return ImGui::BeginTabItem(label, nullptr, pick ? ImGuiTabItemFlags_SetSelected : 0);
    };
    ImGui::Text("%s  step %llu", snap.scenario.c_str(), (unsigned long long)snap.step);
    ImGui::Text("%.1f MLUPS  %.0f FPS", snap.mlups, fps);
    if (ImGui::Button(paused_ ? "run" : "pause")) set_paused(!paused_);
    pause_rect_ = item_rect();
    tooltip("Space: pause or run the solver thread; the view stays live either way.");
    ImGui::SameLine();
    if (ImGui::Button("step")) step_once();
    step_rect_ = item_rect();
    tooltip("S: one time step (collide + stream) while paused.");
    ImGui::SameLine();
    if (ImGui::Button("reset")) reset();
    tooltip("R: restart the scenario from its initial state, keeping scheme, layout and launch.");
    draw_nusselt(snap);
    draw_warnings(snap);

    // Tabs keep the panel short enough to leave the slice in view on a laptop screen.
    if (ImGui::BeginTabBar("sections")) {
        ImGui::PushItemWidth(150);
        if (tab("tuning", Tab::Tuning)) {
            Scheme scheme = snap.model.scheme;
            if (combo(
                    "scheme", kSchemes, snap.model.scheme, scheme,
                    [](Scheme s) { return to_string(s); }, [](Scheme s) { return describe(s); }))
                set_scheme(scheme);
            Layout layout = snap.model.layout;
            if (combo(
                    "layout", kLayouts, snap.model.layout, layout,
                    [](Layout l) { return to_string(l); }, [](Layout l) { return describe(l); }))
                set_layout(layout);
            Precision precision = snap.model.precision;
            if (combo(
                    "precision", kPrecisions, snap.model.precision, precision,
                    [](Precision p) { return to_string(p); },
                    [](Precision) {
                        return std::string_view(
                            "Bytes per population: FP64 doubles the memory traffic per node "
                            "update, and "
                            "LBM speed is bound by memory traffic, so it roughly halves MLUPS.");
                    }))
                set_precision(precision);
            draw_storage(snap);
            CollisionKind collision = snap.model.collision;
            if (combo(
                    "collision", kCollisions, snap.model.collision, collision,
                    [](CollisionKind c) { return to_string(c); },
                    [](CollisionKind c) { return describe(c); }))
                set_collision(collision);

            // The slider edits warps (multiples of 32 threads) and applies on release only, so that
            // a drag does not rebuild the launch at every intermediate value.
            if (!warps_active_) warps_ = std::max(1, snap.launch.block_size / 32);
            const float frame_w = ImGui::CalcItemWidth();
            ImGui::SliderInt("threads/block", &warps_, 1, 32, std::to_string(warps_ * 32).c_str());
            block_rect_ = item_rect();
            block_rect_[2] = frame_w;
            warps_active_ = ImGui::IsItemActive();
            if (ImGui::IsItemDeactivatedAfterEdit()) set_block_size(warps_ * 32);
            tooltip(
                "Threads per block: how many GPU threads (one per node) run together on one SM, in "
                "warps of 32 that execute in lockstep. Bigger blocks share an SM among fewer "
                "blocks; "
                "the best size depends on registers per thread (seed 004, Fig. 5).");
            const LiveEdits edits = live_edits(snap);
            int cap = snap.launch.blocks_per_sm_cap;
            ImGui::BeginDisabled(!edits.occupancy_cap);
            if (ImGui::SliderInt("occupancy cap", &cap, 0, 32, cap == 0 ? "none" : "%d blocks/SM"))
                set_occupancy_cap(cap);
            ImGui::EndDisabled();
            tooltip(("Occupancy: how many warps an SM keeps in flight to hide memory latency. The "
                     "cap limits blocks per SM (0 = none) by reserving shared memory. " +
                     edits.cap_note)
                        .c_str());
            draw_register_cap(snap);

            // Like the block size, tau applies when the edit ends, not at every typed digit.
            if (!tau_active_) tau_ = float(snap.tau);
            ImGui::BeginDisabled(!edits.tau);
            ImGui::InputFloat("tau", &tau_, 0.01f, 0.1f, "%.4f");
            ImGui::EndDisabled();
            tau_active_ = ImGui::IsItemActive();
            if (ImGui::IsItemDeactivatedAfterEdit()) set_tau(tau_);
            tooltip(("Relaxation time: the viscosity is nu = cs^2 (tau - 1/2), cs^2 = 1/3 on D2Q9, "
                     "D3Q19 and D3Q27 and 1 on D2Q37. Close to 1/2 the fluid is nearly inviscid "
                     "and the collision becomes unstable; the solver then pauses and says why. " +
                     edits.tau_note)
                        .c_str());

            draw_tuning(snap);
            if (ImGui::Button("sweep")) sweep();
            tooltip(
                "Runs the live lattice at block sizes 32..1024 and plots MLUPS against them (seed "
                "004, Fig. 5), then restores this launch: the best size balances occupancy against "
                "registers per thread. The result opens in the Lab dock, beside the performance "
                "model's prediction; the occupancy-cap sweep is there too.");
            draw_subdomains(snap);

            ImGui::EndTabItem();
        }
        if (tab("view", Tab::View)) {
            FieldKind field = view_.field;
            const auto field_tip = [](FieldKind) {
                return std::string_view(
                    "The macroscopic field drawn on the slice: density and velocity "
                    "are moments (sums over c_i) of the populations; vorticity is "
                    "the curl of the velocity; temperature (thermal models) is the second "
                    "moment, the spread of the populations around u, in the d2q37 model and "
                    "the sum of a second population (theta = T - T0) in the Boussinesq one.");
            };
            const bool changed =
                snap.has_temperature && snap.dims.nz > 1
                    ? combo("field", kThermalFields3D, view_.field, field, field_label, field_tip)
                : snap.has_temperature
                    ? combo("field", kThermalFields, view_.field, field, field_label, field_tip)
                : snap.dims.nz > 1
                    ? combo("field", kFields3D, view_.field, field, field_label, field_tip)
                    : combo("field", kFields, view_.field, field, field_label, field_tip);
            if (changed) set_field(field);
            render::ColorMap map = view_.map;
            const auto map_tip = [](render::ColorMap) {
                return std::string_view(
                    "viridis: perceptually uniform for magnitudes; blue-white-red: "
                    "diverging, white at zero, for signed fields; inferno: for "
                    "temperature.");
            };
            if (combo("colour map", kMaps, view_.map, map, render::to_string, map_tip))
                set_colormap(map);
            ImGui::Checkbox("auto range", &view_.auto_range);
            tooltip("Auto range follows the slice's minimum and maximum every frame; off, a fixed "
                    "range "
                    "makes frames comparable over time.");
            if (!view_.auto_range) {
                ImGui::DragFloatRange2("range", &view_.fixed_min, &view_.fixed_max, 0.001f);
                tooltip("The values mapped to the colour bar's ends.");
            }
            ImGui::Separator();
            int tool = int(view_.tool);
            ImGui::RadioButton("probe", &tool, int(Tool::Probe));
            tooltip("probe: hover over the slice to read the field's value at that node.");
            ImGui::SameLine();
            ImGui::RadioButton("draw", &tool, int(Tool::DrawObstacle));
            ImGui::SameLine();
            ImGui::RadioButton("erase", &tool, int(Tool::EraseObstacle));
            view_.tool = Tool(tool);
            tooltip(
                "draw / erase: left-drag paints solid (bounce-back) nodes or fluid on the slice. "
                "Right-drag pans, the wheel zooms.");
            ImGui::SliderInt("brush", &view_.brush_radius, 0, 8, "%d nodes");
            tooltip("Radius of the painted disc. Solid nodes use half-way bounce-back: populations "
                    "hitting them return where they came from, a no-slip wall half a node away.");

            scenario_.draw_slice(snap);
            ImGui::EndTabItem();
        }
        if (tab("lattice", Tab::Lattice)) {
            scenario_.draw(snap);
            ImGui::EndTabItem();
        }
        ImGui::PopItemWidth();
        ImGui::EndTabBar();
    }
    select_tab_ = -1;

    ImGui::Separator();
    ImGui::TextWrapped("%s", snap.backend_note.c_str());
    // Wrapped like the note above: the reason after the path's name is the part that matters.
    ImGui::TextWrapped("slice path: %.*s", int(slice_path.size()), slice_path.data());
    if (!snap.error.empty())
        ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", snap.error.c_str());
    ImGui::End();
}

std::array<float, 4> Controls::panel_rect() const {
    return {panel_[0], panel_[1], panel_[2], panel_[3]};
}

void Controls::draw_register_cap(const SolverSnapshot& snap) {
    std::vector<int> caps{0};
    caps.insert(caps.end(), snap.register_caps.begin(), snap.register_caps.end());
    const auto name = [](int cap) {
        return cap ? std::to_string(cap) + " registers" : std::string("compiler's choice");
    };
    const std::string note = register_cap_note(snap);
    // Enabled while a cap is set, too: the way back to the compiler's choice stays open.
    ImGui::BeginDisabled(caps.size() == 1);
    int chosen = snap.launch.register_cap;
    if (combo("register cap", caps, snap.launch.register_cap, chosen, name,
              [](int) { return std::string(); }))
        set_register_cap(chosen);
    ImGui::EndDisabled();
    tooltip((std::string(tips::kRegisterCap) + note).c_str());
}

void Controls::draw_tuning(const SolverSnapshot& snap) {
    ImGui::Separator();
    const TuningReadout r = tuning_readout(snap);
    const auto line = [](const std::string& text, const char* tip) {
        ImGui::TextUnformatted(text.c_str());
        tooltip(tip);
    };
    line(r.registers, tips::kRegisters);
    line(r.blocks_per_sm, tips::kBlocksPerSm);
    line(r.occupancy, tips::kOccupancy);
    line(r.bytes_per_node, tips::kBytes);
    line(r.mlups, tips::kMlups);
    line(r.bandwidth, tips::kBandwidth);
    line(r.fraction_of_copy, tips::kBandwidth);
}

// The same checks `latticelab run` prints before it starts, kept in view while they hold:
// a run that is about to blow up or stay flat should say so before the user waits for it.
void Controls::draw_warnings(const SolverSnapshot& snap) {
    if (snap.warnings.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.78f, 0.25f, 1.0f));
    for (const std::string& w : snap.warnings)
        ImGui::TextWrapped("warning: %s", w.c_str());
    ImGui::PopStyleColor();
    tooltip("Checked on the parameters alone (tau, tau_T, the expected Mach number, the "
            "viscous damping of the growth rate); the run goes on, but may blow up or show "
            "little. Change the parameter named, or reset to the preset's defaults.");
}

void Controls::draw_storage(const SolverSnapshot& snap) {
    const Storage current = stored_as(snap.model);
    Storage storage = current;
    // What each choice would cost on this model: the one bytes-per-node formula.
    const auto tip = [&snap](Storage s) {
        ModelChoice m = snap.model;
        m.precision = s == Storage::FP64 ? Precision::FP64 : Precision::FP32;
        m.storage.reset();
        if (s == Storage::FP16S || s == Storage::FP16C) m.storage = s;
        char bytes[96];
        std::snprintf(bytes, sizeof bytes, " %.0f B per node update on this model.",
                      bytes_per_node_update(m));
        return std::string(describe(s)) + bytes +
               " Fewer bytes per node let a larger lattice fit and, on a GPU, run faster: the "
               "kernels are memory-bound, so MLUPS follow the bytes (an H100: fp16s 1.7x fp32).";
    };
    if (combo(
            "storage", kStorages, current, storage, [](Storage s) { return to_string(s); }, tip))
        set_storage(storage);
}

void Controls::draw_nusselt(const SolverSnapshot& snap) {
    nusselt_line_.clear();
    if (!snap.has_nusselt) return;
    nusselt_line_ = "Nusselt number: " + snap.nusselt.text;
    ImGui::TextWrapped("%s", nusselt_line_.c_str());
    if (!ImGui::IsItemHovered()) return;
    ImGui::SetTooltip(
        "The Nusselt number is the heat crossing the fluid from the hot wall to the cold one,\n"
        "in units of what conduction alone carries through fluid at rest (Nu = 1). Buoyant\n"
        "rolls carry hot fluid across, so Nu grows with the Rayleigh number:\n"
        "    Nu = 1 + H <u theta> / (kappa dT),\n"
        "the mean over the fluid of the velocity across the walls times the temperature theta,\n"
        "H the distance between the walls, kappa the thermal diffusivity, dT the wall\n"
        "difference. It settles after a few diffusion times H^2 / kappa; de Vahl Davis (1983)\n"
        "benchmarked the square cavity at Ra 1e3..1e6 (Pr 0.71).\n\n"
        "Measured once a second on the solver thread; this value: step %llu, t = %.3g H^2 / "
        "kappa.",
        (unsigned long long)snap.nusselt.step, snap.nusselt.time);
}

void Controls::draw_instability(const SolverSnapshot& snap) {
    if (snap.instability.empty()) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(460.0f, display.x - 20), 0), ImGuiCond_Always);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.35f, 0.05f, 0.05f, 0.95f));
    ImGui::Begin("Unstable flow: paused", nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::TextWrapped("%s", snap.instability.c_str());
    ImGui::Spacing();
    if (ImGui::Button("reset the flow and run")) {
        reset();
        set_paused(false);
    }
    tooltip("Restarts the scenario from its initial state with its default tau.");
    ImGui::End();
    ImGui::PopStyleColor();
}

bool Controls::panel_contains(float x, float y) const {
    return x >= panel_[0] && y >= panel_[1] && x < panel_[0] + panel_[2] &&
           y < panel_[1] + panel_[3];
}

} // namespace ll::gui

// The control panel: the actions every control calls (public, so tests and future menus and
// shortcuts call the very same functions) and the Dear ImGui panel that exposes them.
#pragma once
#include "app/live/solver_thread.hpp"
#include "render/colormap.hpp"
#include "render/gl/view_transform.hpp"
#include "scenario_panel.hpp"

#include <array>

namespace ll::gui {

enum class Tool : std::uint8_t { Probe, DrawObstacle, EraseObstacle };

// Display choices that live in the GUI only (the solver never sees them).
struct ViewSettings {
    FieldKind field = FieldKind::Speed;
    render::ColorMap map = render::ColorMap::Viridis;
    bool auto_range = true;
    float fixed_min = 0, fixed_max = 0.15f;
    Tool tool = Tool::Probe;
    int brush_radius = 2; // nodes
    // Lines on the slice where the subdomains meet (a lattice split into tiles).
    bool subdomain_outlines = false;
};

std::string_view field_label(FieldKind field); // "speed |u|", "u_x", ...
// render::default_colormap: signed fields diverging, temperature inferno, the rest viridis.
render::ColorMap default_colormap(FieldKind field, const Dims& dims);

class Controls {
public:
    explicit Controls(SolverThread& solver)
        : solver_(solver),
          scenario_(solver, [this](const std::string& name) { switch_scenario(name); }) {}

    // ---- actions (queued to the solver thread; they return at once) ----
    void set_scheme(Scheme s);
    void set_layout(Layout l);
    void set_precision(Precision p); // fp64 also stores fp64
    // fp16s | fp16c compute in fp32, so they set the precision to fp32; fp64 sets it to fp64.
    void set_storage(Storage s);
    void set_collision(CollisionKind c);
    void set_block_size(int threads); // a multiple of 32; the solver validates the range
    void set_occupancy_cap(int blocks_per_sm);
    // 0: the compiler's registers; else one of the kernel's caps (SolverSnapshot::register_caps).
    void set_register_cap(int registers);
    // The BGK relaxation time (nu = (tau - 1/2) / 3); the flow keeps its state. Too close to
    // 1/2 the flow blows up, which the solver thread catches and pauses on.
    void set_tau(double tau);
    // Splits the lattice into `tiles` ("auto" or NxMxK) on GPUs `devices`, keeping the flow. A
    // tiling that does not fit or a GPU that is not there is shown in the panel (SolverSnapshot
    // ::error) and the run goes on unchanged.
    void set_subdomains(const std::string& tiles, std::vector<int> devices) {
        solver_.set_subdomains(tiles, std::move(devices));
    }
    void set_subdomain_outlines(bool on) { view_.subdomain_outlines = on; }
    void set_field(FieldKind field); // also picks the field's default colour map
    void set_colormap(render::ColorMap map) { view_.map = map; }
    void set_tool(Tool tool) { view_.tool = tool; }
    void set_paused(bool paused);
    void step_once() { solver_.step_once(); }
    void reset() { solver_.reset(); }
    // Starts preset `name` with its defaults; a thermal one (ScenarioSpec::has_temperature)
    // opens on its temperature field.
    void switch_scenario(const std::string& name);
    void sweep() { solver_.sweep(); }
    // Paints a disc of brush_radius nodes around `at` (a node of the shown slice, in 3D on its
    // axis and position): solid, or fluid when erasing. Only fluid <-> solid changes; inlets,
    // outlets and lids stay.
    void paint(render::gl::NodeXY at, bool solid);

    ViewSettings& view() { return view_; }
    const ViewSettings& view() const { return view_; }
    bool paused() const { return paused_; }
    ScenarioControls& scenario() { return scenario_; }
    // The panel's tabs: launch tuning, view (field, colour, tools, 3D slice), lattice.
    enum class Tab { Tuning, View, Lattice };
    void select_tab(Tab tab) { select_tab_ = int(tab); }
    // View menu: the panel can be hidden (then it neither draws nor takes the mouse), and the
    // Help window brought up.
    void set_panel_visible(bool visible) { panel_visible_ = visible; }
    bool panel_visible() const { return panel_visible_; }
    void show_help() { help_request_ = true; }
    bool help_visible() const { return help_open_; }
    // The panel's frame (x, y, w, h) as last drawn; zero when hidden.
    std::array<float, 4> panel_rect() const;

    // Draws the panel for this frame; remembers where it is for panel_contains().
    void draw_panel(const SolverSnapshot& snap, std::string_view slice_path, double fps);
    // True when a viewport point (logical pixels) lies on the panel.
    bool panel_contains(float x, float y) const;
    // Where the pause/run and step buttons were last drawn (x, y, w, h, logical pixels), so a
    // test can click them through the real Qt -> ImGui path.
    const std::array<float, 4>& pause_button_rect() const { return pause_rect_; }
    const std::array<float, 4>& step_button_rect() const { return step_rect_; }
    // The threads-per-block slider's frame (without its label).
    const std::array<float, 4>& block_slider_rect() const { return block_rect_; }
    // The Nusselt-number line as last drawn ("Nusselt number: 2.237 (...)"); empty when the
    // panel showed none (a run without heated walls, or the panel hidden).
    const std::string& nusselt_line() const { return nusselt_line_; }

private:
    // The panel window itself (draw_panel adds the Help and blow-up windows).
    void draw_main(const SolverSnapshot& snap, std::string_view slice_path, double fps);
    // The blow-up message: a window of its own in the middle of the view, with a reset.
    void draw_warnings(const SolverSnapshot& snap);
    void draw_instability(const SolverSnapshot& snap);
    // Convection runs: the Nusselt number the solver thread measured, with a tooltip on it.
    void draw_nusselt(const SolverSnapshot& snap);
    // The storage combo: what a population is in memory, with its bytes per node update.
    void draw_storage(const SolverSnapshot& snap);
    // The register cap: the compiler's choice or a capped variant of the bulk kernel.
    void draw_register_cap(const SolverSnapshot& snap);
    // Registers, blocks per SM, occupancy, bytes per node, MLUPS, GB/s, % of copy (tuning.hpp).
    void draw_tuning(const SolverSnapshot& snap);
    // Tiling, GPUs and outlines (subdomain_panel.cpp).
    void draw_subdomains(const SolverSnapshot& snap);

    template <class F>
    void change_model(F&& edit);
    template <class F>
    void change_launch(F&& edit);

    SolverThread& solver_;
    ScenarioControls scenario_;
    ViewSettings view_;
    bool panel_visible_ = true, help_open_ = true, help_request_ = false;
    int select_tab_ = -1;
    Axis slice_axis_ = Axis::Z; // of the last drawn snapshot, for paint()
    std::uint32_t slice_index_ = 0;
    bool paused_ = false;
    float panel_[4] = {0, 0, 0, 0}; // x, y, w, h
    std::array<float, 4> pause_rect_{}, step_rect_{}, block_rect_{};
    std::string nusselt_line_;
    Dims dims_;     // of the last drawn snapshot (2D vs 3D vorticity)
    int warps_ = 8; // the block-size slider's value while it is dragged
    bool warps_active_ = false;
    float tau_ = 0.6f; // the tau field's value while it is edited
    bool tau_active_ = false;
    std::uint64_t blowups_seen_ = 0; // SolverSnapshot::blowups when last drawn
    int gpu_count_ = -1;             // GPUs for the subdomains section, asked once
};

} // namespace ll::gui

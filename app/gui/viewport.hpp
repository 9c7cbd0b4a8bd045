// The GL viewport: the slice (render/gl SliceView), a colour bar with values and the field's
// name, the hover readout and the ImGui panel over it, and the mouse tools (paint obstacles,
// pan, zoom). It polls the solver thread's latest slice every frame and never waits on it.
#pragma once
#include "controls.hpp"
#include "imgui_bridge.hpp"
#include "recorder.hpp"
#include "render/gl/box_outline.hpp"
#include "render/gl/cut_lines.hpp"
#include "render/gl/view_transform.hpp"

#include <QElapsedTimer>
#include <QOpenGLWidget>
#include <QTimer>

#include <memory>
#include <optional>

namespace ll::render::gl {
class SliceView;
}
namespace ll::render::interop {
class CudaGlSliceTarget;
}
namespace ll::render {
class DeviceSliceExchange;
}

namespace ll::gui {

class Viewport : public QOpenGLWidget {
public:
    Viewport(SolverThread& solver, QWidget* parent = nullptr);
    ~Viewport() override;

    Controls& controls() { return controls_; }
    const SolverSnapshot& snapshot() const { return snap_; }
    double fps() const { return fps_; }
    // Frames drawn since the window opened: tests pace their clicks by frames, not by time
    // (ImGui sees an event only in the frame after it, and a loaded machine draws few per second).
    std::uint64_t frames_drawn() const { return frames_drawn_; }
    std::string slice_path() const;
    QString gl_info() const { return gl_info_; }
    // The colour bar's gradient in logical pixels (top = maximum), for tests and screenshots.
    render::gl::PixelRect colour_bar_rect() const;
    // The node under a widget point, if the slice is there.
    std::optional<render::gl::NodeXY> node_at(QPointF p) const;
    // Where the slice is drawn now (logical pixels).
    render::gl::PixelRect slice_rect() const;
    // The hover readout for the last cursor position: "(x, y) speed |u| = 0.0123" or
    // "(x, y) solid"; empty off the slice or over the panel.
    std::string hover_text() const;

    // Fits the slice into the part of the view that the panel and the colour bar leave free
    // (Home, View > Reset view). It also happens by itself when the lattice, the slice or the
    // window changes, until the user pans or zooms.
    void fit_view();
    render::gl::PixelRect free_area() const;
    void set_colour_bar_visible(bool on) { show_colour_bar_ = on; }
    bool colour_bar_visible() const { return show_colour_bar_; }
    // The 3D inset: where it is drawn and its geometry now (empty for 2D lattices).
    render::gl::PixelRect outline_area() const;
    render::gl::BoxOutlineGeometry outline_geometry() const;
    // The subdomains' outlines on the slice as they are drawn now (ViewSettings::
    // subdomain_outlines); empty for one domain or when switched off.
    render::gl::CutLines cut_geometry() const;
    Recorder& recorder() { return recorder_; }

protected:
    void initializeGL() override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    // Space pause/run, S single step, R reset the flow, Home reset pan and zoom, D/E/P draw,
    // erase and probe tools (Help will list them).
    void keyPressEvent(QKeyEvent* e) override;

private:
    // The one place the GUI takes a published slice into GL (host upload now; the interop
    // path plugs in here).
    void take_slice();
    void choose_slice_path();
    void fit_if_needed();
    void draw_outline(int fb_w, int fb_h, float dpr);
    void draw_cuts(int fb_w, int fb_h, float dpr);
    void record_frame(int fb_w, int fb_h);
    void release_gl();
    void draw_colour_bar();
    void draw_hover();
    bool over_ui(QPointF p) const;
    void paint_to(QPointF p);

    SolverThread& solver_;
    Controls controls_;
    SolverSnapshot snap_;
    std::unique_ptr<render::gl::SliceView> view_;
    // The slice path, chosen once the first publication says which back end runs: with
    // interop the solver thread writes into exchange_ and interop_ (owned by view_) copies it
    // into the texture on the device; otherwise host slices are uploaded.
    bool path_chosen_ = false;
    std::string path_note_;
    std::shared_ptr<render::DeviceSliceExchange> exchange_;
    render::interop::CudaGlSliceTarget* interop_ = nullptr;
    render::gl::LinePainter lines_; // the 3D inset and the subdomain outlines
    Recorder recorder_;
    bool show_colour_bar_ = true;
    bool user_moved_ = false;       // panned or zoomed since the last fit
    std::array<float, 6> fitted_{}; // what the last fit was for (slice, view, free area)
    ImGuiBridge imgui_;
    QString gl_info_;
    QTimer frame_timer_;
    QElapsedTimer fps_clock_;
    int fps_frames_ = 0;
    std::uint64_t frames_drawn_ = 0;
    double fps_ = 0;
    float range_min_ = 0, range_max_ = 1;
    bool gl_ready_ = false;
    bool painting_ = false, panning_ = false;
    QPointF last_mouse_{-1, -1};
    std::optional<render::gl::NodeXY> last_painted_;
};

} // namespace ll::gui

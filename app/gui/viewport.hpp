// The GL viewport: the slice (render/gl SliceView), a colour bar with values and the field's
// name, the hover readout and the ImGui panel over it, and the mouse tools (paint obstacles,
// pan, zoom). It polls the solver thread's latest slice every frame and never waits on it.
#pragma once
#include "controls.hpp"
#include "imgui_bridge.hpp"
#include "render/gl/view_transform.hpp"

#include <QElapsedTimer>
#include <QOpenGLWidget>
#include <QTimer>

#include <memory>
#include <optional>

namespace ll::render::gl {
class SliceView;
}

namespace ll::gui {

class Viewport : public QOpenGLWidget {
public:
    Viewport(SolverThread& solver, QWidget* parent = nullptr);
    ~Viewport() override;

    Controls& controls() { return controls_; }
    const SolverSnapshot& snapshot() const { return snap_; }
    double fps() const { return fps_; }
    std::string slice_path() const;
    QString gl_info() const { return gl_info_; }
    // The colour bar's gradient in logical pixels (top = maximum), for tests and screenshots.
    render::gl::PixelRect colour_bar_rect() const;
    // The node under a widget point, if the slice is there.
    std::optional<render::gl::NodeXY> node_at(QPointF p) const;

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
    void release_gl();
    void draw_colour_bar();
    void draw_hover();
    bool over_ui(QPointF p) const;
    void paint_to(QPointF p);

    SolverThread& solver_;
    Controls controls_;
    SolverSnapshot snap_;
    std::unique_ptr<render::gl::SliceView> view_;
    ImGuiBridge imgui_;
    QString gl_info_;
    QTimer frame_timer_;
    QElapsedTimer fps_clock_;
    int fps_frames_ = 0;
    double fps_ = 0;
    float range_min_ = 0, range_max_ = 1;
    bool gl_ready_ = false;
    bool painting_ = false, panning_ = false;
    QPointF last_mouse_{-1, -1};
    std::optional<render::gl::NodeXY> last_painted_;
};

} // namespace ll::gui

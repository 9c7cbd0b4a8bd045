// [SECTION] set-up and teardown
// [SECTION] frame
// [SECTION] view fitting, the 3D inset and the subdomain outlines
// [SECTION] colour bar and hover readout
// [SECTION] mouse tools
#include "viewport.hpp"

#include "render/interop/slice_path.hpp"

#include "render/gl/gl_loader.hpp"
#include "render/gl/slice_view.hpp"
#include "solver/io/fields.hpp"

#include <QDateTime>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QWheelEvent>
#include <imgui.h>

#include <cmath>
#include <cstdio>

namespace ll::gui {

using render::gl::NodeXY;
using render::gl::PixelRect;

// ---- [SECTION] set-up and teardown -------------------------------------------------------

Viewport::Viewport(SolverThread& solver, QWidget* parent)
    : QOpenGLWidget(parent), solver_(solver), controls_(solver),
      view_(std::make_unique<render::gl::SliceView>()) {
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(320, 240);
    // Repaint at ~60 Hz; each frame takes whatever slice the solver published last.
    connect(&frame_timer_, &QTimer::timeout, this, [this] { update(); });
    frame_timer_.start(16);
    fps_clock_.start();
}

Viewport::~Viewport() {
    release_gl();
}

void Viewport::release_gl() {
    if (!gl_ready_) return;
    // Back to host slices: the interop texture goes away with this context.
    if (interop_) solver_.set_device_exchange(nullptr);
    interop_ = nullptr;
    exchange_.reset();
    path_chosen_ = false;
    makeCurrent();
    view_->release();
    lines_.release();
    imgui_shutdown(imgui_);
    doneCurrent();
    gl_ready_ = false;
}

void Viewport::initializeGL() {
    std::string why;
    if (!render::gl::init_gl_loader(why) || !view_->init(why) || !lines_.init(why)) {
        gl_info_ = QString::fromStdString("OpenGL unavailable: " + why);
        return;
    }
    gl_info_ = QString::fromStdString(render::gl::gl_description());
    imgui_init(imgui_, this);
    // The GL context can be destroyed before this widget (e.g. on re-parenting): free our
    // GL objects while it is still there.
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] { release_gl(); });
    gl_ready_ = true;
}

std::string Viewport::slice_path() const {
    return path_chosen_ ? path_note_ : std::string(view_->target().path_name());
}

// ---- [SECTION] frame ---------------------------------------------------------------------

void Viewport::paintGL() {
    QOpenGLFunctions* f = context()->functions();
    f->glClearColor(0.09f, 0.09f, 0.11f, 1.0f);
    f->glClear(GL_COLOR_BUFFER_BIT);
    if (!gl_ready_) return;

    take_slice();
    fit_if_needed();
    const ViewSettings& vs = controls_.view();
    render::gl::ValueRange range{vs.fixed_min, vs.fixed_max};
    if (vs.auto_range) {
        const auto mode = render::gl::range_mode_for(FieldRequest{snap_.field}, snap_.dims);
        range = interop_
                    ? render::gl::shaped_range(interop_->slice().lo, interop_->slice().hi, mode)
                    : render::gl::auto_range(snap_.slice.data(), snap_.slice.size(), mode);
    }
    range_min_ = range.min;
    range_max_ = range.max;
    view_->set_range(range);
    view_->set_colormap(vs.map);
    const double dpr = devicePixelRatioF();
    const int fb_w = int(std::lround(width() * dpr)), fb_h = int(std::lround(height() * dpr));
    view_->draw(fb_w, fb_h, float(dpr));
    draw_cuts(fb_w, fb_h, float(dpr));
    draw_outline(fb_w, fb_h, float(dpr));

    imgui_new_frame(imgui_);
    controls_.draw_panel(snap_, slice_path(), fps_);
    if (show_colour_bar_) draw_colour_bar();
    draw_hover();
    imgui_render(imgui_);
    record_frame(fb_w, fb_h);

    ++fps_frames_;
    ++frames_drawn_;
    if (fps_clock_.elapsed() >= 500) {
        fps_ = fps_frames_ * 1000.0 / double(fps_clock_.restart());
        fps_frames_ = 0;
    }
}

void Viewport::take_slice() {
    const bool fresh = solver_.take_latest(snap_);
    if (!path_chosen_ && snap_.serial > 0) choose_slice_path();
    if (interop_)
        interop_->update(); // the newest device slice, if any, straight into the texture
    else if (fresh && !snap_.on_device)
        view_->upload(snap_.slice.data(), snap_.width, snap_.height);
}

void Viewport::choose_slice_path() {
    path_chosen_ = true;
    render::interop::SlicePath path =
        render::interop::choose_slice_path(snap_.backend == "cuda", false);
    path_note_ = path.note;
    if (!path.interop()) return;
    exchange_ = path.exchange;
    interop_ = path.target.get();
    view_->set_target(std::move(path.target));
    solver_.set_device_exchange(exchange_);
}

void Viewport::record_frame(int fb_w, int fb_h) {
    const qint64 ms = QDateTime::currentMSecsSinceEpoch();
    if (!recorder_.wants_frame(ms)) return;
    // The frame as drawn (slice, inset, colour bar, panel), read back from this widget's
    // framebuffer: GL rows run bottom-up.
    QImage frame(fb_w, fb_h, QImage::Format_RGBA8888);
    QOpenGLFunctions* f = context()->functions();
    f->glPixelStorei(GL_PACK_ALIGNMENT, 4);
    f->glReadPixels(0, 0, fb_w, fb_h, GL_RGBA, GL_UNSIGNED_BYTE, frame.bits());
    recorder_.add_frame(frame.mirrored(), ms);
}

// ---- [SECTION] view fitting, the 3D inset and the subdomain outlines ---------------------

PixelRect Viewport::free_area() const {
    const auto panel = controls_.panel_rect();
    float left = panel[2] > 0 ? panel[0] + panel[2] + 8 : 8;
    float right = show_colour_bar_ ? colour_bar_rect().x - 16 : float(width()) - 8;
    // A window too narrow for both: the panel may cover part of the slice then.
    if (right - left < 120) left = 8, right = float(width()) - 8;
    // 3D: the box inset takes a strip at the top.
    const float top = snap_.dims.nz > 1 ? outline_area().y + outline_area().h + 8 : 8;
    return {left, top, right - left, std::max(1.0f, float(height()) - top - 8)};
}

void Viewport::fit_view() {
    auto& v = view_->view();
    v.reset();
    user_moved_ = false;
    if (snap_.width == 0 || snap_.height == 0) return;
    const PixelRect a = free_area();
    const float vw = float(width()), vh = float(height());
    const float base = v.scale(vw, vh, snap_.width, snap_.height); // at zoom 1
    v.zoom = std::min(a.w / float(snap_.width), a.h / float(snap_.height)) / base;
    v.pan_x = a.x + a.w / 2 - vw / 2;
    v.pan_y = a.y + a.h / 2 - vh / 2;
    fitted_ = {float(snap_.width), float(snap_.height), vw, vh, a.x, a.w};
}

void Viewport::fit_if_needed() {
    if (user_moved_ || snap_.width == 0) return;
    const PixelRect a = free_area();
    const std::array<float, 6> now{
        float(snap_.width), float(snap_.height), float(width()), float(height()), a.x, a.w};
    if (now != fitted_) fit_view();
}

PixelRect Viewport::outline_area() const {
    // Top left of the view, beside the panel: clear of the colour bar's title.
    const auto panel = controls_.panel_rect();
    const float left = panel[2] > 0 ? panel[0] + panel[2] + 12 : 12;
    return {left, 8, 160, 110};
}

render::gl::BoxOutlineGeometry Viewport::outline_geometry() const {
    if (snap_.dims.nz <= 1) return {};
    return render::gl::box_outline_geometry({snap_.dims.nx, snap_.dims.ny, snap_.dims.nz},
                                            int(snap_.slice_axis), snap_.slice_index,
                                            outline_area());
}

void Viewport::draw_outline(int fb_w, int fb_h, float dpr) {
    const auto g = outline_geometry();
    if (g.box.empty()) return;
    render::gl::draw_box_outline(lines_, g, fb_w, fb_h, dpr);
}

render::gl::CutLines Viewport::cut_geometry() const {
    if (!controls_.view().subdomain_outlines) return {};
    return render::gl::cut_lines(slice_rect(), snap_.width, snap_.height, snap_.cuts.u,
                                 snap_.cuts.v);
}

void Viewport::draw_cuts(int fb_w, int fb_h, float dpr) {
    render::gl::draw_cut_lines(lines_, cut_geometry(), fb_w, fb_h, dpr);
}

// ---- [SECTION] colour bar and hover readout ----------------------------------------------

PixelRect Viewport::colour_bar_rect() const {
    const float h = std::max(60.0f, float(height()) - 120.0f);
    return {float(width()) - 96.0f, 48.0f, 18.0f, h};
}

void Viewport::draw_colour_bar() {
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    const PixelRect r = colour_bar_rect();
    const auto& table = render::color_table(controls_.view().map);
    // A dark plate behind the bar keeps labels readable over any colour of the flow.
    dl->AddRectFilled(ImVec2(r.x - 8, r.y - 30), ImVec2(r.x + r.w + 86, r.y + r.h + 10),
                      IM_COL32(20, 20, 24, 200), 4.0f);
    // Solid bands: the top band is exactly the map's last entry and the bottom band its first,
    // so the picture shows the map's true end colours.
    constexpr int kBands = 64;
    for (int k = 0; k < kBands; ++k) {
        const auto& c = table[std::size_t(k * 255 / (kBands - 1))];
        const float y1 = r.y + r.h - r.h * float(k) / kBands;
        const float y0 = r.y + r.h - r.h * float(k + 1) / kBands;
        dl->AddRectFilled(ImVec2(r.x, y0), ImVec2(r.x + r.w, y1), IM_COL32(c.r, c.g, c.b, 255));
    }
    const std::string title =
        std::string(field_label(controls_.view().field)) + " [" +
        std::string(ll::field_units(controls_.view().field, snap_.model.stencil)) + "]";
    // Right-aligned to the widget when long, so the name and units stay on screen.
    const float title_x =
        std::min(r.x - 4, float(width()) - ImGui::CalcTextSize(title.c_str()).x - 6);
    dl->AddText(ImVec2(title_x, r.y - 24), IM_COL32_WHITE, title.c_str());
    for (int k = 0; k <= 4; ++k) {
        const float t = float(k) / 4;
        char label[32];
        std::snprintf(label, sizeof label, "%.3g",
                      double(range_min_ + t * (range_max_ - range_min_)));
        const float y = r.y + r.h - t * r.h;
        dl->AddLine(ImVec2(r.x + r.w, y), ImVec2(r.x + r.w + 4, y), IM_COL32_WHITE);
        dl->AddText(ImVec2(r.x + r.w + 7, y - 7), IM_COL32_WHITE, label);
    }
}

std::optional<NodeXY> Viewport::node_at(QPointF p) const {
    return view_->view().node_at(float(p.x()), float(p.y()), float(width()), float(height()),
                                 snap_.width, snap_.height);
}

PixelRect Viewport::slice_rect() const {
    return view_->view().slice_rect(float(width()), float(height()), snap_.width, snap_.height);
}

std::string Viewport::hover_text() const {
    if (last_mouse_.x() < 0 || over_ui(last_mouse_)) return {};
    const auto node = node_at(last_mouse_);
    if (!node || node->x >= snap_.width || node->y >= snap_.height) return {};
    // With interop the values live on the device: one float is read from the held slice.
    const float v =
        snap_.on_device && exchange_
            ? exchange_->value_at(node->x, node->y)
            : (snap_.slice.empty() ? NAN
                                   : snap_.slice[std::size_t(node->y) * snap_.width + node->x]);
    char text[96];
    if (std::isnan(v))
        std::snprintf(text, sizeof text, "(%u, %u) solid", node->x, node->y);
    else
        std::snprintf(text, sizeof text, "(%u, %u) %s = %.4g", node->x, node->y,
                      std::string(field_label(snap_.field)).c_str(), double(v));
    return text;
}

void Viewport::draw_hover() {
    const std::string line = hover_text();
    if (line.empty()) return;
    const char* text = line.c_str();
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    const ImVec2 at(float(last_mouse_.x()) + 14, float(last_mouse_.y()) + 10);
    const ImVec2 size = ImGui::CalcTextSize(text);
    dl->AddRectFilled(ImVec2(at.x - 3, at.y - 2), ImVec2(at.x + size.x + 3, at.y + size.y + 2),
                      IM_COL32(20, 20, 24, 210), 3.0f);
    dl->AddText(at, IM_COL32_WHITE, text);
}

// ---- [SECTION] mouse tools ---------------------------------------------------------------

bool Viewport::over_ui(QPointF p) const {
    // Our own hit test rather than io.WantCaptureMouse alone: that flag lags one frame, and a
    // press that arrives before the next frame must not paint through the panel.
    if (controls_.panel_contains(float(p.x()), float(p.y()))) return true;
    return gl_ready_ && ImGui::GetCurrentContext() && ImGui::GetIO().WantCaptureMouse &&
           ImGui::IsAnyItemActive();
}

void Viewport::paint_to(QPointF p) {
    const auto node = node_at(p);
    if (!node) return;
    const bool solid = controls_.view().tool == Tool::DrawObstacle;
    // Fill the gap to the previous node so a fast drag leaves a continuous stroke.
    const NodeXY from = last_painted_.value_or(*node);
    const int dx = int(node->x) - int(from.x), dy = int(node->y) - int(from.y);
    const int n = std::max({std::abs(dx), std::abs(dy), 1});
    const int stride = std::max(1, controls_.view().brush_radius);
    for (int k = stride; k <= n; k += stride) {
        const NodeXY at{std::uint32_t(int(from.x) + dx * k / n),
                        std::uint32_t(int(from.y) + dy * k / n)};
        controls_.paint(at, solid);
    }
    if (n < stride || !last_painted_) controls_.paint(*node, solid);
    last_painted_ = node;
}

void Viewport::mousePressEvent(QMouseEvent* e) {
    last_mouse_ = e->position();
    if (over_ui(e->position())) return;
    const Tool tool = controls_.view().tool;
    if (e->button() == Qt::LeftButton && tool != Tool::Probe) {
        painting_ = true;
        last_painted_.reset();
        paint_to(e->position());
    } else if (e->button() == Qt::RightButton || e->button() == Qt::MiddleButton ||
               e->button() == Qt::LeftButton) {
        panning_ = true;
    }
}

void Viewport::mouseMoveEvent(QMouseEvent* e) {
    const QPointF delta = e->position() - last_mouse_;
    last_mouse_ = e->position();
    if (painting_) paint_to(e->position());
    if (panning_) {
        view_->view().pan_x += float(delta.x());
        view_->view().pan_y += float(delta.y());
        user_moved_ = true;
    }
}

void Viewport::mouseReleaseEvent(QMouseEvent* e) {
    last_mouse_ = e->position();
    painting_ = panning_ = false;
    last_painted_.reset();
}

void Viewport::wheelEvent(QWheelEvent* e) {
    if (over_ui(e->position())) return;
    const float notches = float(e->angleDelta().y()) / 120.0f;
    user_moved_ = true;
    view_->view().zoom_at(std::pow(1.15f, notches), float(e->position().x()),
                          float(e->position().y()), float(width()), float(height()));
}

void Viewport::keyPressEvent(QKeyEvent* e) {
    // Keys typed into an ImGui text field are the field's, not shortcuts.
    if (gl_ready_ && ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput) return;
    switch (e->key()) {
    case Qt::Key_Space:
        controls_.set_paused(!controls_.paused());
        break;
    case Qt::Key_S:
        controls_.step_once();
        break;
    case Qt::Key_R:
        controls_.reset();
        break;
    case Qt::Key_Home:
        fit_view();
        break;
    case Qt::Key_D:
        controls_.set_tool(Tool::DrawObstacle);
        break;
    case Qt::Key_E:
        controls_.set_tool(Tool::EraseObstacle);
        break;
    case Qt::Key_P:
        controls_.set_tool(Tool::Probe);
        break;
    default:
        QOpenGLWidget::keyPressEvent(e);
        return;
    }
    e->accept();
}

} // namespace ll::gui

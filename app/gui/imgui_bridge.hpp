// The Qt -> Dear ImGui glue: one state struct and four free functions around it (the shape of
// ImGui's own backends). Debian's ImGui 1.86 predates io.AddKeyEvent, so input goes through the
// legacy io fields. Drawing uses ImGui's OpenGL 3 backend (inside libimgui.a).
#pragma once
#include <QElapsedTimer>
#include <QObject>

class QWidget;
struct ImGuiContext;

namespace ll::gui {

struct ImGuiBridge;

// Feeds the widget's mouse, wheel and key events into ImGui's io. It never consumes an event:
// the widget decides (through io.WantCaptureMouse or its own hit test) whether to act on it.
class ImGuiEventFilter : public QObject {
public:
    explicit ImGuiEventFilter(ImGuiBridge& bridge) : bridge_(bridge) {}
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    ImGuiBridge& bridge_;
};

struct ImGuiBridge {
    QWidget* widget = nullptr;
    ImGuiContext* context = nullptr;
    ImGuiEventFilter* filter = nullptr;
    QElapsedTimer clock;
    bool renderer_ready = false;
    // The legacy io has no event queue: a press and release between two frames would cancel
    // out. A release that comes before any frame saw its press waits for the next frame.
    bool pressed_unseen[3] = {false, false, false};
    bool release_pending[3] = {false, false, false};
};

// Creates the ImGui context and installs the event filter; call once the GL context of
// `widget` is current (QOpenGLWidget::initializeGL). False when the GL 3 renderer fails.
bool imgui_init(ImGuiBridge& bridge, QWidget* widget);
// Display size in logical pixels, framebuffer scale = devicePixelRatioF(), time step.
void imgui_new_frame(ImGuiBridge& bridge);
// Renders ImGui's draw data into the bound framebuffer (the renderer saves GL state itself).
void imgui_render(ImGuiBridge& bridge);
// Frees the GL objects and the context; call with the GL context current.
void imgui_shutdown(ImGuiBridge& bridge);

} // namespace ll::gui

#include "imgui_bridge.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QWidget>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <array>
#include <utility>

namespace ll::gui {

namespace {

// Slots in io.KeysDown for the keys ImGui's own widgets need (text fields, navigation).
// Qt key codes are too large to index KeysDown directly, so each gets a small index.
constexpr std::array<std::pair<ImGuiKey, int>, 17> kKeys = {{
    {ImGuiKey_Tab, Qt::Key_Tab},
    {ImGuiKey_LeftArrow, Qt::Key_Left},
    {ImGuiKey_RightArrow, Qt::Key_Right},
    {ImGuiKey_UpArrow, Qt::Key_Up},
    {ImGuiKey_DownArrow, Qt::Key_Down},
    {ImGuiKey_Home, Qt::Key_Home},
    {ImGuiKey_End, Qt::Key_End},
    {ImGuiKey_Delete, Qt::Key_Delete},
    {ImGuiKey_Backspace, Qt::Key_Backspace},
    {ImGuiKey_Enter, Qt::Key_Return},
    {ImGuiKey_Escape, Qt::Key_Escape},
    {ImGuiKey_A, Qt::Key_A},
    {ImGuiKey_C, Qt::Key_C},
    {ImGuiKey_V, Qt::Key_V},
    {ImGuiKey_X, Qt::Key_X},
    {ImGuiKey_Y, Qt::Key_Y},
    {ImGuiKey_Z, Qt::Key_Z},
}};

int key_slot(int qt_key) {
    for (std::size_t k = 0; k < kKeys.size(); ++k)
        if (kKeys[k].second == qt_key) return int(k);
    if (qt_key == Qt::Key_Enter) return key_slot(Qt::Key_Return); // keypad Enter
    return -1;
}

int mouse_index(Qt::MouseButton b) {
    if (b == Qt::LeftButton) return 0;
    if (b == Qt::RightButton) return 1;
    if (b == Qt::MiddleButton) return 2;
    return -1;
}

void set_modifiers(ImGuiIO& io, Qt::KeyboardModifiers m) {
    io.KeyCtrl = m.testFlag(Qt::ControlModifier);
    io.KeyShift = m.testFlag(Qt::ShiftModifier);
    io.KeyAlt = m.testFlag(Qt::AltModifier);
    io.KeySuper = m.testFlag(Qt::MetaModifier);
}

} // namespace

bool ImGuiEventFilter::eventFilter(QObject* watched, QEvent* event) {
    if (bridge_.context == nullptr) return QObject::eventFilter(watched, event);
    ImGui::SetCurrentContext(bridge_.context);
    ImGuiIO& io = ImGui::GetIO();
    switch (event->type()) {
    case QEvent::MouseMove:
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick: {
        auto* e = static_cast<QMouseEvent*>(event);
        io.MousePos = ImVec2(float(e->position().x()), float(e->position().y()));
        const int b = mouse_index(e->button());
        if (b >= 0 && event->type() != QEvent::MouseMove) {
            const bool down = event->type() != QEvent::MouseButtonRelease;
            if (!down && bridge_.pressed_unseen[b]) {
                bridge_.release_pending[b] = true;
            } else {
                io.MouseDown[b] = down;
                bridge_.pressed_unseen[b] = down;
            }
        }
        set_modifiers(io, e->modifiers());
        break;
    }
    case QEvent::Wheel: {
        auto* e = static_cast<QWheelEvent*>(event);
        // One notch of a classic wheel is 120 eighths of a degree; ImGui counts notches.
        io.MouseWheel += float(e->angleDelta().y()) / 120.0f;
        io.MouseWheelH += float(e->angleDelta().x()) / 120.0f;
        break;
    }
    case QEvent::Leave:
        io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
        break;
    case QEvent::KeyPress:
    case QEvent::KeyRelease: {
        auto* e = static_cast<QKeyEvent*>(event);
        const int slot = key_slot(e->key());
        if (slot >= 0) io.KeysDown[slot] = event->type() == QEvent::KeyPress;
        set_modifiers(io, e->modifiers());
        if (event->type() == QEvent::KeyPress && !e->text().isEmpty() && e->text()[0].isPrint())
            io.AddInputCharactersUTF8(e->text().toUtf8().constData());
        break;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

bool imgui_init(ImGuiBridge& bridge, QWidget* widget) {
    bridge.widget = widget;
    bridge.context = ImGui::CreateContext();
    ImGui::SetCurrentContext(bridge.context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // window placement is the app's business (QSettings later)
    io.BackendPlatformName = "latticelab_qt";
    for (std::size_t k = 0; k < kKeys.size(); ++k)
        io.KeyMap[kKeys[k].first] = int(k);
    ImGui::StyleColorsDark();
    bridge.renderer_ready = ImGui_ImplOpenGL3_Init("#version 330 core");
    bridge.filter = new ImGuiEventFilter(bridge);
    bridge.filter->setParent(widget);
    widget->installEventFilter(bridge.filter);
    widget->setMouseTracking(true); // hover readout and ImGui highlights need plain moves
    bridge.clock.start();
    return bridge.renderer_ready;
}

void imgui_new_frame(ImGuiBridge& bridge) {
    ImGui::SetCurrentContext(bridge.context);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(bridge.widget->width()), float(bridge.widget->height()));
    const float dpr = float(bridge.widget->devicePixelRatioF());
    io.DisplayFramebufferScale = ImVec2(dpr, dpr);
    const double seconds = double(bridge.clock.nsecsElapsed()) * 1e-9;
    bridge.clock.restart();
    io.DeltaTime = seconds > 0 ? float(seconds) : 1.0f / 60.0f; // ImGui asserts DeltaTime > 0
    // A release held back until a frame saw its press applies now, before NewFrame: widgets
    // such as sliders read io.MouseDown during the frame, so it must stay down for all of it.
    for (int b = 0; b < 3; ++b) {
        if (bridge.release_pending[b] && !bridge.pressed_unseen[b]) {
            io.MouseDown[b] = false;
            bridge.release_pending[b] = false;
        }
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    for (bool& unseen : bridge.pressed_unseen)
        unseen = false;
}

void imgui_render(ImGuiBridge& bridge) {
    ImGui::SetCurrentContext(bridge.context);
    ImGui::Render();
    if (bridge.renderer_ready) ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void imgui_shutdown(ImGuiBridge& bridge) {
    if (bridge.context == nullptr) return;
    ImGui::SetCurrentContext(bridge.context);
    if (bridge.renderer_ready) ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(bridge.context);
    bridge.context = nullptr;
    bridge.renderer_ready = false;
}

} // namespace ll::gui

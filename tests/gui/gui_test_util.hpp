// Helpers shared by the visualiser's QTest suites.
#pragma once
#include "app/live/solver_thread.hpp"
#include "main_window.hpp"
#include "viewport.hpp"

#include <QApplication>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest/QtTest>

namespace ll::gui {

// A value read from the live simulation between solver batches.
template <class T>
T read_sim(SolverThread& solver, T (*get)(const Simulation&)) {
    T value{};
    solver.inspect([&](const Simulation& sim) { value = get(sim); });
    return value;
}

// Waits until the viewport has drawn `frames` more frames (at most 10 s).
inline bool wait_frames(const Viewport& v, std::uint64_t frames) {
    const std::uint64_t until = v.frames_drawn() + frames;
    return QTest::qWaitFor([&] { return v.frames_drawn() >= until; }, 10000);
}

// A left click on an ImGui widget through the Qt -> ImGui bridge, paced by frames: a frame sees
// the cursor over the widget (hover), one the press, one the release. Paced by time, a click on
// a loaded machine (8 FPS under ctest -j2 in CI) could fall between frames and be lost.
inline bool click_widget(Viewport& v, QPoint p) {
    QTest::mouseMove(&v, p);
    if (!wait_frames(v, 2)) return false;
    QTest::mousePress(&v, Qt::LeftButton, {}, p);
    if (!wait_frames(v, 2)) return false;
    QTest::mouseRelease(&v, Qt::LeftButton, {}, p);
    return wait_frames(v, 2);
}

inline QPoint centre_of(const std::array<float, 4>& r) {
    return QPoint(int(r[0] + r[2] / 2), int(r[1] + r[3] / 2));
}

// Settings go to a test location and start empty, so that runs (and a user's own settings)
// do not leak into the tests: one file per test program, since CTest runs them side by side
// and one program's clear() must not empty another's recent files mid-test. Closing a window
// must not end the test's event loops either.
inline void isolate_settings() {
    QApplication::setOrganizationName("LatticeLab");
    QApplication::setApplicationName(
        "latticelab-" + QFileInfo(QCoreApplication::applicationFilePath()).completeBaseName());
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QApplication::setQuitOnLastWindowClosed(false);
}

// A shown window on `start` (the default scenario) whose flow has taken `steps` steps.
inline std::unique_ptr<MainWindow> open_window(std::uint64_t steps, const SolverStart& start = {}) {
    auto window = std::make_unique<MainWindow>(start);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    if (!QTest::qWaitFor([&] { return window->viewport().snapshot().step > steps; }, 20000))
        return nullptr;
    return window;
}

// main() of a window suite: the GL format before the QApplication, isolated settings.
template <class Suite>
int run_window_test(int argc, char** argv) {
    set_default_gl_format();
    QApplication app(argc, argv);
    isolate_settings();
    Suite suite;
    return QTest::qExec(&suite, argc, argv);
}

} // namespace ll::gui

// The main window: the GL viewport in the centre and a status bar with step, MLUPS, FPS,
// lattice, where the solver runs and the slice path (status_line.hpp), the menus (menus.cpp)
// and a dock with live MLUPS and bandwidth graphs.
#pragma once
#include "app/live/solver_thread.hpp"
#include "status_line.hpp"

#include <QLabel>
#include <QMainWindow>
#include <QTimer>

#include <memory>

namespace ll::gui {

class Viewport;
class PerfDock;
class MixingDock;
class LabDock;

// Asks for GL 3.3 core for every context (the slice shaders and ImGui's GL 3 renderer target
// it). Call before the QApplication exists.
void set_default_gl_format();

class MainWindow : public QMainWindow {
public:
    explicit MainWindow(const SolverStart& start, QWidget* parent = nullptr);
    ~MainWindow() override;

    Viewport& viewport() { return *viewport_; }
    SolverThread& solver() { return *solver_; }
    // The status bar's items as one line ("step 120 | 35.2 MLUPS | ..."); the items themselves
    // are QLabels named status_* (StatusLine), with the details in their tooltips.
    QString status_text() const { return status_->text(); }
    PerfDock& perf_dock() { return *perf_dock_; }
    MixingDock& mixing_dock() { return *mixing_dock_; }
    LabDock& lab_dock() { return *lab_dock_; }

    // The menu actions (menus.cpp), callable without their dialogs.
    bool save_screenshot(const QString& path); // the GL framebuffer as PNG
    void export_vtk(const QString& path);      // .vti, written by the solver thread
    void switch_scenario(const QString& name); // a preset with its default lattice
    QAction* scenario_action(const QString& name) const;
    QString shortcuts_text() const;
    QString about_text() const; // device, back end, compiler, Qt and CUDA build info

    // File menu (file_actions.cpp). Each returns "" on success or the message shown to the
    // user; a failure changes nothing (the running flow, the file on disk).
    QString open_scenario(const QString& path); // TOML/JSON; checked before the restart
    QString save_scenario(const QString& path); // preset + keys + model as TOML, atomically
    QString export_png(const QString& path);    // the slice as a figure with its colour bar
    QStringList recent_files() const;           // newest first, at most kMaxRecent
    // Opens a recent file; a missing one is removed from the list with a message.
    QString open_recent(const QString& path);
    static constexpr int kMaxRecent = 8;
    // Recording (Ctrl+Shift+R toggles): PNG frames into `folder`, MP4 on stop with ffmpeg.
    QString start_recording(const QString& folder);
    QString stop_recording();
    // View menu.
    QAction* view_action(const QString& name) const; // "panel", "dock", "colour_bar", ...
    QString last_message() const { return last_message_; }

protected:
    void closeEvent(QCloseEvent* e) override; // remembers geometry, field and colour map

private:
    void update_status();
    void build_menus();
    void build_file_menu(QMenu* file);
    void build_view_menu();
    void rebuild_recent_menu();
    void remember_recent(const QString& path);
    // Shows `text` in the status bar (and keeps it for tests); `error`: also a dialog when
    // the action came from a menu.
    void notify(const QString& text, bool error = false);
    void restore_settings();
    void save_settings() const;

    std::unique_ptr<SolverThread> solver_;
    Viewport* viewport_ = nullptr;  // owned by Qt as the central widget
    PerfDock* perf_dock_ = nullptr; // owned by Qt
    MixingDock* mixing_dock_ = nullptr;
    LabDock* lab_dock_ = nullptr;   // the papers' studies (View > Lab studies)
    std::uint64_t shown_sweep_ = 0; // the live sweep the Lab dock shows (SweepResult::serial)
    std::unique_ptr<StatusLine> status_;
    QMenu* recent_menu_ = nullptr;
    QString last_message_;
    bool interactive_ = false; // inside a menu action: errors also get a dialog
    QTimer status_timer_;
};

} // namespace ll::gui

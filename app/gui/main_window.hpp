// The main window: the GL viewport in the centre and a status bar with device, back end,
// lattice, step, MLUPS and FPS, the menus (menus.cpp) and a dock with live MLUPS and bandwidth
// graphs.
#pragma once
#include "app/live/solver_thread.hpp"

#include <QLabel>
#include <QMainWindow>
#include <QTimer>

#include <memory>

namespace ll::gui {

class Viewport;
class PerfDock;

// Asks for GL 3.3 core for every context (the slice shaders and ImGui's GL 3 renderer target
// it). Call before the QApplication exists.
void set_default_gl_format();

class MainWindow : public QMainWindow {
public:
    explicit MainWindow(const SolverStart& start, QWidget* parent = nullptr);
    ~MainWindow() override;

    Viewport& viewport() { return *viewport_; }
    SolverThread& solver() { return *solver_; }
    QString status_text() const { return status_->text(); }
    PerfDock& perf_dock() { return *perf_dock_; }

    // The menu actions (menus.cpp), callable without their dialogs.
    bool save_screenshot(const QString& path); // the GL framebuffer as PNG
    void export_vtk(const QString& path);      // .vti, written by the solver thread
    void switch_scenario(const QString& name); // a preset with its default lattice
    QAction* scenario_action(const QString& name) const;
    QString shortcuts_text() const;
    QString about_text() const; // device, back end, compiler, Qt and CUDA build info

protected:
    void closeEvent(QCloseEvent* e) override; // remembers geometry, field and colour map

private:
    void update_status();
    void build_menus();
    void restore_settings();
    void save_settings() const;

    std::unique_ptr<SolverThread> solver_;
    Viewport* viewport_ = nullptr;  // owned by Qt as the central widget
    PerfDock* perf_dock_ = nullptr; // owned by Qt
    QLabel* status_ = nullptr;
    QTimer status_timer_;
};

} // namespace ll::gui

// The main window: the GL viewport in the centre and a status bar with device, back end,
// lattice, step, MLUPS and FPS. Menus, the graphs dock and settings come with issue 3's rest.
#pragma once
#include "solver_thread.hpp"

#include <QLabel>
#include <QMainWindow>
#include <QTimer>

#include <memory>

namespace ll::gui {

class Viewport;

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

private:
    void update_status();

    std::unique_ptr<SolverThread> solver_;
    Viewport* viewport_ = nullptr; // owned by Qt as the central widget
    QLabel* status_ = nullptr;
    QTimer status_timer_;
};

} // namespace ll::gui

#include "main_window.hpp"

#include "app/lab/kernel_model.hpp"
#include "lab_dock.hpp"
#include "mixing_dock.hpp"
#include "perf_dock.hpp"
#include "viewport.hpp"

#include <QStandardPaths>
#include <QStatusBar>
#include <QSurfaceFormat>

namespace ll::gui {

void set_default_gl_format() {
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    QSurfaceFormat::setDefaultFormat(format);
}

MainWindow::MainWindow(const SolverStart& start, QWidget* parent)
    : QMainWindow(parent), solver_(std::make_unique<SolverThread>(start)) {
    setWindowTitle("LatticeLab");
    viewport_ = new Viewport(*solver_, this);
    setCentralWidget(viewport_);
    // The graphs read the GUI's latest snapshot: no extra traffic with the solver thread.
    perf_dock_ = new PerfDock(
        [this](PerfSample& sample) {
            const SolverSnapshot& s = viewport_->snapshot();
            if (s.serial == 0) return false;
            sample = {s.perf, s.device_perf, s.paused};
            return true;
        },
        this);
    addDockWidget(Qt::RightDockWidgetArea, perf_dock_);
    mixing_dock_ = new MixingDock(this); // shows itself when a 2D thermal run starts
    addDockWidget(Qt::RightDockWidgetArea, mixing_dock_);
    // The live sweeps set the lab's performance model beside each point (app/lab/kernel_model).
    solver_->set_sweep_model([](const Simulation& sim, std::string& why) {
        return lab::predict_kernel(sim, why).mlups;
    });
    lab_dock_ =
        new LabDock(cuda_compiled_in() && cuda_device_count() > 0,
                    QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + "/lab",
                    this, [this](SweepSetting setting) { solver_->sweep(setting); });
    addDockWidget(Qt::RightDockWidgetArea, lab_dock_);
    lab_dock_->hide(); // View > Lab studies
    status_ = std::make_unique<StatusLine>(statusBar());
    connect(&status_timer_, &QTimer::timeout, this, [this] { update_status(); });
    status_timer_.start(250);
    resize(1280, 700);
    build_menus();
    restore_settings();
}

MainWindow::~MainWindow() {
    // The viewport refers to the solver thread: delete it (and its GL objects) first.
    delete takeCentralWidget();
    viewport_ = nullptr;
}

void MainWindow::update_status() {
    const SolverSnapshot& s = viewport_->snapshot();
    mixing_dock_->add(s);
    if (s.sweep.serial != shown_sweep_) { // a new sweep (also from the Tuning tab's button)
        shown_sweep_ = s.sweep.serial;
        lab_dock_->live_sweeps()->show_result(s.sweep, s.model);
        lab_dock_->show();
    }
    const Recorder& recorder = viewport_->recorder();
    status_->show({.snapshot = s,
                   .requested = solver_->current_start().backend,
                   .cuda_built = cuda_compiled_in(),
                   .fps = viewport_->fps(),
                   .slice_path = viewport_->slice_path(),
                   .recorded_frames =
                       recorder.state() == Recorder::State::Recording ? recorder.frames() : -1});
}

} // namespace ll::gui

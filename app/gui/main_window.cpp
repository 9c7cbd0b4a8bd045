#include "main_window.hpp"

#include "mixing_dock.hpp"
#include "perf_dock.hpp"
#include "viewport.hpp"

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
        [this](Performance& p, bool& paused) {
            const SolverSnapshot& s = viewport_->snapshot();
            if (s.serial == 0) return false;
            p = s.perf;
            paused = s.paused;
            return true;
        },
        this);
    addDockWidget(Qt::RightDockWidgetArea, perf_dock_);
    mixing_dock_ = new MixingDock(this); // shows itself when a 2D thermal run starts
    addDockWidget(Qt::RightDockWidgetArea, mixing_dock_);
    status_ = new QLabel(this);
    statusBar()->addWidget(status_, 1);
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

namespace {
// " | slice x = 12" for a 3D lattice; 2D lattices have their one slice.
QString slice_text(const SolverSnapshot& s) {
    if (s.dims.nz <= 1) return {};
    const char* axis[] = {"x", "y", "z"};
    return QString(" | slice %1 = %2").arg(axis[int(s.slice_axis)]).arg(s.slice_index);
}
} // namespace

void MainWindow::update_status() {
    const SolverSnapshot& s = viewport_->snapshot();
    mixing_dock_->add(s);
    const QString backend = s.backend == "cuda" ? "CUDA" : "CPU";
    status_->setText(
        QString("%1 | %2 back end (%3) | lattice %4 x %5 x %6 | step %7 | %8 MLUPS | %9 FPS | "
                "slice via %10")
            .arg(QString::fromStdString(s.device), backend, QString::fromStdString(s.backend_note))
            .arg(s.dims.nx)
            .arg(s.dims.ny)
            .arg(s.dims.nz)
            .arg(qulonglong(s.step))
            .arg(s.mlups, 0, 'f', 1)
            .arg(viewport_->fps(), 0, 'f', 0)
            .arg(QString::fromStdString(viewport_->slice_path())) +
        slice_text(s) +
        (viewport_->recorder().state() == Recorder::State::Recording
             ? QString(" | REC %1 frames").arg(viewport_->recorder().frames())
             : QString()));
}

} // namespace ll::gui

// The main window's Qt menus (File, Scenario, Help) and the settings remembered between runs.
// Every menu action calls a public function that takes its path or name as a parameter, so
// tests drive the very same code without modal dialogs.
#include "main_window.hpp"
#include "perf_dock.hpp"
#include "viewport.hpp"

#include "solver/io/vtk_writer.hpp"
#include "solver/scenario/scenario.hpp"

#include <QActionGroup>
#include <QCloseEvent>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QtGlobal>

namespace ll::gui {

void MainWindow::build_menus() {
    QMenu* file = menuBar()->addMenu("&File");
    file->addAction("Save &screenshot...", QKeySequence("Ctrl+P"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, "Save screenshot", "latticelab.png",
                                                          "PNG images (*.png)");
        if (!path.isEmpty() && !save_screenshot(path))
            QMessageBox::warning(this, "LatticeLab", "Could not write " + path);
    });
    file->addAction("Export &VTK...", QKeySequence("Ctrl+E"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, "Export VTK", "latticelab.vti",
                                                          "VTK image data (*.vti)");
        if (!path.isEmpty()) export_vtk(path);
    });
    file->addSeparator();
    file->addAction("&Quit", QKeySequence::Quit, this, [this] { close(); });

    QMenu* scenario = menuBar()->addMenu("&Scenario");
    auto* group = new QActionGroup(this);
    for (const ScenarioSpec& spec : scenarios()) {
        const QString name = QString::fromStdString(spec.name);
        QAction* action = scenario->addAction(name, this, [this, name] { switch_scenario(name); });
        action->setToolTip(QString::fromStdString(spec.summary));
        action->setStatusTip(QString::fromStdString(spec.summary));
        action->setCheckable(true);
        action->setChecked(spec.name == viewport_->snapshot().scenario);
        action->setObjectName("scenario_" + name);
        group->addAction(action);
    }

    QMenu* help = menuBar()->addMenu("&Help");
    help->addAction("&Keyboard shortcuts", this, [this] {
        QMessageBox::information(this, "Keyboard shortcuts", shortcuts_text());
    });
    help->addAction("&About LatticeLab", this,
                    [this] { QMessageBox::about(this, "About LatticeLab", about_text()); });
}

QAction* MainWindow::scenario_action(const QString& name) const {
    return findChild<QAction*>("scenario_" + name);
}

bool MainWindow::save_screenshot(const QString& path) {
    // The GL framebuffer as drawn (slice, colour bar and panel), not a re-render.
    return viewport_->grabFramebuffer().save(path, "PNG");
}

void MainWindow::export_vtk(const QString& path) {
    // On the solver thread, between batches: the fields are read at one time step. An IoError
    // reaches the panel like any rejected change.
    const std::string target = path.toStdString();
    solver_->post([target](Simulation& sim) {
        MacroField m;
        sim.read_macro(m);
        write_vti(target, sim.setup(), m, sim.time_step());
    });
}

void MainWindow::switch_scenario(const QString& name) {
    solver_->switch_scenario(name.toStdString());
    viewport_->controls().set_paused(false);
}

QString MainWindow::shortcuts_text() const {
    return "Space\tpause / run\n"
           "S\tone step (while paused)\n"
           "R\treset the flow\n"
           "Home\treset pan and zoom\n"
           "D / E / P\tdraw, erase, probe tool\n"
           "Left drag\tpaint with the tool\n"
           "Right drag\tpan\n"
           "Wheel\tzoom\n"
           "Ctrl+P\tsave screenshot\n"
           "Ctrl+E\texport VTK\n"
           "Ctrl+Q\tquit";
}

QString MainWindow::about_text() const {
    const SolverSnapshot& s = viewport_->snapshot();
    return QString("LatticeLab: lattice Boltzmann on %1 (%2 back end)\n%3\n\n"
                   "Built with %4, Qt %5 (running %6), CUDA back end %7, %8 build")
        .arg(QString::fromStdString(s.device), s.backend == "cuda" ? "CUDA" : "CPU",
             QString::fromStdString(s.backend_note),
#if defined(__clang__)
             QString("clang ") + __clang_version__,
#else
             QString("GCC ") + __VERSION__,
#endif
             QT_VERSION_STR, qVersion(), cuda_compiled_in() ? "compiled in" : "not compiled in",
#ifdef NDEBUG
             "release"
#else
             "debug"
#endif
        );
}

void MainWindow::restore_settings() {
    QSettings settings;
    if (settings.contains("window/geometry"))
        restoreGeometry(settings.value("window/geometry").toByteArray());
    if (settings.contains("window/state"))
        restoreState(settings.value("window/state").toByteArray());
    Controls& c = viewport_->controls();
    const int field = settings.value("view/field", -1).toInt();
    if (field >= int(FieldKind::Speed) && field <= int(FieldKind::Density))
        c.set_field(FieldKind(field));
    const int map = settings.value("view/colormap", -1).toInt();
    if (map >= 0 && map <= int(render::ColorMap::Inferno)) c.set_colormap(render::ColorMap(map));
}

void MainWindow::save_settings() const {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    const ViewSettings& v = viewport_->controls().view();
    settings.setValue("view/field", int(v.field));
    settings.setValue("view/colormap", int(v.map));
}

void MainWindow::closeEvent(QCloseEvent* e) {
    save_settings();
    e->accept();
}

} // namespace ll::gui

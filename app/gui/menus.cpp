// The main window's Qt menus (File, View, Scenario, Help) and the settings remembered between runs.
// Every menu action calls a public function that takes its path or name as a parameter, so
// tests drive the very same code without modal dialogs.
#include "lab_dock.hpp"
#include "main_window.hpp"
#include "perf_dock.hpp"
#include "viewport.hpp"

#include "solver/io/vtk_writer.hpp"
#include "solver/scenario/scenario.hpp"

#include <QActionGroup>
#include <QCloseEvent>
#include <QDateTime>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QtGlobal>

namespace ll::gui {

void MainWindow::build_menus() {
    build_file_menu(menuBar()->addMenu("&File"));
    build_view_menu();

    QMenu* scenario = menuBar()->addMenu("&Scenario");
    auto* group = new QActionGroup(this);
    for (const ScenarioSpec& spec : scenarios()) {
        const QString name = QString::fromStdString(spec.name);
        const QString label = QString::fromStdString(scenario_label(spec));
        QAction* action = scenario->addAction(label, this, [this, name] { switch_scenario(name); });
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

void MainWindow::build_file_menu(QMenu* file) {
    // A menu action: errors also get a dialog (tests call the functions without one).
    const auto dialog_action = [this](auto fn) {
        return [this, fn] {
            interactive_ = true;
            fn();
            interactive_ = false;
        };
    };
    const QString filter = "Scenario files (*.toml *.json)";
    QAction* open = file->addAction(
        "&Open scenario...", QKeySequence::Open, this, dialog_action([this, filter] {
            const QString path = QFileDialog::getOpenFileName(this, "Open scenario", {}, filter);
            if (!path.isEmpty()) open_scenario(path);
        }));
    open->setStatusTip("A TOML or JSON file: scenario = \"<preset>\" plus its keys");
    file->addAction("&Save scenario...", QKeySequence::Save, this, dialog_action([this] {
                        const QString path = QFileDialog::getSaveFileName(
                            this, "Save scenario", "latticelab.toml", "TOML (*.toml)");
                        if (!path.isEmpty()) save_scenario(path);
                    }))
        ->setStatusTip("The preset, its keys and the model and launch now running, as TOML");
    recent_menu_ = file->addMenu("&Recent files");
    rebuild_recent_menu();
    file->addSeparator();
    file->addAction("Export &VTK...", QKeySequence("Ctrl+E"), this,
                    [this] {
                        const QString path = QFileDialog::getSaveFileName(
                            this, "Export VTK", "latticelab.vti", "VTK image data (*.vti)");
                        if (!path.isEmpty()) export_vtk(path);
                    })
        ->setStatusTip("Density and velocity of the whole lattice for ParaView (.vti)");
    file->addAction("Export slice &PNG...", QKeySequence("Ctrl+Shift+E"), this,
                    dialog_action([this] {
                        const QString path = QFileDialog::getSaveFileName(
                            this, "Export slice PNG", "latticelab-slice.png", "PNG (*.png)");
                        if (!path.isEmpty()) export_png(path);
                    }))
        ->setStatusTip("The slice node by node with its colour bar, as the command line's --png");
    file->addAction("Save s&creenshot...", QKeySequence("Ctrl+P"), this,
                    [this] {
                        const QString path = QFileDialog::getSaveFileName(
                            this, "Save screenshot", "latticelab.png", "PNG images (*.png)");
                        if (!path.isEmpty() && !save_screenshot(path))
                            QMessageBox::warning(this, "LatticeLab", "Could not write " + path);
                    })
        ->setStatusTip("The window's picture as drawn, panel included");
    QAction* record = file->addAction("Start &recording...", QKeySequence("Ctrl+Shift+R"));
    record->setObjectName("file_record");
    record->setStatusTip("Frames as PNGs into a folder; on stop an MP4 when ffmpeg is installed");
    connect(record, &QAction::triggered, this, dialog_action([this, record] {
                if (viewport_->recorder().state() == Recorder::State::Recording) {
                    stop_recording();
                    record->setText("Start &recording...");
                    return;
                }
                const QString folder =
                    QFileDialog::getExistingDirectory(this, "Record frames into");
                if (folder.isEmpty()) return;
                const QString stamp = QDateTime::currentDateTime().toString("yyyyMMdd-hhmmss");
                if (start_recording(folder + "/latticelab-" + stamp).isEmpty())
                    record->setText("Stop &recording");
            }));
    file->addSeparator();
    file->addAction("&Quit", QKeySequence::Quit, this, [this] { close(); });
}

void MainWindow::build_view_menu() {
    QMenu* view = menuBar()->addMenu("&View");
    const auto toggle = [&](const QString& name, const QString& text, const QKeySequence& key,
                            bool on, auto fn) {
        QAction* a = view->addAction(text);
        a->setObjectName("view_" + name);
        a->setShortcut(key);
        a->setCheckable(true);
        a->setChecked(on);
        connect(a, &QAction::toggled, this, fn);
        return a;
    };
    toggle("panel", "Control &panel", QKeySequence("Ctrl+1"), true,
           [this](bool on) { viewport_->controls().set_panel_visible(on); });
    QAction* dock = perf_dock_->toggleViewAction();
    dock->setText("P&erformance graphs");
    dock->setShortcut(QKeySequence("Ctrl+2"));
    dock->setObjectName("view_dock");
    view->addAction(dock);
    QAction* lab = lab_dock_->toggleViewAction();
    lab->setText("&Lab studies (the papers' measurements)");
    lab->setShortcut(QKeySequence("Ctrl+4"));
    lab->setObjectName("view_lab");
    view->addAction(lab);
    toggle("colour_bar", "&Colour bar", QKeySequence("Ctrl+3"), true,
           [this](bool on) { viewport_->set_colour_bar_visible(on); });
    view->addSeparator();
    QAction* fit = view->addAction("&Reset view (fit)", QKeySequence(Qt::Key_Home), this,
                                   [this] { viewport_->fit_view(); });
    fit->setObjectName("view_fit");
    // Home also reaches the viewport directly; as a window shortcut it would be ambiguous.
    fit->setShortcutContext(Qt::WidgetShortcut);
    toggle("fullscreen", "&Full screen", QKeySequence(Qt::Key_F11), false, [this](bool on) {
        if (on)
            showFullScreen();
        else
            showNormal();
    });
    view->addAction("&Help window", QKeySequence(Qt::Key_F1), this,
                    [this] { viewport_->controls().show_help(); })
        ->setObjectName("view_help");
}

QAction* MainWindow::view_action(const QString& name) const {
    return findChild<QAction*>("view_" + name);
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
    viewport_->controls().switch_scenario(name.toStdString()); // thermal: on the temperature
    viewport_->controls().set_paused(false);
}

QString MainWindow::shortcuts_text() const {
    return "Space\tpause / run\n"
           "S\tone step (while paused)\n"
           "R\treset the flow\n"
           "Home\tfit the slice into the free view (reset pan and zoom)\n"
           "D / E / P\tdraw, erase, probe tool\n"
           "Left drag\tpaint with the tool\n"
           "Right drag\tpan\n"
           "Wheel\tzoom\n"
           "Hover\tread the field under the cursor\n"
           "Ctrl+O\topen scenario (TOML / JSON)\n"
           "Ctrl+S\tsave scenario\n"
           "Ctrl+E\texport VTK\n"
           "Ctrl+Shift+E\texport slice PNG\n"
           "Ctrl+P\tsave screenshot\n"
           "Ctrl+Shift+R\tstart / stop recording\n"
           "Ctrl+1 / 2 / 3\tshow or hide panel, graphs, colour bar\n"
           "F11\tfull screen\n"
           "F1\thelp window\n"
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

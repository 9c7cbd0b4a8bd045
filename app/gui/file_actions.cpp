// The File menu's actions: open and save scenario files, recent files, slice PNG export and
// recording. Each takes its path as a parameter (the menu asks for it first), so the tests
// drive the same code without dialogs. Failures change nothing and say what and where.
//
// [SECTION] scenario files
// [SECTION] recent files
// [SECTION] exports and recording
#include "main_window.hpp"
#include "scenario_panel.hpp"
#include "viewport.hpp"

#include "render/png_writer.hpp"
#include "render/slice_figure.hpp"
#include "solver/io/config_file.hpp"
#include "solver/io/fields.hpp"
#include "solver/io/output_files.hpp"
#include "solver/scenario/keys.hpp"
#include "solver/scenario/preflight.hpp"

#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTextStream>

#include <cmath>

namespace ll::gui {

// ---- [SECTION] scenario files ------------------------------------------------------------

namespace {

// The line of `key` in a scenario file (TOML `key = ...`, JSON `"key": ...`), 0 if not found:
// a range error from build_scenario names the key, the user also wants to know where it is.
int line_of_key(const QString& path, const std::string& key) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return 0;
    QTextStream in(&f);
    const QString toml = QString::fromStdString(key), json = "\"" + toml + "\"";
    for (int line = 1; !in.atEnd(); ++line) {
        const QString text = in.readLine().trimmed();
        if (text.startsWith(json) ||
            (text.startsWith(toml) && text.mid(toml.size()).trimmed().startsWith('=')))
            return line;
    }
    return 0;
}

// Which of the file's keys a ConfigError is about ("re = 1e9: must be ...", "unknown key
// 're2' ..."), or "" when none.
std::string key_in_error(const std::string& what, const KeyValues& keys) {
    for (const auto& [key, value] : keys)
        if (what.starts_with(key + " =") || what.find("'" + key + "'") != std::string::npos)
            return key;
    return {};
}

// A scenario file's keys as TOML values: numbers bare; choices, boxes (size = "64x32x32") and
// unknown keys quoted.
std::string toml_value(const ScenarioSpec& spec, const std::string& key, const std::string& v) {
    for (const KeySpec& k : spec.keys)
        if (k.name == key && k.kind != KeySpec::Kind::Choice && read_number(v)) return v;
    return "\"" + v + "\"";
}

} // namespace

QString MainWindow::open_scenario(const QString& path) {
    const bool cpu = viewport_->snapshot().backend != "cuda";
    ScenarioFile file;
    try {
        file = load_scenario_file(path.toStdString()); // names the file and the line
        const ScenarioSpec* spec = find_scenario(file.scenario);
        if (!spec)
            throw ConfigError(path.toStdString() + ": scenario = \"" + file.scenario +
                              "\": not a preset; one of " + scenario_names());
        try {
            // The same checks and messages as the restart, before anything changes.
            resolve_keys(*spec, file.keys);
            preflight_scenario(file.scenario, file.keys, cpu);
        } catch (const ConfigError& e) {
            const std::string key = key_in_error(e.what(), file.keys);
            const int line = key.empty() ? 0 : line_of_key(path, key);
            throw ConfigError(path.toStdString() + (line > 0 ? ":" + std::to_string(line) : "") +
                              ": " + e.what());
        }
    } catch (const ConfigError& e) {
        const QString message =
            "Scenario file not opened, nothing changed: " + QString::fromStdString(e.what());
        notify(message, true);
        return message;
    }
    viewport_->controls().scenario().apply_keys(file.scenario, file.keys, cpu);
    viewport_->controls().set_paused(false);
    remember_recent(path);
    notify("Opened " + path + " (" + QString::fromStdString(file.scenario) + ")");
    return {};
}

QString MainWindow::save_scenario(const QString& path) {
    const SolverStart start = solver_->current_start();
    const ScenarioSpec* spec = find_scenario(start.scenario);
    if (!spec) return "no preset is running";
    KeyValues keys = start.keys;
    KeyValues resolved;
    double tau = 0;
    solver_->inspect([&](const Simulation& sim) {
        const SimulationSetup& s = sim.setup();
        for (auto& [key, value] : model_keys(s.model, s.launch))
            keys[key] = value;
        resolved = s.keys;
        tau = s.flow.tau;
    });
    carry_live_tau(keys, resolved, tau);
    std::string text = "# LatticeLab scenario, saved by latticelab-gui. Open it with File > Open "
                       "scenario or `latticelab run FILE`.\n";
    text += "scenario = \"" + start.scenario + "\"\n";
    for (const auto& [key, value] : keys)
        text += key + " = " + toml_value(*spec, key, value) + "\n";
    try {
        write_output_file(path.toStdString(), text); // whole or not at all
    } catch (const std::exception& e) {
        const QString message = "Scenario not saved: " + QString::fromStdString(e.what());
        notify(message, true);
        return message;
    }
    remember_recent(path);
    notify("Saved " + path);
    return {};
}

// ---- [SECTION] recent files --------------------------------------------------------------

QStringList MainWindow::recent_files() const {
    return QSettings().value("files/recent").toStringList();
}

void MainWindow::remember_recent(const QString& path) {
    QStringList list = recent_files();
    const QString full = QFileInfo(path).absoluteFilePath();
    list.removeAll(full);
    list.prepend(full);
    while (list.size() > kMaxRecent)
        list.removeLast();
    QSettings().setValue("files/recent", list);
    rebuild_recent_menu();
}

QString MainWindow::open_recent(const QString& path) {
    if (QFileInfo::exists(path)) return open_scenario(path);
    QStringList list = recent_files();
    list.removeAll(path);
    QSettings().setValue("files/recent", list);
    rebuild_recent_menu();
    const QString message = path + " no longer exists: removed from the recent files";
    notify(message, true);
    return message;
}

void MainWindow::rebuild_recent_menu() {
    if (!recent_menu_) return;
    recent_menu_->clear();
    const QStringList list = recent_files();
    for (int k = 0; k < list.size(); ++k) {
        const QString path = list[k];
        QAction* a =
            recent_menu_->addAction(QString("&%1 %2").arg(k + 1).arg(path), this, [this, path] {
                interactive_ = true;
                open_recent(path);
                interactive_ = false;
            });
        a->setToolTip("Open this scenario file again; a file that is gone is dropped from the "
                      "list.");
    }
    recent_menu_->setEnabled(!list.isEmpty());
}

// ---- [SECTION] exports and recording -----------------------------------------------------

QString MainWindow::export_png(const QString& path) {
    const SolverSnapshot& s = viewport_->snapshot();
    if (s.slice.empty()) return "no slice to export yet";
    const ViewSettings& v = viewport_->controls().view();
    render::SliceFigure f;
    f.values = s.slice.data();
    f.width = int(s.width);
    f.height = int(s.height);
    f.title = std::string(field_label(s.field));
    f.units = std::string(field_units(s.field, s.model.stencil));
    f.map = v.map;
    f.symmetric = field_is_signed(FieldRequest{s.field, -1}, s.dims);
    try {
        render::write_png(path.toStdString(), render::render_slice_figure(f));
    } catch (const std::exception& e) {
        const QString message = "PNG not written: " + QString::fromStdString(e.what());
        notify(message, true);
        return message;
    }
    notify("Exported the slice to " + path);
    return {};
}

QString MainWindow::start_recording(const QString& folder) {
    QString message;
    const bool ok = viewport_->recorder().start(folder, message);
    notify(message, !ok);
    return ok ? QString() : message;
}

QString MainWindow::stop_recording() {
    const QString message = viewport_->recorder().stop();
    notify(message);
    return message;
}

void MainWindow::notify(const QString& text, bool error) {
    last_message_ = text;
    statusBar()->showMessage(text, 15000);
    if (error && interactive_) QMessageBox::warning(this, "LatticeLab", text);
}

} // namespace ll::gui

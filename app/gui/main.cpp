// latticelab-gui: the interactive visualiser. Command-line options choose the start-up scenario
// and back end; everything else is changed live in the window. Exit codes: 0, 2 for bad
// command-line input (the message names the option and what is allowed), 1 when the window
// cannot start.
#include "main_window.hpp"
#include "solver/io/config_file.hpp"
#include "solver/scenario/preflight.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

#include <cstdio>

namespace {

using ll::ConfigError;

// "0,1" -> {0, 1}; a repeat or a GPU that is not there is refused later (devices_error).
std::vector<int> parse_devices(const QString& text) {
    std::vector<int> out;
    for (const QString& item : text.split(',')) {
        bool ok = false;
        const int device = item.trimmed().toInt(&ok);
        if (!ok || device < 0)
            throw ConfigError("--devices '" + text.toStdString() +
                              "': must be a comma list of GPU numbers (0, 1, ...)");
        out.push_back(device);
    }
    return out;
}

ll::gui::SolverStart parse_start(const QCommandLineParser& p) {
    ll::gui::SolverStart start;
    const QStringList args = p.positionalArguments();
    if (args.size() > 1)
        throw ConfigError("one scenario at most (a preset or a .toml/.json file); got " +
                          std::to_string(args.size()));
    if (!args.isEmpty()) {
        const std::string name = args.front().toStdString();
        if (ll::looks_like_scenario_file(name)) {
            ll::ScenarioFile f = ll::load_scenario_file(name);
            start.scenario = f.scenario;
            start.keys = std::move(f.keys);
        } else {
            start.scenario = name;
        }
    }
    if (!ll::find_scenario(start.scenario))
        throw ConfigError("scenario '" + start.scenario + "': unknown; presets: " +
                          ll::scenario_names() + " (or a .toml/.json scenario file)");
    std::vector<std::string> sets;
    for (const QString& set : p.values("set"))
        sets.push_back(set.toStdString());
    for (auto& [key, value] : ll::parse_set_arguments(sets))
        start.keys[key] = value; // --set overrides the file
    const auto backend = ll::parse_backend(p.value("backend").toStdString());
    if (!backend)
        throw ConfigError("--backend " + p.value("backend").toStdString() +
                          ": must be auto|cpu|cuda");
    start.backend = *backend;
    start.tiles = p.value("tiles").toStdString();
    if (p.isSet("devices")) start.devices = parse_devices(p.value("devices"));
    // Keys are checked against their ranges now, so a typo is reported here and not as a
    // window that fails to open; the memory check comes before the builder allocates.
    std::string why;
    const bool cpu = start.backend == ll::BackendKind::Cpu || !ll::cuda_device_present(why);
    ll::preflight_scenario(start.scenario, start.keys, cpu);
    // Builds the scenario at the size the window will run too: a tiling that does not fit it
    // or a GPU that is not there is refused here, by name and range.
    const std::string bad = ll::gui::start_subdomains_error(ll::gui::sized_start(start, !cpu));
    if (!bad.empty()) throw ConfigError(bad);
    return start;
}

} // namespace

int main(int argc, char** argv) {
    // The command line is read before the QApplication exists, so that --help and bad input
    // work without a display.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCoreApplication::setApplicationName("latticelab-gui");
    QCoreApplication::setApplicationVersion("0.1.0");
    QCommandLineParser p;
    p.setApplicationDescription(
        "LatticeLab visualiser: a live lattice Boltzmann flow on the GPU (CUDA) or the CPU.\n"
        "Starts on flow past a cylinder; change scheme, layout, block size, occupancy, field,\n"
        "lattice and scenario in the window (Help > Keyboard shortcuts lists the keys).\n"
        "Without an NVIDIA GPU it runs on the CPU back end with a smaller lattice and says so.\n"
        "Environment: LATTICELAB_INTEROP=off forces the host-copy slice path.");
    const QCommandLineOption help = p.addHelpOption();
    const QCommandLineOption version = p.addVersionOption();
    p.addPositionalArgument("scenario",
                            QString::fromStdString("preset (" + ll::scenario_names() +
                                                   ") or a .toml/.json scenario file; default "
                                                   "cylinder2d"),
                            "[scenario]");
    p.addOption({"set", "scenario key, repeatable (`latticelab scenarios` lists keys and ranges)",
                 "KEY=VALUE"});
    p.addOption(
        {"backend", "auto (CUDA when a GPU is usable, else the CPU) | cpu | cuda", "NAME", "auto"});
    p.addOption({"tiles",
                 "subdomains NxMxK (e.g. 2x2x1): the lattice cut into tiles that exchange halo "
                 "layers every step; auto: one per GPU of --devices (one domain without); "
                 "changeable in the window (tuning tab)",
                 "NxMxK", "auto"});
    p.addOption({"devices",
                 "GPUs that run the subdomains, a comma list (e.g. 0,1): tile t on the "
                 "(t mod n)-th; default: the current GPU",
                 "LIST"});
    p.addOption({"no-interop",
                 "draw slices through the host copy instead of CUDA-GL interop (the same as "
                 "setting LATTICELAB_INTEROP=off), e.g. to compare the two paths"});
    if (!p.parse(arguments)) {
        std::fprintf(stderr, "latticelab-gui: error: %s (see --help)\n",
                     p.errorText().toLocal8Bit().constData());
        return 2;
    }
    if (p.isSet(help)) {
        std::fputs(p.helpText().replace("<executable_name>", "latticelab-gui").toLocal8Bit(),
                   stdout);
        return 0;
    }
    if (p.isSet(version)) {
        std::puts("latticelab-gui 0.1.0");
        return 0;
    }
    ll::gui::SolverStart start;
    try {
        start = parse_start(p);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "latticelab-gui: error: %s\n", e.what());
        return 2;
    }
    if (p.isSet("no-interop")) qputenv("LATTICELAB_INTEROP", "off");
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        std::fprintf(stderr, "latticelab-gui: no display (DISPLAY and WAYLAND_DISPLAY are unset): "
                             "run it in a desktop session, under xvfb-run, or use the command "
                             "line `latticelab run` (headless, --png through EGL)\n");
        return 1;
    }

    ll::gui::set_default_gl_format();
    QApplication app(argc, argv);
    // QSettings() without arguments files the remembered window and view under these names.
    QApplication::setOrganizationName("LatticeLab");
    QApplication::setApplicationName("latticelab-gui");
    try {
        ll::gui::MainWindow window{start};
        window.show();
        return app.exec();
    } catch (const std::exception& e) {
        QMessageBox::critical(nullptr, "LatticeLab", e.what());
        return 1;
    }
}

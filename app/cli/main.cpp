// latticelab: the command-line front end. Exit codes: 0 success, 2 bad input (ConfigError or
// a command-line parse error; nothing is written), 1 runtime failure (including standard
// output that could not be written), 128 + N after signal N (interrupt.hpp).
#include "commands.hpp"
#include "interrupt.hpp"
#include "ranks.hpp"
#include "solver/io/output_files.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace ll::cli {

BackendKind backend_from(const std::string& name) {
    const auto b = parse_backend(name);
    if (!b) throw ConfigError("backend = " + name + ": must be auto|cpu|cuda");
    return *b;
}

const CLI::Validator& output_file() {
    static const CLI::Validator v(
        [](std::string& path) {
            return path.empty() ? std::string("needs a file name (the path is empty)")
                                : std::string();
        },
        "FILE");
    return v;
}

const CLI::Validator& positive_finite() {
    static const CLI::Validator v(
        [](std::string& text) {
            char* end = nullptr;
            const double x = std::strtod(text.c_str(), &end);
            const bool ok = !text.empty() && *end == '\0' && std::isfinite(x) && x > 0;
            return ok ? std::string()
                      : "'" + text + "' must be a finite number greater than 0 (e.g. 1e-6)";
        },
        "TOL");
    return v;
}

std::string outputs_help() {
    return "Outputs: a new or regular file is written whole or not at all (a temporary beside "
           "it, then a rename; a symbolic link's target is replaced, not the link); a "
           "character device or FIFO (/dev/null, /dev/stdout) and - (standard output) are "
           "written straight through and never replaced; a directory, socket or block device "
           "is refused (exit 2). Every output of a run is written, or none: a failure (a full "
           "disk: exit 1) keeps the old files.";
}

namespace {

// Output that went to a full disk or a closed pipe must not pass for success.
int check_standard_output(int code) {
    std::cout.flush();
    const bool ok = std::fflush(stdout) == 0 && !std::ferror(stdout) && !std::cout.fail();
    if (ok) return code;
    const int err = errno;
    std::fprintf(stderr, "latticelab: failed: cannot write standard output (%s)\n",
                 std::strerror(err));
    return code == 0 ? 1 : code;
}

int dispatch(int argc, char** argv) {
    CLI::App app("LatticeLab: lattice Boltzmann flows on the GPU (CUDA) or the CPU.\n"
                 "Without arguments: `latticelab run cylinder2d`.",
                 "latticelab");
    app.require_subcommand(0, 1);
    app.footer("Commands: run, scenarios, bench, scale-bench, lab, thermal-bench, render-bench (GL "
               "builds) (each "
               "has --help).\n" +
               model_help());
    RunOptions run;
    BenchOptions bench;
    CLI::App* run_cmd = add_run(app, run);
    CLI::App* bench_cmd = add_bench(app, bench);
    CLI::App* scen_cmd = add_scenarios(app);
    ScaleBenchOptions scale_bench;
    CLI::App* scale_bench_cmd = add_scale_bench(app, scale_bench);
    LabOptions lab;
    CLI::App* lab_cmd = add_lab(app, lab);
    ThermalBenchOptions thermal_bench;
    CLI::App* thermal_bench_cmd = add_thermal_bench(app, thermal_bench);
#if LATTICELAB_HAS_GL
    RenderBenchOptions render_bench;
    CLI::App* render_bench_cmd = add_render_bench(app, render_bench);
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e); // prints help (code 0) or the error
        return code == 0 ? 0 : 2;
    }
    if (*scen_cmd) return scenarios_command();
    if (*bench_cmd) return bench_command(bench);
    if (*thermal_bench_cmd) return thermal_bench_command(thermal_bench);
    if (*scale_bench_cmd) return scale_bench_command(scale_bench);
    if (*lab_cmd) return lab_command(lab);
#if LATTICELAB_HAS_GL
    if (*render_bench_cmd) return render_bench_command(render_bench);
#endif
    if (*run_cmd) return run_command(run);
    return run_command(RunOptions{}); // no command: the default scenario
}

} // namespace
} // namespace ll::cli

int main(int argc, char** argv) {
    using namespace ll::cli;
    handle_signals(OnSignal::ExitNow); // `run` asks for a gentler stop while it steps
    int code = 0;
    set_command_line(argc, argv);
    try {
        code = dispatch(argc, argv);
    } catch (const ll::ConfigError& e) {
        code = report_config_error(e); // under mpirun: once, from rank 0, or ends every rank
    } catch (const std::exception& e) {
        const RankContext ranks = rank_context();
        std::fprintf(stderr, "latticelab: failed: %s%s\n",
                     ranks.several() ? ("rank " + std::to_string(ranks.rank()) + ": ").c_str() : "",
                     e.what());
        if (ranks.several()) ranks.ranks->abort(1); // the other ranks would wait for this one
        code = 1;
    }
    return check_standard_output(code);
}

// latticelab: the command-line front end. Exit codes: 0 success, 2 bad input (ConfigError or
// a command-line parse error; nothing is written), 1 runtime failure.
#include "commands.hpp"
#include "solver/io/atomic_file.hpp"

#include <cstdio>

namespace ll::cli {

BackendKind backend_from(const std::string& name) {
    const auto b = parse_backend(name);
    if (!b) throw ConfigError("backend = " + name + ": must be auto|cpu|cuda");
    return *b;
}

namespace {

int dispatch(int argc, char** argv) {
    CLI::App app("LatticeLab: lattice Boltzmann flows on the GPU (CUDA) or the CPU.\n"
                 "Without arguments: `latticelab run cylinder2d`.",
                 "latticelab");
    app.require_subcommand(0, 1);
    app.footer("Commands: run, scenarios, bench, thermal-bench, render-bench (GL builds) (each "
               "has --help).\n" +
               model_help());
    RunOptions run;
    BenchOptions bench;
    CLI::App* run_cmd = add_run(app, run);
    CLI::App* bench_cmd = add_bench(app, bench);
    CLI::App* scen_cmd = add_scenarios(app);
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
#if LATTICELAB_HAS_GL
    if (*render_bench_cmd) return render_bench_command(render_bench);
#endif
    if (*run_cmd) return run_command(run);
    return run_command(RunOptions{}); // no command: the default scenario
}

} // namespace
} // namespace ll::cli

int main(int argc, char** argv) {
    try {
        return ll::cli::dispatch(argc, argv);
    } catch (const ll::ConfigError& e) {
        std::fprintf(stderr, "latticelab: error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "latticelab: failed: %s\n", e.what());
        return 1;
    }
}

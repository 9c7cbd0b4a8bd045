// The latticelab subcommands. Each add_* registers its options on the CLI11 app and each
// *_command runs it; they throw ConfigError for bad input (exit 2) and anything else for a
// runtime failure (exit 1), see main.cpp.
#pragma once
#include "solver/options.hpp"
#include "solver/scenario/scenario.hpp"

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ll::cli {

struct RunOptions {
    std::string scenario = "cylinder2d";
    std::vector<std::string> sets; // KEY=VALUE
    std::string backend = "auto";
    std::optional<std::int64_t> steps; // default: default_steps(scenario)
    std::optional<double> until_steady;
    std::string vtk, png, json;
    std::string png_field = "speed";
    std::string png_renderer = "auto"; // auto|gl|cpu
    std::string vorticity_component = "magnitude";
    std::optional<std::string> slice_axis;
    std::optional<std::int64_t> slice_index;
    std::string probe, probe_csv;            // --probe fronts --probe-csv FILE (probe.hpp)
    std::optional<std::int64_t> probe_every; // default kProbeEvery
    std::string tiles;                       // --tiles NxMxK (solver/domain/tiling.hpp)
    std::optional<int> subdomains;           // --subdomains N: the tiling chosen for N
    std::string devices;                     // --devices 0,1,...: GPUs of this process
    bool timeline = false;                   // --timeline: one more step, traced (subdomains)
    bool quiet = false;
};

struct BenchOptions {
    std::string schemes, layouts = "soa,aos", precisions = "fp32", storages, stencils = "d3q19";
    std::string collisions = "bgk", block_sizes = "128,256,512";
    std::string register_caps = "0"; // --register-caps: LaunchConfig::register_cap values
    std::string backend = "auto";
    // --size: lattices, each N or NXxNY[xNZ]; empty: 256 on a GPU, 64 on the CPU
    std::string sizes;
    std::string threads; // --threads: OpenMP thread counts of the CPU back end; empty: as set
    std::optional<std::int64_t> steps;
    int repeats = 5;
    std::string json, markdown;
    bool quiet = false;
};

// `scale-bench` (scale_bench_command.cpp): scaling over subdomains and the halo exchange.
struct ScaleBenchOptions {
    std::optional<std::int64_t> size, weak_size;
    std::string counts = "1,2,4,8", stencil = "d3q19", scheme = "aa", precision = "fp32";
    std::string layout = "soa";
    std::string storage; // empty: the precision's own (fp32 or fp64)
    std::string tables = "all";
    std::optional<std::string> gpus; // default: every GPU present
    std::int64_t gpu_weak_size = 512, gpu_strong_size = 768;
    std::string backend = "auto";
    int repeats = 3;
    std::string json, markdown;
    bool quiet = false;
};

// `lab` (lab_command.cpp): the papers' measurements (app/lab/).
struct LabOptions {
    std::vector<std::string> studies;
    std::string out = "lab";
    std::string backend = "auto";
    std::string blocks, warps; // sweeps of the GPU studies (empty: the defaults)
    bool quick = false, quiet = false;
};

// `thermal-bench` (thermal_bench_command.cpp): seed 004's D2Q37 kernels on the GPU.
struct ThermalBenchOptions {
    std::int64_t size = 1024, height = 4096; // seed 004's lattices hold about 4 M sites
    std::string block_sizes = "32,64,128,256,512,1024";
    std::string kernels = "all", schemes = "all";
    int launches = 20, steps = 20, repeats = 5;
    std::optional<double> flops_per_site; // default: thermal::CollideFlops::per_site
    std::string json, markdown;
    bool quiet = false;
};

struct RenderBenchOptions {
    std::string scenario = "cavity3d";
    std::vector<std::string> sets; // KEY=VALUE
    std::string backend = "auto";
    double seconds = 10, fps = 60;
    std::string frame = "1280x720";
    std::string slice_path = "auto"; // auto|interop|host
    std::string tiles = "auto";      // NxMxK, or one subdomain per GPU of --devices
    std::string devices;             // comma list of GPU numbers; empty: the current GPU
    std::string png, json, markdown;
};

CLI::App* add_run(CLI::App& app, RunOptions& o);
CLI::App* add_bench(CLI::App& app, BenchOptions& o);
CLI::App* add_scenarios(CLI::App& app);
CLI::App* add_thermal_bench(CLI::App& app, ThermalBenchOptions& o);

// Built with the GL renderer only (LATTICELAB_HAS_GL).
CLI::App* add_render_bench(CLI::App& app, RenderBenchOptions& o);

int run_command(const RunOptions& o);
int render_bench_command(const RenderBenchOptions& o);
int bench_command(const BenchOptions& o);
CLI::App* add_scale_bench(CLI::App& app, ScaleBenchOptions& o);
CLI::App* add_lab(CLI::App& app, LabOptions& o);
int lab_command(const LabOptions& o);
int scale_bench_command(const ScaleBenchOptions& o);
int thermal_bench_command(const ThermalBenchOptions& o);
int scenarios_command();

// Steps a run takes when neither --steps nor --until-steady is given, per preset.
std::int64_t default_steps(const std::string& scenario);
// "  name  steps\n" lines documenting default_steps(), for --help and `scenarios`.
std::string default_steps_table();
// Explanations of every scheme, layout and collision model, for --help.
std::string model_help();

BackendKind backend_from(const std::string& name);

// Validators shared by the commands' options: an output path may not be empty (what else it
// may be is checked by OutputSet); a tolerance is a finite number > 0.
const CLI::Validator& output_file();
const CLI::Validator& positive_finite();
// What an output path may be (files, devices, "-"), for --help.
std::string outputs_help();

} // namespace ll::cli

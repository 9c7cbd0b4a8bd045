// `latticelab run`: one scenario from a preset or a file, with progress, a summary and
// optional VTK / PNG / JSON output.
//
// [SECTION] options        the run subcommand's flags
// [SECTION] input          scenario, keys, outputs and slice, all checked before any step
// [SECTION] stepping       batches sized for the progress bar, the --until-steady test
// [SECTION] output         summary on stdout, every file written at the end, all or none
#include "commands.hpp"
#include "interrupt.hpp"
#include "probe.hpp"
#include "progress.hpp"
#include "ranks.hpp"
#include "render/colormap.hpp"
#include "render/png_writer.hpp"
#include "render/slice_figure.hpp"
#include "run_subdomains.hpp"
#include "scale_bench.hpp"
#include "solver/diagnostics/heat_transfer.hpp"
#include "solver/diagnostics/rt_fronts.hpp"
#include "solver/scenario/preflight.hpp"

#include <memory>
#include <stdexcept>
#if LATTICELAB_HAS_GL
#include "render/egl/slice_painter.hpp"
#include "render/interop/slice_path.hpp"
#endif
#include "solver/io/config_file.hpp"
#include "solver/io/fields.hpp"
#include "solver/io/output_files.hpp"
#include "solver/io/perf_record.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace ll::cli {

namespace {

constexpr std::int64_t kSteadyInterval = 1000; // --until-steady compares fields this far apart
constexpr std::int64_t kSteadyDefaultCap = 200000;
constexpr std::int64_t kProbeEvery = 100; // --probe-every default

// ------------------------------------------------------------------------------ input
struct Input {
    SimulationSetup setup;
    FieldRequest field;
    Axis axis = Axis::Z;
    std::uint32_t slice = 0;
    std::int64_t steps = 0;
};

// Every output checked (and two on one file refused) before the first step.
void plan_outputs(const RunOptions& o, OutputSet& outputs) {
    if (!o.png.empty() && !render::png_available())
        throw ConfigError("--png: this build has no PNG support (libpng-dev was missing when it "
                          "was configured)");
    const std::pair<const char*, const std::string*> files[] = {
        {"--vtk", &o.vtk}, {"--png", &o.png}, {"--json", &o.json}, {"--probe-csv", &o.probe_csv}};
    for (const auto& [flag, path] : files)
        if (!path->empty()) outputs.add(flag, *path);
}

void choose_slice(const RunOptions& o, Input& in) {
    const Dims& d = in.setup.dims;
    // Default: the xy-plane in 2D, the xz mid-plane in 3D (the cavity's driven vortex, the
    // wake of the sphere, the duct's length).
    const std::string axis = o.slice_axis.value_or(d.nz == 1 ? "z" : "y");
    in.axis = *parse_axis(axis);
    const std::uint32_t count = slice_count(d, in.axis);
    const std::int64_t index = o.slice_index.value_or(count / 2);
    if (index < 0 || index >= std::int64_t(count))
        throw ConfigError("--slice-index " + std::to_string(index) + ": must be between 0 and " +
                          std::to_string(count - 1) + " for --slice-axis " + axis);
    in.slice = std::uint32_t(index);
    in.field.kind = *parse_field(o.png_field);
    const std::string& c = o.vorticity_component;
    in.field.vorticity_component = c == "x" ? 0 : c == "y" ? 1 : c == "z" ? 2 : -1;
}

Input read_input(const RunOptions& o, BackendKind backend, OutputSet& outputs,
                 const RankContext& ranks) {
    Input in;
    std::string name = o.scenario;
    KeyValues keys;
    if (looks_like_scenario_file(o.scenario)) {
        ScenarioFile f = load_scenario_file(o.scenario);
        name = f.scenario;
        keys = std::move(f.keys);
    }
    for (auto& [k, v] : parse_set_arguments(o.sets))
        keys[k] = v; // --set overrides the file
    if (!find_scenario(name))
        throw ConfigError("scenario '" + name + "': unknown; presets: " + scenario_names() +
                          " (or a .toml/.json scenario file)");
    check_probe_options(o);
    if (ranks.leader()) plan_outputs(o, outputs); // the other ranks write nothing
    const bool cpu_lattice = backend == BackendKind::Cpu || !cuda_compiled_in();
    if (backend == BackendKind::Cpu) keys = cpu_sized(name, std::move(keys));
    preflight_scenario(name, keys, cpu_lattice);
    in.setup = build_scenario(name, keys);
    choose_subdomains(o, in.setup, ranks);
    if (ranks.leader()) plan_vtk_pieces(o, in.setup, outputs);
    in.steps = o.steps.value_or(o.until_steady ? kSteadyDefaultCap : default_steps(name));
    return in;
}

// ------------------------------------------------------------------------------ stepping
double relative_change(const MacroField& now, const MacroField& before) {
    double diff = 0, norm = 0;
    for (std::size_t n = 0; n < now.ux.size(); ++n) {
        const double dx = now.ux[n] - before.ux[n], dy = now.uy[n] - before.uy[n],
                     dz = now.uz[n] - before.uz[n];
        diff += dx * dx + dy * dy + dz * dz;
        norm += double(now.ux[n]) * now.ux[n] + double(now.uy[n]) * now.uy[n] +
                double(now.uz[n]) * now.uz[n];
    }
    if (norm == 0) return diff == 0 ? 0.0 : INFINITY;
    return std::sqrt(diff / norm);
}

struct RunResult {
    Measurement total;       // engine time of all steps
    double last_change = -1; // --until-steady: the last relative change
    bool converged = false;
    int interrupted_by = 0; // the signal that stopped the run early, or 0
    // Convection runs (heated walls): the Nusselt number at the end.
    HeatTransfer heat;
    double nusselt = 0;
};

RunResult advance(Simulation& sim, const RunOptions& o, std::int64_t steps, Probe* probe,
                  bool show) {
    RunResult r;
    if (probe) probe->sample(sim); // the initial state
    Progress progress(steps, show);
    MacroField before, now;
    if (o.until_steady) sim.read_macro(before);
    std::int64_t done = 0, batch = 10;
    char note[96] = "";
    while (done < steps) {
        std::int64_t n = std::min(batch, steps - done);
        if (o.until_steady) n = std::min(n, kSteadyInterval - done % kSteadyInterval);
        if (probe) n = std::min(n, probe->every() - done % probe->every());
        sim.step(int(n));
        done += n;
        if (probe && done % probe->every() == 0) probe->sample(sim);
        r.total.steps += std::uint64_t(n);
        r.total.seconds += sim.performance().seconds;
        // Batches of about 0.2 s keep the bar lively without measurable overhead.
        const double per_step = sim.performance().seconds / double(n);
        batch = agreed_batch(
            sim, std::clamp<std::int64_t>(std::int64_t(0.2 / std::max(per_step, 1e-9)), 1, 100000));
        if (o.until_steady && done % kSteadyInterval == 0) {
            sim.read_macro(now);
            r.last_change = relative_change(now, before);
            std::swap(now, before);
            if (r.last_change < *o.until_steady) r.converged = true;
        }
        const Performance p = sim.performance();
        std::snprintf(note, sizeof note, "%.1f MLUPS", p.mlups);
        if (r.last_change >= 0)
            std::snprintf(note + std::strlen(note), sizeof note - std::strlen(note),
                          ", change %.2e", r.last_change);
        progress.update(done, note);
        r.interrupted_by = agreed_stop(sim, stop_requested());
        if (r.converged || r.interrupted_by) break;
    }
    progress.finish(done, note);
    return r;
}

// ------------------------------------------------------------------------------ output
// The bulk kernel's launch: its registers (and cap), local memory, blocks per SM, occupancy.
void print_launch(const Simulation& sim) {
    const LaunchReport lr = sim.launch_report();
    const LaunchConfig& l = sim.setup().launch;
    const std::string cap = l.register_cap ? "cap " + std::to_string(l.register_cap)
                                           : std::string("the compiler's choice");
    std::printf("launch     %d threads/block, %d registers/thread (%s), %d B local memory per "
                "thread, %d blocks/SM, %.0f %% occupancy\n",
                lr.block_size, lr.registers_per_thread, cap.c_str(), lr.local_bytes_per_thread,
                lr.blocks_per_sm, 100 * lr.theoretical_occupancy);
    if (lr.resident_blocks > 0)
        std::printf(
            "resident   %d blocks of %d threads, the steps of a batch in one kernel (blocks "
            "widened from block_size where some SMs would hold one more than others)\n",
            lr.resident_blocks, lr.resident_block_size);
}

void print_summary(Simulation& sim, const RunResult& r, const RunOptions& o) {
    const SimulationSetup& s = sim.setup();
    const Performance p = performance_of(s, r.total, sim.copy_bandwidth());
    std::printf("scenario   %s (re %.4g, tau %.4g, u_ref %.4g)\n", s.scenario.c_str(), s.reynolds,
                s.flow.tau, s.u_ref);
    std::printf("back end   %s: %s\n", sim.device().backend.c_str(), sim.backend_note().c_str());
    std::printf("device     %s\n", sim.device().device.c_str());
    std::printf("model      %s %s, %s, %s, %s%s\n", std::string(to_string(s.model.stencil)).c_str(),
                std::string(to_string(s.model.collision)).c_str(),
                std::string(to_string(s.model.scheme)).c_str(),
                std::string(to_string(s.model.layout)).c_str(),
                std::string(to_string(s.model.precision)).c_str(),
                s.model.storage
                    ? (", " + std::string(to_string(*s.model.storage)) + " storage").c_str()
                    : "");
    std::printf("lattice    %u x %u x %u = %u nodes\n", s.dims.nx, s.dims.ny, s.dims.nz,
                s.dims.nodes());
    std::printf("steps      %llu", (unsigned long long)sim.time_step());
    if (r.interrupted_by)
        std::printf(" (interrupted by %s)", signal_name(r.interrupted_by));
    else if (o.until_steady)
        std::printf(" (%s: relative change %.3g over %lld steps, tolerance %.3g)",
                    r.converged ? "steady" : "NOT steady, step cap reached", r.last_change,
                    (long long)kSteadyInterval, *o.until_steady);
    std::printf("\nspeed      %.2f MLUPS in %.3f s, %.2f GB/s (%.0f B per node update)\n", p.mlups,
                p.seconds, p.bytes_per_second / 1e9, bytes_per_node_update(s));
    std::printf("bandwidth  %.1f %% of the measured copy bandwidth (%.2f GB/s)\n",
                100.0 * p.fraction_of_copy, p.copy_bandwidth / 1e9);
    if (sim.on_gpu()) print_launch(sim);
    if (r.heat.available)
        std::printf("nusselt    %s, Ra %.4g, Pr %.3g, t = %.3g H^2/kappa\n",
                    nusselt_text(r.nusselt, s, r.heat).c_str(), r.heat.rayleigh, r.heat.prandtl,
                    double(sim.time_step()) / r.heat.diffusion_time());
}

// The slice drawn by the GL renderer in a headless EGL context (the same code the visualiser
// draws with), or nullptr for the CPU colour mapping. "gl" insists; "auto" falls back, saying so.
// On a GPU run with interop the slice goes device -> GL texture, as in the visualiser.
std::unique_ptr<render::Image> painted_slice([[maybe_unused]] Simulation& sim,
                                             [[maybe_unused]] const render::SliceFigure& f,
                                             [[maybe_unused]] const FieldRegion& region,
                                             [[maybe_unused]] const FieldRequest& request,
                                             const std::string& renderer, bool quiet) {
    if (renderer == "cpu") return nullptr;
#if LATTICELAB_HAS_GL
    std::string why;
    auto context = render::egl::HeadlessGl::create(why);
    if (context) {
        render::interop::SlicePath path = render::interop::choose_slice_path(sim.on_gpu(), false);
        if (path.interop()) {
            float* device = path.exchange->begin_write(std::size_t(f.width) * f.height);
            sim.read_field(request, region, device, MemorySpace::Device);
            path.exchange->publish(std::uint32_t(f.width), std::uint32_t(f.height), 1);
            path.target->update();
        }
        auto img = std::make_unique<render::Image>(
            render::egl::paint_slice(*context, f, render::figure_size(f).scale,
                                     render::figure_range(f), std::move(path.target)));
        if (!quiet)
            std::printf("png        drawn by the GL renderer (%s); slice path: %s\n",
                        context->description().c_str(), path.note.c_str());
        return img;
    }
#else
    const std::string why = "this build has no GL renderer (configured without GLEW/EGL)";
#endif
    if (renderer == "gl") throw std::runtime_error("--png-renderer gl: no headless GL: " + why);
    if (!quiet) std::printf("png        drawn on the CPU (no headless GL: %s)\n", why.c_str());
    return nullptr;
}

// The slice comes from the engine (walls masked as no data), so the CPU and GL pictures and
// the visualiser show the same values. Returns the PNG's bytes.
std::string png_slice(Simulation& sim, const Input& in, const RunOptions& o) {
    const Dims& d = sim.setup().dims;
    const SliceExtent e = slice_extent(d, in.axis);
    const FieldRegion region{false, in.axis, in.slice};
    FieldRequest request = in.field;
    request.mask_walls = true;
    std::vector<float> slice(std::size_t(e.width) * e.height);
    sim.read_field(request, region, slice.data(), MemorySpace::Host);
    render::SliceFigure f;
    f.values = slice.data();
    f.width = int(e.width);
    f.height = int(e.height);
    f.title = std::string(to_string(in.field.kind));
    f.units = std::string(field_units(in.field.kind, sim.setup().model.stencil));
    f.symmetric = field_is_signed(in.field, d);
    f.map = render::default_colormap(in.field, d);
    const auto painted = painted_slice(sim, f, region, request, o.png_renderer, o.quiet);
    return render::encode_png(render::render_slice_figure(f, painted.get()));
}

nlohmann::json json_record(Simulation& sim, const RunResult& r, const RunOptions& o,
                           std::int64_t planned_steps) {
    nlohmann::json j = perf_record(sim, r.total);
    const SimulationSetup& s = sim.setup();
    if (s.tiles.count() > 1 || (s.ranks && s.ranks->size() > 1))
        j["subdomains"] = subdomain_record(sim, r.total);
    j["keys"] = sim.setup().keys;
    j["time_step"] = sim.time_step();
    if (r.heat.available) j["nusselt"] = r.nusselt;
    if (o.until_steady) {
        j["until_steady"] = {{"tolerance", *o.until_steady},
                             {"interval", kSteadyInterval},
                             {"last_change", r.last_change},
                             {"converged", r.converged}};
    }
    if (r.interrupted_by)
        j["interrupted"] = {{"signal", signal_name(r.interrupted_by)},
                            {"step", sim.time_step()},
                            {"planned_steps", planned_steps}};
    return j;
}

// Every output staged as a temporary (or held, for a stream), then all renamed together: a
// failure anywhere writes nothing, a failure of --timeline's traced step included (it runs on
// every rank after the fields are read, before the commit).
// Under mpirun every rank takes part in reading the fields; rank 0 alone writes.
void write_outputs(Simulation& sim, const Input& in, const RunResult& r, const RunOptions& o,
                   Probe* probe, OutputSet& outputs, bool writer) {
    const auto stage = [&](const std::string& option, std::string bytes) {
        if (writer) outputs.stage(option, std::move(bytes));
    };
    if (!o.vtk.empty()) {
        MacroField m;
        sim.read_macro(m);
        for (auto& [option, bytes] : vtk_documents(o, sim.setup(), m, sim.time_step()))
            stage(option, std::move(bytes));
    }
    if (!o.png.empty()) stage("--png", png_slice(sim, in, o));
    // The record before the traced step (which adds a step and an exchange), the timeline after.
    nlohmann::json record = o.json.empty() ? nlohmann::json() : json_record(sim, r, o, in.steps);
    if (o.timeline) {
        const nlohmann::json t = traced_step_record(sim);
        if (writer && !o.quiet)
            std::printf("timeline   one more step (%lld), traced: step %.1f us, exchange %.1f us, "
                        "%.1f us of it after the last update\n%s",
                        (long long)t["step"].get<std::uint64_t>(), t["step_us"].get<double>(),
                        t["exchange_us"].get<double>(), t["exposed_exchange_us"].get<double>(),
                        timeline_chart(t).c_str());
        if (!o.json.empty()) record["subdomains"]["timeline"] = t;
    }
    if (!o.json.empty()) stage("--json", record.dump(2) + "\n");
    if (probe) stage("--probe-csv", probe->csv());
    if (writer) outputs.commit();
}

} // namespace

// ------------------------------------------------------------------------------ options
CLI::App* add_run(CLI::App& app, RunOptions& o) {
    CLI::App* run = app.add_subcommand("run", "run a scenario (a preset or a .toml/.json file)");
    run->add_option("scenario", o.scenario,
                    "preset name (" + scenario_names() + ") or scenario file (.toml/.json)")
        ->required();
    run->add_option("--set", o.sets,
                    "KEY=VALUE scenario key (repeatable; see `scenarios`); "
                    "overrides the file's keys; a box preset's size takes N or NXxNYxNZ "
                    "(NXxNY in 2-D), e.g. --set size=256x126x126 --set drive=pressure for duct3d");
    run->add_option("--backend", o.backend, "auto: CUDA when a GPU is usable, else the CPU")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    run->add_option("--steps", o.steps, "time steps (the cap with --until-steady)")
        ->check(CLI::Range(std::int64_t(1), std::int64_t(2000000000)));
    run->add_option("--until-steady", o.until_steady,
                    "stop when |u(t) - u(t-1000)| / |u(t)| (L2 norms) < TOL; cap --steps, "
                    "default " +
                        std::to_string(kSteadyDefaultCap))
        ->check(positive_finite());
    run->add_option("--vtk", o.vtk,
                    "write velocity and density (and temperature in thermal runs) as VTK "
                    "ImageData (.vti), or as ParaView's parallel ImageData (.pvti) with one "
                    "NAME_<k>.vti piece per subdomain beside it")
        ->check(output_file());
    run->add_option("--png", o.png, "write a coloured slice with a colour bar (.png)")
        ->check(output_file());
    run->add_option("--png-field", o.png_field, "field of the PNG slice")
        ->check(CLI::IsMember({"speed", "ux", "uy", "uz", "vorticity", "density", "temperature"}));
    run->add_option("--png-renderer", o.png_renderer,
                    "auto: the GL renderer in a headless EGL context when available, else the "
                    "CPU; gl: insist on GL; cpu: CPU colour mapping")
        ->check(CLI::IsMember({"auto", "gl", "cpu"}));
    run->add_option("--vorticity-component", o.vorticity_component,
                    "3D vorticity: magnitude (default) or the x|y|z component")
        ->check(CLI::IsMember({"magnitude", "x", "y", "z"}));
    run->add_option("--slice-axis", o.slice_axis,
                    "normal of the PNG slice (default z in 2D, y "
                    "in 3D)")
        ->check(CLI::IsMember({"x", "y", "z"}));
    run->add_option("--slice-index", o.slice_index, "slice position (default: the middle)");
    run->add_option("--json", o.json, "write the performance record (.json)")->check(output_file());
    run->add_option("--probe", o.probe, probe_help());
    run->add_option("--probe-csv", o.probe_csv, "CSV file of the --probe samples")
        ->check(output_file());
    run->add_option("--probe-every", o.probe_every,
                    "steps between --probe samples (default " + std::to_string(kProbeEvery) + ")")
        ->check(CLI::Range(std::int64_t(1), std::int64_t(2000000000)));
    run->add_option("--tiles", o.tiles,
                    "split the lattice into NxMxK subdomains (e.g. 2x2x1), each with its own "
                    "engine and halo layers exchanged every step; the result equals one "
                    "domain's. A tile must be at least as wide as the model's halo is deep "
                    "(1 node; 3 for rt2d's d2q37, whose velocities hop 3 nodes)");
    run->add_option("--devices", o.devices,
                    "GPUs of this process, e.g. 0,1,2,3: subdomain t runs on the (t mod N)-th "
                    "(default: one subdomain per GPU listed); tiles on several GPUs exchange "
                    "by peer access where the GPUs allow it, else through host memory");
    run->add_option("--subdomains", o.subdomains,
                    "split the lattice into N subdomains, tiled to exchange the fewest halo "
                    "values (instead of --tiles)")
        ->check(CLI::Range(1, 4096));
    run->add_flag("--timeline", o.timeline,
                  "after the run and its outputs, one more step traced on every subdomain: "
                  "when each one's border, interior and update ran and when its halos moved "
                  "(CUDA events on GPUs, host clocks on the CPU), drawn as bars with the "
                  "exchange's time past the last update (what the updates did not hide), and "
                  "added to --json as subdomains.timeline. Under mpirun every rank's spans, each "
                  "rank timed from its own first mark. Needs subdomains");
    run->add_flag("--quiet,-q", o.quiet, "no progress and no summary");
    run->footer(
        "Default steps without --steps or --until-steady:\n" + default_steps_table() + "\n" +
        model_help() + "\n" + outputs_help() +
        "\nUnder mpirun (or srun) each rank runs one subdomain of the lattice (the tiling "
        "with the fewest halo values unless --tiles gives one with N x M x K = the "
        "ranks), on GPU (local rank mod GPUs); rank 0 alone prints and writes. Every "
        "rank must run the same binary with the same arguments (checked at start). A "
        "rank that stops answering ends the run within LATTICELAB_MPI_TIMEOUT seconds "
        "(default 60), naming it (exit 2).\n"
        "\nEnvironment: LATTICELAB_OVERLAP = auto|1|0 (subdomains on GPUs update their "
        "borders first and exchange beside the interior: auto where halos cross GPUs or "
        "ranks, or on one GPU where x is not cut and tiles hold a million nodes or more; 1 "
        "always; 0 never). LATTICELAB_CUDA_GRAPHS = "
        "auto|1|0 (lattices of up to 2 million nodes replay batches of 32 steps as one "
        "CUDA graph, which saves the host's launch per kernel; 0 launches every step). "
        "LATTICELAB_RESIDENT = auto|1|0 (where such a lattice fits in one wave of the "
        "GPU, batches of 64 steps run in one kernel instead, its blocks of block_size "
        "threads widened where some SMs would hold one more than others; 0 uses graphs or "
        "launches). LATTICELAB_NEIGHBOUR_SYNC = auto|1|0 (between the resident kernel's "
        "steps a block waits only for the blocks whose nodes its nodes reach; 0 for the "
        "whole grid, at cooperative groups' barrier). LATTICELAB_WALL_LANE = auto|1|0 (the "
        "near-wall list kernel runs beside the bulk kernel on a second stream; 0 after "
        "it). LATTICELAB_WALL_SECTORS = auto|1|0 (the near-wall list takes whole 32-byte "
        "sectors of the population arrays with FP32 and FP64 values and the pull, A-A and "
        "esoteric schemes; 0 only the nodes next to a wall). LATTICELAB_WALL_GHOSTS = "
        "auto|1|0 (one domain, pull, values stored as computed: before each step the "
        "reflections of bounce-back walls are copied where their neighbours stream from, and "
        "the bulk kernel updates those neighbours; 0 leaves them to the near-wall list). "
        "LATTICELAB_WALL_FILL = auto|1|0 (with those copies, the bulk kernel also stores the "
        "slots of the walls that share a 32-byte sector with fluid, so that the DRAM writes "
        "the sector whole instead of reading it first; 0 leaves those slots alone). "
        "LATTICELAB_CPU_ROWS = auto|1|0 "
        "(the CPU back end updates plain runs of x-rows in SIMD lanes; 0 every node on its "
        "own, the same results). LATTICELAB_CPU_PREFETCH = auto|1|0 (those rows, in SoA, "
        "prefetch each population's stream 8 cache lines ahead; 0 leaves it to the "
        "hardware, the same results). LATTICELAB_TILE_ROWS = sector|warp (a subdomain cut "
        "along x starts each row with its own nodes and pads the row to 32 bytes of "
        "populations, sector, or to 32 nodes, warp). LATTICELAB_HALO_SECTORS = auto|1|0 "
        "(subdomains on GPUs copy their halos in whole 32-byte sectors where the receiver's "
        "other slots of a sector belong to its halo; 0 copies every population alone). "
        "LATTICELAB_HALO_RUN_LANES = 1|2|4|8 (threads that copy each such sector; 2 by "
        "default). LATTICELAB_X_FACES = auto|1|0 (a pull subdomain cut along x also keeps "
        "the populations that cross x in faces of their own, one value per row, so that its "
        "halos move in whole sectors; 0 only in its rows, the same results). "
        "LATTICELAB_MPI_TIMEOUT = seconds (above).\n"
        "\nCtrl-C (SIGINT) or SIGTERM stops the run after its current batch and writes "
        "the outputs for the step reached (the summary and --json say so); the exit "
        "status is then 128 + the signal (130 for Ctrl-C). A second Ctrl-C quits at "
        "once and writes nothing.");
    return run;
}

// The set-up, which under mpirun every rank must pass before any steps: a failure on one rank
// becomes every rank's (agree_on_start).
std::unique_ptr<Simulation> start(const RunOptions& o, BackendKind backend, Input& in,
                                  OutputSet& outputs, const RankContext& ranks) {
    std::unique_ptr<Simulation> sim;
    std::string failure;
    try {
        in = read_input(o, backend, outputs, ranks);
        choose_slice(o, in);
        if (!o.png.empty() && in.field.kind == FieldKind::Temperature && !has_temperature(in.setup))
            throw ConfigError("--png-field " + temperature_unavailable());
        if (ranks.several() && backend != BackendKind::Cpu) select_cuda_device(local_rank());
        if (const std::string why = timeline_error(o, in.setup); !why.empty())
            throw ConfigError(why);
        sim = Simulation::create(std::move(in.setup), backend);
    } catch (const ConfigError& e) {
        if (!ranks.several()) throw;
        failure = e.what();
    }
    agree_on_start(ranks, failure);
    return sim;
}

int run_command(const RunOptions& given) {
    const RankContext ranks = rank_context();
    RunOptions o = given;
    o.quiet = o.quiet || !ranks.leader(); // under mpirun rank 0 alone reports
    const bool quiet = o.quiet;
    const BackendKind backend = backend_from(o.backend);
    OutputSet outputs; // removes its temporaries on any exception
    Input in;
    auto sim = start(o, backend, in, outputs, ranks);
    std::unique_ptr<Probe> probe;
    if (!o.probe.empty()) probe = make_probe(o.probe, *sim, o.probe_every.value_or(kProbeEvery));
    // Before the run, not after a blow-up: parameters the thermal model will not run well.
    if (ranks.leader())
        for (const std::string& w : thermal_warnings(sim->setup()))
            std::fprintf(stderr, "latticelab: warning: %s\n", w.c_str());
    if (!quiet)
        std::fprintf(stderr, "latticelab: %s, %lld steps, %s\n", sim->setup().scenario.c_str(),
                     (long long)in.steps, sim->backend_note().c_str());

    handle_signals(OnSignal::StopAtNextBatch);
    RunResult r = advance(*sim, o, in.steps, probe.get(), !quiet);
    handle_signals(OnSignal::ExitNow); // from here a signal ends at once, writing nothing
    r.heat = heat_transfer(sim->setup());
    if (r.heat.available) r.nusselt = nusselt(*sim, r.heat);
    if (!quiet) print_summary(*sim, r, o);
    write_outputs(*sim, in, r, o, probe.get(), outputs, ranks.leader());
    // An interrupted run still wrote what it reached, but says it did not finish.
    return r.interrupted_by ? 128 + r.interrupted_by : 0;
}

} // namespace ll::cli

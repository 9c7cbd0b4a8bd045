// `latticelab render-bench`: what drawing the flow costs the solver. The visualiser's own
// solver thread (app/live) steps the lattice while this thread draws its slices with the GL
// renderer into an offscreen EGL framebuffer, slices arriving through CUDA-GL interop (or the
// host-copy fallback). Four windows of equal length, on one lattice:
//   solver only        Simulation::step in a loop, nothing else (the reference)
//   solver thread      the visualiser's solver thread publishing slices, nobody drawing
//   rendering at FPS   the solver thread + frames paced at --fps (the visualiser's case)
//   rendering flat out the solver thread + frames as fast as they come (the frame-rate limit)
// Solver MLUPS come from the step counter over wall time, so publication costs count. With
// --tiles and --devices the solver thread drives several GPUs, and each device slice is put
// together from the subdomains on the GPUs (TiledEngine::read_field).
//
// [SECTION] options
// [SECTION] measuring
// (the output: render_bench_report.hpp)
#include "bench_util.hpp"
#include "commands.hpp"
#include "render_bench_report.hpp"
#include "solver/scenario/preflight.hpp"

#include "app/live/solver_thread.hpp"
#include "render/egl/headless_gl.hpp"
#include "render/gl/slice_view.hpp"
#include "render/interop/slice_path.hpp"
#include "render/png_writer.hpp"
#include "solver/io/config_file.hpp"
#include "solver/io/output_files.hpp"
#include "solver/io/perf_record.hpp"

#include <GL/glew.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

namespace ll::cli {

namespace gl = render::gl;
namespace egl = render::egl;
namespace interop = render::interop;
using gui::SolverSnapshot;
using gui::SolverStart;
using gui::SolverThread;

// ---- [SECTION] options -------------------------------------------------------------------

CLI::App* add_render_bench(CLI::App& app, RenderBenchOptions& o) {
    CLI::App* b = app.add_subcommand(
        "render-bench", "solver MLUPS while the GL renderer draws its slices (headless EGL), "
                        "against the solver alone; and the frame rate");
    b->add_option("scenario", o.scenario, "preset (default cavity3d at size 254: a 256^3 lattice)")
        ->capture_default_str();
    b->add_option("--set", o.sets, "KEY=VALUE scenario keys (see `latticelab scenarios`)");
    b->add_option("--backend", o.backend, "auto|cpu|cuda")->capture_default_str();
    b->add_option("--seconds", o.seconds, "length of each of the three windows")
        ->capture_default_str()
        ->check(CLI::Range(1.0, 120.0));
    b->add_option("--fps", o.fps, "frame rate of the paced window")
        ->capture_default_str()
        ->check(CLI::Range(1.0, 240.0));
    b->add_option("--frame", o.frame, "framebuffer size WxH")->capture_default_str();
    b->add_option("--slice-path", o.slice_path,
                  "auto: CUDA-GL interop when it works, else the host copy; interop: insist; "
                  "host: force the fallback (as LATTICELAB_INTEROP=off does)")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "interop", "host"}));
    b->add_option("--tiles", o.tiles,
                  "subdomains NxMxK (e.g. 2x2x1), each stepped by its own engine with halo "
                  "layers exchanged every step; auto: one per GPU of --devices")
        ->capture_default_str();
    b->add_option("--devices", o.devices,
                  "GPUs that run the subdomains, e.g. 0,1: subdomain t on the (t mod N)-th "
                  "(default: the current GPU); the slice is put together on the GPUs");
    b->add_option("--png", o.png, "write the last frame drawn (.png)")->check(output_file());
    b->add_option("--json", o.json, "write the results (.json)")->check(output_file());
    b->add_option("--markdown", o.markdown, "write the results as a table (.md)")
        ->check(output_file());
    return b;
}

namespace {

struct FrameSize {
    int w = 0, h = 0;
};

FrameSize parse_frame(const std::string& text) {
    int w = 0, h = 0;
    char x = 0, extra = 0;
    std::istringstream in(text);
    if (!(in >> w >> x >> h) || x != 'x' || (in >> extra) || w < 16 || h < 16 || w > 8192 ||
        h > 8192)
        throw ConfigError("--frame '" + text + "': expected WxH, each between 16 and 8192");
    return {w, h};
}

// ---- [SECTION] measuring -----------------------------------------------------------------

using Clock = std::chrono::steady_clock;
using Window = RenderWindow;

double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// The solver alone: the same lattice stepped in batches of about 30 ms, as the solver thread
// does, with nothing else running.
Window solver_only(const SimulationSetup& setup, BackendKind backend, double seconds) {
    auto sim = Simulation::create(setup, backend);
    sim->step(10); // first launches
    Window w{"solver only"};
    int batch = 10;
    const auto t0 = Clock::now();
    while (since(t0) < seconds) {
        const auto b0 = Clock::now();
        sim->step(batch);
        w.steps += std::uint64_t(batch);
        batch = std::clamp(int(batch * 0.03 / std::max(since(b0), 1e-6)), 1, 10000);
    }
    w.seconds = since(t0);
    w.mlups = double(setup.dims.nodes()) * double(w.steps) / w.seconds / 1e6;
    return w;
}

// Draws frames for `seconds` (paced at `fps`, or flat out when fps <= 0) while the solver
// thread runs; each frame takes the newest slice, draws it and waits for GL to finish, so a
// frame counted is a frame on screen.
class FrameLoop {
public:
    FrameLoop(gl::SliceView& view, interop::CudaGlSliceTarget* interop, SolverThread& solver,
              const Dims& dims, FrameSize size)
        : view_(view), interop_(interop), solver_(solver), dims_(dims), fb_(size.w, size.h) {}

    // fps > 0: paced frames; fps == 0: frames flat out; fps < 0: no frames at all (the solver
    // thread alone, publishing as it does for the renderer).
    Window run(const std::string& name, double seconds, double fps) {
        Window w{name};
        const std::uint64_t step0 = latest_step();
        const auto t0 = Clock::now();
        auto next = t0;
        const auto period = std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(fps > 0 ? 1.0 / fps : 0.0));
        while (since(t0) < seconds) {
            if (fps < 0) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                continue;
            }
            draw_frame();
            ++w.frames;
            if (fps > 0) {
                next += period;
                std::this_thread::sleep_until(next);
            }
        }
        w.seconds = since(t0);
        w.steps = latest_step() - step0;
        w.mlups = double(dims_.nodes()) * double(w.steps) / w.seconds / 1e6;
        w.fps = double(w.frames) / w.seconds;
        return w;
    }

    render::Image last_frame() const { return fb_.read(); }

private:
    std::uint64_t latest_step() {
        solver_.take_latest(snap_);
        return snap_.step;
    }

    void draw_frame() {
        const bool fresh = solver_.take_latest(snap_);
        const auto mode = gl::range_mode_for(FieldRequest{snap_.field}, dims_);
        if (interop_ && interop_->update()) {
            const render::DeviceSlice s = interop_->slice();
            view_.set_range(gl::shaped_range(s.lo, s.hi, mode));
        } else if (fresh && !snap_.on_device) {
            view_.upload(snap_.slice.data(), snap_.width, snap_.height);
            view_.set_range(gl::auto_range(snap_.slice.data(), snap_.slice.size(), mode));
        }
        fb_.bind();
        glClearColor(0.09f, 0.09f, 0.11f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        view_.draw(fb_.width(), fb_.height(), 1.0f);
        glFinish();
    }

    gl::SliceView& view_;
    interop::CudaGlSliceTarget* interop_;
    SolverThread& solver_;
    Dims dims_;
    egl::OffscreenFramebuffer fb_;
    SolverSnapshot snap_;
};

} // namespace

int render_bench_command(const RenderBenchOptions& o) {
    const FrameSize size = parse_frame(o.frame);
    const BackendKind backend = backend_from(o.backend);
    std::string why;
    KeyValues keys = parse_set_arguments(o.sets);
    // 256^3 on a GPU (the lattice); 64^3 keeps two CPU cores busy but responsive.
    const bool gpu = backend != BackendKind::Cpu && cuda_device_present(why);
    if (o.scenario == "cavity3d" && !keys.contains("size")) keys["size"] = gpu ? "254" : "62";
    if (!find_scenario(o.scenario))
        throw ConfigError("scenario '" + o.scenario + "': unknown; presets: " + scenario_names());
    OutputSet outputs;
    const std::pair<const char*, const std::string*> files[] = {
        {"--png", &o.png}, {"--json", &o.json}, {"--markdown", &o.markdown}};
    for (const auto& [flag, path] : files)
        if (!path->empty()) outputs.add(flag, *path);
    preflight_scenario(o.scenario, keys, backend == BackendKind::Cpu || !cuda_compiled_in());
    SolverStart start{o.scenario, keys, backend};
    start.tiles = o.tiles;
    if (!o.devices.empty())
        start.devices =
            parse_list<int>("--devices", o.devices, parse_int, "GPU numbers (0, 1, ...)");
    const SimulationSetup setup = start_setup(start);
    // Before the GL context and any lattice: a tiling that does not fit, a GPU not there.
    if (const std::string bad = subdomains_error(setup, backend); !bad.empty())
        throw ConfigError(bad);

    auto context = egl::HeadlessGl::create(why);
    if (!context) throw std::runtime_error("render-bench needs headless GL (EGL): " + why);
    gl::SliceView view;
    if (!view.init(why)) throw std::runtime_error("GL slice renderer: " + why);

    std::printf("lattice    %s %ux%ux%u, %s\n", o.scenario.c_str(), setup.dims.nx, setup.dims.ny,
                setup.dims.nz, model_label(setup.model).c_str());
    std::printf("gl         %s\n", context->description().c_str());
    std::printf("subdomains %s\n", gui::describe_subdomains(setup.tiles, setup.devices).c_str());
    std::vector<Window> windows;
    windows.push_back(solver_only(setup, backend, o.seconds));
    std::printf("%-22s %10.0f MLUPS\n", windows.back().name.c_str(), windows.back().mlups);

    start.batch_seconds = 1.0 / o.fps; // a fresh slice for every paced frame
    SolverThread solver(start);
    SolverSnapshot first;
    solver.take_latest(first);
    interop::SlicePath path =
        interop::choose_slice_path(first.backend == "cuda", o.slice_path == "host");
    const std::string path_note = path.note;
    if (o.slice_path == "interop" && !path.interop())
        throw std::runtime_error("--slice-path interop: not available here (" + path_note + ")");
    interop::CudaGlSliceTarget* interop_target = path.target.get();
    if (path.interop()) {
        solver.set_device_exchange(path.exchange);
        // The view samples the interop texture and frees it with the context current.
        view.set_target(std::move(path.target));
    }
    std::printf("slice path %s\n", path_note.c_str());

    FrameLoop loop(view, interop_target, solver, setup.dims, size);
    loop.run("warm-up", 1.0, 0);
    windows.push_back(loop.run("solver thread alone", o.seconds, -1));
    std::printf("%-22s %10.0f MLUPS\n", windows.back().name.c_str(), windows.back().mlups);
    windows.push_back(
        loop.run("rendering at " + std::to_string(int(o.fps)) + " FPS", o.seconds, o.fps));
    std::printf("%-22s %10.0f MLUPS  %6.1f FPS\n", windows.back().name.c_str(),
                windows.back().mlups, windows.back().fps);
    windows.push_back(loop.run("rendering flat out", o.seconds, 0));
    std::printf("%-22s %10.0f MLUPS  %6.1f FPS\n", windows.back().name.c_str(),
                windows.back().mlups, windows.back().fps);
    const double ratio = windows[2].mlups / windows[0].mlups;
    std::printf("ratio      %.1f %% of solver-only MLUPS while rendering at %.0f FPS\n",
                100 * ratio, o.fps);

    SolverSnapshot snap;
    solver.take_latest(snap);
    if (!o.png.empty()) outputs.stage("--png", encode_png(loop.last_frame()));
    nlohmann::json j;
    j["scenario"] = o.scenario;
    j["dims"] = {setup.dims.nx, setup.dims.ny, setup.dims.nz};
    j["model"] = model_label(setup.model);
    j["device"] = snap.device;
    j["backend"] = snap.backend;
    j["gl"] = context->description();
    j["tiles"] = to_string(setup.tiles);
    j["devices"] = subdomains_json(setup);
    j["slice_path"] = path_note;
    j["frame"] = {size.w, size.h};
    j["target_fps"] = o.fps;
    j["ratio_while_rendering"] = ratio;
    j["copy_bandwidth"] = snap.perf.copy_bandwidth;
    for (const Window& w : windows)
        j["windows"].push_back(window_json(w, windows[0].mlups));
    if (!o.json.empty()) outputs.stage("--json", j.dump(2) + "\n");
    if (!o.markdown.empty())
        outputs.stage("--markdown",
                      markdown(windows, snap.device + ", " + o.scenario + ", " +
                                            gui::describe_subdomains(setup.tiles, setup.devices) +
                                            ", slice path: " + path_note));
    outputs.commit();
    view.release();
    return 0;
}

} // namespace ll::cli

// Lattice sizes and shapes (Obrecht et al. 2011, Tables 4 and 5; Bailey et al. 2009's cubes
// and five non-cubic boxes, each running their pressure-driven Poiseuille flow through a box),
// and the OpenMP CPU comparison of Bailey et al. 2009.
#include "app/cli/bench_util.hpp"
#include "lab_measure.hpp"
#include "lab_studies.hpp"
#include "solver/scenario/scenario.hpp"

#include <algorithm>
#include <omp.h>

namespace ll::lab {
namespace {

std::string dims_label(const Dims& d) {
    return std::to_string(d.nx) + "x" + std::to_string(d.ny) + "x" + std::to_string(d.nz);
}

std::vector<Dims> lattices(const LabContext& ctx, bool gpu) {
    if (ctx.quick) return {{32, 32, 32}, {48, 48, 48}, {32, 32, 16}};
    if (!gpu) return {{32, 32, 32}, {64, 64, 64}, {96, 96, 96}, {128, 128, 64}};
    std::vector<Dims> out;
    for (std::uint32_t n : {32u, 64u, 96u, 128u, 160u, 256u})
        out.push_back({n, n, n});
    for (Dims d : {Dims{256, 128, 128}, Dims{128, 128, 64}, Dims{64, 250, 250}, Dims{192, 156, 156},
                   Dims{96, 192, 192}})
        out.push_back(d);
    return out;
}

// The papers' kernels: LBGK with the split scheme and MRT with the reversed (pull) one
// (Obrecht et al. 2011), and LatticeLab's fastest, A-A with BGK (Bailey et al. 2009).
std::vector<ModelChoice> lattice_kernels() {
    const auto m = [](Scheme sc, CollisionKind c) {
        return ModelChoice{StencilKind::D3Q19, c, sc, Layout::SoA, Precision::FP32, {}};
    };
    return {m(Scheme::Split, CollisionKind::BGK), m(Scheme::Pull, CollisionKind::MRT),
            m(Scheme::AA, CollisionKind::BGK)};
}

// Bailey et al. 2009's flow on lattice d: Poiseuille flow through a box, driven by a pressure
// drop from the inlet face x = 0 to the outlet face x = nx - 1, walls on the four other faces
// (the duct3d preset, its section the lattice's less the two walls).
SimulationSetup poiseuille_box(const ModelChoice& m, const Dims& d) {
    return build_scenario("duct3d",
                          {{"size", sides_text({long(d.nx), long(d.ny) - 2, long(d.nz) - 2})},
                           {"drive", "pressure"},
                           {"stencil", std::string(to_string(m.stencil))},
                           {"collision", std::string(to_string(m.collision))},
                           {"scheme", std::string(to_string(m.scheme))},
                           {"layout", std::string(to_string(m.layout))},
                           {"precision", std::string(to_string(m.precision))}});
}

} // namespace

StudyReport lattices_study(const LabContext& ctx) {
    StudyReport r;
    r.study = "lattices";
    r.paper = "Obrecht et al. 2011 (CAMWA), Tables 4 and 5; Bailey et al. 2009, cubic and "
              "non-cubic lattices";
    r.title = "MLUPS over lattice sizes and shapes, BGK against MRT";
    r.header = lab_header(ctx);
    const bool gpu = r.header.value("backend", std::string()) == "cuda";
    r.table.columns = {"lattice",   "nodes",     "kernel",   "MLUPS",
                       "% of copy", "occupancy", "registers"};
    render::PlotSpec plot =
        plot_spec("D3Q19 FP32 over lattices (" + r.header.value("device", std::string("?")) + ")",
                  "nodes (millions)", "% of the copy bandwidth");
    plot.log_x = true;
    plot.y_min = 0;
    int colour = 0;
    for (const ModelChoice& m : lattice_kernels()) {
        auto s = plot_series(model_label(m), render::plot_color(colour++));
        for (const Dims& d : lattices(ctx, gpu)) {
            ctx.progress("lattices: " + model_label(m) + " at " + dims_label(d));
            auto sim = Simulation::create(poiseuille_box(m, d), ctx.backend);
            const int steps = gpu ? std::max(10, int(2e9 / double(d.nodes()))) : 3;
            const KernelRun run = measure_kernel(*sim, std::min(steps, 500), 3);
            s.x.push_back(double(d.nodes()) / 1e6);
            s.y.push_back(100 * run.fraction_of_copy);
            r.table.rows.push_back(
                {dims_label(d), std::to_string(d.nodes()), model_label(m), cell(run.mlups, 5),
                 cell(100 * run.fraction_of_copy, 3) + " %",
                 gpu ? cell(100 * run.launch.theoretical_occupancy, 3) + " %" : "-",
                 gpu ? std::to_string(run.launch.registers_per_thread) : "-"});
        }
        sort_by_x(s);
        plot.series.push_back(s);
    }
    r.plots.push_back({"", "Share of the copy bandwidth against lattice size", plot});
    for (const auto& series : plot.series) {
        const auto [lo, hi] = std::minmax_element(series.y.begin(), series.y.end());
        if (lo != series.y.end())
            r.findings.push_back("Here " + series.label + ": " + cell(*lo, 3) + " to " +
                                 cell(*hi, 3) + " % of the copy bandwidth over these lattices.");
    }
    r.findings.push_back(
        "Obrecht et al. 2011 (GTX 295, lid-driven cavity, 64^3-160^3): LBGK 471-512 MLUPS, "
        "79-86 % of the effective maximal throughput; MRT 484-516 MLUPS, 81-86 %: MRT costs no "
        "more than LBGK, because the kernels are bound by memory, at occupancies of 16-31 %.");
    r.findings.push_back(
        "Bailey et al. 2009 measured cubes of 32-160 and the boxes 256x128x128, 128x128x64, "
        "64x250x250, 192x156x156 and 96x192x192, each running Poiseuille flow through a box; "
        "this study runs the same flow on the same lattices: the duct3d preset driven by a "
        "pressure drop (Zou & He 1997 inlet and outlet), walls on the four other faces.");
    return r;
}

StudyReport threads_study(const LabContext& ctx) {
    LabContext cpu = ctx;
    cpu.backend = BackendKind::Cpu;
    StudyReport r =
        begin_report("threads", "The CPU back end over OpenMP threads, and the GPU's speed-up", cpu,
                     {"back end", "threads", "MLUPS", "% of copy", "speed-up over 1 thread"});
    r.header["cpu_cores"] = omp_get_num_procs();
    const ModelChoice m{StencilKind::D3Q19, CollisionKind::BGK, Scheme::AA,
                        Layout::SoA,        Precision::FP32,    {}};
    const std::uint32_t n = ctx.quick ? 24 : 96;
    const Dims d{n, n, n};
    std::vector<int> counts;
    for (int t = 1; t < omp_get_num_procs(); t *= 2)
        counts.push_back(t);
    counts.push_back(omp_get_num_procs());
    const int before = omp_get_max_threads();
    auto s = plot_series("D3Q19 FP32 A-A, " + std::to_string(n) + "^3", render::plot_color(0));
    auto ideal = plot_series("linear", render::plot_color(2), true, false);
    double one = 0, best = 0;
    auto sim = Simulation::create(cli::obstacle_box(m, d, 256), BackendKind::Cpu);
    for (int t : counts) {
        ctx.progress("threads: " + std::to_string(t));
        omp_set_num_threads(t);
        const KernelRun run = measure_kernel(*sim, ctx.quick ? 2 : 10, 3);
        if (t == 1) one = run.mlups;
        best = std::max(best, run.mlups);
        s.x.push_back(t);
        s.y.push_back(run.mlups);
        ideal.x.push_back(t);
        ideal.y.push_back(one * t);
        r.table.rows.push_back({"CPU", std::to_string(t), cell(run.mlups, 4),
                                cell(100 * run.fraction_of_copy, 3) + " %",
                                cell(run.mlups / one, 3)});
    }
    omp_set_num_threads(before);
    r.findings.push_back(
        "Bailey et al. 2009: their abstract and conclusion say both GPU patterns ran more than "
        "28 times faster than their single-precision OpenMP version on a quad-core CPU; their "
        "results section gives, for the A-B pattern, average speed-ups of 40.3 over one core "
        "and 27.7 over four.");
    if (ctx.gpu) {
        auto gpu = Simulation::create(cli::obstacle_box(m, d, 256), BackendKind::Cuda);
        const KernelRun run = measure_kernel(*gpu, 200, 3);
        r.table.rows.push_back(
            {"GPU", "-", cell(run.mlups, 5), cell(100 * run.fraction_of_copy, 3) + " %", "-"});
        r.data["gpu_speedup_over_best_cpu"] = run.mlups / best;
        r.findings.push_back("Here the GPU runs the same lattice " + cell(run.mlups / best, 3) +
                             " times faster than the CPU's best thread count (" + cell(best, 4) +
                             " MLUPS on " + std::to_string(omp_get_num_procs()) + " cores).");
    } else {
        r.findings.push_back("No usable GPU in this run: the GPU's speed-up is not measured.");
    }
    render::PlotSpec plot = plot_spec("CPU back end over OpenMP threads", "threads", "MLUPS");
    plot.series = {s, ideal};
    plot.y_min = 0;
    r.plots.push_back({"", "MLUPS against OpenMP threads, and linear scaling from one", plot});
    return r;
}

} // namespace ll::lab

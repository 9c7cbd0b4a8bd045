// Registers and occupancy (Bailey et al. 2009, Fig. 7, "Mean GPU pattern A-B performance vs. GPU
// occupancy"). The paper's kernels needed 32 to 64 registers per thread, which bounded the warps
// an SM could hold; they capped registers with --maxrregcount and paid in spills. Here each
// kernel runs with the compiler's registers at every occupancy the occupancy cap allows below its
// own (the `occupancy` key: blocks per SM), and with each register cap it is built with (the
// `register_cap` key), so that occupancy bought by fewer registers can be told apart from
// occupancy alone.
//
// [SECTION] runs       one launch measured: registers, spills, warps per SM, MLUPS
// [SECTION] findings   what the runs show, from the runs
// [SECTION] study      the sweeps, the table and the plots
#include "app/cli/bench_util.hpp"
#include "lab_measure.hpp"
#include "lab_stats.hpp"
#include "lab_studies.hpp"
#include "solver/engine/register_caps.hpp"

#include <algorithm>
#include <cmath>

namespace ll::lab {
namespace {

// Threads per block: 128 resolves occupancy in steps of 4 warps (1/16 of an H100's SM).
constexpr int kBlock = 128;

// ------------------------------------------------------------------------------ runs
struct Run {
    int register_cap = 0, occupancy_cap = 0; // the launch asked for (0: none)
    KernelRun measured;
    int warps_per_sm() const { return measured.launch.blocks_per_sm * kBlock / 32; }
    double occupancy() const { return measured.launch.theoretical_occupancy; }
};

Run measure_launch(Simulation& sim, int register_cap, int occupancy_cap, bool quick) {
    sim.set_launch({kBlock, occupancy_cap, register_cap});
    const double nodes = double(sim.setup().dims.nodes());
    const int steps = quick ? 10 : std::clamp(int(2e9 / nodes), 10, 500);
    return {register_cap, occupancy_cap, measure_kernel(sim, steps, quick ? 1 : 3)};
}

void add_row(StudyReport& r, const std::string& kernel, const Run& run) {
    const LaunchReport& l = run.measured.launch;
    r.table.rows.push_back({kernel, run.register_cap ? std::to_string(run.register_cap) : "none",
                            run.occupancy_cap ? std::to_string(run.occupancy_cap) : "none",
                            std::to_string(l.registers_per_thread),
                            std::to_string(l.local_bytes_per_thread),
                            std::to_string(l.blocks_per_sm), std::to_string(run.warps_per_sm()),
                            cell(100 * run.occupancy(), 3) + " %", cell(run.measured.mlups, 5),
                            cell(100 * run.measured.fraction_of_copy, 3) + " %"});
}

nlohmann::json run_record(const Run& run) {
    const LaunchReport& l = run.measured.launch;
    return {{"register_cap", run.register_cap},
            {"occupancy_cap", run.occupancy_cap},
            {"registers_per_thread", l.registers_per_thread},
            {"local_bytes_per_thread", l.local_bytes_per_thread},
            {"blocks_per_sm", l.blocks_per_sm},
            {"warps_per_sm", run.warps_per_sm()},
            {"occupancy", run.occupancy()},
            {"mlups", run.measured.mlups},
            {"fraction_of_copy", run.measured.fraction_of_copy}};
}

// ------------------------------------------------------------------------------ findings
// Pearson's r of MLUPS against occupancy; NaN for fewer than two occupancies.
double correlation(const std::vector<Run>& runs) {
    std::vector<double> x, y;
    for (const Run& run : runs) {
        x.push_back(run.occupancy());
        y.push_back(run.measured.mlups);
    }
    const LinearFit f = fit_line(x, y);
    return std::copysign(std::sqrt(f.r2), f.slope);
}

const Run& fastest(const std::vector<Run>& runs) {
    return *std::max_element(runs.begin(), runs.end(), [](const Run& a, const Run& b) {
        return a.measured.mlups < b.measured.mlups;
    });
}

std::string occupancy_text(const Run& run) {
    return cell(100 * run.occupancy(), 3) + " % (" + std::to_string(run.warps_per_sm()) +
           " warps/SM)";
}

// The occupancy sweep of the compiler's registers: how MLUPS follows occupancy, and the lowest
// occupancy within 5 % of the best.
std::string occupancy_finding(const std::string& kernel, const std::vector<Run>& sweep) {
    if (sweep.size() < 2)
        return "Here " + kernel + " reaches only one occupancy, " + occupancy_text(sweep[0]) +
               ", at " + cell(sweep[0].measured.mlups, 4) + " MLUPS.";
    const Run& best = fastest(sweep);
    const Run* enough = &best;
    for (const Run& run : sweep)
        if (run.measured.mlups >= 0.95 * best.measured.mlups &&
            run.occupancy() < enough->occupancy())
            enough = &run;
    const auto [low, high] =
        std::minmax_element(sweep.begin(), sweep.end(), [](const Run& a, const Run& b) {
            return a.occupancy() < b.occupancy();
        });
    return "Here " + kernel + " with the compiler's registers: MLUPS against occupancy " +
           cell(100 * low->occupancy(), 3) + "-" + cell(100 * high->occupancy(), 3) +
           " % correlate with r = " + cell(correlation(sweep), 2) + " (" +
           cell(low->measured.mlups, 4) + " to " + cell(high->measured.mlups, 4) +
           " MLUPS); it is within 5 % of its best (" + cell(best.measured.mlups, 4) +
           " MLUPS) from " + occupancy_text(*enough) + " on.";
}

// The register caps against the compiler's choice: the fastest cap, and what spilling cost.
std::string register_finding(const std::string& kernel, const Run& compiler,
                             const std::vector<Run>& capped) {
    if (capped.empty()) return "";
    const Run& best = fastest(capped);
    std::string s =
        "Here " + kernel + ": the compiler gives " +
        std::to_string(compiler.measured.launch.registers_per_thread) + " registers per thread, " +
        occupancy_text(compiler) + ", " + cell(compiler.measured.mlups, 4) +
        " MLUPS. The fastest cap, " + std::to_string(best.register_cap) + ", runs " +
        std::to_string(best.measured.launch.registers_per_thread) + " registers, " +
        occupancy_text(best) + ", " + std::to_string(best.measured.launch.local_bytes_per_thread) +
        " B of local memory per thread, at " +
        cell(best.measured.mlups / compiler.measured.mlups, 3) + " times the compiler's MLUPS.";
    const Run& roomiest =
        *std::max_element(capped.begin(), capped.end(), [](const Run& a, const Run& b) {
            return a.measured.launch.registers_per_thread < b.measured.launch.registers_per_thread;
        });
    if (roomiest.measured.launch.registers_per_thread >
        compiler.measured.launch.registers_per_thread)
        s += " A cap above the compiler's count is a budget that ptxas spends: with " +
             std::to_string(roomiest.register_cap) + " it takes " +
             std::to_string(roomiest.measured.launch.registers_per_thread) + " registers, " +
             occupancy_text(roomiest) + ", at " +
             cell(roomiest.measured.mlups / compiler.measured.mlups, 3) + " times.";
    const Run& tightest =
        *std::min_element(capped.begin(), capped.end(), [](const Run& a, const Run& b) {
            return a.register_cap < b.register_cap;
        });
    if (tightest.measured.launch.local_bytes_per_thread > 0)
        s += " The tightest, " + std::to_string(tightest.register_cap) + ", spills " +
             std::to_string(tightest.measured.launch.local_bytes_per_thread) +
             " B per thread to local memory and reaches " + occupancy_text(tightest) + " at " +
             cell(tightest.measured.mlups / compiler.measured.mlups, 3) + " times.";
    return s;
}

// The paper's kernels (Bailey et al. 2009: A-B with BGK) and two more: MRT, whose moment
// transform needs more registers, and A-A, the paper's other pattern.
std::vector<ModelChoice> register_kernels() {
    const auto m = [](CollisionKind c, Scheme sc) {
        return ModelChoice{StencilKind::D3Q19, c, sc, Layout::SoA, Precision::FP32, {}};
    };
    return {m(CollisionKind::BGK, Scheme::Pull), m(CollisionKind::MRT, Scheme::Pull),
            m(CollisionKind::BGK, Scheme::AA)};
}

std::string pattern(const ModelChoice& m) {
    return model_label(m) + (is_in_place(m.scheme) ? " (A-A)" : " (A-B)");
}

// ------------------------------------------------------------------------------ study
// One kernel's runs: the compiler's registers at its own occupancy, then under each lower
// occupancy cap; and each register cap at the occupancy its registers allow.
struct KernelRuns {
    std::string kernel;
    std::vector<Run> sweep, capped;
};

KernelRuns run_kernel(Simulation& sim, const ModelChoice& m, const LabContext& ctx) {
    KernelRuns k{pattern(m), {}, {}};
    ctx.progress("registers: " + k.kernel);
    sim.set_launch({kBlock, 0, 0}); // the last kernel's caps may not be this one's
    sim.set_model(m);
    k.sweep.push_back(measure_launch(sim, 0, 0, ctx.quick));
    const int most = k.sweep[0].measured.launch.blocks_per_sm;
    for (int cap = 1; cap < most; cap += (ctx.quick ? std::max(1, most / 3) : 1))
        k.sweep.push_back(measure_launch(sim, 0, cap, ctx.quick));
    for (int cap : sim.register_caps()) {
        ctx.progress("registers: " + k.kernel + ", cap " + std::to_string(cap));
        k.capped.push_back(measure_launch(sim, cap, 0, ctx.quick));
    }
    return k;
}

struct Plots {
    render::PlotSpec by_occupancy, by_cap;
};

// A kernel's rows, records, series and findings.
void report_kernel(StudyReport& r, Plots& plots, const KernelRuns& k, int colour) {
    auto line = plot_series(k.kernel, render::plot_color(colour));
    auto marks = plot_series(k.kernel + ", register caps", render::plot_color(colour), false);
    auto caps = plot_series(k.kernel, render::plot_color(colour));
    auto compiler =
        plot_series(k.kernel + ", compiler's choice", render::plot_color(colour), true, false);
    nlohmann::json& record = r.data["kernels"][k.kernel];
    for (const Run& run : k.sweep) {
        add_row(r, k.kernel, run);
        line.x.push_back(100 * run.occupancy());
        line.y.push_back(run.measured.mlups);
        record["occupancy_sweep"].push_back(run_record(run));
    }
    for (const Run& run : k.capped) {
        add_row(r, k.kernel, run);
        marks.x.push_back(100 * run.occupancy());
        marks.y.push_back(run.measured.mlups);
        caps.x.push_back(run.register_cap);
        caps.y.push_back(run.measured.mlups);
        record["register_caps"].push_back(run_record(run));
    }
    record["correlation_mlups_occupancy"] = correlation(k.sweep);
    sort_by_x(line);
    sort_by_x(marks);
    plots.by_occupancy.series.push_back(line);
    r.findings.push_back(occupancy_finding(k.kernel, k.sweep));
    if (k.capped.empty()) return;
    plots.by_occupancy.series.push_back(marks);
    compiler.x = {kRegisterCaps.front(), kRegisterCaps.back()};
    compiler.y.assign(2, k.sweep[0].measured.mlups);
    plots.by_cap.series.push_back(caps);
    plots.by_cap.series.push_back(compiler);
    r.findings.push_back(register_finding(k.kernel, k.sweep[0], k.capped));
}

} // namespace

StudyReport registers_study(const LabContext& ctx) {
    if (!ctx.gpu)
        throw ConfigError("lab registers: needs a CUDA GPU (" + find_study("registers")->needs_gpu +
                          ")");
    StudyReport r = begin_report(
        "registers", "MLUPS against occupancy: register caps and the occupancy cap", ctx,
        {"kernel", "register cap", "occupancy cap (blocks/SM)", "registers", "local B/thread",
         "blocks/SM", "warps/SM", "occupancy", "MLUPS", "% of copy"});
    const std::uint32_t n = ctx.quick ? 128 : 256;
    const std::string lattice = "D3Q19 FP32 at " + std::to_string(n) + "^3";
    r.data["lattice"] = {n, n, n};
    r.data["block_size"] = kBlock;
    r.findings.push_back(
        "Bailey et al. 2009 (8800 GTX, D3Q19): \"As seen in Fig. 7, GPU LBM performance for the "
        "A-B pattern positively correlates with GPU occupancy.\" Their A-B kernel \"uses 32 "
        "registers per thread, allowing a maximum of 33% occupancy\"; below 33 % they measured at "
        "most 236 MLUPS, at 33 % never less than 250.");
    Plots plots{
        plot_spec(lattice + " (" + r.header.value("device", std::string("?")) + ")",
                  "theoretical occupancy (%)", "MLUPS"),
        plot_spec("Register caps, " + lattice, "register cap (registers per thread)", "MLUPS")};
    plots.by_occupancy.x_min = plots.by_occupancy.y_min = plots.by_cap.y_min = 0;
    auto sim = Simulation::create(cli::obstacle_box(register_kernels()[0], {n, n, n}, kBlock),
                                  ctx.backend);
    int colour = 0;
    for (const ModelChoice& m : register_kernels())
        report_kernel(r, plots, run_kernel(*sim, m, ctx), colour++);
    r.plots.push_back({"occupancy",
                       "Fig. 7: MLUPS against occupancy; lines: the occupancy cap with the "
                       "compiler's registers, markers: the register caps",
                       plots.by_occupancy});
    r.plots.push_back({"caps", "MLUPS against the register cap; flat lines: the compiler's choice",
                       plots.by_cap});
    r.findings.push_back("Registers per thread and local memory (spills) are the CUDA runtime's "
                         "(cudaFuncGetAttributes); occupancy is the theoretical one at " +
                         std::to_string(kBlock) +
                         " threads per block, for A-A that of its "
                         "kernel with fewer warps.");
    return r;
}

} // namespace ll::lab

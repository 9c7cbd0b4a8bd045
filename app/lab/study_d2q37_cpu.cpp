// Calore et al. 2016, Table 4: the D2Q37 propagate and collide kernels (FP64) on CPUs against
// GPUs: propagate's GB/s, collide's GF/s and MLUPS. Here the CPU back end runs the same passes
// (the pull step's, timed alone by the kernel bench, lab_d2q37.hpp) on every OpenMP thread, in
// SoA and in AoS (which the paper says suits CPU caches), beside this machine's GPU where there
// is one; without one the GPU column says why. The plot: the CPU's MLUPS over thread counts.
//
// [SECTION] measuring    one system's propagate, collide and step
// [SECTION] the table    one row per quantity: the paper's four systems, then this machine's
// [SECTION] findings     the paper's figures, the CPU's, the layouts', the GPU's speed-up
#include "lab_d2q37.hpp"

#include <omp.h>

namespace ll::lab {
namespace {

using cli::BenchRow;
using thermal::D2Q37Kernel;
using thermal::D2Q37Scheme;

// The paper's Table 4: propagate GB/s and its fraction of peak, collide GF/s and its fraction,
// collide's MLUPS.
struct PaperTable4Column {
    const char* system;
    double prop_gb_s, prop_of_peak, coll_gf_s, coll_of_peak, mlups;
};
constexpr PaperTable4Column kPaperTable4[] = {
    {"dual E5-2630 v3", 88, 0.75, 222, 0.36, 29},
    {"Xeon-Phi 7120X", 98, 0.28, 362, 0.30, 54},
    {"Tesla K40", 187, 0.65, 696, 0.42, 107},
    {"Tesla K80", 261, 0.54, 1544, 0.53, 220},
};

// ---- [SECTION] measuring ----
// One column of this machine: a back end and layout at its fastest (GPU: block size; CPU: all
// OpenMP threads), or why it was not measured.
struct SystemRun {
    std::string label;
    bool gpu = false;
    std::string missing; // why it was not measured; empty: measured
    D2Q37Lattice lattice{0, 0};
    Denominators d;
    BenchRow propagate, collide, step;
};

SystemRun measure_cpu(const LabContext& ctx, Layout layout) {
    SystemRun s;
    s.label = std::string("CPU ") + layout_label(layout) + ", " +
              std::to_string(omp_get_max_threads()) + " OpenMP threads";
    s.lattice = d2q37_cpu_lattice(ctx);
    ctx.progress("d2q37-cpu: " + s.label);
    auto bench =
        cli::make_d2q37_bench(d2q37_rt(s.lattice, layout), D2Q37Scheme::Pull, BackendKind::Cpu);
    s.d = denominators(*bench, false);
    const cli::D2Q37Timing t = d2q37_timing(ctx, false);
    const int block = 128; // means nothing on the CPU
    const auto [lx, ly] = s.lattice;
    s.propagate = cli::time_d2q37_kernel(*bench, D2Q37Kernel::PropagatePull, block, lx, ly, t);
    s.collide = cli::time_d2q37_kernel(*bench, D2Q37Kernel::Collide, block, lx, ly, t);
    s.step = cli::time_d2q37_step(*bench, D2Q37Scheme::Pull, block, lx, ly, t);
    return s;
}

// Why there is no GPU column: no usable GPU, or --backend cpu.
std::string why_no_gpu() {
    std::string why;
    if (cuda_device_present(why)) return "this run asked for the CPU (--backend cpu)";
    return "no usable GPU (" + why + ")";
}

SystemRun measure_gpu(const LabContext& ctx) {
    SystemRun s;
    s.label = "GPU SoA";
    s.gpu = true;
    s.lattice = d2q37_gpu_lattice(ctx);
    if (!ctx.gpu) {
        s.missing = why_no_gpu();
        return s;
    }
    ctx.progress("d2q37-cpu: GPU, SoA");
    auto bench = cli::make_d2q37_bench(d2q37_rt(s.lattice, Layout::SoA), D2Q37Scheme::Pull,
                                       BackendKind::Cuda);
    s.label += " (" + bench->device().device + ")";
    s.d = denominators(*bench, true);
    const cli::D2Q37Timing t = d2q37_timing(ctx, true);
    const std::vector<int> blocks = d2q37_table_blocks(ctx);
    s.propagate = fastest_kernel(*bench, D2Q37Kernel::PropagatePull, blocks, s.lattice, t);
    s.collide = fastest_kernel(*bench, D2Q37Kernel::Collide, blocks, s.lattice, t);
    std::vector<BenchRow> steps;
    for (int b : blocks)
        steps.push_back(
            cli::time_d2q37_step(*bench, D2Q37Scheme::Pull, b, s.lattice.lx, s.lattice.ly, t));
    const BenchRow* best = fastest(steps);
    s.step = best ? *best : steps.front();
    return s;
}

// The CPU's MLUPS over OpenMP thread counts (1, 2, 4, ... all), SoA and AoS: propagate,
// collide and the whole pull step. `all` holds the runs on every thread, SoA then AoS.
LabPlot thread_plot(const LabContext& ctx, const SystemRun (&all)[2], nlohmann::json& data) {
    render::PlotSpec p =
        plot_spec("CPU back end, D2Q37 FP64, " + all[0].lattice.label(), "OpenMP threads", "MLUPS");
    p.log_x = true;
    p.y_min = 0;
    const int most = omp_get_max_threads();
    std::vector<int> counts;
    for (int t = 1; t < most; t *= 2)
        counts.push_back(t);
    counts.push_back(most);
    for (int k = 0; k < 2; ++k) {
        const Layout layout = k == 0 ? Layout::SoA : Layout::AoS;
        const std::string name = layout_label(layout);
        render::PlotSeries series[3] = {
            plot_series("propagate, " + name, render::plot_color(3 * k)),
            plot_series("collide, " + name, render::plot_color(3 * k + 1)),
            plot_series("step, " + name, render::plot_color(3 * k + 2))};
        for (int t : counts) {
            omp_set_num_threads(t);
            const SystemRun s = t == most ? all[k] : measure_cpu(ctx, layout);
            const BenchRow* rows[3] = {&s.propagate, &s.collide, &s.step};
            for (int j = 0; j < 3; ++j) {
                series[j].x.push_back(t);
                series[j].y.push_back(rates(*rows[j], s.d).mlups);
                data["threads"][name][rows[j]->name].push_back(
                    {{"threads", t}, {"mlups", series[j].y.back()}});
            }
        }
        omp_set_num_threads(most);
        for (const auto& s : series)
            p.series.push_back(s);
    }
    return {"threads", "MLUPS of the CPU back end against OpenMP threads", p};
}

// ---- [SECTION] the table ----
struct Row {
    const char* label;
    std::string (*paper)(const PaperTable4Column&); // none: not in the paper's table
    std::string (*here)(const SystemRun&);
};

std::string none(const PaperTable4Column&) {
    return "-";
}

const Row kRows[] = {
    {"lattice", none, [](const SystemRun& s) { return s.lattice.label(); }},
    {"propagate (GB/s)", [](const PaperTable4Column& c) { return fixed(c.prop_gb_s, 0); },
     [](const SystemRun& s) { return cell(rates(s.propagate, s.d).bytes_per_s / 1e9, 4); }},
    {"propagate, % (paper: of peak; here: of the copy)",
     [](const PaperTable4Column& c) { return fixed(100 * c.prop_of_peak, 0); },
     [](const SystemRun& s) { return cell(100 * rates(s.propagate, s.d).fraction_of_copy, 3); }},
    {"collide (GF/s)", [](const PaperTable4Column& c) { return fixed(c.coll_gf_s, 0); },
     [](const SystemRun& s) { return cell(rates(s.collide, s.d).flop_per_s / 1e9, 4); }},
    {"collide, % of FP64 peak (here: measured, GPU only)",
     [](const PaperTable4Column& c) { return fixed(100 * c.coll_of_peak, 0); },
     [](const SystemRun& s) {
         return s.gpu ? cell(100 * rates(s.collide, s.d).fraction_of_fp64, 3) : std::string("-");
     }},
    {"collide MLUPS", [](const PaperTable4Column& c) { return fixed(c.mlups, 0); },
     [](const SystemRun& s) { return cell(rates(s.collide, s.d).mlups, 4); }},
    {"whole pull step MLUPS", none,
     [](const SystemRun& s) { return cell(rates(s.step, s.d).mlups, 4); }},
    {"threads per block (GPU: the fastest of propagate, collide, step)", none,
     [](const SystemRun& s) {
         if (!s.gpu) return std::string("-");
         return std::to_string(s.propagate.block) + ", " + std::to_string(s.collide.block) + ", " +
                std::to_string(s.step.block);
     }},
};

void fill_table(StudyReport& r, const std::vector<SystemRun>& runs) {
    for (const PaperTable4Column& c : kPaperTable4)
        r.table.columns.push_back(std::string("paper: ") + c.system);
    for (const SystemRun& s : runs)
        r.table.columns.push_back("here: " + s.label);
    for (const Row& row : kRows) {
        std::vector<std::string> cells = {row.label};
        for (const PaperTable4Column& c : kPaperTable4)
            cells.push_back(row.paper(c));
        // A column not measured says why in its first row.
        for (const SystemRun& s : runs)
            cells.push_back(s.missing.empty()   ? row.here(s)
                            : &row == &kRows[0] ? "not measured: " + s.missing
                                                : "not measured");
        r.table.rows.push_back(cells);
    }
}

// ---- [SECTION] findings ----
std::string paper_finding() {
    std::string s = "Calore et al. 2016, Table 4 (propagate GB/s and % of peak, collide GF/s and "
                    "% of peak, collide MLUPS):";
    for (const PaperTable4Column& c : kPaperTable4)
        s += std::string(" ") + c.system + " " + fixed(c.prop_gb_s, 0) + " GB/s (" +
             fixed(100 * c.prop_of_peak, 0) + " %), " + fixed(c.coll_gf_s, 0) + " GF/s (" +
             fixed(100 * c.coll_of_peak, 0) + " %), " + fixed(c.mlups, 0) + " MLUPS;";
    return s + " on the K40 and K80 \"the propagate kernel is approximately 2 − 3X faster than "
               "the dual-CPU systems\", and for collide \"GPUs are 3.7X and 7.6X faster than "
               "CPUs\".";
}

std::string cpu_finding(const SystemRun& s) {
    const thermal::KernelRates p = rates(s.propagate, s.d), c = rates(s.collide, s.d);
    return "Here the " + s.label + " on " + s.lattice.label() + " sites: propagate " +
           cell(p.bytes_per_s / 1e9, 4) + " GB/s = " + cell(100 * p.fraction_of_copy, 3) +
           " % of the copy bandwidth measured over the lattice's working set (" +
           cell(s.d.copy / 1e9, 4) + " GB/s); collide " + cell(c.flop_per_s / 1e9, 4) + " GF/s, " +
           cell(c.mlups, 4) + " MLUPS; the whole pull step " + cell(rates(s.step, s.d).mlups, 4) +
           " MLUPS.";
}

// How many times as fast `a` runs a kernel as `b` (MLUPS against MLUPS).
double speed_ratio(const BenchRow& a, const Denominators& da, const BenchRow& b,
                   const Denominators& db) {
    return rates(a, da).mlups / rates(b, db).mlups;
}

// "1.3 times SoA's speed (faster)"; within 3 % "about the same".
std::string relative_speed(double ratio) {
    const char* verdict = ratio > 1.03 ? "faster" : ratio < 0.97 ? "slower" : "about the same";
    return cell(ratio, 3) + " times SoA's speed (" + verdict + ")";
}

std::string layout_finding(const SystemRun& soa, const SystemRun& aos) {
    return "Here on the CPU AoS runs propagate at " +
           relative_speed(speed_ratio(aos.propagate, aos.d, soa.propagate, soa.d)) +
           ", collide at " + relative_speed(speed_ratio(aos.collide, aos.d, soa.collide, soa.d)) +
           " and the whole step at " +
           relative_speed(speed_ratio(aos.step, aos.d, soa.step, soa.d)) +
           "; the paper: \"For serial computations on cache-based architectures, like "
           "traditional CPUs, the AoS scheme is preferable\".";
}

std::string gpu_finding(const SystemRun& gpu, const SystemRun& cpu) {
    if (!gpu.missing.empty()) return "Here the GPU was not measured: " + gpu.missing + ".";
    return "Here the " + gpu.label + " runs propagate " +
           cell(speed_ratio(gpu.propagate, gpu.d, cpu.propagate, cpu.d), 3) + ", collide " +
           cell(speed_ratio(gpu.collide, gpu.d, cpu.collide, cpu.d), 3) + " and the whole step " +
           cell(speed_ratio(gpu.step, gpu.d, cpu.step, cpu.d), 3) + " times as fast as the " +
           cpu.label + " (MLUPS against MLUPS).";
}

} // namespace

StudyReport d2q37_cpu_study(const LabContext& ctx) {
    LabContext cpu = ctx;
    cpu.backend = BackendKind::Cpu;
    StudyReport r = begin_report(
        "d2q37-cpu", "D2Q37 propagate and collide on the CPU beside the GPU", cpu, {"quantity"});
    r.header["cpu_cores"] = omp_get_num_procs();
    r.header["openmp_threads"] = omp_get_max_threads();
    const SystemRun cpus[2] = {measure_cpu(ctx, Layout::SoA), measure_cpu(ctx, Layout::AoS)};
    const std::vector<SystemRun> runs = {cpus[0], cpus[1], measure_gpu(ctx)};
    fill_table(r, runs);
    r.findings = {paper_finding(), cpu_finding(runs[0]), layout_finding(runs[0], runs[1]),
                  gpu_finding(runs[2], runs[0]), d2q37_flops_note()};
    for (const SystemRun& s : runs) {
        nlohmann::json j = {{"label", s.label},
                            {"lattice", {{"lx", s.lattice.lx}, {"ly", s.lattice.ly}}}};
        if (!s.missing.empty()) j["missing"] = s.missing;
        if (s.missing.empty())
            j["rows"] = {row_record(s.propagate, s.d), row_record(s.collide, s.d),
                         row_record(s.step, s.d)};
        j["copy_bandwidth_bytes_per_s"] = s.d.copy;
        j["fp64_measured_flop_per_s"] = s.d.fp64;
        r.data["systems"].push_back(j);
    }
    r.plots.push_back(thread_plot(ctx, cpus, r.data));
    return r;
}

} // namespace ll::lab

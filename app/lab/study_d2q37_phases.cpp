// Calore et al. 2016, Table 3: the time of each phase of their D2Q37 step (propagate, bc,
// collide; FP64, 1024 x 8192 sites), propagate's GB/s, collide's GF/s, the whole step's GF/s
// ("Global P.") and MLUPS. Here the separate-kernel pull step (their code: pbc, propagate, bc,
// collide) on the GPU, SoA and AoS, each at its fastest block size, beside the paper's GPUs,
// and LatticeLab's fused pull step for comparison.
//
// [SECTION] measuring    a layout's phases and steps over the block sizes
// [SECTION] the table    one row per quantity: the paper's six columns, then this GPU's
// [SECTION] findings     the paper's figures, this GPU's shares and rates
#include "lab_d2q37.hpp"

#include <array>
#include <cmath>

namespace ll::lab {
namespace {

using cli::BenchRow;
using thermal::D2Q37Kernel;
using thermal::D2Q37Scheme;

// ---- [SECTION] measuring ----
// The pull step's phases, in its order.
constexpr std::array<D2Q37Kernel, 4> kPhases = {D2Q37Kernel::Pbc, D2Q37Kernel::PropagatePull,
                                                D2Q37Kernel::BcPull, D2Q37Kernel::Collide};

struct AtBlock {
    BenchRow step;                  // the whole pull step
    std::array<BenchRow, 4> phases; // kPhases alone
};
struct PhaseRun {
    Layout layout = Layout::SoA;
    Denominators d;
    std::vector<AtBlock> blocks; // d2q37_table_blocks' order
    int fastest = -1;            // the block whose step is fastest; -1: none could start
    BenchRow fused;              // the pull-fused step at that block
    bool ran() const { return fastest >= 0; }
    const AtBlock& best() const { return blocks[std::size_t(fastest)]; }
};

PhaseRun measure(const LabContext& ctx, Layout layout) {
    const D2Q37Lattice l = d2q37_gpu_lattice(ctx);
    const cli::D2Q37Timing t = d2q37_timing(ctx, true);
    const thermal::Rt2dSetup rt = d2q37_rt(l, layout);
    PhaseRun run;
    run.layout = layout;
    {
        auto bench = cli::make_d2q37_bench(rt, D2Q37Scheme::Pull, BackendKind::Cuda);
        run.d = denominators(*bench, true);
        for (int b : d2q37_table_blocks(ctx)) {
            ctx.progress("d2q37-phases: " + std::string(layout_label(layout)) + ", block " +
                         std::to_string(b));
            AtBlock at;
            at.step = cli::time_d2q37_step(*bench, D2Q37Scheme::Pull, b, l.lx, l.ly, t);
            for (std::size_t p = 0; p < kPhases.size(); ++p)
                at.phases[p] = cli::time_d2q37_kernel(*bench, kPhases[p], b, l.lx, l.ly, t);
            run.blocks.push_back(at);
        }
    }
    for (std::size_t k = 0; k < run.blocks.size(); ++k) {
        const BenchRow& step = run.blocks[k].step;
        if (step.refused.empty() && (!run.ran() || step.seconds < run.best().step.seconds))
            run.fastest = int(k);
    }
    if (!run.ran()) return run;
    const int block = run.best().step.block;
    auto fused = cli::make_d2q37_bench(rt, D2Q37Scheme::PullFused, BackendKind::Cuda);
    run.fused = cli::time_d2q37_step(*fused, D2Q37Scheme::PullFused, block, l.lx, l.ly, t);
    return run;
}

// ---- [SECTION] the table ----
// One quantity of this GPU's column, from a run at its fastest block.
using Quantity = std::string (*)(const PhaseRun&);

double ms(const BenchRow& r) {
    return r.refused.empty() ? r.seconds * 1e3 : NAN;
}
const BenchRow& phase(const PhaseRun& r, D2Q37Kernel k) {
    for (std::size_t p = 0; p < kPhases.size(); ++p)
        if (kPhases[p] == k) return r.best().phases[p];
    return r.best().step;
}
// Collide's FLOPs over every site in the time of a whole step.
double global_flop_per_s(const PhaseRun& r) {
    const BenchRow& s = r.best().step;
    return s.refused.empty() ? s.work.flops / s.seconds : NAN;
}

struct Row {
    const char* label;
    std::string (*paper)(const PaperTable3Column&); // none: not in the paper's table
    Quantity here;
};

std::string none(const PaperTable3Column&) {
    return "-";
}

const Row kRows[] = {
    {"threads per block (the step's fastest)", none,
     [](const PhaseRun& r) { return std::to_string(r.best().step.block); }},
    {"Tpbc (ms)", none, [](const PhaseRun& r) { return cell(ms(phase(r, D2Q37Kernel::Pbc)), 3); }},
    {"Tprop (ms)", [](const PaperTable3Column& c) { return fixed(c.t_prop_ms, 1); },
     [](const PhaseRun& r) { return cell(ms(phase(r, D2Q37Kernel::PropagatePull)), 3); }},
    {"Tbc (ms)", [](const PaperTable3Column& c) { return fixed(c.t_bc_ms, 1); },
     [](const PhaseRun& r) { return cell(ms(phase(r, D2Q37Kernel::BcPull)), 3); }},
    {"Tcoll (ms)", [](const PaperTable3Column& c) { return fixed(c.t_coll_ms, 1); },
     [](const PhaseRun& r) { return cell(ms(phase(r, D2Q37Kernel::Collide)), 3); }},
    {"step (ms, measured whole)", none,
     [](const PhaseRun& r) { return cell(ms(r.best().step), 3); }},
    {"Propagate (GB/s)", [](const PaperTable3Column& c) { return fixed(c.prop_gb_s, 0); },
     [](const PhaseRun& r) {
         return cell(rates(phase(r, D2Q37Kernel::PropagatePull), r.d).bytes_per_s / 1e9, 4);
     }},
    {"Propagate, % of the copy bandwidth", none,
     [](const PhaseRun& r) {
         return cell(100 * rates(phase(r, D2Q37Kernel::PropagatePull), r.d).fraction_of_copy, 3);
     }},
    {"Collide (GF/s)", [](const PaperTable3Column& c) { return fixed(c.coll_gf_s, 0); },
     [](const PhaseRun& r) {
         return cell(rates(phase(r, D2Q37Kernel::Collide), r.d).flop_per_s / 1e9, 4);
     }},
    {"Collide, % of the measured FP64 peak", none,
     [](const PhaseRun& r) {
         return cell(100 * rates(phase(r, D2Q37Kernel::Collide), r.d).fraction_of_fp64, 3);
     }},
    {"Global P. (GF/s)", [](const PaperTable3Column& c) { return fixed(c.global_gf_s, 0); },
     [](const PhaseRun& r) { return cell(global_flop_per_s(r) / 1e9, 4); }},
    {"MLUPS", [](const PaperTable3Column& c) { return fixed(c.mlups, 0); },
     [](const PhaseRun& r) { return cell(rates(r.best().step, r.d).mlups, 4); }},
    {"MLUPS, fused pull step (LatticeLab's default)", none,
     [](const PhaseRun& r) { return cell(rates(r.fused, r.d).mlups, 4); }},
};

void fill_table(StudyReport& r, const std::vector<PhaseRun>& runs) {
    for (const PaperTable3Column& c : kPaperTable3)
        r.table.columns.push_back(std::string("paper: ") + c.gpu);
    for (const PhaseRun& run : runs)
        r.table.columns.push_back(std::string("here: ") + layout_label(run.layout));
    for (const Row& row : kRows) {
        std::vector<std::string> cells = {row.label};
        for (const PaperTable3Column& c : kPaperTable3)
            cells.push_back(row.paper(c));
        for (const PhaseRun& run : runs)
            cells.push_back(run.ran() ? row.here(run) : "no block size could start");
        r.table.rows.push_back(cells);
    }
}

// Per-phase and whole-step ms against threads per block, one plot per layout.
LabPlot phase_plot(const PhaseRun& run, const std::string& device) {
    render::PlotSpec p =
        plot_spec(std::string("Pull step phases, ") + layout_label(run.layout) + ", " + device,
                  "threads per block", "ms per step");
    p.log_x = true;
    p.y_min = 0;
    for (std::size_t k = 0; k <= kPhases.size(); ++k) {
        const bool step = k == kPhases.size();
        auto s = plot_series(step ? "whole step" : std::string(thermal::kernel_name(kPhases[k])),
                             render::plot_color(int(k)));
        for (const AtBlock& at : run.blocks) {
            const BenchRow& b = step ? at.step : at.phases[k];
            if (b.refused.empty()) s.x.push_back(b.block), s.y.push_back(b.seconds * 1e3);
        }
        p.series.push_back(s);
    }
    const std::string name = run.layout == Layout::AoS ? "aos" : "";
    return {name,
            std::string("Table 3's phases against threads per block, ") + layout_label(run.layout),
            p};
}

// ---- [SECTION] findings ----
std::string paper_finding() {
    const PaperTable3Column& k40 = kPaperK40;
    const PaperTable3Column& k80 = kPaperTable3[5];
    const double share = k40.t_coll_ms / (k40.t_prop_ms + k40.t_bc_ms + k40.t_coll_ms);
    return "Calore et al. 2016, Table 3 (" + std::to_string(kPaperLx) + " x " +
           std::to_string(kPaperLy) + " sites, FP64): on one K40 (GK110B) Tprop " +
           fixed(k40.t_prop_ms, 1) + " ms, Tbc " + fixed(k40.t_bc_ms, 1) + " ms, Tcoll " +
           fixed(k40.t_coll_ms, 1) + " ms (collide " + cell(100 * share, 3) +
           " % of the three); propagate " + fixed(k40.prop_gb_s, 0) + " GB/s, collide " +
           fixed(k40.coll_gf_s, 0) + " GF/s, Global P. " + fixed(k40.global_gf_s, 0) + " GF/s, " +
           fixed(k40.mlups, 0) + " MLUPS; on both GPUs of a K80 (2xGK210) " +
           fixed(k80.prop_gb_s, 0) + " GB/s, " + fixed(k80.coll_gf_s, 0) + " GF/s, " +
           fixed(k80.global_gf_s, 0) + " GF/s, " + fixed(k80.mlups, 0) +
           " MLUPS. Propagate reached \"≈ 65% of peak for the K40 and the K80\", collide \"≈ 43%\" "
           "of the K40's peak.";
}

std::string here_finding(const PhaseRun& r) {
    const double step = ms(r.best().step);
    std::string s = std::string("Here (") + layout_label(r.layout) + ", " +
                    std::to_string(r.best().step.block) + " threads per block) a step takes " +
                    cell(step, 3) + " ms, of which";
    for (D2Q37Kernel k : kPhases) {
        // Appended piece by piece: GCC 12's -Wrestrict misfires on " " + std::string&&.
        (s += k == kPhases[0] ? " " : ", ") += thermal::kernel_name(k);
        (s += ' ') += cell(100 * ms(phase(r, k)) / step, 3) + " %";
    }
    const thermal::KernelRates p = rates(phase(r, D2Q37Kernel::PropagatePull), r.d);
    const thermal::KernelRates c = rates(phase(r, D2Q37Kernel::Collide), r.d);
    const double mlups = rates(r.best().step, r.d).mlups;
    return s + "; propagate " + cell(p.bytes_per_s / 1e9, 4) + " GB/s (" +
           cell(100 * p.fraction_of_copy, 3) + " % of the copy), collide " +
           cell(c.flop_per_s / 1e9, 4) + " GF/s (" + cell(100 * c.fraction_of_fp64, 3) +
           " % of the measured FP64 peak), " + cell(mlups, 4) +
           " MLUPS = " + cell(mlups / kPaperK40.mlups, 3) +
           " times the K40's; the fused pull step " + cell(rates(r.fused, r.d).mlups, 4) +
           " MLUPS.";
}

} // namespace

StudyReport d2q37_phases_study(const LabContext& ctx) {
    StudyReport r =
        begin_report("d2q37-phases", "D2Q37 step phase by phase: times, GB/s, GF/s and MLUPS", ctx,
                     {"quantity"});
    const D2Q37Lattice l = d2q37_gpu_lattice(ctx);
    r.header["lattice"] = {{"lx", l.lx}, {"ly", l.ly}};
    std::vector<PhaseRun> runs;
    runs.push_back(measure(ctx, Layout::SoA));
    runs.push_back(measure(ctx, Layout::AoS));
    fill_table(r, runs);
    r.findings.push_back(paper_finding());
    for (const PhaseRun& run : runs) {
        if (run.ran()) r.findings.push_back(here_finding(run));
        r.plots.push_back(phase_plot(run, r.header.value("device", "")));
        for (const AtBlock& at : run.blocks) {
            nlohmann::json j = {{"step", row_record(at.step, run.d)}};
            for (const BenchRow& p : at.phases)
                j["phases"].push_back(row_record(p, run.d));
            r.data[layout_label(run.layout)]["blocks"].push_back(j);
        }
        r.data[layout_label(run.layout)]["fused_step"] = row_record(run.fused, run.d);
        r.data[layout_label(run.layout)]["copy_bandwidth_bytes_per_s"] = run.d.copy;
        r.data[layout_label(run.layout)]["fp64_measured_flop_per_s"] = run.d.fp64;
    }
    if (runs[0].ran() && runs[1].ran())
        r.findings.push_back("Here the AoS step takes " +
                             cell(runs[1].best().step.seconds / runs[0].best().step.seconds, 3) +
                             " times as long as the SoA step.");
    r.findings.push_back(d2q37_flops_note());
    return r;
}

} // namespace ll::lab

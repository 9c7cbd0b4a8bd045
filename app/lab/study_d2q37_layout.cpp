// Calore et al. 2016, Fig. 2: the D2Q37 propagate and collide kernels (FP64) against threads per
// block, with the populations as AoS (a site's 37 together) and as SoA (one plane each), and
// SoA's speed-up t_AoS / t_SoA. The kernels are the pull step's passes, timed alone by the
// kernel bench (lab_d2q37.hpp).
#include "lab_d2q37.hpp"

#include <algorithm>
#include <cmath>

namespace ll::lab {
namespace {

using cli::BenchRow;
using thermal::D2Q37Kernel;

constexpr D2Q37Kernel kKernels[] = {D2Q37Kernel::PropagatePull, D2Q37Kernel::Collide};

std::vector<int> blocks(const LabContext& ctx) {
    if (ctx.quick) return {32, 256, 1024};
    return {32, 64, 128, 256, 512, 1024};
}

// Both kernels at every block size in one layout: rows[kernel][block].
struct LayoutSweep {
    Denominators d;
    std::vector<std::vector<BenchRow>> rows;
};

LayoutSweep sweep(const LabContext& ctx, Layout layout) {
    const D2Q37Lattice l = d2q37_gpu_lattice(ctx);
    auto bench =
        cli::make_d2q37_bench(d2q37_rt(l, layout), thermal::D2Q37Scheme::Pull, BackendKind::Cuda);
    LayoutSweep s{denominators(*bench, true), {}};
    for (D2Q37Kernel k : kKernels) {
        s.rows.emplace_back();
        for (int b : blocks(ctx)) {
            ctx.progress("d2q37-layout: " + std::string(thermal::kernel_name(k)) + ", " +
                         layout_label(layout) + ", block " + std::to_string(b));
            s.rows.back().push_back(
                cli::time_d2q37_kernel(*bench, k, b, l.lx, l.ly, d2q37_timing(ctx, true)));
        }
    }
    return s;
}

std::string ms_cell(const BenchRow& r) {
    return r.refused.empty() ? cell(r.seconds * 1e3, 4) : "not launchable";
}
std::string bandwidth_cell(const BenchRow& r, const Denominators& d) {
    if (!r.refused.empty()) return "-";
    const thermal::KernelRates k = rates(r, d);
    return cell(k.bytes_per_s / 1e9, 4) + " (" + cell(100 * k.fraction_of_copy, 3) + " %)";
}
std::string flops_cell(const BenchRow& r, const Denominators& d) {
    if (!r.refused.empty() || r.work.flops == 0) return "-";
    return cell(rates(r, d).flop_per_s / 1e9, 4);
}

// `speedup`: t_AoS / t_SoA of one kernel (y) over the block sizes both layouts could run (x).
std::string ratio_finding(const std::string& kernel, const render::PlotSeries& speedup,
                          const std::string& paper) {
    const std::vector<double>& q = speedup.y;
    if (q.empty()) return "Here " + kernel + " ran at no block size in both layouts.";
    const auto [lo, hi] = std::minmax_element(q.begin(), q.end());
    const auto block = [&](auto it) {
        return std::to_string(int(speedup.x[std::size_t(it - q.begin())]));
    };
    return "Here " + kernel + " with SoA is " + cell(*lo, 3) + " (at " + block(lo) +
           " threads per block) to " + cell(*hi, 3) + " (at " + block(hi) +
           ") times as fast as with AoS; the paper: " + paper + ".";
}

struct Plots {
    render::PlotSpec times, speedup;
};

// Kernel k's rows, its curves and its findings.
void add_kernel(StudyReport& r, Plots& plots, std::size_t k, const LayoutSweep& soa,
                const LayoutSweep& aos) {
    const std::string name(thermal::kernel_name(kKernels[k]));
    auto t_soa = plot_series(name + ", SoA", render::plot_color(int(2 * k)));
    auto t_aos = plot_series(name + ", AoS", render::plot_color(int(2 * k + 1)));
    auto curve = plot_series(name, render::plot_color(int(2 * k)));
    for (std::size_t j = 0; j < soa.rows[k].size(); ++j) {
        const BenchRow &s = soa.rows[k][j], &a = aos.rows[k][j];
        const bool both = s.refused.empty() && a.refused.empty();
        const double ratio = both ? a.seconds / s.seconds : NAN;
        for (auto [row, series] : {std::pair{&s, &t_soa}, std::pair{&a, &t_aos}}) {
            if (row->refused.empty()) {
                series->x.push_back(row->block);
                series->y.push_back(row->seconds * 1e3);
                continue;
            }
            r.findings.push_back("With " + std::to_string(row->block) + " threads per block " +
                                 series->label + " could not start: " + row->refused + ".");
        }
        if (both) {
            curve.x.push_back(s.block);
            curve.y.push_back(ratio);
        }
        r.table.rows.push_back({name, std::to_string(s.block), ms_cell(s), ms_cell(a),
                                cell(ratio, 3), bandwidth_cell(s, soa.d), bandwidth_cell(a, aos.d),
                                flops_cell(s, soa.d), flops_cell(a, aos.d)});
        nlohmann::json record = {{"soa", row_record(s, soa.d)}, {"aos", row_record(a, aos.d)}};
        if (both) record["t_aos_over_t_soa"] = ratio;
        r.data["rows"].push_back(record);
    }
    r.findings.push_back(ratio_finding(name, curve,
                                       k == 0 ? "\"at least a factor 5X faster using the SoA "
                                                "scheme\""
                                              : "\"roughly 2X faster\""));
    plots.times.series.push_back(t_soa);
    plots.times.series.push_back(t_aos);
    plots.speedup.series.push_back(curve);
}

} // namespace

StudyReport d2q37_layout_study(const LabContext& ctx) {
    StudyReport r = begin_report("d2q37-layout",
                                 "D2Q37 propagate and collide, AoS against SoA, over threads per "
                                 "block",
                                 ctx,
                                 {"kernel", "threads per block", "SoA ms", "AoS ms",
                                  "t_AoS / t_SoA", "SoA GB/s (% of copy)", "AoS GB/s (% of copy)",
                                  "SoA GFLOP/s", "AoS GFLOP/s"});
    const D2Q37Lattice l = d2q37_gpu_lattice(ctx);
    r.header["lattice"] = {{"lx", l.lx}, {"ly", l.ly}};
    const LayoutSweep soa = sweep(ctx, Layout::SoA), aos = sweep(ctx, Layout::AoS);
    r.data["copy_bandwidth_bytes_per_s"] = soa.d.copy;
    r.data["fp64_measured_flop_per_s"] = soa.d.fp64;
    r.findings.push_back(
        "Calore et al. 2016, Fig. 2: the execution times of propagate and collide against "
        "threads per block with AoS and SoA; propagate (memory-bound) \"is at least a factor 5X "
        "faster using the SoA scheme, while collide (a compute-bound kernel) is roughly 2X "
        "faster\", hence their SoA planes.");
    Plots plots{
        plot_spec("D2Q37 FP64 kernels, " + l.label() + " sites, " + r.header.value("device", ""),
                  "threads per block", "ms per launch"),
        plot_spec("SoA's speed-up over AoS", "threads per block", "t_AoS / t_SoA")};
    plots.times.log_x = plots.times.log_y = plots.speedup.log_x = true;
    plots.speedup.y_min = 0;
    for (std::size_t k = 0; k < std::size(kKernels); ++k)
        add_kernel(r, plots, k, soa, aos);
    r.plots.push_back({"",
                       "Fig. 2: time per launch against threads per block, AoS and SoA "
                       "(log-log)",
                       plots.times});
    r.plots.push_back(
        {"speedup", "SoA's speed-up over AoS, t_AoS / t_SoA, per block size", plots.speedup});
    return r;
}

} // namespace ll::lab

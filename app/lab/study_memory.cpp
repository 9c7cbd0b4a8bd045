// Obrecht et al. 2010's micro-benchmark on this GPU: one wave of k one-warp blocks per SM, each
// warp timing its reads and writes with the SM clock (solver/lab/memory_probe.hpp).
#include "lab_stats.hpp"
#include "lab_studies.hpp"
#include "solver/lab/memory_probe.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace ll::lab {
namespace {

struct Means {
    double launch = 0, read = 0, write = 0;
    int warps = 0;
};

MemoryProbeResult probe(int n, int l, int m, int k) {
    MemoryProbeSpec s;
    s.words = n;
    s.misaligned_reads = l;
    s.misaligned_writes = m;
    s.blocks_per_sm = k;
    return run_memory_probe(s, 1);
}

Means means_of(const MemoryProbeResult& r) {
    Means a;
    for (const WarpTiming& w : r.warps) {
        a.launch += double(w.start);
        a.read += double(w.read);
        a.write += double(w.write);
    }
    a.warps = int(r.warps.size());
    if (a.warps) {
        a.launch /= a.warps;
        a.read /= a.warps;
        a.write /= a.warps;
    }
    return a;
}

// Launch delay by rank (Fig. 2): each SM's warps sorted by their start, averaged over SMs.
std::vector<double> launch_by_rank(const MemoryProbeResult& r) {
    std::map<int, std::vector<double>> per_sm;
    for (const WarpTiming& w : r.warps)
        per_sm[w.sm].push_back(double(w.start));
    std::vector<double> sum, count;
    for (auto& [sm, starts] : per_sm) {
        std::sort(starts.begin(), starts.end());
        sum.resize(std::max(sum.size(), starts.size()), 0.0);
        count.resize(sum.size(), 0.0);
        for (std::size_t i = 0; i < starts.size(); ++i) {
            sum[i] += starts[i];
            count[i] += 1;
        }
    }
    for (std::size_t i = 0; i < sum.size(); ++i)
        sum[i] /= std::max(count[i], 1.0);
    return sum;
}

// Counts per bin of `bins` equal bins up to the 99th percentile (Figs. 3 and 4).
render::PlotSeries histogram(std::vector<double> v, int bins, const std::string& label,
                             render::Rgb color) {
    render::PlotSeries s = plot_series(label, color, true, false);
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    const double lo = v.front(), hi = std::max(v[v.size() * 99 / 100], lo + 1);
    const double w = (hi - lo) / bins;
    std::vector<double> n(std::size_t(bins), 0.0);
    for (double x : v)
        if (x <= hi) n[std::min(std::size_t((x - lo) / w), n.size() - 1)] += 1;
    for (int b = 0; b < bins; ++b) {
        s.x.push_back(lo + (b + 0.5) * w);
        s.y.push_back(n[std::size_t(b)]);
    }
    return s;
}

void add_row(StudyReport& r, const std::string& figure, int n, int l, int m, int k,
             const Means& a) {
    r.table.rows.push_back({figure, std::to_string(n), std::to_string(l), std::to_string(m),
                            std::to_string(k), std::to_string(a.warps), cell(a.launch),
                            cell(a.read), cell(a.write)});
}

// Two probes at one x: a's read and write times, then b's, onto four series.
void add_points(const std::array<render::PlotSeries*, 4>& s, double x, const Means& a,
                const Means& b) {
    const double v[4] = {a.read, a.write, b.read, b.write};
    for (std::size_t i = 0; i < s.size(); ++i) {
        s[i]->x.push_back(x);
        s[i]->y.push_back(v[i]);
    }
}

render::PlotSeries series(const std::string& label, int color) {
    return plot_series(label, render::plot_color(color));
}

} // namespace

StudyReport memory_study(const LabContext& ctx) {
    StudyReport r = begin_report(
        "memory", "Global-memory micro-benchmark: what a warp's reads and writes cost", ctx,
        {"figure", "N words", "L misaligned reads", "M misaligned writes", "k warps/SM",
         "warps timed", "mean launch delay (cycles)", "mean read time T_R (cycles)",
         "mean write time T_W (cycles)"});
    const int k_paper = 8; // the paper's 25 % occupancy on the GT200
    const int step = ctx.quick ? 6 : 1;

    // Fig. 2: launch delay by warp rank, at three occupancies.
    render::PlotSpec launch = plot_spec("Launch delay of each warp on its SM (N = 19)",
                                        "warp rank on its SM", "t0 - first t0 on the SM (cycles)");
    int colour = 0;
    for (int k : {8, 16, 32}) {
        if (k > probe_max_blocks_per_sm(4, 19, 32, true)) continue;
        ctx.progress("memory: launch delay, k = " + std::to_string(k));
        const MemoryProbeResult p = probe(19, 0, 0, k);
        auto s = series("k = " + std::to_string(k), colour++);
        const auto by_rank = launch_by_rank(p);
        for (std::size_t i = 0; i < by_rank.size(); ++i) {
            s.x.push_back(double(i));
            s.y.push_back(by_rank[i]);
        }
        r.data["launch_delay_by_rank"][std::to_string(k)] = by_rank;
        launch.series.push_back(s);
        add_row(r, "2", 19, 0, 0, k, means_of(p));
    }
    r.plots.push_back({"launch", "Fig. 2: launch delay against warp rank", launch});

    // Figs. 3 and 4: the distributions of read and write times, N = 19, k = 8.
    ctx.progress("memory: read and write time distributions");
    std::vector<double> reads, writes;
    for (int rep = 0; rep < (ctx.quick ? 1 : 5); ++rep)
        for (const WarpTiming& w : probe(19, 0, 0, k_paper).warps) {
            reads.push_back(double(w.read));
            writes.push_back(double(w.write));
        }
    render::PlotSpec dist = plot_spec("Read and write times of " + std::to_string(reads.size()) +
                                          " warps (N = 19, k = 8)",
                                      "cycles", "warps");
    dist.series.push_back(histogram(reads, 60, "read time T_R", render::plot_color(0)));
    dist.series.push_back(histogram(writes, 60, "write time T_W", render::plot_color(1)));
    r.plots.push_back({"distribution", "Figs. 3 and 4: read and write time distributions", dist});

    // T_R and T_W against N, aligned and with every word misaligned (L = M = N).
    render::PlotSpec words = plot_spec("Read and write time against words per thread (k = 8)",
                                       "N (words read, then written)", "mean cycles per warp");
    auto tr = series("T_R aligned", 0), tw = series("T_W aligned", 1);
    auto trm = series("T_R, L = N", 2), twm = series("T_W, M = N", 3);
    for (int n = 1; n <= kMaxProbeWords - 1; n += step) {
        ctx.progress("memory: N = " + std::to_string(n));
        const Means a = means_of(probe(n, 0, 0, k_paper));
        const Means b = means_of(probe(n, n, n, k_paper));
        add_row(r, "T(N)", n, 0, 0, k_paper, a);
        add_row(r, "T(N)", n, n, n, k_paper, b);
        add_points({&tr, &tw, &trm, &twm}, n, a, b);
    }
    words.series = {tr, tw, trm, twm};
    r.plots.push_back({"words", "Read and write time against N (Section 5.1's fits)", words});
    // The paper's fits are over N = 4..20 (one stage on the GT200).
    const auto fit = [](const render::PlotSeries& s) {
        std::vector<double> x, y;
        for (std::size_t i = 0; i < s.x.size(); ++i)
            if (s.x[i] >= 4 && s.x[i] <= 20) {
                x.push_back(s.x[i] - 4);
                y.push_back(s.y[i]);
            }
        return fit_line(x, y);
    };
    const LinearFit f_tr = fit(tr), f_tw = fit(tw), f_trm = fit(trm), f_twm = fit(twm);
    for (auto [name, f] : {std::pair{"T_R", f_tr}, {"T_W", f_tw}, {"T_R'", f_trm}, {"T_W'", f_twm}})
        r.data["fits"][name] = {{"slope", f.slope}, {"intercept", f.intercept}, {"r2", f.r2}};

    // Fig. 7: misaligned reads (then writes) at N = 19.
    render::PlotSpec mis = plot_spec("Misalignments at N = 19, k = 8", "misaligned words (L or M)",
                                     "mean cycles per warp");
    auto rl = series("T_R, L misaligned reads", 0), wl = series("T_W, L misaligned reads", 1);
    auto rm = series("T_R, M misaligned writes", 2), wm = series("T_W, M misaligned writes", 3);
    for (int x = 0; x <= 19; x += ctx.quick ? 19 : 1) {
        ctx.progress("memory: misalignments " + std::to_string(x));
        const Means a = means_of(probe(19, x, 0, k_paper));
        const Means b = means_of(probe(19, 0, x, k_paper));
        add_row(r, "7", 19, x, 0, k_paper, a);
        add_row(r, "7", 19, 0, x, k_paper, b);
        add_points({&rl, &wl, &rm, &wm}, x, a, b);
    }
    mis.series = {rl, wl, rm, wm};
    r.plots.push_back({"misalignment", "Fig. 7: the cost of misaligned reads and writes", mis});

    // Fig. 8: occupancy, k one-warp blocks per SM.
    render::PlotSpec occ = plot_spec("Occupancy at N = 19 (one-warp blocks)", "k (warps per SM)",
                                     "mean cycles per warp");
    auto ro = series("T_R", 0), wo = series("T_W", 1);
    std::vector<int> ks = ctx.warps;
    if (ks.empty())
        for (int k = 1; k <= probe_max_blocks_per_sm(4, 19, 32, true); k += ctx.quick ? 15 : 1)
            ks.push_back(k);
    for (int k : ks) {
        ctx.progress("memory: k = " + std::to_string(k));
        const Means a = means_of(probe(19, 0, 0, k));
        add_row(r, "8", 19, 0, 0, k, a);
        ro.x.push_back(k);
        ro.y.push_back(a.read);
        wo.x.push_back(k);
        wo.y.push_back(a.write);
    }
    occ.series = {ro, wo};
    r.plots.push_back({"occupancy", "Fig. 8: read and write time against warps per SM", occ});

    char buf[640];
    r.findings.push_back(
        "The paper (GT200, k = 8): T_R = 317(N - 4) + 440 and T_W = 562(N - 4) + 1178 cycles; "
        "every word misaligned: T_R' = 575(N - 4) + 291, T_W' = 983(N - 4) + 2030. Writes cost "
        "more than reads, and misaligned writes more than misaligned reads.");
    std::snprintf(buf, sizeof buf,
                  "This GPU (k = 8, fit over N = 4..20): T_R = %.0f(N - 4) + %.0f, T_W = "
                  "%.0f(N - 4) + %.0f; misaligned T_R' = %.0f(N - 4) + %.0f, T_W' = %.0f(N - 4) "
                  "+ %.0f cycles (r^2 %.2f, %.2f, %.2f, %.2f).",
                  f_tr.slope, f_tr.intercept, f_tw.slope, f_tw.intercept, f_trm.slope,
                  f_trm.intercept, f_twm.slope, f_twm.intercept, f_tr.r2, f_tw.r2, f_trm.r2,
                  f_twm.r2);
    r.findings.push_back(buf);
    r.findings.push_back(
        std::string("Per word, ") +
        (f_tw.slope > f_tr.slope ? "writes cost more than reads here too"
                                 : "reads cost more than writes here, unlike the GT200: a write "
                                   "is done once L2 holds it, a read waits for DRAM") +
        "; every word misaligned adds " + cell(f_trm.slope - f_tr.slope, 3) +
        " cycles per word to reads and " + cell(f_twm.slope - f_tw.slope, 3) + " to writes.");
    r.findings.push_back(
        "The paper's launch delay (GT200): warps 0 to 8 are launched at once, then one every "
        "~63 cycles (its fit: l(i) = 0 for i <= 9, 63(i - 10) + 13 after). Fig. 2 "
        "here shows this GPU's: how many warps of an SM start together, and the delay of the "
        "last, the l(k) of the model T = l + T_R + T_W.");
    r.findings.push_back(
        "Write times are taken after a memory fence (__threadfence), so they include the time "
        "for the writes to land, not only their issue. The SM clock ran at " +
        cell(probe(1, 0, 0, 1).sm_clock_hz / 1e6, 4) + " MHz during the study.");
    return r;
}

} // namespace ll::lab

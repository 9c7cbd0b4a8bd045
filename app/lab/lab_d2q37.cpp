#include "lab_d2q37.hpp"

#include <cmath>
#include <cstdio>

#if LATTICELAB_HAS_CUDA
#include "solver/cuda/device_probes.hpp"
#endif

namespace ll::lab {

D2Q37Lattice d2q37_gpu_lattice(const LabContext& ctx) {
    return ctx.quick ? D2Q37Lattice{256, 1024} : D2Q37Lattice{kPaperLx, kPaperLy};
}
D2Q37Lattice d2q37_cpu_lattice(const LabContext& ctx) {
    return ctx.quick ? D2Q37Lattice{64, 256} : D2Q37Lattice{512, 2048};
}

thermal::Rt2dSetup d2q37_rt(D2Q37Lattice l, Layout layout) {
    thermal::Rt2dOptions o;
    o.lx = l.lx;
    o.ly = l.ly;
    o.layout = layout;
    return thermal::rt2d(o);
}

cli::D2Q37Timing d2q37_timing(const LabContext& ctx, bool gpu) {
    cli::D2Q37Timing t;
    t.launches = ctx.quick ? 1 : (gpu ? 10 : 3);
    t.steps = t.launches;
    t.repeats = ctx.quick ? 1 : 3;
    return t;
}

std::vector<int> d2q37_table_blocks(const LabContext& ctx) {
    if (ctx.quick) return {128};
    return {64, 128, 256, 512};
}

const char* layout_label(Layout l) {
    return l == Layout::AoS ? "AoS" : "SoA";
}

Denominators denominators(Engine& bench, bool gpu) {
    Denominators d;
    d.copy = bench.copy_bandwidth();
#if LATTICELAB_HAS_CUDA
    if (gpu) d.fp64 = cuda::measure_fp64_peak().measured;
#else
    (void)gpu;
#endif
    return d;
}

thermal::KernelRates rates(const cli::BenchRow& r, const Denominators& d) {
    return thermal::rates_of(r.work, r.seconds, d.copy, d.fp64);
}

nlohmann::json row_record(const cli::BenchRow& r, const Denominators& d) {
    nlohmann::json j = {{"name", r.name}, {"block", r.block}};
    if (!r.refused.empty()) {
        j["refused"] = r.refused;
        return j;
    }
    const thermal::KernelRates k = rates(r, d);
    j["seconds"] = r.seconds;
    j["gb_per_s"] = k.bytes_per_s / 1e9;
    j["fraction_of_copy"] = k.fraction_of_copy;
    j["gflop_per_s"] = k.flop_per_s / 1e9;
    j["fraction_of_fp64"] = k.fraction_of_fp64;
    j["mlups"] = k.mlups;
    return j;
}

const cli::BenchRow* fastest(const std::vector<cli::BenchRow>& rows) {
    const cli::BenchRow* best = nullptr;
    for (const cli::BenchRow& r : rows)
        if (r.refused.empty() && (!best || r.seconds < best->seconds)) best = &r;
    return best;
}

cli::BenchRow fastest_kernel(Engine& bench, thermal::D2Q37Kernel k, const std::vector<int>& blocks,
                             D2Q37Lattice l, const cli::D2Q37Timing& t) {
    std::vector<cli::BenchRow> rows;
    for (int b : blocks)
        rows.push_back(cli::time_d2q37_kernel(bench, k, b, l.lx, l.ly, t));
    const cli::BenchRow* best = fastest(rows);
    return best ? *best : rows.front();
}

std::string fixed(double v, int decimals) {
    if (std::isnan(v)) return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string d2q37_flops_note() {
    const double paper =
        kPaperK40.coll_gf_s * 1e9 * kPaperK40.t_coll_ms * 1e-3 / (double(kPaperLx) * kPaperLy);
    return "GF/s here count " + std::to_string(thermal::CollideFlops::per_site) +
           " FLOPs per collided site (LatticeLab's collide() counted from the source); the "
           "paper's Table 3 (K40: " +
           fixed(kPaperK40.coll_gf_s, 0) + " GF/s over " + fixed(kPaperK40.t_coll_ms, 1) +
           " ms for " + std::to_string(kPaperLx) + " x " + std::to_string(kPaperLy) +
           " sites) implies " + cell(paper, 4) +
           " per site for its collide: GF/s here and there compare only through MLUPS.";
}

} // namespace ll::lab

// `latticelab thermal-bench`: the D2Q37 kernels (FP64; Calore et al. 2016) on the GPU, each
// alone and as full steps, over a list of threads per block (Fig. 5: propagate; Fig. 6:
// collide). Each rate is set against a denominator measured in the same run: bytes against the
// device-to-device copy bandwidth, FLOPs against an FP64 FMA-chain kernel. It is a view of the
// one engine's kernel bench: the kernels are the passes of the CUDA engine's step plan
// (Engine::time_pass; solver/models/d2q37/node_model.hpp), measured by d2q37_bench.hpp, which
// the lab's D2Q37 studies share. There is no CPU mode: without a usable GPU the command says
// why and exits 1.
//
// [SECTION] options      the lists and the lattice, checked before the GPU is touched
// [SECTION] measuring    kernels alone, full steps; medians of repeated event timings
// (The records and the Markdown report: thermal_bench_report.cpp.)
#include "bench_util.hpp"
#include "commands.hpp"
#include "d2q37_bench.hpp"

#include <algorithm>
#include <cstdio>

namespace ll::cli {
namespace {

using thermal::D2Q37Kernel;
using thermal::D2Q37Scheme;

// ------------------------------------------------------------------ options
struct Plan {
    std::vector<D2Q37Kernel> kernels;
    std::vector<D2Q37Scheme> schemes;
    std::vector<int> blocks;
    thermal::Rt2dSetup rt; // the lattice and its initial state
    double flops_per_site = 0;
    std::string flops_source;
};

std::string kernel_list() {
    std::string s;
    for (D2Q37Kernel k : thermal::kAllKernels) {
        if (!s.empty()) s += ',';
        s += thermal::kernel_name(k); // appended, not "," + name: GCC 12 -Wrestrict misfires
    }
    return s;
}
constexpr D2Q37Scheme kSchemes[] = {D2Q37Scheme::Push, D2Q37Scheme::Pull, D2Q37Scheme::PushFused,
                                    D2Q37Scheme::PullFused};

Plan plan_of(const ThermalBenchOptions& o) {
    Plan p;
    if (o.kernels == "all")
        p.kernels.assign(std::begin(thermal::kAllKernels), std::end(thermal::kAllKernels));
    else
        p.kernels = parse_list<D2Q37Kernel>("--kernels", o.kernels, thermal::parse_kernel,
                                            "kernel names (" + kernel_list() + "), or all");
    if (o.schemes == "all")
        p.schemes.assign(std::begin(kSchemes), std::end(kSchemes));
    else if (o.schemes != "none")
        p.schemes = parse_list<D2Q37Scheme>("--schemes", o.schemes, thermal::parse_scheme_name,
                                            "push,pull,push-fused,pull-fused, or all or none");
    p.blocks = parse_list<int>("--block-sizes", o.block_sizes, parse_int,
                               "multiples of 32 between 32 and 1024");
    thermal::Rt2dOptions rt;
    rt.gpu = true;
    rt.lx = int(o.size);
    rt.ly = int(o.height);
    try {
        p.rt = thermal::rt2d(rt);
        for (int b : p.blocks) {
            thermal::D2Q37Config c = p.rt.config;
            c.block_size = b;
            thermal::validate(c); // names a block size that is no multiple of 32
        }
    } catch (const std::invalid_argument& e) {
        throw ConfigError(e.what());
    }
    p.flops_per_site = o.flops_per_site.value_or(thermal::CollideFlops::per_site);
    p.flops_source = o.flops_per_site
                         ? "given with --flops-per-site"
                         : "analytic count of collide() (app/cli/d2q37_kernel_work.hpp)";
    return p;
}

// ------------------------------------------------------------------ measuring
void report(const BenchRow& r, const ThermalBenchOptions& o) {
    if (o.quiet) return;
    if (r.refused.empty())
        std::fprintf(stderr, "%-15s block %4d: %10.2f us\n", r.name.c_str(), r.block,
                     r.seconds * 1e6);
    else
        std::fprintf(stderr, "%-15s block %4d: not launchable (%s)\n", r.name.c_str(), r.block,
                     r.refused.c_str());
}

// The scheme whose step plan holds kernel k: the engine that times it.
D2Q37Scheme scheme_running(D2Q37Kernel k) {
    for (D2Q37Scheme s : kSchemes)
        for (D2Q37Kernel x : thermal::step_kernels(s))
            if (x == k) return s;
    return D2Q37Scheme::PullFused;
}

D2Q37Timing timing_of(const Plan& p, const ThermalBenchOptions& o) {
    return {o.launches, o.steps, o.repeats, p.flops_per_site};
}

// Row (kernel, block) of every kernel of `scheme`'s step among p.kernels, timed alone.
void time_kernels(Engine& bench, D2Q37Scheme scheme, const Plan& p, const ThermalBenchOptions& o,
                  std::vector<BenchRow>& rows) {
    for (std::size_t i = 0; i < p.kernels.size(); ++i) {
        if (scheme_running(p.kernels[i]) != scheme) continue;
        for (std::size_t j = 0; j < p.blocks.size(); ++j) {
            BenchRow r = time_d2q37_kernel(bench, p.kernels[i], p.blocks[j], p.rt.config.lx,
                                           p.rt.config.ly, timing_of(p, o));
            report(r, o);
            rows[i * p.blocks.size() + j] = r;
        }
    }
}

void time_steps(Engine& bench, D2Q37Scheme s, const Plan& p, const ThermalBenchOptions& o,
                std::vector<BenchRow>& rows) {
    for (int b : p.blocks) {
        rows.push_back(
            time_d2q37_step(bench, s, b, p.rt.config.lx, p.rt.config.ly, timing_of(p, o)));
        report(rows.back(), o);
    }
}

} // namespace

CLI::App* add_thermal_bench(CLI::App& app, ThermalBenchOptions& o) {
    CLI::App* b = app.add_subcommand(
        "thermal-bench",
        "time seed 004's D2Q37 kernels (FP64) alone and as full steps over threads per block; "
        "GB/s against the copy bandwidth and GFLOP/s against the FP64 peak, both measured in "
        "the same run (GPU only)");
    b->add_option("--size", o.size, "lattice width lx (seed 004: ~4 M sites)")
        ->check(CLI::Range(std::int64_t(6), std::int64_t(1) << 16))
        ->capture_default_str();
    b->add_option("--height", o.height, "lattice height ly")
        ->check(CLI::Range(std::int64_t(12), std::int64_t(1) << 20))
        ->capture_default_str();
    b->add_option("--block-sizes", o.block_sizes,
                  "threads per block to sweep (a size a kernel's registers do not allow is "
                  "reported as not launchable)")
        ->capture_default_str();
    b->add_option("--kernels", o.kernels, "all or a comma list of " + kernel_list())
        ->capture_default_str();
    b->add_option("--schemes", o.schemes,
                  "full steps to time: all, none or a comma list of push,pull,push-fused,"
                  "pull-fused")
        ->capture_default_str();
    b->add_option("--launches", o.launches, "back-to-back launches per kernel measurement")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    b->add_option("--steps", o.steps, "steps per full-step measurement")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    b->add_option("--repeats", o.repeats, "measurements per row (the median is reported)")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    b->add_option("--flops-per-site", o.flops_per_site,
                  "FP64 FLOPs of one collided site, e.g. counted by scripts/d2q37-profile with "
                  "ncu (default: the analytic count, " +
                      std::to_string(thermal::CollideFlops::per_site) + ")")
        ->check(CLI::PositiveNumber);
    b->add_option("--json", o.json, "write the records (.json)")->check(output_file());
    b->add_option("--markdown", o.markdown, "write the tables (.md)")->check(output_file());
    b->add_flag("--quiet,-q", o.quiet, "no per-row lines and no tables on stdout");
    return b;
}

int thermal_bench_command(const ThermalBenchOptions& o) {
    OutputSet outputs;
    plan_outputs(outputs, {{"--json", o.json}, {"--markdown", o.markdown}});
    const Plan p = plan_of(o);
    std::string why;
    if (!cuda_device_present(why))
        throw std::runtime_error("thermal-bench: no usable GPU (" + why +
                                 "); it times the CUDA kernels and has no CPU mode");
    BenchRun run;
    run.lx = p.rt.config.lx;
    run.ly = p.rt.config.ly;
    run.flops_per_site = p.flops_per_site;
    run.flops_source = p.flops_source;
    run.timing = "CUDA events around " + std::to_string(o.launches) +
                 " back-to-back launches (kernels) or " + std::to_string(o.steps) +
                 " steps, after a warm-up; median of " + std::to_string(o.repeats);
#if LATTICELAB_HAS_CUDA
    run.device.copy_bandwidth = cuda::measure_copy_bandwidth();
    run.device.fp64 = cuda::measure_fp64_peak();
    run.device.device = cuda::device_info().device;
#endif
    // One engine per scheme, one lattice on the GPU at a time.
    run.kernels.resize(p.kernels.size() * p.blocks.size());
    for (D2Q37Scheme s : kSchemes)
        if (std::any_of(p.kernels.begin(), p.kernels.end(),
                        [&](D2Q37Kernel k) { return scheme_running(k) == s; }))
            time_kernels(*make_d2q37_bench(p.rt, s, BackendKind::Cuda), s, p, o, run.kernels);
    for (D2Q37Scheme s : p.schemes)
        time_steps(*make_d2q37_bench(p.rt, s, BackendKind::Cuda), s, p, o, run.steps);

    const nlohmann::json j = thermal_bench_record(run);
    const std::string table = thermal_bench_markdown(j);
    if (!o.quiet) std::printf("%s", table.c_str());
    if (!o.json.empty()) outputs.stage("--json", j.dump(2) + "\n");
    if (!o.markdown.empty()) outputs.stage("--markdown", table);
    outputs.commit();
    return 0;
}

} // namespace ll::cli

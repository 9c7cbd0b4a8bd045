// The D2Q37 kernel bench's measurements (d2q37_bench.hpp).
#include "d2q37_bench.hpp"

#include "bench_util.hpp"

#include <stdexcept>

namespace ll::cli {

std::unique_ptr<Engine> make_d2q37_bench(const thermal::Rt2dSetup& rt, thermal::D2Q37Scheme scheme,
                                         BackendKind backend) {
    thermal::D2Q37Config c = rt.config;
    c.scheme = scheme;
    c.block_size = 128; // changed per row; every kernel starts with 128 threads
    std::unique_ptr<Engine> bench;
    if (backend == BackendKind::Cpu) {
        bench = make_cpu_engine(thermal::engine_config(c));
    } else {
        std::string why;
        bench = make_cuda_engine(thermal::engine_config(c), why); // ConfigError: too large
        if (!bench)
            throw std::runtime_error("no usable GPU (" + why +
                                     "); the D2Q37 kernel bench times the CUDA kernels there");
    }
    bench->import_state(thermal::equilibrium_state(c.params, rt.initial));
    return bench;
}

BenchRow time_d2q37_kernel(Engine& bench, thermal::D2Q37Kernel k, int block, int lx, int ly,
                           const D2Q37Timing& t) {
    const std::string name(thermal::kernel_name(k));
    BenchRow r{name,
               block,
               "",
               0,
               thermal::kernel_work(k, lx, ly, t.flops_per_site),
               bench.pass_resources(name, block)};
    r.refused = refusal(r.resources, block);
    if (!r.refused.empty()) return r;
    std::vector<double> seconds;
    for (int n = 0; n < t.repeats; ++n)
        seconds.push_back(bench.time_pass(name, block, t.launches));
    r.seconds = median(seconds);
    return r;
}

BenchRow time_d2q37_step(Engine& bench, thermal::D2Q37Scheme scheme, int block, int lx, int ly,
                         const D2Q37Timing& t) {
    // Bytes per site update: ll::bytes_per_node_update of d2q37 FP64, 2 x 37 x 8 in either
    // layout.
    const ModelChoice model{StencilKind::D2Q37, CollisionKind::BGK, Scheme::Pull,
                            Layout::SoA,        Precision::FP64,    {}};
    const double sites = double(lx) * double(ly);
    const thermal::KernelWork work{sites, bytes_per_node_update(model) * sites,
                                   t.flops_per_site * sites};
    BenchRow r{thermal::scheme_name(scheme), block, "", 0, work, {}};
    for (const std::string& pass : bench.step_passes())
        for (const auto& res : bench.pass_resources(pass, block))
            r.resources.push_back(res);
    r.refused = refusal(r.resources, block);
    if (!r.refused.empty()) return r;
    bench.set_launch({block, 0});
    bench.step(2); // warm-up
    std::vector<double> seconds;
    for (int i = 0; i < t.repeats; ++i)
        seconds.push_back(bench.step(t.steps) / t.steps);
    r.seconds = median(seconds);
    return r;
}

} // namespace ll::cli

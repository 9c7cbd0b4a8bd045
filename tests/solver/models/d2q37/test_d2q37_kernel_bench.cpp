// The host side of the D2Q37 kernel bench (app/cli/d2q37_kernel_work.hpp), which the
// GPU-only `latticelab thermal-bench` builds its figures on: the analytic FLOP count, the bytes
// each kernel moves, the rates, the names and the launches of each scheme's step; the CPU
// engine's bench, which the lab's d2q37-cpu study times; and the factory's answer without a GPU.
// Hand counts from the velocity table of velocity_set.hpp: |c_x| = 1, 2, 3 for 14, 10 and 6
// directions (likewise c_y).
#include "app/cli/d2q37_bench.hpp"
#include "app/cli/d2q37_kernel_work.hpp"
#include "solver/models/d2q37/node_model.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

namespace ll::thermal {
namespace {

constexpr int lx = 1024, ly = 4096;
constexpr double sites = double(lx) * ly;

TEST(D2Q37KernelBench, CollideFlopCount) {
    // 37 x (7 moments + 32 equilibrium + 3 relaxation) + 9 + 10 + 6 hoisted.
    EXPECT_EQ(CollideFlops::per_site, 37 * 42 + 25);
    EXPECT_EQ(CollideFlops::per_site, 1579);
}

TEST(D2Q37KernelBench, BytesAndFlopsPerLaunch) {
    const double f = 1234.5;
    for (D2Q37Kernel k : {D2Q37Kernel::PropagatePull, D2Q37Kernel::PropagatePush}) {
        const KernelWork w = kernel_work(k, lx, ly, f);
        EXPECT_EQ(w.sites, sites);
        EXPECT_EQ(w.bytes, 592 * sites) << kernel_name(k); // 37 x 8 read + 37 x 8 write
        EXPECT_EQ(w.flops, 0);
    }
    for (D2Q37Kernel k : {D2Q37Kernel::Collide, D2Q37Kernel::PullFused, D2Q37Kernel::PushFused}) {
        const KernelWork w = kernel_work(k, lx, ly, f);
        EXPECT_EQ(w.bytes, 592 * sites) << kernel_name(k);
        EXPECT_EQ(w.flops, f * sites) << kernel_name(k);
    }
    // pbc: two copies of 3 columns of ly + 6 sites, 37 planes, read and written.
    EXPECT_EQ(kernel_work(D2Q37Kernel::Pbc, lx, ly, f).bytes, 2.0 * 2 * 3 * (ly + 6) * 37 * 8);
    // fold: halo depth 1, 2, 3 holds the 30, 16, 6 directions with |c_x| >= depth.
    EXPECT_EQ(kernel_work(D2Q37Kernel::Fold, lx, ly, f).bytes, 2.0 * (30 + 16 + 6) * 8 * ly);
    // bc: rows 0, 1, 2 receive the 15, 8, 3 directions with c_y > row through each wall.
    for (D2Q37Kernel k : {D2Q37Kernel::BcPull, D2Q37Kernel::BcPush}) {
        const KernelWork w = kernel_work(k, lx, ly, f);
        EXPECT_EQ(w.bytes, 2.0 * 2 * (15 + 8 + 3) * 8 * lx) << kernel_name(k);
        EXPECT_EQ(w.sites, 0) << kernel_name(k);
    }
}

TEST(D2Q37KernelBench, Rates) {
    const KernelWork w{sites, 592 * sites, 1579 * sites};
    const double seconds = 1e-3, copy = 3e12, peak = 30e12;
    const KernelRates r = rates_of(w, seconds, copy, peak);
    EXPECT_DOUBLE_EQ(r.mlups, sites / seconds / 1e6);
    EXPECT_DOUBLE_EQ(r.bytes_per_s, 592 * sites / seconds);
    EXPECT_DOUBLE_EQ(r.fraction_of_copy, 592 * sites / seconds / copy);
    EXPECT_DOUBLE_EQ(r.flop_per_s, 1579 * sites / seconds);
    EXPECT_DOUBLE_EQ(r.fraction_of_fp64, 1579 * sites / seconds / peak);
    const KernelRates none = rates_of(w, seconds, 0, 0); // no denominators measured
    EXPECT_EQ(none.fraction_of_copy, 0);
    EXPECT_EQ(none.fraction_of_fp64, 0);
    EXPECT_EQ(rates_of(w, 0, copy, peak).mlups, 0); // no time, no rate
}

TEST(D2Q37KernelBench, NamesAndSteps) {
    for (D2Q37Kernel k : kAllKernels)
        EXPECT_EQ(parse_kernel(kernel_name(k)), k);
    EXPECT_EQ(parse_kernel("stream"), std::nullopt);
    for (D2Q37Scheme s :
         {D2Q37Scheme::Push, D2Q37Scheme::Pull, D2Q37Scheme::PushFused, D2Q37Scheme::PullFused})
        EXPECT_EQ(parse_scheme_name(scheme_name(s)), s);
    EXPECT_EQ(parse_scheme_name("aa"), std::nullopt);

    using K = D2Q37Kernel;
    const auto steps = [](D2Q37Scheme s) {
        const auto span = step_kernels(s);
        return std::vector<K>(span.begin(), span.end());
    };
    // seed 004's order for pull; push collides first; the fused kernels replace three steps.
    EXPECT_EQ(steps(D2Q37Scheme::Pull),
              (std::vector<K>{K::Pbc, K::PropagatePull, K::BcPull, K::Collide}));
    EXPECT_EQ(steps(D2Q37Scheme::Push),
              (std::vector<K>{K::Collide, K::PropagatePush, K::Fold, K::BcPush}));
    EXPECT_EQ(steps(D2Q37Scheme::PullFused), (std::vector<K>{K::Pbc, K::PullFused}));
    EXPECT_EQ(steps(D2Q37Scheme::PushFused), (std::vector<K>{K::PushFused, K::Fold, K::BcPush}));
}

// The bench names kernels by step_kernels(); the engine runs the model's plan. The two agree.
struct PassNames {
    std::vector<std::string_view> names;
    template <class Op>
    void sweep(const Op&, std::uint32_t count) {
        EXPECT_GT(count, 0u) << Op::kName;
        if (names.empty() || names.back() != Op::kName) names.push_back(Op::kName);
    }
};
TEST(D2Q37KernelBench, StepKernelsAreThePlansPasses) {
    for (D2Q37Scheme s :
         {D2Q37Scheme::Push, D2Q37Scheme::Pull, D2Q37Scheme::PushFused, D2Q37Scheme::PullFused}) {
        D2Q37Config c;
        c.scheme = s;
        const D2Q37Model::Args a = D2Q37Model::make_args(engine_config(c));
        PassNames plan;
        using M = D2Q37Model;
        if (is_pull(s))
            M::plan<Layout::SoA, Scheme::Pull, M::ShiftedBgk>(plan, a);
        else
            M::plan<Layout::SoA, Scheme::Push, M::ShiftedBgk>(plan, a);
        std::vector<std::string_view> expected;
        for (D2Q37Kernel k : step_kernels(s))
            expected.push_back(kernel_name(k));
        EXPECT_EQ(plan.names, expected) << scheme_name(s);
    }
}

// The CPU engine's kernel bench (the lab's d2q37-cpu study): the passes of its plan by name,
// no CUDA functions, each pass timed alone; a name it has not is refused by name. Through
// app/cli/d2q37_bench.hpp, in both layouts, as the study calls it.
TEST(D2Q37KernelBench, CpuEngineTimesEachPassAlone) {
    Rt2dOptions o;
    o.lx = 16;
    o.ly = 48;
    for (Layout layout : {Layout::SoA, Layout::AoS})
        for (D2Q37Scheme s : {D2Q37Scheme::Push, D2Q37Scheme::Pull, D2Q37Scheme::PushFused,
                              D2Q37Scheme::PullFused}) {
            o.layout = layout;
            const Rt2dSetup rt = rt2d(o);
            auto bench = cli::make_d2q37_bench(rt, s, BackendKind::Cpu);
            std::vector<std::string> expected;
            for (D2Q37Kernel k : step_kernels(s))
                expected.emplace_back(kernel_name(k));
            EXPECT_EQ(bench->step_passes(), expected) << scheme_name(s);
            const cli::D2Q37Timing t{2, 2, 1, 1579};
            for (D2Q37Kernel k : step_kernels(s)) {
                EXPECT_TRUE(bench->pass_resources(std::string(kernel_name(k)), 128).empty());
                const cli::BenchRow r = cli::time_d2q37_kernel(*bench, k, 128, o.lx, o.ly, t);
                EXPECT_TRUE(r.refused.empty()) << r.refused;
                EXPECT_GT(r.seconds, 0) << kernel_name(k);
            }
            const cli::BenchRow step = cli::time_d2q37_step(*bench, s, 128, o.lx, o.ly, t);
            EXPECT_GT(step.seconds, 0) << scheme_name(s);
            EXPECT_EQ(step.work.sites, o.lx * o.ly);
            EXPECT_EQ(bench->count_nonfinite(), 0u);
            try {
                bench->time_pass("stream", 128, 1);
                ADD_FAILURE() << "an unknown pass was timed";
            } catch (const ConfigError& e) {
                EXPECT_NE(std::string(e.what()).find("no pass 'stream'"), std::string::npos);
            }
            EXPECT_THROW(bench->time_pass("collide", 128, 0), ConfigError);
        }
}

// What `latticelab thermal-bench` reports without a GPU comes from here.
TEST(D2Q37KernelBench, NoGpuSaysWhy) {
    std::string why;
    if (test::gpu_available(&why)) GTEST_SKIP() << "a GPU is present";
    D2Q37Config cfg;
    std::string reason;
    EXPECT_EQ(make_cuda_engine(engine_config(cfg), reason), nullptr);
    EXPECT_FALSE(reason.empty());
}

} // namespace
} // namespace ll::thermal

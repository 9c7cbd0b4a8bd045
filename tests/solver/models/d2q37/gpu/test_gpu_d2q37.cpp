// D2Q37 on the GPU (the one engine's CudaEngine<D2Q37Model>) against the CPU engine. Runs on
// the GPU machine; without a usable GPU every test here is skipped with the reason.
// Source: seed 004 (Calore et al. 2016) kernels; the RT set-up of Scagliarini et al. 2010.
// Lattice 64 x 128, tau 0.6, g 1e-3, thermal walls, 300 steps. Tolerance 1e-12 absolute on
// populations of O(0.2): the GPU contracts to FMA where the CPU rounds twice, which the flow
// amplifies a little over 300 steps, but nothing more than that. AoS against SoA on the GPU:
// bit for bit.
#include "solver/models/d2q37/rt2d.hpp"
#include "support/d2q37.hpp"
#include "support/d2q37_run.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ll::thermal {
namespace {

#define LL_REQUIRE_D2Q37_GPU()                                                                     \
    do {                                                                                           \
        std::string why;                                                                           \
        D2Q37Config probe;                                                                         \
        if (!test::d2q37_cuda(probe, why)) GTEST_SKIP() << "no usable GPU: " << why;               \
    } while (0)

double max_difference(const std::vector<double>& a, const std::vector<double>& b) {
    double worst = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const double d = std::fabs(a[k] - b[k]);
        if (std::isnan(d)) return d; // a blown-up flow fails every bound
        worst = std::max(worst, d);
    }
    return worst;
}

class D2Q37Gpu : public ::testing::TestWithParam<D2Q37Scheme> {
protected:
    // The small rt2d lattice with the parameter's scheme.
    Rt2dSetup setup() const {
        Rt2dSetup rt = test::small_rt();
        rt.config.scheme = GetParam();
        return rt;
    }
};

TEST_P(D2Q37Gpu, MatchesTheCpuAfterRayleighTaylorSteps) {
    LL_REQUIRE_D2Q37_GPU();
    const Rt2dSetup rt = setup();
    std::string why;
    auto gpu = test::d2q37_cuda(rt.config, why);
    ASSERT_TRUE(gpu) << why;
    auto cpu = test::d2q37_cpu(rt.config);
    gpu->init(rt.initial);
    cpu->init(rt.initial);
    gpu->step(300);
    cpu->step(300);
    std::vector<double> fg, fc;
    gpu->export_state(fg);
    cpu->export_state(fc);
    const double d = max_difference(fg, fc);
    std::printf("%s: max |f_gpu - f_cpu| = %.3e\n", scheme_name(GetParam()), d);
    EXPECT_LT(d, 1e-12);

    ThermalFields hg, hc;
    gpu->read_fields(hg);
    cpu->read_fields(hc);
    EXPECT_LT(max_difference(hg.T, hc.T), 1e-12);
    EXPECT_LT(max_difference(hg.uy, hc.uy), 1e-12);
    EXPECT_GT(*std::max_element(hc.uy.begin(), hc.uy.end()), 1e-5) << "the flow must move";
}

// A GPU state moved to the CPU (and back) keeps running the same flow.
TEST_P(D2Q37Gpu, StateExchangeWithTheCpu) {
    LL_REQUIRE_D2Q37_GPU();
    const Rt2dSetup rt = setup();
    std::string why;
    auto gpu = test::d2q37_cuda(rt.config, why);
    ASSERT_TRUE(gpu) << why;
    gpu->init(rt.initial);
    gpu->step(50);
    std::vector<double> f, back;
    gpu->export_state(f);
    gpu->import_state(f);
    gpu->export_state(back);
    EXPECT_LT(max_difference(f, back), 1e-15);
}

// AoS sites (Calore et al. 2016, Fig. 2) on the GPU run the flow of SoA planes bit for bit: the
// kernels are the same functions with another index function, the same arithmetic in the same
// order at every site, so no tolerance (the CPU's AoS test: test_d2q37_layout.cpp).
TEST_P(D2Q37Gpu, AosRunsTheSameFlowAsSoaBitForBit) {
    LL_REQUIRE_D2Q37_GPU();
    std::vector<double> f[2];
    for (Layout layout : {Layout::SoA, Layout::AoS}) {
        Rt2dSetup rt = setup();
        rt.config.layout = layout;
        std::string why;
        auto gpu = test::d2q37_cuda(rt.config, why);
        ASSERT_TRUE(gpu) << why;
        gpu->init(rt.initial);
        gpu->step(300);
        gpu->export_state(f[int(layout == Layout::AoS)]);
    }
    const double d = max_difference(f[1], f[0]);
    std::printf("%s: max |f_aos - f_soa| = %.3e\n", scheme_name(GetParam()), d);
    EXPECT_EQ(d, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Schemes, D2Q37Gpu, test::all_d2q37_schemes(),
                         test::d2q37_scheme_test_name);

// Not a pass/fail figure: MLUPS of the full step on the default GPU rt2d lattice, for the log.
TEST(D2Q37GpuPerformance, FullStepMlups) {
    LL_REQUIRE_D2Q37_GPU();
    Rt2dOptions o;
    o.gpu = true;
    for (D2Q37Scheme s :
         {D2Q37Scheme::Push, D2Q37Scheme::Pull, D2Q37Scheme::PushFused, D2Q37Scheme::PullFused}) {
        o.scheme = s;
        const Rt2dSetup rt = rt2d(o);
        std::string why;
        auto gpu = test::d2q37_cuda(rt.config, why);
        ASSERT_TRUE(gpu) << why;
        gpu->init(rt.initial);
        gpu->step(5); // warm-up
        const int steps = 50;
        const double seconds = gpu->step(steps);
        const double mlups = double(rt.config.lx) * rt.config.ly * steps / seconds * 1e-6;
        std::printf("%s %d x %d: %.0f MLUPS (%s)\n", scheme_name(s), rt.config.lx, rt.config.ly,
                    mlups, gpu->device().c_str());
        ThermalFields h;
        gpu->read_fields(h);
        EXPECT_TRUE(std::all_of(h.T.begin(), h.T.end(), [](double t) { return std::isfinite(t); }));
    }
}

} // namespace
} // namespace ll::thermal

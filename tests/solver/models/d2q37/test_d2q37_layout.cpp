// The D2Q37 model's two data layouts on the CPU engine (Calore et al. 2016, Fig. 2): AoS keeps
// a site's 37 populations together, SoA one plane per population, and the flow does not care.
// Source: Calore et al. 2016's kernels; the Rayleigh-Taylor set-up of Scagliarini et al. 2010.
// Lattice 64 x 128, tau 0.6, g 1e-3, interface displaced by 5 % of the width, thermal walls,
// 40 steps of every scheme. Tolerance: none (bit for bit). The layouts run the same arithmetic
// in the same order on every site, only from other addresses, so any difference is a
// population read from or written to the wrong place. (The rt2d key `layout` and a switch of
// layout in a running simulation: test_d2q37_simulation.cpp.)
#include "support/d2q37.hpp"
#include "support/d2q37_run.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace ll::thermal {
namespace {

// The canonical state after `steps` steps of the small RT run in `layout`.
std::vector<double> state_after(D2Q37Scheme scheme, Layout layout, int steps) {
    Rt2dSetup rt = test::small_rt();
    rt.config.scheme = scheme;
    rt.config.layout = layout;
    auto run = test::d2q37_cpu(rt.config);
    run->init(rt.initial);
    run->step(steps);
    std::vector<double> f;
    run->export_state(f);
    return f;
}

// Largest |a - b|; NaN (a blown-up flow) fails every bound.
double max_difference(const std::vector<double>& a, const std::vector<double>& b) {
    EXPECT_EQ(a.size(), b.size());
    double worst = 0;
    for (std::size_t k = 0; k < std::min(a.size(), b.size()); ++k) {
        const double d = std::fabs(a[k] - b[k]);
        if (std::isnan(d)) return d;
        worst = std::max(worst, d);
    }
    return worst;
}

class D2Q37Layout : public ::testing::TestWithParam<D2Q37Scheme> {};

TEST_P(D2Q37Layout, AosRunsTheSameFlowAsSoaBitForBit) {
    const std::vector<double> start = state_after(GetParam(), Layout::SoA, 0);
    const std::vector<double> soa = state_after(GetParam(), Layout::SoA, 40);
    const std::vector<double> aos = state_after(GetParam(), Layout::AoS, 40);
    EXPECT_EQ(max_difference(aos, soa), 0.0);
    EXPECT_GT(max_difference(soa, start), 1e-6) << "the flow must move";
}

// The addressing itself: a site's populations are consecutive words in AoS (the engine's
// element index of what a node sends out, engine.hpp), one plane apart in SoA.
TEST_P(D2Q37Layout, AosKeepsASitesPopulationsTogether) {
    D2Q37Config cfg = test::small_rt().config;
    cfg.scheme = GetParam();
    const node_t n = node_t(cfg.lx * 20 + 7); // a bulk node: no wall rule, no periodic fold
    // Element of what n sends in direction i, minus that of direction i - 1.
    const auto steps_between_directions = [&](Layout layout) {
        cfg.layout = layout;
        auto run = test::d2q37_cpu(cfg);
        std::vector<std::int64_t> steps;
        for (int i = 1; i < D2Q37::Q; ++i)
            steps.push_back(std::int64_t(run->engine().outgoing_element(0, n, i, 0)) -
                            std::int64_t(run->engine().outgoing_element(0, n, i - 1, 0)));
        return steps;
    };
    const std::vector<std::int64_t> aos = steps_between_directions(Layout::AoS);
    const std::vector<std::int64_t> soa = steps_between_directions(Layout::SoA);
    const std::int64_t ny = cfg.ly + 6, plane = std::int64_t(cfg.lx + 6) * ny; // halos 3 deep
    for (int i = 1; i < D2Q37::Q; ++i) {
        // Pull keeps what a node sends at the node; push has sent it on to n + c_i.
        const std::int64_t hop = is_pull(GetParam()) ? 0
                                                     : (D2Q37::c[i][0] - D2Q37::c[i - 1][0]) * ny +
                                                           (D2Q37::c[i][1] - D2Q37::c[i - 1][1]);
        EXPECT_EQ(aos[std::size_t(i - 1)], D2Q37::Q * hop + 1) << "direction " << i;
        EXPECT_EQ(soa[std::size_t(i - 1)], plane + hop) << "direction " << i;
    }
}

INSTANTIATE_TEST_SUITE_P(Schemes, D2Q37Layout, test::all_d2q37_schemes(),
                         test::d2q37_scheme_test_name);

} // namespace
} // namespace ll::thermal

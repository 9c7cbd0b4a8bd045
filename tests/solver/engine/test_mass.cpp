// Mass conservation in a closed box: the lid-driven cavity (cavity2d, D2Q9 TRT, N = 32, Re 100,
// u_lid = 0.1, tau = 0.596, FP32) over 10 000 steps. Bounce-back walls return every population
// and the moving-wall term 6 w_i rho_w c_i.u_w sums to zero along the lid, so total mass is
// constant in exact arithmetic; FP32 rounding allows a relative drift of 1e-6 (the acceptance
// criterion). Checked for every propagation scheme (at least pull and esoteric were required).
#include "support/flow_fields.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);

double total_mass(Simulation& sim) {
    return test::sum_over_fluid(test::flow_field(sim),
                                [](double rho, const double*) { return rho; });
}

class Mass : public testing::TestWithParam<std::string> {};

TEST_P(Mass, ConservedInClosedLidDrivenBox) {
    auto sim = test::cpu_run(
        "cavity2d", {{"size", "32"}, {"re", "100"}, {"precision", "fp32"}, {"scheme", GetParam()}});
    const double m0 = total_mass(*sim);
    double worst = 0;
    for (int block = 0; block < 10; ++block) {
        sim->step(1000);
        worst = std::max(worst, std::abs(total_mass(*sim) / m0 - 1));
    }
    // The lid must have set the fluid in motion, or nothing was tested.
    const test::FlowField f = test::flow_field(*sim);
    double umax = 0;
    for (double v : f.u)
        umax = std::max(umax, std::abs(v));
    std::printf("%s: worst relative mass drift %.3e over 10000 steps (u_max %.3f)\n",
                GetParam().c_str(), worst, umax);
    EXPECT_GT(umax, 0.03);
    EXPECT_LE(worst, 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Schemes, Mass,
                         testing::Values("push", "pull", "split", "aa", "esoteric", "shared_x"));

} // namespace
} // namespace ll

// 2D lid-driven cavity (scenario cavity2d) against Ghia, Ghia & Shin, J. Comput. Phys. 48, 387
// (1982), Tables I and II (support/ghia.hpp): u/U on the vertical centreline x = 1/2 and v/U
// on the horizontal centreline y = 1/2, interpolated linearly between nodes (node i at
// (i - 1/2)/N, walls at 0 and 1). Acceptance: max |u - u_ref| <= 0.02 U at every table point.
//   Re 100:  D2Q9 TRT (Lambda 3/16), N = 64,  U = 0.1, tau = 0.692, FP64
//   Re 1000: D2Q9 TRT (Lambda 3/16), N = 128, U = 0.1, tau = 0.5384, FP64
// Run to steady state: relative velocity change over 1000 steps < 1e-7, capped at 150 (Re 100)
// or 200 (Re 1000) lid transit times N/U.
#include "support/ghia.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);

struct Case {
    int re;
    int n;
    int column; // CSV column of this Re
    long cap_transits;
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << "Re " << c.re << ", N " << c.n;
}

class Ghia : public testing::TestWithParam<Case> {};

TEST_P(Ghia, CentrelineVelocitiesMatch) {
    const Case c = GetParam();
    const auto t0 = std::chrono::steady_clock::now();
    auto sim = test::cpu_run("cavity2d", {{"size", std::to_string(c.n)},
                                          {"re", std::to_string(c.re)},
                                          {"collision", "trt"},
                                          {"precision", "fp64"}});
    const double U = sim->setup().u_ref;
    const long cap = c.cap_transits * long(c.n / U);
    const double change = test::run_to_steady(*sim, 1000, 1e-7, cap);
    const test::GhiaError e = test::ghia_error(*sim, c.column);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("Ghia Re %d N %d: %llu steps (last relative change %.2e), max |u - u_ref| = "
                "%.4f U at y = %.4f, max |v - v_ref| = %.4f U at x = %.4f, %.0f s\n",
                c.re, c.n, static_cast<unsigned long long>(sim->time_step()), change, e.u, e.at_u,
                e.v, e.at_v, secs);
    EXPECT_LE(e.u, 0.02);
    EXPECT_LE(e.v, 0.02);
}

INSTANTIATE_TEST_SUITE_P(Re, Ghia, testing::Values(Case{100, 64, 1, 150}, Case{1000, 128, 2, 200}),
                         [](const testing::TestParamInfo<Case>& i) {
                             return "Re" + std::to_string(i.param.re);
                         });

} // namespace
} // namespace ll

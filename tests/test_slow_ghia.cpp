// 2D lid-driven cavity (scenario cavity2d) against Ghia, Ghia & Shin, J. Comput. Phys. 48, 387
// (1982), Tables I and II (tests/data/ghia1982_*.csv): u/U on the vertical centreline x = 1/2
// and v/U on the horizontal centreline y = 1/2, interpolated linearly between nodes (node i at
// (i - 1/2)/N, walls at 0 and 1). Acceptance: max |u - u_ref| <= 0.02 U at every table point.
//   Re 100:  D2Q9 TRT (Lambda 3/16), N = 64,  U = 0.1, tau = 0.692, FP64
//   Re 1000: D2Q9 TRT (Lambda 3/16), N = 128, U = 0.1, tau = 0.5384, FP64
// Run to steady state: relative velocity change over 1000 steps < 1e-7, capped at 150 (Re 100)
// or 200 (Re 1000) lid transit times N/U.
#include "support/centreline.hpp"
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

double max_error(const std::vector<std::vector<double>>& table, int column,
                 const std::vector<double>& sim, double* where) {
    double worst = 0;
    for (std::size_t k = 0; k < table.size(); ++k) {
        const double e = std::abs(sim[k] - table[k][column]);
        if (!(e <= worst)) {
            worst = e;
            *where = table[k][0];
        }
    }
    return worst;
}

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
    const test::FlowField f = test::flow_field(*sim);
    const Dims d = sim->setup().dims;

    // Table rows without the wall points (those are boundary conditions, not results).
    auto interior = [](std::vector<std::vector<double>> rows) {
        std::vector<std::vector<double>> out;
        for (auto& r : rows)
            if (r[0] > 0 && r[0] < 1) out.push_back(r);
        return out;
    };
    const auto u_table = interior(test::read_csv("ghia1982_u_vertical_centerline.csv"));
    const auto v_table = interior(test::read_csv("ghia1982_v_horizontal_centerline.csv"));
    std::vector<double> ys, xs;
    for (const auto& r : u_table)
        ys.push_back(r[0]);
    for (const auto& r : v_table)
        xs.push_back(r[0]);
    std::vector<double> u = test::centreline(f, d, 1, 0, ys, 0.0, U);
    std::vector<double> v = test::centreline(f, d, 0, 1, xs, 0.0, 0.0);
    for (double& x : u)
        x /= U;
    for (double& x : v)
        x /= U;
    double at_u = 0, at_v = 0;
    const double eu = max_error(u_table, c.column, u, &at_u);
    const double ev = max_error(v_table, c.column, v, &at_v);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("Ghia Re %d N %d: %llu steps (last relative change %.2e), max |u - u_ref| = "
                "%.4f U at y = %.4f, max |v - v_ref| = %.4f U at x = %.4f, %.0f s\n",
                c.re, c.n, static_cast<unsigned long long>(sim->time_step()), change, eu, at_u, ev,
                at_v, secs);
    EXPECT_LE(eu, 0.02);
    EXPECT_LE(ev, 0.02);
}

INSTANTIATE_TEST_SUITE_P(Re, Ghia, testing::Values(Case{100, 64, 1, 150}, Case{1000, 128, 2, 200}),
                         [](const testing::TestParamInfo<Case>& i) {
                             return "Re" + std::to_string(i.param.re);
                         });

} // namespace
} // namespace ll

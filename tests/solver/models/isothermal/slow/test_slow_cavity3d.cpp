// 3D lid-driven cubic cavity at Re 1000 (scenario cavity3d) against Albensoeder & Kuhlmann,
// J. Comput. Phys. 206, 536 (2005) (tests/data/albensoeder2005_cavity3d_re1000_u_vertical.csv):
// u/U on the vertical centreline x = y = 1/2, interpolated linearly between nodes.
// D3Q19 MRT (d'Humieres et al. 2002 rates), N = 40 fluid nodes per side, U = 0.1,
// tau = 0.5 + 3 U N / 1000 = 0.512, FP32, run to steady state (relative change over 1000 steps
// < 1e-6) or a cap of 30 lid transits (12 000 steps, about 3 minutes on one core).
// Tolerance: max |u - u_ref| <= 0.08 U at the table points. This small CPU lattice resolves the
// lid boundary layer (thickness ~ Re^-1/2 ~ 1.3 nodes) poorly and the flow is still settling
// at the cap (the GPU test checks 0.03 U at 128^3): measured 0.10 U at N = 32 and 0.062 U at
// N = 40, both largest next to the lid, so the error falls with resolution. A dropped lid
// velocity or a wrong viscosity misses by far more.
#include "support/centreline.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);

TEST(Cavity3d, AlbensoederKuhlmannCentrelineAtRe1000) {
    const int n = 40;
    const long cap_transits = 30;
    const double tolerance = 0.08;
    const auto t0 = std::chrono::steady_clock::now();
    auto sim = test::cpu_run("cavity3d", {{"size", std::to_string(n)}, {"re", "1000"}});
    ASSERT_EQ(sim->setup().model.collision, CollisionKind::MRT);
    const double U = sim->setup().u_ref;
    const double change = test::run_to_steady(*sim, 1000, 1e-6, cap_transits * long(n / U));
    const auto table = test::read_csv("albensoeder2005_cavity3d_re1000_u_vertical.csv");
    std::vector<std::vector<double>> rows;
    std::vector<double> zs;
    for (const auto& r : table)
        if (r[0] > 0 && r[0] < 1) {
            rows.push_back(r);
            zs.push_back(r[0]);
        }
    const test::FlowField f = test::flow_field(*sim);
    const std::vector<double> u = test::centreline(f, sim->setup().dims, 2, 0, zs, 0.0, U);
    double worst = 0, at = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const double e = std::abs(u[k] / U - rows[k][1]);
        std::printf("  z %.4f: u/U %+.4f  reference %+.4f\n", zs[k], u[k] / U, rows[k][1]);
        if (!(e <= worst)) {
            worst = e;
            at = zs[k];
        }
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("cavity3d Re 1000 N %d: %llu steps (last relative change %.2e), max |u - u_ref| "
                "= %.4f U at z = %.4f, %.0f s\n",
                n, static_cast<unsigned long long>(sim->time_step()), change, worst, at, secs);
    EXPECT_LE(worst, tolerance);
}

} // namespace
} // namespace ll

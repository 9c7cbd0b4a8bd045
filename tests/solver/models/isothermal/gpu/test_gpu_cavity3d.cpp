// 3D lid-driven cubic cavity at Re 1000 against Albensoeder & Kuhlmann (2005), J. Comput.
// Phys. 206:536 (tests/data/albensoeder2005_cavity3d_re1000_u_vertical.csv): u/U on the
// vertical centreline x = y = 1/2. Seed 002 validates its GPU code on this flow.
// Lattice 128^3 fluid nodes, D3Q19 MRT (d'Humieres 2002), u_ref = 0.1, so
// tau = 0.5 + 3 * 0.1 * 128 / 1000 = 0.5384. Tolerance: max |u - u_ref| <= 0.03 U at every
// table point (the acceptance criterion). Needs the GPU: about 10^11 node updates.
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace ll::test {
namespace {

// u/U on the centreline at height z (cavity units), bilinear in x, y and linear in z.
double centreline_u(const MacroField& m, const Dims& d, int n, double z) {
    const double kz = z * n + 0.5; // node k sits at (k - 1/2)/n
    const int k0 = std::clamp(int(std::floor(kz)), 0, int(d.nz) - 2);
    const double t = kz - k0;
    auto column = [&](int k) {
        double s = 0;
        for (int y : {n / 2, n / 2 + 1})
            for (int x : {n / 2, n / 2 + 1})
                s += m.ux[x + std::size_t(d.nx) * (y + std::size_t(d.ny) * k)];
        return s / 4;
    };
    return (1 - t) * column(k0) + t * column(k0 + 1);
}

double relative_change(const std::vector<double>& a, const std::vector<double>& b) {
    double num = 0, den = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        num += double(a[i] - b[i]) * (a[i] - b[i]);
        den += double(a[i]) * a[i];
    }
    return std::sqrt(num / std::max(den, 1e-300));
}

TEST(GpuCavity3d, Re1000MatchesAlbensoederKuhlmann) {
    std::string why;
    if (!gpu_available(&why)) GTEST_SKIP() << "no usable GPU: " << why;
    const int n = 128;
    const double u_lid = 0.1;
    auto sim = Simulation::create(build_scenario("cavity3d", {{"size", std::to_string(n)},
                                                              {"re", "1000"},
                                                              {"collision", "mrt"},
                                                              {"u_ref", "0.1"},
                                                              {"scheme", "esoteric"}}),
                                  BackendKind::Cuda);
    MacroField prev, now;
    sim->read_macro(prev);
    double change = 1;
    int steps = 0;
    // Steady when the velocity field changes by less than 1e-6 (relative) over 1000 steps.
    for (; steps < 200000 && change > 1e-6; steps += 1000) {
        sim->step(1000);
        sim->read_macro(now);
        change = relative_change(now.ux, prev.ux);
        std::swap(prev, now);
    }
    RecordProperty("steps", steps);
    const auto table = read_csv("albensoeder2005_cavity3d_re1000_u_vertical.csv");
    double worst = 0;
    for (const auto& row : table) {
        const double z = row[0], u_ref = row[1];
        if (z <= 0 || z >= 1) continue; // the walls themselves are not nodes
        const double u = centreline_u(prev, sim->setup().dims, n, z) / u_lid;
        worst = std::max(worst, std::fabs(u - u_ref));
        EXPECT_NEAR(u, u_ref, 0.03) << "z = " << z << " after " << steps << " steps";
    }
    std::printf("cavity3d Re 1000, %d^3: steady after %d steps (change %.2e), max |u - u_ref| = "
                "%.4f U\n",
                n, steps, change, worst);
}

} // namespace
} // namespace ll::test

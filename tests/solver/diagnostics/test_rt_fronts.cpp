// Rayleigh-Taylor diagnostics: the front definition on an interface with a known answer, the
// mixing layer of a small D2Q37 run growing while a flat interface stays flat, and the
// warnings for thermal parameters that will not run well.
#include "solver/scenario/scenario.hpp"
#include "solver/diagnostics/rt_fronts.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace ll;

TEST(RtFronts, DisplacedInterfaceGivesItsExtremes) {
    // T = 1 - 0.1 tanh((y - yc - a cos(2 pi x / nx)) / w): the T = 1 isotherm reaches yc + a
    // at x = 0 (the bubble) and yc - a at x = nx / 2 (the spike).
    const int nx = 8, ny = 200;
    const double yc = 87.3, a = 5.3, w = 4;
    std::vector<float> T(std::size_t(nx) * ny);
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x)
            T[std::size_t(y) * nx + x] =
                float(1 - 0.1 * std::tanh((y - yc - a * std::cos(2 * M_PI * x / nx)) / w));
    T[std::size_t(150) * nx + 3] = NAN; // a masked node is skipped
    const Fronts f = measure_fronts(T.data(), nx, ny, 1.1, 0.9);
    // Linear interpolation between rows, across the nearly linear middle of a tanh.
    EXPECT_NEAR(f.bubble_y, yc + a, 0.01);
    EXPECT_NEAR(f.spike_y, yc - a, 0.01);
    EXPECT_NEAR(f.width, 2 * a, 0.02);

    // Only cold gas: no bubble front. Gas mixed at the mean temperature everywhere: the
    // fronts have reached the walls.
    std::vector<float> cold(T.size(), 0.9f), mixed(T.size(), 1.0f);
    EXPECT_TRUE(std::isnan(measure_fronts(cold.data(), nx, ny, 1.1, 0.9).width));
    EXPECT_DOUBLE_EQ(measure_fronts(mixed.data(), nx, ny, 1.1, 0.9).width, ny - 1);
}

namespace {

// Mixing width of a small rt2d run at the start and after `steps`.
std::pair<double, double> widths(const std::string& amplitude, int steps) {
    auto sim = Simulation::create(
        build_scenario(
            "rt2d", {{"size", "32"}, {"height", "128"}, {"tau", "0.55"}, {"amplitude", amplitude}}),
        BackendKind::Cpu);
    const Dims d = sim->setup().dims;
    std::vector<float> T(d.nodes());
    const auto width = [&] {
        sim->read_field({FieldKind::Temperature, -1}, {true, Axis::Z, 0}, T.data(),
                        MemorySpace::Host);
        return measure_fronts(T.data(), int(d.nx), int(d.ny), 1.1, 0.9).width;
    };
    const double w0 = width();
    sim->step(steps);
    EXPECT_EQ(sim->count_nonfinite(), 0u);
    return {w0, width()};
}

} // namespace

TEST(RtFronts, MixingLayerGrowsFlatInterfaceStays) {
    // L = 32 nodes, A = 0.1, g = 5.2e-3 (the default for 128 rows), tau = 0.55: 800 steps
    // carry the 1.6-row perturbation into the nonlinear stage (the width peaks near 36 rows
    // at step 800 with tau = 0.52); at tau = 0.6 diffusion thickens this small interface
    // faster than the mode grows.
    const auto [flat0, flat1] = widths("0", 800);
    const auto [rt0, rt1] = widths("0.05", 800);
    std::printf("mixing width: flat %.2f -> %.2f, perturbed %.2f -> %.2f rows\n", flat0, flat1, rt0,
                rt1);
    EXPECT_NEAR(rt0, 2 * 0.05 * 32, 0.2); // twice the initial amplitude
    EXPECT_GT(rt1, 3 * rt0);
    // Diffusion alone does not move the mid isotherm.
    EXPECT_LT(std::abs(flat0), 0.1);
    EXPECT_LT(std::abs(flat1), 1.0);
}

TEST(RtFronts, WarnsAboutUnstableThermalParameters) {
    const auto has = [](const std::vector<std::string>& w, const std::string& what) {
        for (const auto& s : w)
            if (s.find(what) != std::string::npos) return true;
        return false;
    };
    const auto setup = [](KeyValues k) {
        k["size"] = "64";
        if (!k.count("height")) k["height"] = "256";
        return build_scenario("rt2d", k);
    };
    EXPECT_TRUE(thermal_warnings(setup({})).empty()); // the CPU defaults
    EXPECT_TRUE(has(thermal_warnings(setup({{"tau", "0.51"}})), "tau = 0.51"));
    // A = 0.5, g = 0.01 on a 64-wide lattice: spikes expected near Mach 0.7.
    EXPECT_TRUE(
        has(thermal_warnings(setup({{"atwood", "0.5"}, {"gravity", "0.01"}, {"height", "48"}})),
            "Mach"));
    EXPECT_TRUE(has(thermal_warnings(setup({{"tau", "9"}})), "viscosity"));
    EXPECT_TRUE(thermal_warnings(build_scenario("cavity2d", {{"size", "8"}})).empty());
}

// The Nusselt number of the convection presets (solver/diagnostics/heat_transfer.hpp) on fields
// built by hand: conduction alone gives exactly 1, a uniform flux across the heated axis the
// Nu it must, a flow along the walls none, wall nodes count for nothing, and the runs without
// heated walls say why. kappa is recomputed here from the presets' definitions, not taken
// from the function under test.
#include "solver/scenario/scenario.hpp"
#include "solver/diagnostics/heat_transfer.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace ll {
namespace {

// A MacroField of the setup's initial theta with u = 0 everywhere.
MacroField at_rest(const SimulationSetup& s) {
    const std::size_t nodes = s.dims.nodes();
    MacroField m;
    m.rho.assign(nodes, 1.0f);
    m.ux.assign(nodes, 0.0f);
    m.uy.assign(nodes, 0.0f);
    m.uz.assign(nodes, 0.0f);
    m.T.assign(s.T.begin(), s.T.end());
    return m;
}

// Sets `u` on the fluid nodes and a large value on the walls, which Nu must skip.
void fill(const SimulationSetup& s, std::vector<double>& v, double fluid) {
    for (std::size_t n = 0; n < v.size(); ++n)
        v[n] = is_updated(s.flags[n]) ? fluid : 1e3;
}

// heated_cavity2d: kappa = U H / sqrt(Ra Pr), buoyancy velocity U (scenarios.hpp).
double cavity_kappa(double size, double ra) {
    return 0.1 * size / std::sqrt(ra * 0.71);
}

TEST(HeatTransfer, ConductionInTheCavityGivesOne) {
    const SimulationSetup s = build_scenario("heated_cavity2d", {{"size", "16"}});
    const HeatTransfer h = heat_transfer(s);
    ASSERT_TRUE(h.available) << h.why;
    EXPECT_EQ(h.axis, 0);
    EXPECT_EQ(h.height, 16);
    EXPECT_DOUBLE_EQ(h.dT, 1.0);
    MacroField m = at_rest(s); // the builder's linear conduction profile
    EXPECT_EQ(nusselt(s, h, m), 1.0);
    // Flow along the heated walls (u_y) carries no heat across them.
    fill(s, m.uy, 0.05f);
    EXPECT_EQ(nusselt(s, h, m), 1.0);
}

TEST(HeatTransfer, ConductionBetweenThePlatesGivesOne) {
    for (const char* preset : {"rayleigh_benard2d", "rayleigh_benard3d"}) {
        const SimulationSetup s = build_scenario(preset, {{"size", "8"}, {"amplitude", "0"}});
        const HeatTransfer h = heat_transfer(s);
        ASSERT_TRUE(h.available) << preset << ": " << h.why;
        EXPECT_EQ(h.axis, 1) << preset;
        EXPECT_EQ(h.height, 8) << preset;
        MacroField m = at_rest(s); // theta = 1/2 - y / H
        EXPECT_EQ(nusselt(s, h, m), 1.0) << preset;
        fill(s, m.ux, 0.05f); // horizontal flow: nothing crosses the plates
        EXPECT_EQ(nusselt(s, h, m), 1.0) << preset;
    }
}

TEST(HeatTransfer, UniformFluxInTheCavityGivesItsNusselt) {
    const SimulationSetup s = build_scenario("heated_cavity2d", {{"size", "16"}, {"ra", "1e4"}});
    const HeatTransfer h = heat_transfer(s);
    ASSERT_TRUE(h.available) << h.why;
    MacroField m = at_rest(s);
    fill(s, m.ux, 0.01f);
    fill(s, m.T, 0.5f);
    // <u_x theta> = 0.005: Nu = 1 + H 0.005 / kappa.
    const double expected = 1 + 16 * 0.005 / cavity_kappa(16, 1e4);
    EXPECT_NEAR(nusselt(s, h, m), expected, 1e-6 * expected);
    EXPECT_NEAR(h.kappa, cavity_kappa(16, 1e4), 1e-12);
    EXPECT_NEAR(h.rayleigh, 1e4, 1e-6 * 1e4);
    EXPECT_NEAR(h.prandtl, 0.71, 1e-9);
    EXPECT_NEAR(h.diffusion_time(), 16 * 16 / cavity_kappa(16, 1e4), 1e-6);
}

TEST(HeatTransfer, RisingHotFluidCarriesHeatUp) {
    const SimulationSetup s =
        build_scenario("rayleigh_benard2d", {{"size", "8"}, {"tau_t", "0.8"}});
    const HeatTransfer h = heat_transfer(s);
    ASSERT_TRUE(h.available) << h.why;
    const double kappa = (0.8 - 0.5) / 3; // D2Q5: cs2_T = 1/3
    MacroField m = at_rest(s);
    fill(s, m.uy, 0.002f);
    fill(s, m.T, 0.25f);
    const double expected = 1 + 8 * 0.002 * 0.25 / kappa;
    EXPECT_NEAR(nusselt(s, h, m), expected, 1e-6 * expected);
    fill(s, m.uy, -0.002f); // hot fluid sinking: against the conduction flux
    EXPECT_NEAR(nusselt(s, h, m), 2 - expected, 1e-6 * expected);
}

TEST(HeatTransfer, PublishedValueOnlyWhereItApplies) {
    const auto text = [](const KeyValues& keys) {
        const SimulationSetup s = build_scenario("heated_cavity2d", keys);
        return nusselt_text(2.2371, s, heat_transfer(s));
    };
    EXPECT_EQ(text({{"size", "16"}, {"ra", "1e4"}}), "2.237 (de Vahl Davis 1983: 2.243 at Ra 1e4)");
    EXPECT_EQ(text({{"size", "16"}, {"ra", "1e6"}}), "2.237 (de Vahl Davis 1983: 8.800 at Ra 1e6)");
    EXPECT_EQ(text({{"size", "16"}, {"ra", "2e4"}}), "2.237");
    EXPECT_EQ(text({{"size", "16"}, {"ra", "1e4"}, {"pr", "1"}}), "2.237");
    const SimulationSetup rb = build_scenario("rayleigh_benard2d", {{"size", "8"}});
    EXPECT_EQ(nusselt_text(1.5, rb, heat_transfer(rb)), "1.500");
}

TEST(HeatTransfer, RunsWithoutHeatedWallsSayWhy) {
    const std::pair<const char*, const char*> cases[] = {
        {"cavity2d", "has no temperature"},
        {"rt2d", "has no heated walls"},
        {"rt2d_boussinesq", "has no heated walls"},
    };
    for (const auto& [preset, reason] : cases) {
        const SimulationSetup s = build_scenario(preset, {});
        const HeatTransfer h = heat_transfer(s);
        EXPECT_FALSE(h.available) << preset;
        EXPECT_NE(h.why.find(std::string("scenario ") + preset + " " + reason), std::string::npos)
            << h.why;
        EXPECT_NE(h.why.find("heated_cavity2d"), std::string::npos) << h.why;
        EXPECT_TRUE(std::isnan(nusselt(s, h, MacroField{}))) << preset;
    }
}

} // namespace
} // namespace ll

// `size = NXxNYxNZ` (NXxNY in 2-D) for the presets whose lattice can be any box (the cavities,
// the channel and the duct), its refusal by the presets whose geometry follows from one length,
// and the duct's drive keys (drive = force|pressure, pressure_drop). Every bad value is a
// ConfigError that names the key and the forms and range it takes.
#include "solver/diagnostics/duct_flow.hpp"
#include "solver/io/host_memory.hpp"
#include "solver/scenario/preflight.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/config_messages.hpp"

#include <gtest/gtest.h>

namespace ll {
namespace {

using test::config_error_of;
using test::expect_message;

bool same_dims(const Dims& a, const Dims& b) {
    return a.nx == b.nx && a.ny == b.ny && a.nz == b.nz;
}

TEST(BoxSizes, SidesGiveTheFluidNodesAlongEachAxis) {
    EXPECT_TRUE(same_dims(build_scenario("cavity3d", {{"size", "12x10x8"}}).dims, {14, 12, 10}));
    EXPECT_TRUE(same_dims(build_scenario("cavity2d", {{"size", "20x10"}}).dims, {22, 12, 1}));
    EXPECT_TRUE(same_dims(build_scenario("duct3d", {{"size", "40x12x8"}}).dims, {40, 14, 10}));
    EXPECT_TRUE(same_dims(build_scenario("poiseuille2d", {{"size", "48x16"}}).dims, {48, 18, 1}));
    // One number is every side, as before; the box is recorded in one spelling.
    EXPECT_TRUE(same_dims(build_scenario("cavity3d", {{"size", "12"}}).dims, {14, 14, 14}));
    EXPECT_EQ(build_scenario("cavity3d", {{"size", "1.2e1x10x8"}}).keys.at("size"), "12x10x8");
    // The lid still moves along x on the top face of a box.
    const SimulationSetup c = build_scenario("cavity3d", {{"size", "12x10x8"}});
    EXPECT_EQ(node_type(c.flags[5 + 14 * (5 + 12 * 9)]), kMovingWall);
    EXPECT_EQ(node_type(c.flags[5 + 14 * (11 + 12 * 5)]), kSolid);
}

TEST(BoxSizes, BadSidesNameTheKeyTheFormsAndTheRange) {
    expect_message(config_error_of([] {
                       build_scenario("cavity3d", {{"size", "12x10"}});
                   }),
                   {"size = '12x10'", "not a number or the sides NXxNYxNZ", "[8, 1024]"});
    expect_message(config_error_of([] {
                       build_scenario("cavity3d", {{"size", "12x10x3"}});
                   }),
                   {"size = 12x10x3", "side 3", "[8, 1024]"});
    expect_message(config_error_of([] {
                       build_scenario("cavity2d", {{"size", "12xx10"}});
                   }),
                   {"size = '12xx10'", "the sides NXxNY", "[8, 8192]"});
    expect_message(config_error_of([] {
                       build_scenario("duct3d", {{"size", "12x10x8.5"}});
                   }),
                   {"size = '12x10x8.5'", "NXxNYxNZ"});
}

// A cylinder, a sphere or a periodic vortex pair is sized by one length: a box is refused, and
// the message says what that length is.
TEST(BoxSizes, PresetsSizedByOneLengthRefuseABoxAndSayWhy) {
    expect_message(config_error_of([] {
                       build_scenario("cylinder2d", {{"size", "20x20"}});
                   }),
                   {"size = 20x20", "one length", "cylinder diameter", "[4, 400]"});
    expect_message(config_error_of([] {
                       build_scenario("sphere3d", {{"size", "8x8x8"}});
                   }),
                   {"size = 8x8x8", "one length", "sphere diameter"});
    expect_message(config_error_of([] {
                       build_scenario("taylor_green2d", {{"size", "32x16"}});
                   }),
                   {"size = 32x16", "one length"});
}

TEST(BoxSizes, LengthAndABoxAreNotBothGiven) {
    expect_message(config_error_of([] {
                       build_scenario("duct3d", {{"size", "40x12x8"}, {"length", "64"}});
                   }),
                   {"length = 64", "size = 40x12x8", "gives the length already"});
}

// A box is checked before anything is allocated, by its longest side as `bench --size` is.
TEST(BoxSizes, PreflightChecksABoxBeforeAllocating) {
    const double needs = 1026.0 * 1026 * 1026 * 19 * 4 * 2; // the two populations alone, fp32
    if (physical_memory_bytes() > needs) GTEST_SKIP() << "this machine could hold the lattice";
    expect_message(config_error_of([] {
                       preflight_scenario("cavity3d", {{"size", "1024x1024x1024"}}, true);
                   }),
                   {"size = 1024x1024x1024 (checked as its longest side)"});
    EXPECT_NO_THROW(preflight_scenario("duct3d", {{"size", "256x126x126"}}, false));
}

TEST(DuctDrive, PressureDriveHoldsTheEndsAtDensities) {
    const SimulationSetup s = build_scenario(
        "duct3d", {{"size", "16x6x4"}, {"drive", "pressure"}, {"tau", "0.8"}, {"u_ref", "0.01"}});
    EXPECT_TRUE(s.flow.pressure_ends);
    EXPECT_EQ(s.flow.force[0], 0.0);
    EXPECT_GT(s.flow.inlet_rho, 1.0);
    EXPECT_LT(s.flow.outlet_rho, 1.0);
    const auto at = [&](std::uint32_t x, std::uint32_t y, std::uint32_t z) {
        return node_type(s.flags[x + s.dims.nx * (y + s.dims.ny * z)]);
    };
    EXPECT_EQ(at(0, 3, 2), kInlet);
    EXPECT_EQ(at(15, 3, 2), kOutlet);
    EXPECT_EQ(at(0, 0, 2), kSolid); // the walls run the whole length
    EXPECT_EQ(at(7, 3, 2), kFluid);
    // The drop that drives the centre at u_ref: G = u_ref nu / k, over the 15 links.
    const double nu = viscosity_of_tau(0.8), k = duct_velocity(0, 0, 3, 2, 1.0);
    const double drop = (s.flow.inlet_rho - s.flow.outlet_rho) / 3;
    EXPECT_NEAR(drop, s.u_ref * nu / k * 15, 1e-12);
    // Without a box, the default length of a pressure-driven duct is 4 x size.
    EXPECT_EQ(build_scenario("duct3d", {{"size", "8"}, {"drive", "pressure"}}).dims.nx, 32u);
    EXPECT_EQ(build_scenario("duct3d", {{"size", "8"}}).dims.nx, 4u);
}

// A given drop sets the centre velocity; the viscosity comes from tau (or re).
TEST(DuctDrive, GivenPressureDropSetsTheCentreVelocity) {
    const SimulationSetup s = build_scenario(
        "duct3d",
        {{"size", "21x8x8"}, {"drive", "pressure"}, {"pressure_drop", "1e-4"}, {"tau", "0.8"}});
    const double k = duct_velocity(0, 0, 4, 4, 1.0), nu = viscosity_of_tau(0.8);
    EXPECT_NEAR(s.u_ref, 1e-4 / 20 * k / nu, 1e-12);
    EXPECT_NEAR((s.flow.inlet_rho - s.flow.outlet_rho) / 3, 1e-4, 1e-15);
    EXPECT_NEAR(s.reynolds, s.u_ref * 8 / nu, 1e-9);
    const SimulationSetup r = build_scenario(
        "duct3d",
        {{"size", "21x8x8"}, {"drive", "pressure"}, {"pressure_drop", "1e-4"}, {"re", "5"}});
    EXPECT_NEAR(r.reynolds, 5, 1e-9);
}

TEST(DuctDrive, InconsistentDriveKeysAreRefused) {
    expect_message(config_error_of([] {
                       build_scenario("duct3d", {{"pressure_drop", "1e-4"}});
                   }),
                   {"pressure_drop", "only with drive = pressure"});
    expect_message(config_error_of([] {
                       build_scenario(
                           "duct3d",
                           {{"drive", "pressure"}, {"pressure_drop", "1e-4"}, {"u_ref", "0.01"}});
                   }),
                   {"u_ref and pressure_drop"});
    expect_message(config_error_of([] {
                       build_scenario("duct3d", {{"drive", "pressure"}, {"pressure_drop", "1"}});
                   }),
                   {"pressure_drop = 1", "[1e-10, 0.03]"});
    expect_message(config_error_of([] {
                       build_scenario("duct3d", {{"drive", "pressure"}, {"length", "2"}});
                   }),
                   {"length = 2", "at least 3"});
    expect_message(config_error_of([] {
                       build_scenario("duct3d", {{"drive", "wind"}});
                   }),
                   {"drive", "force|pressure"});
}

} // namespace
} // namespace ll

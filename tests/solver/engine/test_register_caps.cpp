// The register_cap key (engine/register_caps.hpp) on the CPU side: its range, how it reaches the
// launch, the refusal of every nonzero cap by the CPU back end (naming the key, the value and
// the caps offered), and the choice of a capped variant by value. The capped kernels themselves
// are tested on the GPU (gpu/test_gpu_register_caps.cpp).
#include "solver/engine/register_caps.hpp"
#include "solver/scenario/keys.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

namespace ll {
namespace {

using test::error_of;

TEST(RegisterCaps, KeyRangeIsCheckedWhereTheKeyIsRead) {
    EXPECT_EQ(error_of([] {
                  build_scenario("cavity3d", {{"size", "8"}, {"register_cap", "256"}});
              }),
              "register_cap = 256: must be an integer in [0, 255]");
    EXPECT_EQ(error_of([] {
                  build_scenario("cavity3d", {{"size", "8"}, {"register_cap", "-8"}});
              }),
              "register_cap = -8: must be an integer in [0, 255]");
    // d2q37's kernels have no capped variants: its preset takes 0 only, as it does for occupancy.
    EXPECT_EQ(error_of([] {
                  build_scenario("rt2d", {{"size", "16"}, {"register_cap", "32"}});
              }),
              "register_cap = 32: must be an integer in [0, 0]");
}

TEST(RegisterCaps, KeyReachesTheLaunchOfEveryPresetKind) {
    EXPECT_EQ(build_scenario("cavity3d", {{"size", "8"}}).launch.register_cap, 0);
    EXPECT_EQ(
        build_scenario("cavity3d", {{"size", "8"}, {"register_cap", "40"}}).launch.register_cap,
        40);
    EXPECT_EQ(build_scenario("heated_cavity2d", {{"size", "16"}, {"register_cap", "64"}})
                  .launch.register_cap,
              64);
}

TEST(RegisterCaps, ValidateRefusesCapsOutsideTheHardwareRange) {
    SimulationSetup s = build_scenario("cavity2d", {{"size", "16"}});
    s.launch.register_cap = 300;
    EXPECT_EQ(error_of([&] { validate(s); }),
              "register_cap = 300: registers per thread must be between 0 (the compiler's "
              "choice) and 255");
}

// The CPU back end has no kernels to cap: any nonzero cap is refused at the start and when the
// launch changes, and the run keeps the launch it had.
TEST(RegisterCaps, CpuBackEndRefusesEveryNonzeroCap) {
    for (const char* scenario : {"cavity3d", "heated_cavity2d"}) {
        const std::string why = error_of([&] {
            Simulation::create(build_scenario(scenario, {{"size", "16"}, {"register_cap", "32"}}),
                               BackendKind::Cpu);
        });
        EXPECT_EQ(why, "register_cap = 32: the CPU back end offers no register caps (only 0: the "
                       "compiler's choice)")
            << scenario;
    }
    auto sim = test::cpu_run("cavity2d", {{"size", "16"}});
    EXPECT_TRUE(sim->register_caps().empty());
    LaunchConfig capped = sim->setup().launch;
    capped.register_cap = 48;
    EXPECT_NE(error_of([&] { sim->set_launch(capped); }).find("register_cap = 48"),
              std::string::npos);
    EXPECT_EQ(sim->setup().launch.register_cap, 0);
    sim->step(2); // still runs
}

TEST(RegisterCaps, MessageNamesTheKernelAndTheCapsItOffers) {
    EngineConfig cfg;
    cfg.model = {StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull,
                 Layout::SoA,        Precision::FP32,    {}};
    const std::vector<int> offered(kRegisterCaps.begin(), kRegisterCaps.end());
    EXPECT_EQ(register_cap_error(0, cfg, {}, true), "");
    EXPECT_EQ(register_cap_error(40, cfg, offered, true), "");
    EXPECT_EQ(register_cap_error(33, cfg, offered, true),
              "register_cap = 33: the isothermal d3q19 bgk pull soa fp32 kernel offers "
              "32|40|48|64|80|96|128 (or 0: the compiler's choice)");
    cfg.model.stencil = StencilKind::D3Q27;
    EXPECT_EQ(register_cap_error(32, cfg, {}, true),
              "register_cap = 32: the isothermal d3q27 bgk pull soa fp32 kernel offers no "
              "register caps (only 0: the compiler's choice)");
    cfg.tile.whole = {64, 64, 64};
    EXPECT_NE(register_cap_error(32, cfg, {}, true).find("a subdomain's bulk kernel"),
              std::string::npos);
    EXPECT_EQ(register_cap_list(), "32|40|48|64|80|96|128");
}

// The run-time choice of an instantiation: each cap calls f with itself as a constant, any
// other value calls nothing.
TEST(RegisterCaps, EachCapSelectsItsOwnInstantiation) {
    for (int cap : kRegisterCaps) {
        int chosen = -1;
        EXPECT_TRUE(with_register_cap(cap, [&](auto regs) { chosen = regs(); }));
        EXPECT_EQ(chosen, cap);
    }
    for (int other : {0, 1, 33, 255}) {
        bool called = false;
        EXPECT_FALSE(with_register_cap(other, [&](auto) { called = true; })) << other;
        EXPECT_FALSE(called) << other;
    }
}

} // namespace
} // namespace ll

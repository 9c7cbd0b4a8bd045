// Bad configurations are refused with a ConfigError whose message names the field and the
// allowed range (the user must be able to fix the input from the message alone).
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <functional>

namespace ll {
namespace {

// Runs `what`, expects a ConfigError, and checks that its message contains every fragment.
void expect_config_error(const std::function<void()>& what,
                         std::initializer_list<std::string> fragments) {
    try {
        what();
    } catch (const ConfigError& e) {
        const std::string msg = e.what();
        for (const auto& frag : fragments)
            EXPECT_NE(msg.find(frag), std::string::npos)
                << "message '" << msg << "' lacks '" << frag << "'";
        return;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "threw a non-ConfigError: " << e.what();
        return;
    }
    ADD_FAILURE() << "no ConfigError thrown";
}

void create_cpu(const std::string& scenario, const KeyValues& keys) {
    test::cpu_run(scenario, keys);
}

void create_with(const std::function<void(SimulationSetup&)>& edit) {
    SimulationSetup s = build_scenario("cavity2d", {{"size", "16"}});
    edit(s);
    Simulation::create(std::move(s), BackendKind::Cpu);
}

TEST(ConfigErrors, TauAtOrBelowHalfByKey) {
    expect_config_error(
        [] {
            create_cpu("cavity2d", {{"tau", "0.5"}});
        },
        {"tau", "0.5", "greater than 0.5"});
    expect_config_error([] { create_cpu("cavity2d", {{"tau", "0.3"}}); }, {"tau", "[0.5, 10]"});
}

TEST(ConfigErrors, TauAtOrBelowHalfByFlowParams) {
    for (double tau : {0.5, 0.2, -1.0})
        expect_config_error([tau] { create_with([tau](SimulationSetup& s) { s.flow.tau = tau; }); },
                            {"tau", "greater than 0.5"});
}

TEST(ConfigErrors, BlockSize) {
    // By key: in range but not a multiple of 32 reaches validate(); out of range stops at keys.
    expect_config_error(
        [] {
            create_cpu("cavity2d", {{"size", "16"}, {"block_size", "100"}});
        },
        {"block_size", "multiple of 32", "1024"});
    expect_config_error(
        [] {
            create_cpu("cavity2d", {{"block_size", "2048"}});
        },
        {"block_size", "[32, 1024]"});
    for (int b : {100, 2048, 16, 0})
        expect_config_error(
            [b] { create_with([b](SimulationSetup& s) { s.launch.block_size = b; }); },
            {"block_size", "multiple of 32", "1024"});
}

TEST(ConfigErrors, UnknownScenario) {
    expect_config_error([] { build_scenario("no_such_flow", {}); },
                        {"unknown scenario 'no_such_flow'", "cavity2d", "taylor_green2d"});
}

TEST(ConfigErrors, UnknownKey) {
    expect_config_error(
        [] {
            build_scenario("cavity2d", {{"viscosity", "0.1"}});
        },
        {"unknown key 'viscosity'", "cavity2d", "tau"});
}

TEST(ConfigErrors, NonNumericValue) {
    expect_config_error(
        [] {
            build_scenario("cavity2d", {{"size", "big"}});
        },
        {"size", "'big'", "not a number", "[8, 8192]"});
    expect_config_error(
        [] {
            build_scenario("cavity2d", {{"re", "1e3x"}});
        },
        {"re", "not a number"});
    expect_config_error(
        [] {
            build_scenario("cavity2d", {{"size", "12.5"}});
        },
        {"size", "an integer"});
    expect_config_error(
        [] {
            build_scenario("cavity2d", {{"scheme", "sideways"}});
        },
        {"scheme", "push|pull|split|aa|esoteric|shared_x"});
}

TEST(ConfigErrors, MrtWithD3Q27) {
    expect_config_error(
        [] {
            create_cpu("cavity3d", {{"size", "8"}, {"stencil", "d3q27"}, {"collision", "mrt"}});
        },
        {"collision = mrt", "d3q27", "d3q19"});
}

// A preset offers the stencils of its dimension (stencil_names(d)): a 3D preset refuses D2Q9
// and a 2D one D3Q19, naming the key and what it takes. D3Q19 on a 2D lattice used to run.
TEST(ConfigErrors, StencilOfTheOtherDimension) {
    expect_config_error(
        [] {
            create_cpu("cavity3d", {{"size", "8"}, {"stencil", "d2q9"}});
        },
        {"stencil = 'd2q9'", "one of d3q19|d3q27"});
    expect_config_error(
        [] {
            create_cpu("cylinder2d", {{"stencil", "d3q19"}});
        },
        {"stencil = 'd3q19'", "one of d2q9"});
}

TEST(ConfigErrors, ReTauAndUrefAllSet) {
    expect_config_error(
        [] {
            build_scenario("cavity2d", {{"re", "100"}, {"tau", "0.6"}, {"u_ref", "0.1"}});
        },
        {"re", "tau", "u_ref", "at most two"});
}

// 4096 x 1026 x 1026 nodes overflow the 32-bit node count: refused before any allocation.
TEST(ConfigErrors, LatticeWithTooManyNodesIsRefusedBeforeAllocation) {
    expect_config_error(
        [] {
            build_scenario("duct3d", {{"size", "1024"}, {"length", "4096"}});
        },
        {"size", "4294967295"});
}

TEST(ConfigErrors, ModelSwitchToImpossibleCombinationKeepsRunning) {
    auto sim = test::cpu_run("cavity3d", {{"size", "8"}, {"collision", "bgk"}});
    ModelChoice m = sim->setup().model;
    m.stencil = StencilKind::D3Q27;
    m.collision = CollisionKind::MRT;
    expect_config_error([&] { sim->set_model(m); }, {"mrt", "d3q27"});
    EXPECT_EQ(sim->setup().model.collision, CollisionKind::BGK);
    sim->step(2); // still usable
    EXPECT_EQ(sim->time_step(), 2u);
}

} // namespace
} // namespace ll

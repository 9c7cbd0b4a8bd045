// Subdomains changed on a running flow (Simulation::set_subdomains, what the visualiser's
// subdomain control does): the state and the step count carry over and the split flow goes on
// exactly as one domain would; a tiling that does not fit, a model without a halo exchange or
// a GPU that is not there is refused by name and range, and the run goes on unchanged. "auto"
// and each GPU's share of the measured rate.
#include "solver/scenario/scenario.hpp"
#include "support/flow_checks.hpp"
#include "support/flow_fields.hpp"

#include <gtest/gtest.h>

namespace ll {
namespace {

// One thread: the same partition of the nodes in every run, so that states compare bit for bit.
const int kThreads = test::use_threads(1);

std::vector<double> state_of(Simulation& sim) {
    std::vector<double> f;
    sim.export_state(f);
    return f;
}

SimulationSetup cavity() {
    return build_scenario("cavity2d", {{"size", "22"}, {"precision", "fp64"}});
}

TEST(SubdomainSwitch, KeepsTheFlowAndGoesOnAsOneDomain) {
    auto one = Simulation::create(cavity(), BackendKind::Cpu);
    auto split = Simulation::create(cavity(), BackendKind::Cpu);
    one->step(40);
    split->step(40);
    split->set_subdomains(Tiles{{2, 2, 1}}, {});
    EXPECT_EQ(split->setup().tiles, (Tiles{{2, 2, 1}}));
    EXPECT_EQ(split->time_step(), 40u);
    EXPECT_EQ(state_of(*split), state_of(*one));
    EXPECT_NE(split->device().device.find("4 subdomains (2x2x1)"), std::string::npos);
    // A state moved into new engines mid-run goes on within rounding of the run that kept its
    // engine (set_model's layout switch does the same); tiles from the start match bit for bit
    // (test_tiled_engine.cpp).
    one->step(61);
    split->step(61);
    EXPECT_LT(thermal::boussinesq::max_abs_difference(state_of(*split), state_of(*one)), 1e-13);
    split->set_subdomains(Tiles{}, {}); // back to one engine
    EXPECT_EQ(split->device().device.find("subdomains"), std::string::npos);
    EXPECT_LT(thermal::boussinesq::max_abs_difference(state_of(*split), state_of(*one)), 1e-13);
}

void expect_refused(Simulation& sim, const Tiles& t, const std::vector<int>& devices,
                    const std::vector<std::string>& phrases) {
    const std::vector<double> before = state_of(sim);
    const Tiles tiles_before = sim.setup().tiles;
    try {
        sim.set_subdomains(t, devices);
        ADD_FAILURE() << to_string(t) << " was accepted";
    } catch (const ConfigError& e) {
        for (const std::string& p : phrases)
            EXPECT_NE(std::string(e.what()).find(p), std::string::npos) << e.what();
    }
    EXPECT_EQ(sim.setup().tiles, tiles_before);
    EXPECT_TRUE(sim.setup().devices.empty());
    EXPECT_EQ(state_of(sim), before);
    sim.step(1); // and it still runs
}

TEST(SubdomainSwitch, RefusesWhatCannotRunNamingTheFieldAndRange) {
    auto sim = Simulation::create(cavity(), BackendKind::Cpu); // 24 x 24 nodes
    sim->set_subdomains(Tiles{{2, 1, 1}}, {});
    expect_refused(*sim, Tiles{{1, 1, 2}}, {}, {"--tiles 1x1x2", "along z", "give K = 1"});
    expect_refused(*sim, Tiles{{30, 1, 1}}, {}, {"--tiles 30x1x1", "give N <= 24"});
    expect_refused(*sim, Tiles{{2, 2, 1}}, {7}, {"--devices 7", "CUDA back end"});
    // D2Q37's halos are 3 deep: 16 columns split 6 ways leave tiles 2 wide.
    auto rt = Simulation::create(build_scenario("rt2d", {{"size", "16"}}), BackendKind::Cpu);
    expect_refused(*rt, Tiles{{6, 1, 1}}, {}, {"--tiles 6x1x1", "halo depth 3"});
}

TEST(SubdomainSwitch, AutoIsOneSubdomainPerGpu) {
    const EngineConfig cfg = engine_config(cavity());
    EXPECT_EQ(resolve_tiles("auto", cfg, 0), Tiles{});
    EXPECT_EQ(resolve_tiles("3x2", cfg, 0), (Tiles{{3, 2, 1}}));
    EXPECT_EQ(resolve_tiles("auto", cfg, 2).count(), 2);
    EXPECT_THROW(resolve_tiles("2y1", cfg, 2), ConfigError);
    const EngineConfig rt = engine_config(build_scenario("rt2d", {{"size", "16"}}));
    EXPECT_EQ(resolve_tiles("auto", rt, 2).count(), 2); // D2Q37 splits too (3-deep halos)
}

TEST(SubdomainSwitch, EachGpuHasTheShareOfItsNodes) {
    SimulationSetup s = cavity(); // 24 x 24: tiles of 8 columns
    s.tiles = Tiles{{3, 1, 1}};
    s.devices = {0, 1};
    Performance p;
    p.steps = 100;
    p.seconds = 0.5;
    p.mlups = mlups_of(s.dims.nodes(), {p.steps, p.seconds});
    const auto shares = device_performance(s, p);
    ASSERT_EQ(shares.size(), 2u);
    EXPECT_EQ(shares[0].device, 0);
    EXPECT_EQ(shares[0].tiles, 2); // tiles 0 and 2
    EXPECT_EQ(shares[0].nodes, 2u * 8 * 24);
    EXPECT_EQ(shares[1].nodes, 8u * 24);
    EXPECT_DOUBLE_EQ(shares[0].mlups, 2 * 8 * 24 * 100 / 0.5 / 1e6);
    EXPECT_DOUBLE_EQ(shares[0].mlups + shares[1].mlups, p.mlups);
    s.devices.clear();
    const auto one = device_performance(s, p);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].device, -1);
    EXPECT_EQ(one[0].tiles, 3);
    EXPECT_DOUBLE_EQ(one[0].mlups, p.mlups);
}

} // namespace
} // namespace ll

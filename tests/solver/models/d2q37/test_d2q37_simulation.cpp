// The D2Q37 model in Simulation: its state exchange and fields equal the one engine's run of
// the same configuration, Simulation runs rt2d and switches push <-> pull and AoS <-> SoA
// keeping the flow, and the isothermal models refuse temperature.
#include "solver/io/fields.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/d2q37_run.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace ll;

namespace {

SimulationSetup small_rt(const std::string& scheme = "pull", const std::string& layout = "soa") {
    return build_scenario(
        "rt2d", {{"size", "16"}, {"height", "48"}, {"scheme", scheme}, {"layout", layout}});
}

// The scenario's run as the D2Q37 tests describe one.
thermal::D2Q37Config d2q37_config_of(const SimulationSetup& s) {
    const EngineConfig cfg{s.dims, s.model, s.flow, s.launch, s.thermal};
    thermal::D2Q37Config c;
    c.lx = int(s.dims.nx);
    c.ly = int(s.dims.ny);
    c.params = thermal::d2q37_params(cfg);
    const bool pull = s.model.scheme == Scheme::Pull;
    using S = thermal::D2Q37Scheme;
    c.scheme = s.thermal.fused ? (pull ? S::PullFused : S::PushFused) : (pull ? S::Pull : S::Push);
    c.block_size = s.launch.block_size;
    return c;
}

double max_diff(const std::vector<double>& a, const std::vector<double>& b) {
    EXPECT_EQ(a.size(), b.size());
    double worst = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const double d = std::abs(a[k] - b[k]);
        worst = std::isnan(d) ? INFINITY : std::max(worst, d); // NaN fails
    }
    return worst;
}

} // namespace

TEST(D2Q37Simulation, StateRoundTripAndFieldsMatchTheEngine) {
    const SimulationSetup s = small_rt();
    auto sim = Simulation::create(s, BackendKind::Cpu);
    ASSERT_TRUE(sim->has_temperature());
    sim->step(30);

    // The engine alone, started from the same fields and stepped as far.
    const EngineConfig cfg{s.dims, s.model, s.flow, s.launch, s.thermal};
    auto own = test::d2q37_cpu(d2q37_config_of(s));
    thermal::ThermalFields start;
    start.resize(int(s.dims.nx), int(s.dims.ny));
    start.rho = s.rho;
    start.T = s.T;
    own->init(start);
    own->step(30);

    std::vector<double> f_sim, f_own;
    sim->export_state(f_sim);
    own->export_state(f_own);
    EXPECT_LE(max_diff(f_sim, f_own), 1e-14);

    MacroField before;
    sim->read_macro(before);

    thermal::ThermalFields h;
    own->read_fields(h);
    const std::size_t nodes = s.dims.nodes();
    std::vector<float> out(nodes);
    const FieldRegion whole{true, Axis::Z, 0};
    const auto check = [&](FieldKind kind, auto expected) {
        sim->read_field({kind, -1}, whole, out.data(), MemorySpace::Host);
        double worst = 0;
        for (std::size_t n = 0; n < nodes; ++n) {
            const double d = std::abs(double(out[n]) - double(float(expected(n))));
            worst = std::isnan(d) ? INFINITY : std::max(worst, d);
        }
        EXPECT_EQ(worst, 0.0) << to_string(kind);
    };
    check(FieldKind::Density, [&](std::size_t n) { return h.rho[n]; });
    check(FieldKind::Ux, [&](std::size_t n) { return h.ux[n]; });
    check(FieldKind::Uy, [&](std::size_t n) { return h.uy[n]; });
    check(FieldKind::Temperature, [&](std::size_t n) { return h.T[n]; });
    check(FieldKind::Speed, [&](std::size_t n) { return std::hypot(h.ux[n], h.uy[n]); });
    EXPECT_EQ(before.T.size(), nodes);
    EXPECT_FLOAT_EQ(before.T[nodes / 2], float(h.T[nodes / 2]));

    // A slice of a 2D lattice is the lattice: the slice read equals the whole read.
    std::vector<float> slice(nodes);
    sim->read_field({FieldKind::Temperature, -1}, {false, Axis::Z, 0}, slice.data(),
                    MemorySpace::Host);
    sim->read_field({FieldKind::Temperature, -1}, whole, out.data(), MemorySpace::Host);
    EXPECT_EQ(slice, out);

    // Import through the engine interface: a fresh engine takes the state as it is.
    auto adapter = make_cpu_engine(cfg);
    std::vector<double> fresh;
    adapter->export_state(fresh);
    EXPECT_GT(max_diff(fresh, f_sim), 1e-9); // different before the import
    adapter->import_state(f_sim);
    std::vector<double> back;
    adapter->export_state(back);
    EXPECT_LE(max_diff(back, f_sim), 1e-14);
    EXPECT_EQ(adapter->count_nonfinite(), 0u);
    EXPECT_THROW(adapter->import_state(std::vector<double>(5)), std::invalid_argument);
}

// Push <-> pull and AoS <-> SoA (Calore et al. 2016, Fig. 2; rt2d's key `layout`) in a running
// simulation. Each switch goes through the canonical state, whose import re-applies the wall
// rule near the walls: 1e-12, not bit for bit.
TEST(D2Q37Simulation, SchemeAndLayoutSwitchesKeepTheFlow) {
    auto reference = Simulation::create(small_rt("pull"), BackendKind::Cpu);
    auto switched = Simulation::create(small_rt("pull", "aos"), BackendKind::Cpu);
    EXPECT_EQ(switched->setup().model.layout, Layout::AoS);
    reference->step(40);
    switched->step(20);
    ModelChoice m = switched->setup().model;
    m.scheme = Scheme::Push;
    switched->set_model(m);
    EXPECT_EQ(switched->setup().model.scheme, Scheme::Push);
    switched->step(10);
    m.layout = Layout::SoA;
    switched->set_model(m);
    EXPECT_EQ(switched->setup().model.layout, Layout::SoA);
    switched->step(10);
    std::vector<double> a, b;
    reference->export_state(a);
    switched->export_state(b);
    EXPECT_EQ(switched->time_step(), 40u);
    EXPECT_LE(max_diff(a, b), 1e-12);
    EXPECT_GT(max_diff(a, std::vector<double>(a.size(), 0.0)), 0.1); // a real state

    // Seed 004's separate kernels give the same flow as the fused ones.
    auto separate = Simulation::create(small_rt("push_separate"), BackendKind::Cpu);
    EXPECT_FALSE(separate->setup().thermal.fused);
    separate->step(40);
    separate->export_state(b);
    EXPECT_LE(max_diff(a, b), 1e-12);

    // A tau change keeps the state (set_flow: no rebuild).
    FlowParams flow = switched->setup().flow;
    switched->export_state(a);
    flow.tau = 0.7;
    switched->set_flow(flow);
    switched->export_state(b);
    EXPECT_LE(max_diff(a, b), 1e-13);
    EXPECT_DOUBLE_EQ(switched->setup().flow.tau, 0.7);
}

TEST(D2Q37Simulation, RefusesWhatTheModelCannotRun) {
    auto sim = Simulation::create(small_rt(), BackendKind::Cpu);
    const auto refused = [&](auto edit, const std::string& expect) {
        ModelChoice m = sim->setup().model;
        edit(m);
        try {
            sim->set_model(m);
            ADD_FAILURE() << "accepted; expected: " << expect;
        } catch (const ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find(expect), std::string::npos) << e.what();
        }
    };
    refused([](ModelChoice& m) { m.scheme = Scheme::AA; }, "push|pull");
    refused([](ModelChoice& m) { m.scheme = Scheme::Esoteric; }, "scheme = esoteric");
    refused([](ModelChoice& m) { m.precision = Precision::FP32; }, "fp64 only");
    refused([](ModelChoice& m) { m.collision = CollisionKind::MRT; }, "bgk");
    refused([](ModelChoice& m) { m.stencil = StencilKind::D2Q9; }, "do not exchange states");
    EXPECT_EQ(sim->setup().model.stencil, StencilKind::D2Q37);
    EXPECT_THROW(sim->set_node_types({{0, kSolid}}), ConfigError);
    EXPECT_DOUBLE_EQ(bytes_per_node_update(sim->setup().model), 2.0 * 37 * 8);
}

TEST(D2Q37Simulation, IsothermalModelsRefuseTemperature) {
    auto sim = Simulation::create(build_scenario("cavity2d", {{"size", "16"}}), BackendKind::Cpu);
    EXPECT_FALSE(sim->has_temperature());
    std::vector<float> out(sim->setup().dims.nodes());
    try {
        sim->read_field({FieldKind::Temperature, -1}, {true, Axis::Z, 0}, out.data(),
                        MemorySpace::Host);
        ADD_FAILURE() << "temperature served by an isothermal model";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("temperature: this model has no temperature"),
                  std::string::npos);
        EXPECT_NE(std::string(e.what()).find("rt2d"), std::string::npos);
    }
    MacroField m;
    sim->read_macro(m);
    EXPECT_TRUE(m.T.empty());
    std::vector<float> field;
    EXPECT_THROW(compute_field(m, sim->setup().dims, {FieldKind::Temperature, -1}, field),
                 ConfigError);
    // d2q37 is not a stencil the isothermal presets take.
    EXPECT_THROW(build_scenario("cavity2d", {{"stencil", "d2q37"}}), ConfigError);
    EXPECT_EQ(parse_field("temperature"), FieldKind::Temperature);
    EXPECT_FALSE(field_is_signed({FieldKind::Temperature, -1}, sim->setup().dims));
}

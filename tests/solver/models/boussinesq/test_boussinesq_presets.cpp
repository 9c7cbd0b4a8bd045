// The Boussinesq model through the presets and Simulation (CPU): every preset builds and runs
// with a finite temperature; the adapter's state carries across scheme, layout, precision and
// collision switches; its fields are the Boussinesq engine's own; refusals name the key; drawn
// obstacles; fronts and warnings. The de Vahl Davis check through the preset path is in
// test_boussinesq_preset_physics.cpp.
#include "solver/diagnostics/rt_fronts.hpp"
#include "solver/io/fields.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/boussinesq_run.hpp"
#include "support/flow_fields.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace ll {
namespace {

namespace bq = thermal::boussinesq;

const int kThreads = test::use_threads(1);

// Small lattices of every preset: a few hundred to a few thousand nodes.
const std::map<std::string, KeyValues> kSmall = {
    {"heated_cavity2d", {{"size", "12"}, {"ra", "1e4"}}},
    {"rayleigh_benard2d", {{"size", "8"}, {"amplitude", "0.05"}}},
    {"rayleigh_benard3d", {{"size", "6"}, {"aspect", "2"}, {"amplitude", "0.05"}}},
    {"rt2d_boussinesq", {{"size", "16"}, {"height", "32"}, {"atwood_g", "1e-3"}}},
    {"rt3d_boussinesq", {{"size", "8"}, {"height", "16"}, {"atwood_g", "1e-3"}}},
};

std::unique_ptr<Simulation> small(const std::string& name, KeyValues extra = {}) {
    KeyValues keys = kSmall.at(name);
    for (auto& [k, v] : extra)
        keys[k] = v;
    return test::cpu_run(name, keys);
}

double max_diff(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return INFINITY;
    double worst = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const double d = std::abs(a[k] - b[k]);
        worst = std::isnan(d) ? INFINITY : std::max(worst, d); // NaN fails
    }
    return worst;
}

std::vector<float> whole_field(Simulation& sim, FieldKind kind, bool mask = false) {
    std::vector<float> out(sim.setup().dims.nodes());
    sim.read_field({kind, -1, mask}, {true, Axis::Z, 0}, out.data(), MemorySpace::Host);
    return out;
}

using test::error_of;

TEST(BoussinesqPresets, EveryPresetRunsWithAFiniteTemperature) {
    std::printf("%d thread(s)\n", kThreads);
    for (const auto& [name, keys] : kSmall) {
        SCOPED_TRACE(name);
        auto sim = small(name);
        const SimulationSetup& s = sim->setup();
        ASSERT_TRUE(sim->has_temperature());
        EXPECT_TRUE(find_scenario(name)->has_temperature);
        EXPECT_TRUE(s.boussinesq.enabled);
        EXPECT_EQ(s.model.stencil, s.dims.nz == 1 ? StencilKind::D2Q9 : StencilKind::D3Q19);
        sim->step(30);
        EXPECT_EQ(sim->count_nonfinite(), 0u);
        const std::vector<float> T = whole_field(*sim, FieldKind::Temperature);
        double lo = INFINITY, hi = -INFINITY;
        for (std::size_t n = 0; n < T.size(); ++n) {
            if (!is_updated(s.flags[n])) continue;
            ASSERT_TRUE(std::isfinite(T[n])) << "node " << n;
            lo = std::min(lo, double(T[n]));
            hi = std::max(hi, double(T[n]));
        }
        // theta of a cold and a hot region within the walls. and layers. +-1/2 (the BGK
        // advection-diffusion overshoots a sharp RT interface by a few 1e-3 at tau_t = 0.515).
        EXPECT_LT(lo, -0.1);
        EXPECT_GT(hi, 0.1);
        EXPECT_LE(hi - lo, 1.01);
        MacroField m;
        sim->read_macro(m);
        ASSERT_EQ(m.T.size(), std::size_t(s.dims.nodes()));
        EXPECT_EQ(std::vector<float>(m.T.begin(), m.T.end()), T); // read_field: the same, as floats
        EXPECT_EQ(std::string(field_units(FieldKind::Temperature, s.model.stencil)),
                  "(T - T0) / dT");
    }
}

// Both populations move every step: 2 (Q_flow + Q_temperature) values and a flag byte.
TEST(BoussinesqPresets, BandwidthCountsBothPopulations) {
    auto sim = small("heated_cavity2d");
    EXPECT_EQ(temperature_velocities(sim->setup()), 5);
    EXPECT_DOUBLE_EQ(bytes_per_node_update(sim->setup()), 2.0 * (9 + 5) * 8 + 1);
    sim->step(10);
    const Performance p = sim->performance();
    EXPECT_DOUBLE_EQ(p.bytes_per_second, p.mlups * 1e6 * (2.0 * (9 + 5) * 8 + 1));
    const SimulationSetup flow3d =
        build_scenario("rayleigh_benard3d",
                       {{"size", "6"}, {"temperature_stencil", "flow"}, {"precision", "fp32"}});
    EXPECT_DOUBLE_EQ(bytes_per_node_update(flow3d), 2.0 * (19 + 19) * 4 + 1);
    EXPECT_EQ(temperature_velocities(build_scenario("cavity2d", {{"size", "8"}})), 0);
}

// The spec knows before a build what the run will have: the visualiser relies on it.
TEST(BoussinesqPresets, SpecsSayWhichPresetsHaveATemperature) {
    for (const ScenarioSpec& spec : scenarios()) {
        SCOPED_TRACE(spec.name);
        KeyValues keys = kSmall.count(spec.name) ? kSmall.at(spec.name) : KeyValues{};
        for (const KeySpec& k : spec.keys)
            if (k.name == "size" && !keys.count("size"))
                keys["size"] = std::to_string(int(std::max(k.min, 8.0)));
        const SimulationSetup s = build_scenario(spec.name, keys);
        EXPECT_EQ(spec.has_temperature, has_temperature(s));
        EXPECT_FALSE(scenario_label(spec).empty());
    }
    EXPECT_EQ(scenario_label(*find_scenario("heated_cavity2d")),
              "Heated cavity (de Vahl Davis) — heated_cavity2d");
}

// A reference run against one switched every 10 steps: the canonical state (f, then g) goes
// through export and import unchanged, so the flow continues to rounding.
TEST(BoussinesqPresets, SchemeAndLayoutSwitchesContinueTheFlow) {
    for (const char* name : {"heated_cavity2d", "rayleigh_benard3d"}) {
        for (const char* temperature : {"reduced", "flow"}) {
            SCOPED_TRACE(std::string(name) + " " + temperature);
            auto reference = small(name, {{"temperature_stencil", temperature}});
            auto switched = small(name, {{"temperature_stencil", temperature}});
            reference->step(50);
            using Edit = void (*)(ModelChoice&);
            const Edit edits[] = {
                [](ModelChoice& m) { m.scheme = Scheme::AA; },
                [](ModelChoice& m) { m.layout = Layout::AoS; },
                [](ModelChoice& m) { m.scheme = Scheme::Esoteric; },
                [](ModelChoice& m) { m.scheme = Scheme::Push; },
            };
            switched->step(9); // odd: the in-place schemes start on their other parity
            for (const Edit edit : edits) {
                ModelChoice m = switched->setup().model;
                edit(m);
                switched->set_model(m);
                switched->step(m.scheme == Scheme::Push ? 14 : 9);
            }
            EXPECT_EQ(switched->time_step(), 50u);
            EXPECT_EQ(switched->setup().model.scheme, Scheme::Push);
            EXPECT_EQ(switched->setup().model.layout, Layout::AoS);
            std::vector<double> a, b;
            reference->export_state(a);
            switched->export_state(b);
            EXPECT_LE(max_diff(a, b), 1e-13);
            EXPECT_GT(max_diff(a, std::vector<double>(a.size(), 0.0)), 0.1); // a real state
            EXPECT_EQ(whole_field(*reference, FieldKind::Temperature),
                      whole_field(*switched, FieldKind::Temperature));
        }
    }
}

// Collision and precision change the dynamics, not the state: it is the same (FP32: to its
// rounding) right after the switch, and the run goes on finite.
TEST(BoussinesqPresets, CollisionAndPrecisionSwitchesKeepTheState) {
    auto sim = small("rayleigh_benard2d");
    sim->step(40);
    std::vector<double> before, after;
    for (CollisionKind c : {CollisionKind::MRT, CollisionKind::BGK, CollisionKind::TRT}) {
        sim->export_state(before);
        ModelChoice m = sim->setup().model;
        m.collision = c;
        sim->set_model(m);
        sim->export_state(after);
        EXPECT_EQ(max_diff(before, after), 0.0) << to_string(c);
        sim->step(5);
    }
    sim->export_state(before);
    ModelChoice m = sim->setup().model;
    m.precision = Precision::FP32;
    sim->set_model(m);
    sim->export_state(after);
    EXPECT_LE(max_diff(before, after), 1e-7); // populations of O(0.1) rounded to float
    EXPECT_GT(max_diff(before, after), 0.0);
    sim->step(20);
    EXPECT_EQ(sim->count_nonfinite(), 0u);
    m.precision = Precision::FP64;
    sim->set_model(m);
    EXPECT_EQ(sim->setup().model.precision, Precision::FP64);
    sim->step(5);
    EXPECT_EQ(sim->count_nonfinite(), 0u);
    // A tau change (the visualiser's live tau) rebuilds the engine around the state.
    sim->export_state(before);
    FlowParams flow = sim->setup().flow;
    flow.tau += 0.05;
    sim->set_flow(flow);
    sim->export_state(after);
    EXPECT_EQ(max_diff(before, after), 0.0);
}

// The adapter's fields against the engine itself, started from the preset's fields.
TEST(BoussinesqPresets, FieldsAreTheEnginesOwn) {
    for (const char* name : {"rayleigh_benard2d", "rt3d_boussinesq"}) {
        SCOPED_TRACE(name);
        auto sim = small(name);
        const SimulationSetup& s = sim->setup();
        const EngineConfig cfg{s.dims, s.model, s.flow, s.launch, s.thermal, s.boussinesq};
        auto own = bq::make_cpu_engine(bq::config_of(cfg, s.flags));
        bq::Fields start;
        start.resize(s.dims.nodes());
        for (std::size_t n = 0; n < s.rho.size(); ++n) {
            start.rho[n] = s.rho[n];
            start.ux[n] = s.u[3 * n];
            start.uy[n] = s.u[3 * n + 1];
            start.uz[n] = s.u[3 * n + 2];
            start.theta[n] = s.T[n];
        }
        own->init(start);
        own->step(25);
        sim->step(25);

        std::vector<double> f, g, state;
        own->export_state(f, g);
        f.insert(f.end(), g.begin(), g.end());
        sim->export_state(state);
        EXPECT_EQ(max_diff(state, f), 0.0);

        bq::Fields h;
        own->read_fields(h);
        const auto same = [&](FieldKind kind, const std::vector<double>& want) {
            const std::vector<float> got = whole_field(*sim, kind);
            for (std::size_t n = 0; n < got.size(); ++n)
                if (got[n] != float(want[n]))
                    return ADD_FAILURE() << to_string(kind) << " at node " << n << ": " << got[n]
                                         << " != " << want[n];
        };
        same(FieldKind::Temperature, h.theta); // theta itself: no offset
        same(FieldKind::Density, h.rho);
        same(FieldKind::Ux, h.ux);
        same(FieldKind::Uy, h.uy);
        same(FieldKind::Uz, h.uz);
        // Vorticity: the same central differences as the isothermal fields (compute_field).
        MacroField m;
        sim->read_macro(m);
        std::vector<float> curl;
        compute_field(m, s.dims, {FieldKind::Vorticity, -1}, curl);
        EXPECT_EQ(whole_field(*sim, FieldKind::Vorticity), curl);
        // A slice of the lattice is the slice of the whole field; walls masked on request.
        const std::vector<float> T = whole_field(*sim, FieldKind::Temperature);
        const std::vector<float> masked = whole_field(*sim, FieldKind::Temperature, true);
        const Axis axis = s.dims.nz > 1 ? Axis::Y : Axis::Z;
        const std::uint32_t index = s.dims.nz > 1 ? 1 : 0;
        std::vector<float> slice(region_size(s.dims, {false, axis, index})), cut(slice.size());
        sim->read_field({FieldKind::Temperature, -1}, {false, axis, index}, slice.data(),
                        MemorySpace::Host);
        extract_slice(T, s.dims, axis, index, cut.data());
        EXPECT_EQ(slice, cut);
        for (std::size_t n = 0; n < T.size(); ++n)
            EXPECT_EQ(std::isnan(masked[n]), !is_updated(s.flags[n])) << n;
    }
}

// A NaN in the temperature part alone counts; a blow-up is caught with advice for both taus.
TEST(BoussinesqPresets, NonFiniteTemperatureIsCaught) {
    auto sim = small("heated_cavity2d");
    const SimulationSetup& s = sim->setup();
    const EngineConfig cfg{s.dims, s.model, s.flow, s.launch, s.thermal, s.boussinesq};
    auto adapter = make_cpu_engine(cfg);
    adapter->set_flags(s.flags);
    std::vector<double> state;
    sim->export_state(state);
    const std::size_t node = s.dims.nx * 5 + 5, flow = std::size_t(s.dims.nodes()) * 9;
    state[flow + node * 5 + 2] = NAN; // g_2 of one fluid node
    adapter->import_state(state);
    EXPECT_EQ(adapter->count_nonfinite(), 1u);
    EXPECT_EQ(sim->count_nonfinite(), 0u); // the state was copied, not shared
    EXPECT_THROW(adapter->import_state(std::vector<double>(state.size() - 1)),
                 std::invalid_argument);

    // tau = 0.5024 and tau_t = 0.5034 with BGK at Mach 0.52: NaN within about 2200 steps.
    auto unstable =
        test::cpu_run("heated_cavity2d",
                      {{"size", "32"}, {"ra", "1e8"}, {"velocity", "0.3"}, {"collision", "bgk"}});
    for (int k = 0; k < 50 && unstable->count_nonfinite() == 0; ++k)
        unstable->step(100);
    ASSERT_GT(unstable->count_nonfinite(), 0u);
    const std::string advice = unstable->instability_advice();
    EXPECT_NE(advice.find("tau = 0.5024, tau_t = 0.5034"), std::string::npos) << advice;
}

TEST(BoussinesqPresets, RefusesWhatTheModelCannotDoNamingTheKey) {
    auto sim = small("rayleigh_benard3d");
    const auto refused = [&](auto edit, const std::string& expect) {
        ModelChoice m = sim->setup().model;
        edit(m);
        const std::string e = error_of([&] { sim->set_model(m); });
        EXPECT_NE(e.find(expect), std::string::npos) << e;
    };
    refused([](ModelChoice& m) { m.scheme = Scheme::SharedX; },
            "scheme = shared_x: not available for two populations; use push|pull|split|aa|");
    refused([](ModelChoice& m) { m.stencil = StencilKind::D3Q27; },
            "stencil = d3q27: the Boussinesq model runs its flow on d2q9 (2D) or d3q19 (3D)");
    refused([](ModelChoice& m) { m.stencil = StencilKind::D2Q37; }, "stencil = d2q37");
    EXPECT_EQ(sim->setup().model.scheme, Scheme::Pull);
    EXPECT_EQ(sim->setup().model.stencil, StencilKind::D3Q19);
    // The one engine gives the Boussinesq model the isothermal model's occupancy cap.
    EXPECT_EQ(error_of([&] { sim->set_launch({256, 2}); }), "(accepted)");
    EXPECT_EQ(sim->setup().launch.blocks_per_sm_cap, 2);
    sim->step(2); // still running

    const auto build_error = [](const std::string& name, KeyValues keys) {
        return error_of([&] { build_scenario(name, keys); });
    };
    const std::pair<std::string, KeyValues> bad[] = {
        {"ra = 1: must be a number in [10, 1e+08]", {{"ra", "1"}}},
        {"temperature_stencil = 'd2q9': must be one of reduced|flow",
         {{"temperature_stencil", "d2q9"}}},
        {"scheme = 'shared_x': must be one of push|pull|split|aa|esoteric",
         {{"scheme", "shared_x"}}},
        {"stencil = 'd3q19': must be one of d2q9", {{"stencil", "d3q19"}}},
        {"velocity = 0.5: must be a number in [0.001, 0.3]", {{"velocity", "0.5"}}},
        {"occupancy = 65: must be an integer in [0, 64]", {{"occupancy", "65"}}},
        {"unknown key 're' for scenario heated_cavity2d", {{"re", "100"}}},
    };
    for (const auto& [expect, keys] : bad) {
        const std::string e = build_error("heated_cavity2d", keys);
        EXPECT_NE(e.find(expect), std::string::npos) << e;
    }
    EXPECT_NE(build_error("rayleigh_benard2d", {{"tau_t", "0.5"}})
                  .find("tau_t = 0.5: must be a number in [0.5, 10] and greater than 0.5"),
              std::string::npos);
    EXPECT_NE(build_error("rt2d_boussinesq", {{"height", "2"}}).find("height = 2: must be 0"),
              std::string::npos);
    EXPECT_NE(build_error("rt3d_boussinesq", {{"size", "4096"}}).find("size: a 4096 x 16386"),
              std::string::npos);
}

// Drawn obstacles: a new wall is adiabatic and reads as no data, a node that becomes fluid
// again starts at rest at theta = 0, and the run goes on.
TEST(BoussinesqPresets, ObstaclesCanBeDrawnAndErased) {
    auto sim = small("heated_cavity2d");
    sim->step(100);
    const Dims d = sim->setup().dims;
    std::vector<std::pair<node_t, NodeType>> walls, fluid;
    for (std::uint32_t y = 5; y < 9; ++y)
        for (std::uint32_t x = 5; x < 9; ++x) {
            walls.emplace_back(x + d.nx * y, kSolid);
            fluid.emplace_back(x + d.nx * y, kFluid);
        }
    sim->set_node_types(walls);
    EXPECT_EQ(node_type(sim->setup().flags[walls[0].first]), kSolid);
    EXPECT_EQ(sim->setup().flags[walls[0].first] & ~kNearWallBit, kSolid); // class 0: adiabatic
    sim->step(100);
    EXPECT_EQ(sim->count_nonfinite(), 0u);
    EXPECT_TRUE(std::isnan(whole_field(*sim, FieldKind::Temperature, true)[walls[0].first]));
    sim->set_node_types(fluid);
    const std::vector<float> T = whole_field(*sim, FieldKind::Temperature);
    const std::vector<float> speed = whole_field(*sim, FieldKind::Speed);
    EXPECT_EQ(T[fluid[5].first], 0.0f);
    EXPECT_EQ(speed[fluid[5].first], 0.0f);
    sim->step(100);
    EXPECT_EQ(sim->count_nonfinite(), 0u);
    // The model has fluid and half-way walls only: an inlet is refused and nothing changes.
    const auto flags = sim->setup().flags;
    EXPECT_NE(error_of([&] {
                  sim->set_node_types({{fluid[0].first, kInlet}});
              }).find("not supported by the Boussinesq model"),
              std::string::npos);
    EXPECT_EQ(sim->setup().flags, flags);
    sim->step(1);
}

TEST(BoussinesqPresets, FrontsWhereHeavyFluidLiesOnLight) {
    const auto levels = [](const std::string& name) {
        KeyValues keys = kSmall.count(name) ? kSmall.at(name) : KeyValues{{"size", "16"}};
        if (name == "rt2d") keys["height"] = "48";
        return front_levels(build_scenario(name, keys));
    };
    const FrontLevels rt = levels("rt2d_boussinesq");
    EXPECT_TRUE(rt.measurable);
    EXPECT_NEAR(rt.T_hot, 0.5, 1e-6);
    EXPECT_NEAR(rt.T_cold, -0.5, 1e-6);
    EXPECT_TRUE(levels("rayleigh_benard2d").measurable); // plumes from the plates
    const FrontLevels d2q37 = levels("rt2d");
    EXPECT_TRUE(d2q37.measurable);
    EXPECT_NEAR(d2q37.T_hot, 1.1, 1e-6);
    EXPECT_NEAR(d2q37.T_cold, 0.9, 1e-6);
    const FrontLevels cavity = levels("heated_cavity2d");
    EXPECT_FALSE(cavity.layered);
    EXPECT_NE(cavity.why.find("heated_cavity2d has no Rayleigh-Taylor interface"),
              std::string::npos);
    const FrontLevels three_d = levels("rt3d_boussinesq");
    EXPECT_TRUE(three_d.layered);
    EXPECT_FALSE(three_d.measurable);
    EXPECT_NE(three_d.why.find("fronts are measured on 2D lattices"), std::string::npos);
    EXPECT_NE(levels("cavity2d").why.find("has no temperature; thermal scenarios: rt2d"),
              std::string::npos);

    // The mixing layer of rt2d_boussinesq grows; its time unit is sqrt(L / (A g)).
    auto sim = small("rt2d_boussinesq", {{"size", "32"}, {"height", "96"}});
    const SimulationSetup& s = sim->setup();
    EXPECT_NEAR(rt_time_scale(s), std::sqrt(32 / 1e-3), 1e-3);
    const auto width = [&] {
        const std::vector<float> T = whole_field(*sim, FieldKind::Temperature, true);
        return measure_fronts(T.data(), int(s.dims.nx), int(s.dims.ny), rt.T_hot, rt.T_cold).width;
    };
    const double w0 = width();
    sim->step(400);
    const double w1 = width();
    std::printf("rt2d_boussinesq mixing width %.2f -> %.2f rows in 400 steps\n", w0, w1);
    EXPECT_NEAR(w0, 2 * 0.02 * 32, 0.1); // twice the amplitude
    EXPECT_GT(w1, 3 * w0);
}

TEST(BoussinesqPresets, WarnsBeforeTheRun) {
    const auto has = [](const std::vector<std::string>& w, const std::string& what) {
        for (const auto& s : w)
            if (s.find(what) != std::string::npos) return true;
        return false;
    };
    for (const auto& spec : scenarios()) {
        if (!spec.has_temperature || spec.name == "rt2d") continue; // test_rt_fronts.cpp
        const SimulationSetup s = build_scenario(spec.name, cpu_sized(spec.name, {}));
        EXPECT_TRUE(thermal_warnings(s).empty()) << spec.name; // the CPU defaults run clean
    }
    const auto cavity = [](KeyValues k) {
        k["size"] = "64";
        return thermal_warnings(build_scenario("heated_cavity2d", k));
    };
    EXPECT_TRUE(has(cavity({{"velocity", "0.3"}}), "Mach 0.52"));
    EXPECT_TRUE(has(cavity({{"ra", "1e8"}}), "tau = 0.5016 is close to 1/2"));
    EXPECT_TRUE(has(
        thermal_warnings(build_scenario("rayleigh_benard2d", {{"size", "16"}, {"tau_t", "0.505"}})),
        "tau_t = 0.505"));
}

} // namespace
} // namespace ll

// Every propagation scheme and layout is the same streaming step with different addressing
// (solver/core/scheme.hpp), so all must produce the same flow. Reference: pull + SoA at the
// same precision. Lattices: D2Q9 24 x 16, D3Q19 and D3Q27 12 x 10 x 8; tau = 0.7, u_ref =
// 0.05, 200 and 201 steps (both parities of the in-place schemes). Tolerance: max velocity
// difference <= 1e-5 u_ref (FP32), <= 1e-12 u_ref (FP64); FP32 <-> FP64 switches use FP32's.
// Scenario A: periodic in x (and z), a free-slip + bounce-back bottom, a moving top wall,
// half-way bounce-back obstacles, a body force and a nonzero initial velocity.
// Scenario B: on-grid bounce-back walls, a velocity inlet and a pressure outlet; or, with
// pressure ends, an inlet and an outlet both held at densities (Zou & He 1997).
// The CPU's rows (cpu_rows.hpp) against its per-node update (LATTICELAB_CPU_ROWS=0): the same
// state bit for bit after 51 steps, both scenarios, every scheme and layout, FP32 and FP64.
#include "support/flow_fields.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <numbers>
#include <optional>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);
constexpr double kUref = 0.05;
constexpr Scheme kSchemes[] = {Scheme::Push, Scheme::Pull,     Scheme::Split,
                               Scheme::AA,   Scheme::Esoteric, Scheme::SharedX};
constexpr Layout kLayouts[] = {Layout::SoA, Layout::AoS};

double tolerance(Precision p) {
    return (p == Precision::FP32 ? 1e-5 : 1e-12) * kUref;
}

std::size_t at(const Dims& d, std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    return x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
}

SimulationSetup mixed_setup(const ModelChoice& model, bool boundary_nodes,
                            bool pressure_ends = false, std::optional<Dims> dims = {}) {
    SimulationSetup s;
    s.model = model;
    s.dims = dims ? *dims : dimensions(model.stencil) == 2 ? Dims{24, 16, 1} : Dims{12, 10, 8};
    const Dims d = s.dims;
    const std::size_t nodes = d.nodes();
    s.flags.assign(nodes, kFluid);
    s.rho.assign(nodes, 1.0);
    s.u.assign(3 * nodes, 0.0);
    s.u_ref = kUref;
    s.flow.tau = 0.7;
    s.flow.trt_lambda = 0.25;
    const double pi2 = 2 * std::numbers::pi;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const std::size_t n = at(d, x, y, z);
                const double X = pi2 * x / d.nx, Y = pi2 * y / d.ny, Z = pi2 * z / d.nz;
                s.u[3 * n] = kUref * std::sin(Y) * (1 + 0.3 * std::cos(X));
                s.u[3 * n + 1] = 0.2 * kUref * std::sin(X + Z);
                s.u[3 * n + 2] = d.nz > 1 ? 0.1 * kUref * std::cos(X - Y) : 0.0;
                s.rho[n] = 1 + 0.01 * std::sin(X + 2 * Y);
                if (!boundary_nodes) {
                    std::uint8_t t = kFluid;
                    if (y == 0) t = x < d.nx / 2 ? kFreeSlip : kSolid;
                    if (y == d.ny - 1) t = kMovingWall;
                    const bool block = x >= 3 && x <= 5 && y >= 4 && y <= 6 && z <= 3;
                    if (block || (x == d.nx - 3 && y == d.ny - 5)) t = kSolid;
                    s.flags[n] = t;
                } else {
                    std::uint8_t t = kFluid;
                    if (x == 0) t = kInlet;
                    if (x == d.nx - 1) t = kOutlet;
                    if (y == 0 || y == d.ny - 1) t = kWallOnGrid;
                    if (x == d.nx / 2 && y >= 3 && y <= 5) t = kWallOnGrid;
                    s.flags[n] = t;
                }
            }
    s.flow.wall_u[0] = kUref;
    s.flow.wall_u[2] = d.nz > 1 ? 0.3 * kUref : 0.0;
    s.flow.force[0] = 2e-6;
    s.flow.force[1] = -1e-6;
    s.flow.inlet_u[0] = kUref;
    s.flow.outlet_rho = 1.0;
    if (pressure_ends) {
        s.flow.pressure_ends = true;
        s.flow.inlet_rho = 1.01;
        s.flow.outlet_rho = 0.995;
    }
    return s;
}

std::string label(const ModelChoice& m) {
    return std::string(to_string(m.scheme)) + "/" + std::string(to_string(m.layout)) + "/" +
           std::string(to_string(m.precision));
}

struct Case {
    StencilKind stencil;
    CollisionKind collision;
    Precision precision;
    bool boundary_nodes;
    bool pressure_ends = false;
};

std::string describe_case(const Case& c) {
    return std::string(to_string(c.stencil)) + "_" + std::string(to_string(c.collision)) + "_" +
           std::string(to_string(c.precision)) + (c.boundary_nodes ? "_inlet_outlet_ongrid" : "") +
           (c.pressure_ends ? "_pressure_ends" : "");
}
std::string case_name(const testing::TestParamInfo<Case>& info) {
    return describe_case(info.param);
}
void PrintTo(const Case& c, std::ostream* os) {
    *os << describe_case(c);
}

class SchemeEquivalence : public testing::TestWithParam<Case> {};

TEST_P(SchemeEquivalence, EverySchemeAndLayoutGivesTheSameFlow) {
    const Case c = GetParam();
    ModelChoice ref_model{c.stencil, c.collision, Scheme::Pull, Layout::SoA, c.precision, {}};
    auto ref = Simulation::create(mixed_setup(ref_model, c.boundary_nodes, c.pressure_ends),
                                  BackendKind::Cpu);
    ref->step(200);
    const test::FlowField ref200 = test::flow_field(*ref);
    ref->step(1);
    const test::FlowField ref201 = test::flow_field(*ref);
    // The flow must actually move and stay finite, or the comparison proves nothing.
    double umax = 0;
    for (double v : ref201.u)
        umax = std::max(umax, std::abs(v));
    ASSERT_TRUE(std::isfinite(umax));
    ASSERT_GT(umax, 0.2 * kUref);
    ASSERT_GT(test::max_velocity_difference(ref200, ref201), 1e-6 * kUref);
    for (Scheme sc : kSchemes)
        for (Layout l : kLayouts) {
            ModelChoice m = ref_model;
            m.scheme = sc;
            m.layout = l;
            auto sim = Simulation::create(mixed_setup(m, c.boundary_nodes, c.pressure_ends),
                                          BackendKind::Cpu);
            sim->step(200);
            EXPECT_LE(test::max_velocity_difference(test::flow_field(*sim), ref200),
                      tolerance(c.precision))
                << label(m) << " after 200 steps";
            sim->step(1);
            EXPECT_LE(test::max_velocity_difference(test::flow_field(*sim), ref201),
                      tolerance(c.precision))
                << label(m) << " after 201 steps";
        }
}

std::vector<Case> all_cases() {
    std::vector<Case> v;
    for (bool boundary_nodes : {false, true})
        for (StencilKind st : {StencilKind::D2Q9, StencilKind::D3Q19, StencilKind::D3Q27})
            for (CollisionKind co : {CollisionKind::BGK, CollisionKind::TRT, CollisionKind::MRT})
                for (Precision p : {Precision::FP32, Precision::FP64}) {
                    if (co == CollisionKind::MRT && st == StencilKind::D3Q27) continue;
                    // The boundary-node scenario runs once per stencil and precision (TRT),
                    // with either kind of inlet and outlet.
                    if (boundary_nodes && co != CollisionKind::TRT) continue;
                    v.push_back({st, co, p, boundary_nodes});
                    if (boundary_nodes) v.push_back({st, co, p, true, true});
                }
    return v;
}

INSTANTIATE_TEST_SUITE_P(All, SchemeEquivalence, testing::ValuesIn(all_cases()), case_name);

// The state after `steps` steps of the scenario (on `dims`, else its own), the rows on or off.
std::vector<double> cpu_state(const ModelChoice& m, bool boundary_nodes, bool rows, int steps,
                              std::optional<Dims> dims = {}) {
    const test::ScopedEnv env("LATTICELAB_CPU_ROWS", rows ? "1" : "0");
    auto sim = Simulation::create(mixed_setup(m, boundary_nodes, false, dims), BackendKind::Cpu);
    sim->step(steps);
    std::vector<double> f;
    sim->export_state(f);
    return f;
}

// A CPU engine is refused when switch `name` holds `value` (not auto, 1 or 0). The engine reads
// its switches when it is made, or the tests below would compare rows with rows.
void expect_switch_refused(const char* name, const char* value) {
    const ModelChoice any{StencilKind::D2Q9, CollisionKind::TRT, Scheme::Pull,
                          Layout::SoA,       Precision::FP32,    {}};
    const test::ScopedEnv env(name, value);
    EXPECT_THROW(Simulation::create(mixed_setup(any, false), BackendKind::Cpu), ConfigError)
        << name << " = " << value;
}

// Rows of 24 and 12 nodes (runs of 22 and 10), 41 (runs of 39, walls aside) and 150 (148): a
// run's last block of 16 FP32 or 8 FP64 nodes shares nodes with its lanes (update_run), read
// before the first chunk of lanes or before a later one (SoA's prefetched chunks of 64 FP32 or
// 32 FP64 nodes), or the run is shorter than a block.
TEST(CpuRows, RowsComputeWhatThePerNodeUpdateComputes) {
    expect_switch_refused("LATTICELAB_CPU_ROWS", "2");
    for (StencilKind st : {StencilKind::D2Q9, StencilKind::D3Q19})
        for (std::uint32_t row_length : {0u, 41u, 150u}) // 0: the default rows
            for (bool boundary_nodes : {false, true})
                for (Precision p : {Precision::FP32, Precision::FP64})
                    for (Scheme sc : kSchemes)
                        for (Layout l : kLayouts) {
                            const ModelChoice m{st, CollisionKind::TRT, sc, l, p, {}};
                            std::optional<Dims> d;
                            if (row_length)
                                d = dimensions(st) == 2 ? Dims{row_length, 8, 1}
                                                        : Dims{row_length, 5, 4};
                            const std::vector<double> rows =
                                cpu_state(m, boundary_nodes, true, 51, d);
                            const std::vector<double> nodes =
                                cpu_state(m, boundary_nodes, false, 51, d);
                            ASSERT_EQ(rows.size(), nodes.size());
                            std::size_t differ = 0;
                            for (std::size_t k = 0; k < rows.size(); ++k)
                                differ += std::memcmp(&rows[k], &nodes[k], sizeof(double)) != 0;
                            EXPECT_EQ(differ, 0u)
                                << to_string(st) << " " << label(m)
                                << (boundary_nodes ? " inlet/outlet" : " walls")
                                << (row_length ? ", rows of " + std::to_string(row_length) : "");
                        }
}

// The SoA rows' prefetch (cpu_rows.hpp) moves no value: the same bits with it and without, on
// rows long enough for several of its chunks (148 plain nodes: 2 FP32 chunks and more, 4+ FP64).
TEST(CpuRows, PrefetchChangesNoValue) {
    expect_switch_refused("LATTICELAB_CPU_PREFETCH", "yes");
    for (StencilKind st : {StencilKind::D2Q9, StencilKind::D3Q19})
        for (Precision p : {Precision::FP32, Precision::FP64})
            for (Scheme sc : kSchemes) {
                const ModelChoice m{st, CollisionKind::TRT, sc, Layout::SoA, p, {}};
                const Dims d = dimensions(st) == 2 ? Dims{150, 12, 1} : Dims{150, 6, 5};
                const auto state = [&](const char* prefetch) {
                    const test::ScopedEnv env("LATTICELAB_CPU_PREFETCH", prefetch);
                    return cpu_state(m, false, true, 21, d);
                };
                const std::vector<double> with = state("1"), without = state("0");
                ASSERT_EQ(with.size(), without.size());
                EXPECT_EQ(std::memcmp(with.data(), without.data(), with.size() * sizeof(double)), 0)
                    << to_string(st) << " " << label(m);
            }
}

// layout = aosoa moves the same values through other addresses, so it computes SoA's bits in
// every scheme it is built for, with walls, inlets and outlets, and where the lattice's nodes
// leave the last tile of 32 partly empty (25 x 15 and 13 x 10 x 7).
TEST(AoSoA, ComputesWhatSoAComputes) {
    for (StencilKind st : {StencilKind::D2Q9, StencilKind::D3Q19, StencilKind::D3Q27})
        for (bool boundary_nodes : {false, true})
            for (Precision p : {Precision::FP32, Precision::FP64})
                for (Scheme sc : {Scheme::Pull, Scheme::AA, Scheme::Esoteric}) {
                    const Dims d = dimensions(st) == 2 ? Dims{25, 15, 1} : Dims{13, 10, 7};
                    const auto state = [&](Layout l) {
                        const ModelChoice m{st, CollisionKind::TRT, sc, l, p, {}};
                        return cpu_state(m, boundary_nodes, true, 51, d);
                    };
                    const std::vector<double> soa = state(Layout::SoA),
                                              aosoa = state(Layout::AoSoA);
                    ASSERT_EQ(soa.size(), aosoa.size());
                    EXPECT_EQ(std::memcmp(soa.data(), aosoa.data(), soa.size() * sizeof(double)), 0)
                        << to_string(st) << " " << to_string(sc) << " " << to_string(p)
                        << (boundary_nodes ? " inlet/outlet" : " walls");
                }
}

TEST(AoSoA, RefusedWhereItIsNotBuiltNamingTheKey) {
    const Dims d{16, 16, 1};
    const auto why = [&](Scheme sc, std::optional<Storage> storage) {
        return compatibility_error(
            {StencilKind::D2Q9, CollisionKind::BGK, sc, Layout::AoSoA, Precision::FP32, storage},
            d);
    };
    EXPECT_EQ(why(Scheme::AA, {}), "");
    EXPECT_NE(why(Scheme::Push, {}).find("layout = aosoa"), std::string::npos);
    EXPECT_NE(why(Scheme::SharedX, {}).find("pull|aa|esoteric"), std::string::npos);
    EXPECT_NE(why(Scheme::Pull, Storage::FP16S).find("fp16s"), std::string::npos);
    SimulationSetup s = mixed_setup(
        {StencilKind::D2Q9, CollisionKind::BGK, Scheme::Pull, Layout::AoSoA, Precision::FP32, {}},
        false);
    s.boussinesq.enabled = true;
    try {
        Simulation::create(s, BackendKind::Cpu);
        ADD_FAILURE() << "a Boussinesq AoSoA engine was made";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("layout = aosoa"), std::string::npos) << e.what();
    }
}

// set_model mid-run keeps the flow: k steps with A, switch to B, 100 more == k + 100 of A.
class ModelSwitch : public testing::TestWithParam<Case> {};

TEST_P(ModelSwitch, SwitchingSchemeLayoutOrPrecisionKeepsTheFlow) {
    const Case c = GetParam();
    const ModelChoice a{c.stencil, c.collision, Scheme::Esoteric, Layout::AoS, Precision::FP64, {}};
    for (int first : {100, 101}) {
        auto ref = Simulation::create(mixed_setup(a, false), BackendKind::Cpu);
        ref->step(first + 100);
        const test::FlowField want = test::flow_field(*ref);
        for (Scheme sc : kSchemes)
            for (Layout l : {Layout::SoA, Layout::AoS, Layout::AoSoA})
                for (Precision p : {Precision::FP32, Precision::FP64}) {
                    const ModelChoice b{c.stencil, c.collision, sc, l, p, {}};
                    if (l == Layout::AoSoA && !aosoa_offered(b)) continue; // not built
                    const double tol = tolerance(p);
                    for (bool a_first : {true, false}) {
                        auto sim = Simulation::create(mixed_setup(a_first ? a : b, false),
                                                      BackendKind::Cpu);
                        sim->step(first);
                        sim->set_model(a_first ? b : a);
                        sim->step(100);
                        EXPECT_LE(test::max_velocity_difference(test::flow_field(*sim), want), tol)
                            << (a_first ? "esoteric/aos/fp64 -> " : "") << label(b)
                            << (a_first ? "" : " -> esoteric/aos/fp64") << " after " << first;
                    }
                }
    }
}

INSTANTIATE_TEST_SUITE_P(
    All, ModelSwitch,
    testing::Values(Case{StencilKind::D2Q9, CollisionKind::TRT, Precision::FP64, false},
                    Case{StencilKind::D3Q19, CollisionKind::MRT, Precision::FP64, false},
                    Case{StencilKind::D3Q27, CollisionKind::BGK, Precision::FP64, false}),
    case_name);

// Drawing an obstacle into a running flow: the nodes become walls, nothing crashes, and all
// schemes still agree afterwards (the redirects of the new walls are scheme-independent).
TEST(SetNodeTypes, DrawnObstacleBecomesWallUnderEveryScheme) {
    const ModelChoice ref_model{StencilKind::D2Q9, CollisionKind::TRT, Scheme::Pull,
                                Layout::SoA,       Precision::FP64,    {}};
    const Dims d = mixed_setup(ref_model, false).dims;
    std::vector<std::pair<node_t, NodeType>> edits;
    for (std::uint32_t y = 8; y <= 10; ++y)
        for (std::uint32_t x = 14; x <= 16; ++x)
            edits.push_back({node_t(at(d, x, y, 0)), kSolid});
    edits.push_back({node_t(at(d, 4, 5, 0)), kFluid}); // erase part of the old block
    edits.push_back({node_t(at(d, 20, 12, 0)), kMovingWall});
    test::FlowField ref;
    for (Scheme sc : kSchemes)
        for (Layout l : kLayouts) {
            ModelChoice m = ref_model;
            m.scheme = sc;
            m.layout = l;
            auto sim = Simulation::create(mixed_setup(m, false), BackendKind::Cpu);
            sim->step(51);
            sim->set_node_types(edits);
            for (const auto& [n, t] : edits)
                EXPECT_EQ(node_type(sim->setup().flags[n]), t);
            // A fluid neighbour of the new block now knows it is near a wall.
            EXPECT_TRUE(near_wall(sim->setup().flags[at(d, 13, 9, 0)]));
            sim->step(50);
            MacroField mf;
            sim->read_macro(mf);
            for (std::size_t n = 0; n < mf.rho.size(); ++n)
                ASSERT_TRUE(std::isfinite(mf.rho[n]) && std::isfinite(mf.ux[n])) << n;
            const std::size_t centre = at(d, 15, 9, 0);
            EXPECT_EQ(mf.rho[centre], 1.0f);
            EXPECT_EQ(mf.ux[centre], 0.0f);
            // a moving-wall node reports u_w (compared as the float the fields used to hold)
            EXPECT_EQ(float(mf.ux[at(d, 20, 12, 0)]), float(kUref));
            const test::FlowField now = test::flow_field(*sim);
            EXPECT_FALSE(now.updated[centre]);
            EXPECT_TRUE(now.updated[at(d, 4, 5, 0)]);
            if (ref.u.empty())
                ref = now;
            else
                EXPECT_LE(test::max_velocity_difference(now, ref), tolerance(Precision::FP64))
                    << label(m);
        }
}

} // namespace
} // namespace ll

// N subdomains give the same flow as one domain (issue 12's exactness rule): the tiles run the
// same node update on the same values, so in FP64 and FP32 the state after 500 and 501 steps
// (both parities of the in-place schemes) is equal bit for bit. Lattices with every kind of
// boundary crossing a cut: periodic wraps, bounce-back and moving walls, obstacles across
// subdomain edges, a body force, inlets and outlets (cylinder2d), and the Boussinesq model's
// temperature population (rayleigh_benard2d). Uneven splits (3 tiles over 16 or 10 nodes).
#include "solver/domain/tiled_engine.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/flow_fields.hpp"
#include "support/same_state.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);
constexpr Scheme kSchemes[] = {Scheme::Push, Scheme::Pull,     Scheme::Split,
                               Scheme::AA,   Scheme::Esoteric, Scheme::SharedX};

// Periodic in x (and z); a bounce-back floor, a moving lid, an obstacle across the middle of
// the lattice and a body force; a nonzero initial flow.
SimulationSetup walled_setup(StencilKind stencil, Scheme scheme, Precision precision) {
    SimulationSetup s;
    s.model.stencil = stencil;
    s.model.scheme = scheme;
    s.model.precision = precision;
    s.model.collision = CollisionKind::TRT;
    s.dims = stencil == StencilKind::D2Q9 ? Dims{24, 16, 1} : Dims{12, 10, 8};
    const Dims d = s.dims;
    s.flags.assign(d.nodes(), kFluid);
    s.rho.assign(d.nodes(), 1.0);
    s.u.assign(3 * d.nodes(), 0.0);
    s.flow.tau = 0.7;
    s.flow.force[0] = 1e-5;
    s.flow.wall_u[0] = 0.05;
    const double pi2 = 2 * std::numbers::pi;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const std::size_t n = x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
                const double X = pi2 * x / d.nx, Y = pi2 * y / d.ny;
                s.u[3 * n] = 0.05 * std::sin(Y) * (1 + 0.3 * std::cos(X));
                s.u[3 * n + 1] = 0.01 * std::sin(X + Y);
                s.rho[n] = 1 + 0.01 * std::sin(X + 2 * Y);
                std::uint8_t t = kFluid;
                if (y == 0) t = kSolid;
                if (y == d.ny - 1) t = kMovingWall;
                const std::uint32_t mid = d.nx / 2;
                if (x + 1 >= mid && x <= mid + 1 && y >= 4 && y <= 6 && z <= 3) t = kSolid;
                s.flags[n] = t;
            }
    return s;
}

std::vector<double> state_after(SimulationSetup s, const Tiles& tiles, int steps) {
    s.tiles = tiles;
    auto sim = Simulation::create(std::move(s), BackendKind::Cpu);
    sim->step(steps);
    std::vector<double> f;
    sim->export_state(f);
    return f;
}

void expect_tiles_match(const SimulationSetup& s, const std::vector<Tiles>& tilings) {
    for (int steps : {500, 501}) {
        const std::vector<double> one = state_after(s, {}, steps);
        // A blown-up flow would compare equal as infinities: the flows here stay finite.
        ASSERT_TRUE(std::all_of(one.begin(), one.end(), [](double v) { return std::isfinite(v); }))
            << s.scenario << " is not stable over " << steps << " steps";
        for (const Tiles& t : tilings)
            test::expect_same_state(one, state_after(s, t, steps),
                                    std::string(to_string(s.model.scheme)) + " " + to_string(t) +
                                        " after " + std::to_string(steps) + " steps");
    }
}

TEST(TiledEngine, D2Q9EverySchemeMatchesOneDomainBitForBit) {
    for (Scheme sc : kSchemes)
        expect_tiles_match(walled_setup(StencilKind::D2Q9, sc, Precision::FP64),
                           {Tiles{{2, 1, 1}}, Tiles{{1, 3, 1}}, Tiles{{3, 2, 1}}});
}

TEST(TiledEngine, D3Q19EverySchemeMatchesOneDomainIn1D2DAnd3DTilings) {
    for (Scheme sc : kSchemes)
        expect_tiles_match(walled_setup(StencilKind::D3Q19, sc, Precision::FP64),
                           {Tiles{{1, 1, 2}}, Tiles{{3, 2, 1}}, Tiles{{2, 2, 2}}});
}

// AoSoA tiles (their local lattices' node counts leave the last tile of 32 partly empty, and a
// cut along x pads rows) against one AoSoA domain.
TEST(TiledEngine, AoSoATilesMatchOneDomainBitForBit) {
    for (Scheme sc : {Scheme::Pull, Scheme::AA, Scheme::Esoteric}) {
        SimulationSetup s = walled_setup(StencilKind::D3Q19, sc, Precision::FP64);
        s.model.layout = Layout::AoSoA;
        expect_tiles_match(s, {Tiles{{2, 1, 1}}, Tiles{{1, 2, 2}}});
    }
}

// Rows padded to whole warps (LATTICELAB_TILE_ROWS=warp: 32 nodes for 4 to 6 owned ones and
// their halos) hold more padding than the lattice is wide: the frames' offsets reach past one
// wrap of it, and the tiles still equal one domain.
TEST(TiledEngine, WarpRowsMatchOneDomainBitForBit) {
    const test::ScopedEnv rows("LATTICELAB_TILE_ROWS", "warp");
    for (Scheme sc : {Scheme::Pull, Scheme::AA})
        expect_tiles_match(walled_setup(StencilKind::D3Q19, sc, Precision::FP64),
                           {Tiles{{3, 1, 1}}, Tiles{{2, 2, 2}}});
}

TEST(TiledEngine, FP32MatchesOneDomainBitForBit) {
    expect_tiles_match(walled_setup(StencilKind::D3Q19, Scheme::AA, Precision::FP32),
                       {Tiles{{2, 1, 2}}});
}

// A free-slip floor under the left half (its reflection reads a population written one node
// along the wall, which may be in the next tile) and, in 3-D, free-slip side walls at z = 0.
// The flow starts at rest, driven by the force and the lid: where a free-slip and a solid wall
// meet, two wall rules share one slot, which an import of a moving state cannot fill for both
// (one domain as much as tiles); at rest both values are the same equilibrium.
TEST(TiledEngine, FreeSlipWallsAcrossCuts) {
    for (StencilKind st : {StencilKind::D2Q9, StencilKind::D3Q19})
        for (Scheme sc : kSchemes) {
            SimulationSetup s = walled_setup(st, sc, Precision::FP64);
            const Dims d = s.dims;
            std::fill(s.u.begin(), s.u.end(), 0.0);
            std::fill(s.rho.begin(), s.rho.end(), 1.0);
            for (std::uint32_t z = 0; z < d.nz; ++z)
                for (std::uint32_t x = 0; x < d.nx; ++x) {
                    if (x < d.nx / 2) s.flags[x + std::size_t(d.nx) * d.ny * z] = kFreeSlip;
                    if (d.nz > 1 && z == 0)
                        for (std::uint32_t y = 1; y + 1 < d.ny; ++y)
                            s.flags[x + std::size_t(d.nx) * y] = kFreeSlip;
                }
            expect_tiles_match(s, {Tiles{{2, 1, 1}}, Tiles{{3, 2, 1}},
                                   d.nz > 1 ? Tiles{{2, 1, 2}} : Tiles{{1, 2, 1}}});
        }
}

double max_velocity_gap(SimulationSetup s, const Tiles& t, const MacroField& ref) {
    s.tiles = t;
    auto sim = Simulation::create(std::move(s), BackendKind::Cpu);
    sim->step(500);
    MacroField m;
    sim->read_macro(m);
    double gap = 0;
    for (std::size_t n = 0; n < m.ux.size(); ++n)
        gap = std::max({gap, std::abs(m.ux[n] - ref.ux[n]), std::abs(m.uy[n] - ref.uy[n])});
    return gap;
}

// 16-bit storages round stochastically with a noise seeded by the node's index, which is the
// tile's own: tiles are another draw of the same noise, as close to the FP32 flow as one domain
// (here within twice one domain's distance: 1.4 times for fp16s, 1.1 for fp16c; both near 1e-3
// u_ref after 500 steps).
TEST(TiledEngine, SixteenBitTilesAreAsCloseToFp32AsOneDomain) {
    const SimulationSetup fp32 = walled_setup(StencilKind::D2Q9, Scheme::AA, Precision::FP32);
    auto reference = Simulation::create(fp32, BackendKind::Cpu);
    reference->step(500);
    MacroField ref;
    reference->read_macro(ref);
    for (Storage st : {Storage::FP16S, Storage::FP16C}) {
        SimulationSetup s = fp32;
        set_storage(s.model, st);
        const double one = max_velocity_gap(s, {}, ref);
        const double tiles = max_velocity_gap(s, Tiles{{2, 2, 1}}, ref);
        EXPECT_GT(one, 0) << "16-bit storage left no trace";
        EXPECT_LT(tiles, 2 * one) << to_string(st) << ": one domain " << one;
        EXPECT_LT(tiles, 2e-3 * 0.05) << to_string(st);
    }
}

TEST(TiledEngine, InletOutletAndCylinderAcrossCuts) {
    SimulationSetup s = build_scenario(
        "cylinder2d", {{"size", "6"}, {"re", "20"}, {"precision", "fp64"}, {"scheme", "esoteric"}});
    expect_tiles_match(s, {Tiles{{3, 1, 1}}, Tiles{{2, 2, 1}}});
}

TEST(TiledEngine, BoussinesqTemperatureCrossesCuts) {
    SimulationSetup s = build_scenario("rayleigh_benard2d",
                                       {{"size", "12"}, {"precision", "fp64"}, {"scheme", "aa"}});
    expect_tiles_match(s, {Tiles{{2, 1, 1}}, Tiles{{2, 2, 1}}});
}

TEST(TiledEngine, FieldsAndMacrosAreThoseOfTheWholeLattice) {
    const SimulationSetup s = walled_setup(StencilKind::D2Q9, Scheme::Pull, Precision::FP64);
    auto one = Simulation::create(s, BackendKind::Cpu);
    SimulationSetup tiled = s;
    tiled.tiles = Tiles{{3, 2, 1}};
    auto split = Simulation::create(tiled, BackendKind::Cpu);
    one->step(50);
    split->step(50);
    test::expect_same_macros(*one, *split);
    const FieldRegion whole{true};
    std::vector<float> va(s.dims.nodes()), vb(s.dims.nodes());
    FieldRequest req;
    req.kind = FieldKind::Vorticity;
    one->read_field(req, whole, va.data(), MemorySpace::Host);
    split->read_field(req, whole, vb.data(), MemorySpace::Host);
    EXPECT_EQ(va, vb);
    // Pointwise fields come from the tiles themselves: whole, and slices across both cuts.
    req.kind = FieldKind::Speed;
    req.mask_walls = true;
    one->read_field(req, whole, va.data(), MemorySpace::Host);
    split->read_field(req, whole, vb.data(), MemorySpace::Host);
    EXPECT_EQ(std::memcmp(va.data(), vb.data(), va.size() * sizeof(float)), 0); // NaN walls too
    for (const FieldRegion slice : {FieldRegion{false, Axis::X, 13}, FieldRegion{false, Axis::Y, 8},
                                    FieldRegion{false, Axis::Z, 0}}) {
        std::vector<float> sa(region_size(s.dims, slice)), sb(sa.size(), -1.0f);
        one->read_field(req, slice, sa.data(), MemorySpace::Host);
        split->read_field(req, slice, sb.data(), MemorySpace::Host);
        EXPECT_EQ(std::memcmp(sa.data(), sb.data(), sa.size() * sizeof(float)), 0)
            << "slice normal to axis " << int(slice.axis);
    }
    EXPECT_EQ(split->count_nonfinite(), 0u);
    EXPECT_NE(split->device().device.find("6 subdomains (3x2x1)"), std::string::npos)
        << split->device().device;
}

TEST(TiledEngine, RefusesWhatItCannotSplitNamingWhy) {
    SimulationSetup s = walled_setup(StencilKind::D2Q9, Scheme::Pull, Precision::FP64);
    s.tiles = Tiles{{1, 1, 2}};
    try {
        Simulation::create(s, BackendKind::Cpu);
        ADD_FAILURE() << "a z cut on a 2-D lattice was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("z"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace ll

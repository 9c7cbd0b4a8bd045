// The x faces of a pull tile cut along x (core/x_faces.hpp): which tiles keep them; that the
// populations an x-edge node sends and the halo values an x-edge node pulls live there, one
// value per row, consecutive along y (the point of them: the halo copy moves whole sectors);
// that the copies between faces form runs of whole sectors; and that a tiled pull flow with
// walls, an obstacle and free-slip walls across the x cuts is the same with and without them.
// That tiles with faces equal one domain bit for bit is test_tiled_engine's.
#include "solver/domain/halo_plan.hpp"
#include "solver/domain/tiled_engine.hpp"
#include "solver/engine/population_sets.hpp"
#include "solver/models/isothermal/model.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/same_state.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace ll {
namespace {

const Dims kWhole{16, 6, 4};
using Model = IsothermalModel<D3Q19, double>;

// The configuration of tile `tile` of `t` over kWhole, as TiledEngine makes it (rows aligned on
// 4 FP64 nodes: 8 owned nodes, the right halo, padding, the left halo at x = 11).
EngineConfig tile_config(const Tiles& t, int tile, Scheme scheme, Layout layout = Layout::SoA) {
    EngineConfig c;
    c.model.stencil = StencilKind::D3Q19;
    c.model.precision = Precision::FP64;
    c.model.scheme = scheme;
    c.model.layout = layout;
    const TileFrame f = tile_frame(t, kWhole, tile, 1, 4);
    c.dims = f.local;
    c.tile = f.place(kWhole);
    return c;
}

TEST(XFaces, OnlyAPullTileCutAlongXWithAlignedRowsKeepsThem) {
    const XFaces f = x_faces_of(tile_config(Tiles{{2, 1, 1}}, 1, Scheme::Pull), D3Q19::Q);
    EXPECT_EQ(f.own, 8u);
    EXPECT_EQ(f.rows, 32u); // 6 x 4 rows, on whole 128-byte lines
    EXPECT_EQ(x_faces_of(tile_config(Tiles{{2, 1, 1}}, 1, Scheme::AA), D3Q19::Q).own, 0u);
    EXPECT_EQ(x_faces_of(tile_config(Tiles{{1, 2, 1}}, 0, Scheme::Pull), D3Q19::Q).own, 0u);
    EngineConfig c = tile_config(Tiles{{2, 1, 1}}, 0, Scheme::Pull);
    c.tile.x_faces = false; // LATTICELAB_X_FACES=0
    EXPECT_EQ(x_faces_of(c, D3Q19::Q).own, 0u);
    c = tile_config(Tiles{{2, 1, 1}}, 0, Scheme::Pull);
    c.dims = kWhole;
    c.tile = {}; // one domain
    EXPECT_EQ(x_faces_of(c, D3Q19::Q).own, 0u);
}

// Node x of row (y, 1) names a face element for direction i exactly where it sends across x
// (x = 7 along c_x > 0, x = 0 along c_x < 0) or is the halo an edge node pulls from (x = 11,
// the left halo, along c_x > 0; x = 8 along c_x < 0); consecutive rows name consecutive
// elements. Every other slot stays in the population arrays, below the faces.
template <Layout L>
void expect_crossings_in_faces() {
    const EngineConfig c = tile_config(Tiles{{2, 1, 1}}, 0, Scheme::Pull, L);
    const XFaces f = model_x_faces<Model>(0, c);
    ASSERT_EQ(f.own, 8u);
    ASSERT_EQ(c.dims.nx, 12u);
    const std::uint64_t end = set_elements<Model>(0, c);
    EXPECT_EQ(end, f.base + x_face_elements(f, D3Q19::Q));
    for (int i = 0; i < D3Q19::Q; ++i)
        for (std::uint32_t x : {0u, 3u, 7u, 8u, 9u, 11u}) {
            const int cx = cvel<D3Q19>(i, 0);
            const bool sent = (x == 7 && cx > 0) || (x == 0 && cx < 0);
            const bool received = (x == 11 && cx > 0) || (x == 8 && cx < 0);
            const auto at = [&](std::uint32_t y) { // z = 1
                return outgoing_element<Model, L, Scheme::Pull>(
                    c, 0, x + c.dims.nx * (y + c.dims.ny), i, 0);
            };
            const std::string what = "layout " + std::to_string(int(L)) + ", direction " +
                                     std::to_string(i) + ", x " + std::to_string(x);
            if (!sent && !received) {
                EXPECT_LT(at(1), f.base) << what;
                continue;
            }
            const auto kind = sent ? FaceKind::Sent : FaceKind::Received;
            EXPECT_EQ(at(1), x_face_element(f, i, kind, 1 + c.dims.ny)) << what;
            EXPECT_LT(at(1), end) << what;
            EXPECT_EQ(at(2), at(1) + 1) << what;
        }
}

TEST(XFaces, CrossingPopulationsLiveInFacesOneValuePerRow) {
    expect_crossings_in_faces<Layout::SoA>();
    expect_crossings_in_faces<Layout::AoS>();
    expect_crossings_in_faces<Layout::AoSoA>();
}

// The gather's test (pulls_from_received_face, on the node's column) and the one element_at
// and the halo lists make (in_received_face, on the source column) name the same slots: for
// every column of rows with and without padding, halo columns included, and every direction.
template <class S>
void expect_gather_test_is_the_source_column_test() {
    for (std::uint32_t own : {1u, 2u, 7u, 128u})
        for (std::uint32_t pad : {0u, 6u}) {
            const Dims d{own + 2 + pad, 3, 3};
            const XFaces f{own, d.ny * d.nz, 0};
            for (std::uint32_t x = 0; x < d.nx; ++x)
                for (int i = 0; i < S::Q; ++i) {
                    const std::uint32_t source = step_coord(x, -cvel<S>(i, 0), d.nx);
                    EXPECT_EQ(pulls_from_received_face<S>(f, x, i),
                              in_received_face<S>(f, d, source, i))
                        << "own " << own << ", nx " << d.nx << ", x " << x << ", direction " << i;
                }
        }
}

TEST(XFaces, GatherTestNamesTheSourceColumnsFaceSlots) {
    expect_gather_test_is_the_source_column_test<D2Q9>();
    expect_gather_test_is_the_source_column_test<D3Q19>();
    expect_gather_test_is_the_source_column_test<D3Q27>();
}

TEST(XFaces, SettingIsReadAndCheckedByName) {
    unsetenv("LATTICELAB_X_FACES");
    EXPECT_TRUE(x_faces_requested());
    setenv("LATTICELAB_X_FACES", "0", 1);
    EXPECT_FALSE(x_faces_requested());
    setenv("LATTICELAB_X_FACES", "off", 1);
    try {
        x_faces_requested();
        ADD_FAILURE() << "LATTICELAB_X_FACES=off was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("LATTICELAB_X_FACES"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("'off'"), std::string::npos) << e.what();
    }
    unsetenv("LATTICELAB_X_FACES");
}

// A pull flow with a body force, stepped in `tiles` with faces (the default) and with the x
// columns in the rows (LATTICELAB_X_FACES=0): the same state, bit for bit.
void expect_same_flow_with_and_without_faces(SimulationSetup s, const Tiles& tiles,
                                             const std::string& what) {
    s.model.stencil = StencilKind::D3Q19;
    s.model.scheme = Scheme::Pull;
    s.model.precision = Precision::FP64;
    s.rho.assign(s.dims.nodes(), 1.0);
    s.u.assign(3 * s.dims.nodes(), 0.0);
    s.flow.tau = 0.7;
    s.flow.force[0] = 1e-4;
    s.flow.force[2] = 3e-5;
    s.tiles = tiles;
    const auto run = [&](const char* faces) {
        setenv("LATTICELAB_X_FACES", faces, 1);
        auto sim = Simulation::create(s, BackendKind::Cpu);
        unsetenv("LATTICELAB_X_FACES");
        sim->step(60);
        std::vector<double> f;
        sim->export_state(f);
        return f;
    };
    test::expect_same_state(run("0"), run("auto"), what + ", faces against rows");
}

node_t at(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    return x + kWhole.nx * (y + kWhole.ny * z);
}

// Walls, a moving lid, an obstacle next to the cut at x = 8 and a free-slip wall along x.
TEST(XFaces, SameFlowWithAndWithoutFaces) {
    SimulationSetup s;
    s.dims = kWhole;
    s.flags.assign(s.dims.nodes(), kFluid);
    for (std::uint32_t x = 0; x < s.dims.nx; ++x) {
        s.flags[at(x, 0, 0)] = kSolid;
        s.flags[at(x, kWhole.ny - 1, 0)] = kMovingWall; // the lid
        s.flags[at(x, 0, kWhole.nz - 1)] = kFreeSlip;
    }
    s.flags[at(7, 2, 0)] = kSolid; // next to the cut at x = 8
    s.flow.wall_u[0] = 0.05;
    expect_same_flow_with_and_without_faces(s, Tiles{{2, 1, 2}}, "pull 2x1x2");
}

// A free-slip plate on the x cut (x = 8), across the z cut (2x1x2) or the y cut (2x2x1): a node
// at x = 7 beside it reflects what its neighbour along the plate sent, which for a neighbour
// in a z or y halo row is a halo value at an x-edge column: it stays in the halo node's slot,
// not in a face (found in review).
TEST(XFaces, FreeSlipPlateOnTheXCutAcrossAnotherCut) {
    SimulationSetup s;
    s.dims = kWhole;
    s.flags.assign(s.dims.nodes(), kFluid);
    for (std::uint32_t z = 0; z < kWhole.nz; ++z)
        for (std::uint32_t y = 1; y + 1 < kWhole.ny; ++y)
            s.flags[at(8, y, z)] = kFreeSlip;
    expect_same_flow_with_and_without_faces(s, Tiles{{2, 1, 2}}, "pull 2x1x2, plate at x = 8");
    expect_same_flow_with_and_without_faces(s, Tiles{{2, 2, 1}}, "pull 2x2x1, plate at x = 8");
}

} // namespace
} // namespace ll

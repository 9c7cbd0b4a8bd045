// A region put together from tiles (solver/domain/region_pieces.hpp): for even and uneven
// tilings along 1, 2 and 3 axes, every element of a slice (normal to x, y and z, at the edges
// and across cuts) or of the whole lattice comes from exactly one tile, from the node that
// tile owns there, never from a halo; and the tiled engine's device read of CPU tiles (host
// memory, as a CPU engine's) equals its host read.
#include "solver/domain/region_pieces.hpp"
#include "solver/domain/tiled_engine.hpp"
#include "solver/simulation.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace ll {
namespace {

constexpr float kUnwritten = -1, kHaloValue = -2;

// Tile `f`'s read of `local`: each owned element holds the global node it is, each halo
// element kHaloValue, so a halo that reached the target would show.
std::vector<float> tile_read(const TileFrame& f, const Dims& d, const FieldRegion& local) {
    std::vector<float> v(region_size(f.local, local));
    for (std::uint64_t k = 0; k < v.size(); ++k) {
        const node_t n = region_node(f.local, local, k);
        const std::uint32_t l[3] = {n % f.local.nx, (n / f.local.nx) % f.local.ny,
                                    n / (f.local.nx * f.local.ny)};
        std::uint32_t g[3];
        bool owned = true;
        for (int a = 0; a < 3; ++a) { // the frame's offset: past the halo, or an aligned row
            const std::int64_t r = f.offset(a, l[a]);
            owned = owned && r >= 0 && r < std::int64_t(f.box.extent(a));
            g[a] = std::uint32_t(std::int64_t(f.box.lo[a]) + r);
        }
        v[k] = owned ? float(g[0] + d.nx * (g[1] + d.ny * g[2])) : kHaloValue;
    }
    return v;
}

// Frames of rows padded to `row_align` nodes where x is cut (tile_row_align): above 1 the owned
// nodes start each row and the left halo is its last node.
void expect_assembled(const Tiles& t, const Dims& d, const FieldRegion& region,
                      std::uint32_t row_align) {
    std::vector<float> out(region_size(d, region), kUnwritten);
    std::uint64_t placed = 0;
    for (int tile = 0; tile < t.count(); ++tile) {
        const TileFrame f = tile_frame(t, d, tile, 1, row_align);
        const auto piece = region_piece(f, d, region);
        if (!piece) continue;
        const PieceCopy& c = piece->copy;
        placed += std::uint64_t(c.size[0]) * c.size[1] * c.size[2];
        copy_piece(tile_read(f, d, piece->local).data(), out.data(), c);
    }
    const std::string where =
        to_string(t) + (region.whole ? " whole" : " axis ") + std::to_string(int(region.axis)) +
        " index " + std::to_string(region.index) + ", rows of " + std::to_string(row_align);
    EXPECT_EQ(placed, out.size()) << where; // each element once: no overlap, no gap
    for (std::uint64_t k = 0; k < out.size(); ++k)
        ASSERT_EQ(out[k], float(region_node(d, region, k))) << where << " element " << k;
}

TEST(RegionPieces, EverySliceAndTheWholeLatticeComeFromTheirOwners) {
    const Dims d3{10, 7, 5};
    for (const Tiles& t : {Tiles{{1, 1, 1}}, Tiles{{3, 1, 1}}, Tiles{{1, 2, 2}}, Tiles{{3, 2, 2}}})
        for (std::uint32_t rows : {1u, 8u}) {
            expect_assembled(t, d3, FieldRegion{true}, rows);
            for (Axis axis : {Axis::X, Axis::Y, Axis::Z})
                for (std::uint32_t index : {0u, 3u, slice_count(d3, axis) - 1})
                    expect_assembled(t, d3, FieldRegion{false, axis, index}, rows);
        }
    const Dims d2{9, 6, 1};
    for (const Tiles& t : {Tiles{{2, 3, 1}}, Tiles{{4, 1, 1}}})
        for (std::uint32_t rows : {1u, 8u}) {
            expect_assembled(t, d2, FieldRegion{true}, rows);
            expect_assembled(t, d2, FieldRegion{false, Axis::Z, 0}, rows);
            expect_assembled(t, d2, FieldRegion{false, Axis::X, 4}, rows);
            expect_assembled(t, d2, FieldRegion{false, Axis::Y, 5}, rows);
        }
}

TEST(RegionPieces, ASliceBesideATileHasNoPieceThere) {
    const Tiles t{{2, 1, 1}};
    const Dims d{8, 4, 4};
    const TileFrame left = tile_frame(t, d, 0, 1);
    EXPECT_FALSE(region_piece(left, d, FieldRegion{false, Axis::X, 5}));
    const auto piece = region_piece(left, d, FieldRegion{false, Axis::X, 2});
    ASSERT_TRUE(piece);
    EXPECT_EQ(piece->local.index, 3u); // past the tile's halo layer
    const auto aligned = region_piece(tile_frame(t, d, 0, 1, 8), d, FieldRegion{false, Axis::X, 2});
    ASSERT_TRUE(aligned);
    EXPECT_EQ(aligned->local.index, 2u); // an aligned row starts with the owned nodes
}

TEST(RegionPieces, SliceCutsAreWhereTheTilesMeet) {
    const Tiles t{{3, 2, 2}};
    const Dims d{10, 7, 5}; // x cut at 4 and 7 (4 + 3 + 3), y at 4, z at 3
    const SliceCuts z = slice_cuts(t, d, FieldRegion{false, Axis::Z, 1});
    EXPECT_EQ(z.u, (std::vector<std::uint32_t>{4, 7}));
    EXPECT_EQ(z.v, (std::vector<std::uint32_t>{4}));
    const SliceCuts x = slice_cuts(t, d, FieldRegion{false, Axis::X, 9}); // (y, z)
    EXPECT_EQ(x.u, (std::vector<std::uint32_t>{4}));
    EXPECT_EQ(x.v, (std::vector<std::uint32_t>{3}));
    const SliceCuts y = slice_cuts(t, d, FieldRegion{false, Axis::Y, 0}); // (x, z)
    EXPECT_EQ(y.u, (std::vector<std::uint32_t>{4, 7}));
    EXPECT_EQ(y.v, (std::vector<std::uint32_t>{3}));
    const SliceCuts one = slice_cuts(Tiles{}, d, FieldRegion{false, Axis::Y, 2});
    EXPECT_TRUE(one.u.empty() && one.v.empty());
}

SimulationSetup channel() {
    SimulationSetup s;
    s.dims = Dims{12, 9, 1};
    const node_t n = s.dims.nodes();
    s.flags.assign(n, kFluid);
    for (std::uint32_t x = 0; x < s.dims.nx; ++x)
        s.flags[x] = s.flags[x + s.dims.nx * (s.dims.ny - 1)] = kSolid;
    s.rho.assign(n, 1.0);
    s.u.assign(3 * n, 0.0);
    s.flow.tau = 0.8;
    s.flow.force[0] = 1e-5;
    return s;
}

// CPU tiles write host memory whatever the space asked for (as a CPU engine does): the device
// request of a tiled engine of CPU tiles is put together tile by tile too, and equals one
// engine's read of the same state, walls (NaN) included.
TEST(RegionPieces, TiledDeviceReadOfCpuTilesEqualsOneDomain) {
    const SimulationSetup s = channel();
    auto run = Simulation::create(s, BackendKind::Cpu);
    run->step(20);
    std::vector<double> state;
    run->export_state(state);
    const EngineConfig cfg = engine_config(s);
    auto one = make_cpu_engine(cfg);
    TiledEngine tiled(cfg, Tiles{{3, 2, 1}},
                      [](const EngineConfig& c, int) { return make_cpu_engine(c); });
    for (Engine* e : {one.get(), static_cast<Engine*>(&tiled)}) {
        e->set_flags(run->setup().flags);
        e->import_state(state);
    }
    const FieldRequest req{FieldKind::Ux, -1, true};
    for (const FieldRegion region : {FieldRegion{false, Axis::Z, 0}, FieldRegion{false, Axis::Y, 4},
                                     FieldRegion{false, Axis::X, 7}, FieldRegion{true}}) {
        std::vector<float> want(region_size(s.dims, region)), got(want.size(), kUnwritten);
        one->read_field(req, region, want.data(), MemorySpace::Host);
        tiled.read_field(req, region, got.data(), MemorySpace::Device);
        EXPECT_EQ(std::memcmp(want.data(), got.data(), want.size() * sizeof(float)), 0)
            << (region.whole ? "whole" : "axis ") << int(region.axis);
    }
}

} // namespace
} // namespace ll

// The border a GPU tile updates first (mark_tile_border; seed 004's overlap, Calore et al.
// 2016) must hold every node whose population crosses a cut and every node that reads one:
// the halo exchange then runs while the rest of the tile updates, and touches nothing the rest
// reads or writes. Checked against every crossing of the halo plan, on a D3Q19 lattice with
// walls, a moving lid and an obstacle across the cuts, in 1-D, 2-D, 3-D and uneven tilings.
#include "solver/core/flags.hpp"
#include "solver/core/stencil.hpp"
#include "solver/domain/halo_plan.hpp"
#include "solver/domain/tiled_engine.hpp"
#include "solver/models/registry.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace ll {
namespace {

const Dims kDims{12, 10, 8};

// A bounce-back floor, a moving lid, and a box obstacle across the middle of x.
std::vector<std::uint8_t> walled_flags() {
    std::vector<std::uint8_t> flags(kDims.nodes(), kFluid);
    for (std::uint32_t z = 0; z < kDims.nz; ++z)
        for (std::uint32_t y = 0; y < kDims.ny; ++y)
            for (std::uint32_t x = 0; x < kDims.nx; ++x) {
                std::uint8_t t = kFluid;
                if (y == 0) t = kSolid;
                if (y == kDims.ny - 1) t = kMovingWall;
                if (x >= 5 && x <= 7 && y >= 4 && y <= 6 && z <= 3) t = kSolid;
                flags[x + node_t(kDims.nx) * (y + node_t(kDims.ny) * z)] = t;
            }
    return flags;
}

std::vector<std::array<int, 3>> d3q19_velocities() {
    std::vector<std::array<int, 3>> c;
    for (int i = 0; i < D3Q19::Q; ++i)
        c.push_back({cvel<D3Q19>(i, 0), cvel<D3Q19>(i, 1), cvel<D3Q19>(i, 2)});
    return c;
}

// Node n of a tile's local lattice moved by c, wrapped as the tile's engine wraps its lattice
// (an aligned row reads its left halo from its last node).
std::int64_t moved(const Dims& d, node_t n, const std::array<int, 3>& c) {
    std::int64_t p[3] = {std::int64_t(n % d.nx) + c[0], std::int64_t(n / d.nx % d.ny) + c[1],
                         std::int64_t(n / (node_t(d.nx) * d.ny)) + c[2]};
    const std::int64_t n_max[3] = {d.nx, d.ny, d.nz};
    for (int a = 0; a < 3; ++a)
        p[a] = (p[a] + n_max[a]) % n_max[a];
    return p[0] + std::int64_t(d.nx) * (p[1] + std::int64_t(d.ny) * p[2]);
}

// Each tile's border (marked on its padded frame, rows of `row_align` nodes) holds every
// crossing's sender and reader.
void expect_border_holds_every_crossing(const Tiles& t, std::uint32_t row_align) {
    const auto flags = walled_flags();
    const auto velocities = d3q19_velocities();
    const std::string what = to_string(t) + ", rows of " + std::to_string(row_align);
    std::vector<TileFrame> frames;
    std::vector<std::vector<std::uint8_t>> local;
    for (int k = 0; k < t.count(); ++k) {
        frames.push_back(tile_frame(t, kDims, k, 1, row_align));
        local.push_back(tile_flags(frames.back(), kDims, flags));
        mark_tile_border(frames.back().place(kDims), frames.back().local, local.back());
    }
    HaloReach reach;
    reach.row_align = row_align;
    int crossings = 0;
    for_each_crossing(t, kDims, flags, {velocities}, reach, [&](const Crossing& c) {
        ++crossings;
        EXPECT_TRUE(on_border(local[c.from][c.x_from]))
            << what << ": tile " << c.from << " sends from node " << c.x_from;
        // The reader sits at x + c_i in the receiving tile (a wall, for a reflected
        // population, whose reflections read it from nodes on the border as well).
        const std::int64_t reader = moved(frames[c.to].local, c.x_to, velocities[c.i]);
        if (is_updated(local[c.to][reader])) {
            EXPECT_TRUE(on_border(local[c.to][reader]))
                << what << ": tile " << c.to << " reads at node " << reader;
        }
    });
    EXPECT_GT(crossings, 0) << what;
    // Each tile keeps an interior of nodes that are not on the border, and no halo or wall
    // node is marked.
    for (const auto& l : local) {
        std::size_t border = 0;
        for (std::uint8_t f : l) {
            border += on_border(f);
            if (!is_updated(f)) {
                EXPECT_FALSE(on_border(f));
            }
        }
        EXPECT_GT(border, 0u) << what;
        EXPECT_LT(border, l.size() / 2) << what;
    }
}

TEST(TileBorder, HoldsEveryNodeThatSendsOrReadsAcrossACut) {
    for (const Tiles& t : {Tiles{{1, 1, 2}}, Tiles{{2, 2, 1}}, Tiles{{2, 2, 2}}, Tiles{{3, 1, 2}}})
        for (std::uint32_t row_align : {1u, 8u, 32u})
            expect_border_holds_every_crossing(t, row_align);
}

// Aligned rows (tile_row_align): where x is cut the x stride is a multiple of row_align (12 / 3
// + 2 halo = 6 becomes 8), the owned nodes start each row with the global flags, the right halo
// follows them, the left halo is the row's last node, and the padding between is halo. Along
// y and z (not aligned) the owned nodes start past the halo.
TEST(TileBorder, AlignedRowsStartWithTheOwnedNodes) {
    const Tiles t{{3, 1, 2}};
    const auto flags = walled_flags();
    EXPECT_EQ(tile_frame(Tiles{{1, 1, 2}}, kDims, 0, 1, 8).local.nx, kDims.nx); // x not cut
    for (int k = 0; k < t.count(); ++k) {
        const TileFrame f = tile_frame(t, kDims, k, 1, 8);
        ASSERT_EQ(f.local.nx, 8u);
        EXPECT_EQ(f.origin[0], 0u);
        EXPECT_EQ(f.origin[2], 1u);
        const std::uint32_t own = f.box.extent(0), lo = f.box.lo[0];
        EXPECT_EQ(f.local_node({lo, 0, f.box.lo[2]}), f.local.nx * f.local.ny); // z = 1 plane
        EXPECT_EQ(f.local_node({std::int64_t(lo) - 1, 0, f.box.lo[2]}) % f.local.nx, 7u);
        EXPECT_EQ(f.local_node({lo + own, 0, f.box.lo[2]}) % f.local.nx, own);
        const auto local = tile_flags(f, kDims, flags);
        for (std::uint32_t x = 0; x < f.local.nx; ++x) {
            const std::int64_t r = f.offset(0, x); // owned, right halo, padding, left halo
            EXPECT_EQ(r, x <= own ? std::int64_t(x) : std::int64_t(x) - 8);
            for (std::uint32_t y = 0; y < f.local.ny; ++y) {
                const std::uint8_t l = local[x + node_t(f.local.nx) * (y + f.local.ny)];
                const node_t gx = node_t((std::int64_t(lo) + r + kDims.nx) % kDims.nx);
                const std::uint8_t g = flags[gx + node_t(kDims.nx) * (y + kDims.ny * f.box.lo[2])];
                const bool halo = x == own || x == f.local.nx - 1;
                const std::uint8_t expected =
                    x < own ? g : (halo && !is_updated(g) ? g : std::uint8_t(kHalo));
                EXPECT_EQ(l, expected) << "tile " << k << " x " << x << " y " << y;
            }
        }
    }
}

// LATTICELAB_TILE_ROWS: sector (32 bytes: 8 FP32 nodes) when unset, warp (32 nodes); anything
// else is refused naming the variable and the values. D2Q37, which does not pad, keeps 1.
TEST(TileBorder, TileRowsSettingIsReadAndCheckedByName) {
    EngineConfig cfg;
    cfg.model.precision = Precision::FP32;
    const test::ScopedEnv unset("LATTICELAB_TILE_ROWS", ""); // empty: the default
    EXPECT_EQ(tile_row_align(cfg), 8u);
    setenv("LATTICELAB_TILE_ROWS", "warp", 1);
    EXPECT_EQ(tile_row_align(cfg), 32u);
    setenv("LATTICELAB_TILE_ROWS", "wide", 1);
    try {
        tile_row_align(cfg);
        ADD_FAILURE() << "LATTICELAB_TILE_ROWS=wide was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("LATTICELAB_TILE_ROWS"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("sector"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("'wide'"), std::string::npos) << e.what();
    }
    cfg.model.stencil = StencilKind::D2Q37;
    EXPECT_EQ(tile_row_align(cfg), 1u);
}

// The whole lattice (no tile) has no border; the bit leaves the other flag bits alone.
TEST(TileBorder, NoCutNoBorderAndOtherBitsKept) {
    auto flags = walled_flags();
    flags[3] |= kNearWallBit;
    const auto before = flags;
    mark_tile_border(TilePlace{}, kDims, flags);
    EXPECT_EQ(flags, before);
}

// LATTICELAB_OVERLAP: auto when unset, 1 and 0; anything else is refused naming the values.
TEST(TileBorder, OverlapSettingIsReadAndCheckedByName) {
    unsetenv("LATTICELAB_OVERLAP");
    EXPECT_EQ(overlap_requested(), OverlapMode::Auto);
    setenv("LATTICELAB_OVERLAP", "1", 1);
    EXPECT_EQ(overlap_requested(), OverlapMode::On);
    setenv("LATTICELAB_OVERLAP", "0", 1);
    EXPECT_EQ(overlap_requested(), OverlapMode::Off);
    setenv("LATTICELAB_OVERLAP", "yes", 1);
    try {
        overlap_requested();
        ADD_FAILURE() << "LATTICELAB_OVERLAP=yes was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("auto"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("'yes'"), std::string::npos) << e.what();
    }
    unsetenv("LATTICELAB_OVERLAP");
}

} // namespace
} // namespace ll

// Tilings of the lattice into subdomains (solver/domain/tiling.hpp): the --tiles spelling, the
// boxes of uneven splits and their inverse, periodic neighbours, the checks users see, and the
// halo count that ranks tilings (1-D and 2-D tilings with halos: Calore et al. 2016).
#include "solver/domain/tiling.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace ll {
namespace {

const HaloShape kD3Q19{{5, 5, 5}, 1}; // 5 velocities cross each face one way
const HaloShape kD2Q9{{3, 3, 0}, 1};

Tiles tiles(int x, int y, int z) {
    return Tiles{{x, y, z}};
}

TEST(TilingParse, AcceptsOneTwoOrThreeFactors) {
    EXPECT_EQ(parse_tiles("2x2x1"), tiles(2, 2, 1));
    EXPECT_EQ(parse_tiles("4"), tiles(4, 1, 1));
    EXPECT_EQ(parse_tiles("2x3"), tiles(2, 3, 1));
    EXPECT_EQ(parse_tiles("4096x1x2"), tiles(4096, 1, 2));
}

TEST(TilingParse, RejectsMalformedTextNamingTheField) {
    for (const std::string text : {"", "0x1x1", "2x", "x2", "2x2x2x2", "ax1", " 2", "2 ", "5000",
                                   "-2", "+2", "2X2", "2xx2", "4096x4096x4096"}) {
        try {
            parse_tiles(text);
            ADD_FAILURE() << "\"" << text << "\" parsed";
        } catch (const ConfigError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("--tiles"), std::string::npos) << what;
            EXPECT_NE(what.find("\"" + text + "\""), std::string::npos) << what;
        }
    }
}

TEST(TilingParse, ToStringRoundTrips) {
    EXPECT_EQ(to_string(tiles(4, 1, 1)), "4x1x1");
    for (const Tiles& t : {tiles(1, 1, 1), tiles(3, 2, 7), tiles(1, 4096, 1)})
        EXPECT_EQ(parse_tiles(to_string(t)), t) << to_string(t);
}

TEST(TileBox, UnevenSplitCoversEveryNodeOnceAndTileOfAgrees) {
    const Dims d{10, 7, 5};
    const Tiles t = tiles(3, 2, 2);
    std::vector<Box> boxes;
    for (int i = 0; i < t.count(); ++i)
        boxes.push_back(tile_box(t, d, i));
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                int owners = 0, owner = -1;
                for (int i = 0; i < t.count(); ++i)
                    if (boxes[i].contains(x, y, z)) {
                        ++owners;
                        owner = i;
                    }
                ASSERT_EQ(owners, 1) << x << "," << y << "," << z;
                ASSERT_EQ(tile_of(t, d, x, y, z), owner) << x << "," << y << "," << z;
            }
    // 10 = 4 + 3 + 3: the first 10 % 3 tiles are the wider ones.
    EXPECT_EQ(boxes[0].extent(0), 4u);
    EXPECT_EQ(boxes[1].extent(0), 3u);
    EXPECT_EQ(boxes[2].lo[0], 7u);
}

TEST(TileBox, WidthsDifferByAtMostOne) {
    const Dims d{10, 7, 5};
    const Tiles t = tiles(3, 2, 2);
    for (int a = 0; a < 3; ++a) {
        std::uint32_t lo = UINT32_MAX, hi = 0;
        for (int i = 0; i < t.count(); ++i) {
            lo = std::min(lo, tile_box(t, d, i).extent(a));
            hi = std::max(hi, tile_box(t, d, i).extent(a));
        }
        EXPECT_LE(hi - lo, 1u) << "axis " << a;
        EXPECT_GE(lo, 2u) << "axis " << a;
    }
}

TEST(NeighbourTile, WrapsPeriodicallyAndStaysOnUncutAxes) {
    const Tiles row = tiles(3, 1, 1);
    EXPECT_EQ(neighbour_tile(row, 0, 0, -1), 2);
    EXPECT_EQ(neighbour_tile(row, 2, 0, +1), 0);
    EXPECT_EQ(neighbour_tile(row, 1, 0, +1), 2);
    EXPECT_EQ(neighbour_tile(row, 1, 1, +1), 1);
    EXPECT_EQ(neighbour_tile(row, 1, 2, -1), 1);
    // Tile (1, 1, 0) of 3x2x2 is index 4; one step in +y wraps to (1, 0, 0), in -z to (1, 1, 1).
    const Tiles box = tiles(3, 2, 2);
    EXPECT_EQ(neighbour_tile(box, 4, 1, +1), 1);
    EXPECT_EQ(neighbour_tile(box, 4, 2, -1), 10);
}

TEST(TilesError, CountMismatchNamesBothNumbers) {
    const std::string e = tiles_error(tiles(3, 1, 1), Dims{64, 64, 64}, kD3Q19, 2, "MPI ranks");
    EXPECT_NE(e.find("--tiles 3x1x1"), std::string::npos) << e;
    EXPECT_NE(e.find("makes 3 subdomains"), std::string::npos) << e;
    EXPECT_NE(e.find("2 MPI ranks"), std::string::npos) << e;
    EXPECT_NE(e.find("= 2"), std::string::npos) << e;
}

TEST(TilesError, RefusesCutAlongAxisOneNodeWide) {
    const std::string e = tiles_error(tiles(1, 1, 2), Dims{64, 64, 1}, kD2Q9);
    EXPECT_NE(e.find("along z"), std::string::npos) << e;
    EXPECT_NE(e.find("K = 1"), std::string::npos) << e;
}

TEST(TilesError, RefusesTileThinnerThanHalo) {
    // 5 = 2 + 1 + 1 + 1: the thinnest tile is 1 wide, under a depth of 3.
    const std::string e = tiles_error(tiles(4, 1, 1), Dims{5, 8, 1}, HaloShape{{3, 3, 0}, 3});
    EXPECT_NE(e.find("along x"), std::string::npos) << e;
    EXPECT_NE(e.find("width 1"), std::string::npos) << e;
    EXPECT_NE(e.find("depth 3"), std::string::npos) << e;
    EXPECT_NE(e.find("N <= 1"), std::string::npos) << e;
    // More tiles than nodes: an empty tile is refused even at depth 0.
    EXPECT_NE(tiles_error(tiles(6, 1, 1), Dims{5, 8, 1}, HaloShape{{3, 3, 0}, 0}), "");
}

TEST(TilesError, AcceptsValidTilings) {
    EXPECT_EQ(tiles_error(tiles(3, 2, 2), Dims{10, 7, 5}, kD3Q19, 12, "devices"), "");
    EXPECT_EQ(tiles_error(tiles(1, 1, 1), Dims{5, 8, 1}, HaloShape{{3, 3, 0}, 3}), "");
    // 6 = 3 + 3 and 7 = 4 + 3: exactly the depth is wide enough.
    EXPECT_EQ(tiles_error(tiles(2, 2, 1), Dims{6, 7, 1}, HaloShape{{3, 3, 0}, 3}), "");
}

TEST(HaloValues, CountsBothWaysAcrossEveryPeriodicCut) {
    const Dims cube{64, 64, 64};
    // Two x-slabs: 2 cut planes (one is the periodic wrap), each of 64 * 64 nodes crossed both
    // ways by 5 values per node: 2 * 2 * 64 * 64 * 5.
    EXPECT_EQ(halo_values_per_step(tiles(2, 1, 1), cube, kD3Q19), 81920u);
    EXPECT_EQ(halo_values_per_step(tiles(2, 2, 1), cube, kD3Q19), 163840u);
    EXPECT_EQ(halo_values_per_step(tiles(1, 1, 1), cube, kD3Q19), 0u);
    // Cutting y of 64x256x1 crosses 64-node faces: 2 * 3 * 64 * 3.
    EXPECT_EQ(halo_values_per_step(tiles(1, 3, 1), Dims{64, 256, 1}, kD2Q9), 1152u);
    // Without a wrap along y (D2Q37's walls), 3 y-slabs have 2 cuts, not 3: 2 * 2 * 64 * 3.
    HaloShape walls_in_y = kD2Q9;
    walls_in_y.wraps[1] = false;
    EXPECT_EQ(halo_values_per_step(tiles(1, 3, 1), Dims{64, 256, 1}, walls_in_y), 768u);
}

TEST(ChooseTiles, OnACubeTiesGoToFewerCutAxesThenZ) {
    const Dims cube{256, 256, 256};
    // On a cube every tiling costs 2 * 256^2 * 5 * (sum of its cut factors): 4x1x1 and 2x2x1
    // both sum to 4, so the single cut wins, along z.
    EXPECT_EQ(choose_tiles(4, cube, kD3Q19), tiles(1, 1, 4));
    // 2x2x2 and 4x2x1 both sum to 6 (the periodic wraps count), so 2x2x2 is not strictly
    // better; two cut axes win, the larger factor along z.
    EXPECT_EQ(choose_tiles(8, cube, kD3Q19), tiles(1, 2, 4));
    // 3x3x3 sums to 9, against 12 for 9x3x1: here cutting all three axes is strictly best.
    EXPECT_EQ(choose_tiles(27, Dims{240, 240, 240}, kD3Q19), tiles(3, 3, 3));
}

TEST(ChooseTiles, TiesGoToFewerCutAxesBeforeZOrY) {
    // Weights made up for a tie on 12x6x1 at depth 3 (y takes 2 tiles at most): 4x1x1 costs
    // 2 * 4 * 6 * 2 = 96 and 2x2x1 costs 2 * 2 * 6 * 2 + 2 * 2 * 12 * 1 = 96. The single cut wins
    // though 2x2x1 cuts y.
    EXPECT_EQ(choose_tiles(4, Dims{12, 6, 1}, HaloShape{{2, 1, 0}, 3}), tiles(4, 1, 1));
}

TEST(ChooseTiles, CutsTheShorterFaceOfAFlatLattice) {
    // A y cut crosses 64-node faces, an x cut 256-node ones; z (nz = 1) cannot be cut though
    // its faces carry nothing.
    EXPECT_EQ(choose_tiles(2, Dims{64, 256, 1}, kD2Q9), tiles(1, 2, 1));
    EXPECT_EQ(choose_tiles(2, Dims{256, 64, 1}, kD2Q9), tiles(2, 1, 1));
}

TEST(ChooseTiles, OneSubdomainIsTheWholeLattice) {
    EXPECT_EQ(choose_tiles(1, Dims{64, 256, 1}, kD2Q9), tiles(1, 1, 1));
}

TEST(ChooseTiles, ThrowsWhenNoTilingFits) {
    // 7 is prime and wider than both cuttable axes of 4x4x1.
    try {
        choose_tiles(7, Dims{4, 4, 1}, kD2Q9);
        ADD_FAILURE() << "7 tiles of 4x4x1 chosen";
    } catch (const ConfigError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("--tiles: no tiling of 7 subdomains"), std::string::npos) << what;
    }
    EXPECT_THROW(choose_tiles(0, Dims{4, 4, 1}, kD2Q9), ConfigError);
}

} // namespace
} // namespace ll

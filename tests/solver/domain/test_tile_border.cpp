// The border a GPU tile updates first (mark_tile_border; seed 004's overlap, Calore et al.
// 2016) must hold every node whose population crosses a cut and every node that reads one:
// the halo exchange then runs while the rest of the tile updates, and touches nothing the rest
// reads or writes. Checked against every crossing of the halo plan, on a D3Q19 lattice with
// walls, a moving lid and an obstacle across the cuts, in 1-D, 2-D, 3-D and uneven tilings.
#include "solver/core/flags.hpp"
#include "solver/core/stencil.hpp"
#include "solver/domain/halo_plan.hpp"

#include <gtest/gtest.h>

namespace ll {
namespace {

Dims kDims{12, 10, 8};

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

// Node n of a tile's local lattice moved by c, or -1 outside it.
std::int64_t moved(const Dims& d, node_t n, const std::array<int, 3>& c) {
    const std::int64_t p[3] = {std::int64_t(n % d.nx) + c[0], std::int64_t(n / d.nx % d.ny) + c[1],
                               std::int64_t(n / (node_t(d.nx) * d.ny)) + c[2]};
    const std::int64_t n_max[3] = {d.nx, d.ny, d.nz};
    for (int a = 0; a < 3; ++a)
        if (p[a] < 0 || p[a] >= n_max[a]) return -1;
    return p[0] + std::int64_t(d.nx) * (p[1] + std::int64_t(d.ny) * p[2]);
}

TEST(TileBorder, HoldsEveryNodeThatSendsOrReadsAcrossACut) {
    const auto flags = walled_flags();
    const auto velocities = d3q19_velocities();
    for (const Tiles& t :
         {Tiles{{1, 1, 2}}, Tiles{{2, 2, 1}}, Tiles{{2, 2, 2}}, Tiles{{3, 1, 2}}}) {
        std::vector<TileFrame> frames;
        std::vector<std::vector<std::uint8_t>> local;
        for (int k = 0; k < t.count(); ++k) {
            frames.push_back(tile_frame(t, kDims, k, 1));
            local.push_back(tile_flags(frames.back(), kDims, flags));
            mark_tile_border(frames.back().place(kDims), frames.back().local, local.back());
        }
        int crossings = 0;
        for_each_crossing(t, kDims, flags, {velocities}, HaloReach{}, [&](const Crossing& c) {
            ++crossings;
            EXPECT_TRUE(on_border(local[c.from][c.x_from]))
                << to_string(t) << ": tile " << c.from << " sends from node " << c.x_from;
            // The reader sits at x + c_i in the receiving tile (a wall, for a reflected
            // population, whose reflections read it from nodes on the border as well).
            const std::int64_t reader = moved(frames[c.to].local, c.x_to, velocities[c.i]);
            if (reader >= 0 && is_updated(local[c.to][reader])) {
                EXPECT_TRUE(on_border(local[c.to][reader]))
                    << to_string(t) << ": tile " << c.to << " reads at node " << reader;
            }
        });
        EXPECT_GT(crossings, 0) << to_string(t);
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
            EXPECT_GT(border, 0u) << to_string(t);
            EXPECT_LT(border, l.size() / 2) << to_string(t);
        }
    }
}

// The whole lattice (no tile) has no border; the bit leaves the other flag bits alone.
TEST(TileBorder, NoCutNoBorderAndOtherBitsKept) {
    auto flags = walled_flags();
    flags[3] |= kNearWallBit;
    const auto before = flags;
    mark_tile_border(TilePlace{}, kDims, flags);
    EXPECT_EQ(flags, before);
}

} // namespace
} // namespace ll

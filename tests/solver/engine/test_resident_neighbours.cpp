// The blocks a resident launch's block waits for between steps (engine/resident_neighbours.hpp):
// every block holding a node that one of its nodes reaches in a step (two nodes along each axis,
// wrapped), and no more than the rows within that reach. The GPU tests run the kernel that uses
// them (gpu/test_gpu_solver.cpp, ResidentStepsComputeWhatLaunchesCompute).
#include "solver/engine/resident_neighbours.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace ll {
namespace {

std::uint32_t wrap(std::int64_t v, std::uint32_t n) {
    return std::uint32_t((v % std::int64_t(n) + std::int64_t(n)) % std::int64_t(n));
}

bool lists(const BlockNeighbours& nb, std::uint32_t a, std::uint32_t b) {
    const auto begin = nb.blocks.begin() + nb.first[a], end = nb.blocks.begin() + nb.first[a + 1];
    return std::binary_search(begin, end, b);
}

// Every pair of nodes within reach of each other lies in one block or in two that list each
// other; the lists are sorted, without repeats and without the block itself.
void expect_covers_reach(const Dims& d, std::uint32_t block) {
    const std::uint32_t grid = std::uint32_t((d.nodes() + block - 1) / block);
    const BlockNeighbours nb = resident_block_neighbours(d, grid, block);
    const std::string what = std::to_string(d.nx) + "x" + std::to_string(d.ny) + "x" +
                             std::to_string(d.nz) + ", blocks of " + std::to_string(block);
    ASSERT_EQ(nb.first.size(), grid + 1u) << what;
    for (std::uint32_t b = 0; b < grid; ++b) {
        const auto begin = nb.blocks.begin() + nb.first[b],
                   end = nb.blocks.begin() + nb.first[b + 1];
        EXPECT_TRUE(std::adjacent_find(begin, end, std::greater_equal<>()) == end) << what;
        EXPECT_FALSE(std::binary_search(begin, end, b))
            << what << ": block " << b << " lists itself";
    }
    // Not kResidentReach, so that the test fails if the lists' reach shrinks: a node reads and
    // writes slots of nodes within one of itself, so two nodes touching one slot are within two.
    constexpr int r = 2;
    static_assert(kResidentReach >= r);
    for (node_t n = 0; n < d.nodes(); ++n) {
        const std::int64_t x = n % d.nx, y = n / d.nx % d.ny, z = n / d.nx / d.ny;
        for (int dz = -r; dz <= r; ++dz)
            for (int dy = -r; dy <= r; ++dy)
                for (int dx = -r; dx <= r; ++dx) {
                    const node_t m =
                        wrap(x + dx, d.nx) +
                        node_t(d.nx) * (wrap(y + dy, d.ny) + node_t(d.ny) * wrap(z + dz, d.nz));
                    const std::uint32_t a = std::uint32_t(n / block), b = std::uint32_t(m / block);
                    if (a == b) continue;
                    ASSERT_TRUE(lists(nb, a, b) && lists(nb, b, a))
                        << what << ": node " << n << " (block " << a << ") reaches node " << m
                        << " (block " << b << ")";
                }
    }
}

TEST(ResidentNeighbours, EveryNodeWithinReachIsInABlockWaitedFor) {
    for (std::uint32_t block : {32u, 96u, 288u}) {
        expect_covers_reach({37, 23, 1}, block); // 2D, rows shorter and longer than a block
        expect_covers_reach({9, 7, 5}, block);   // 3D: the y and z wraps are far in the index
        expect_covers_reach({3, 2, 4}, block);   // axes shorter than the reach
        expect_covers_reach({700, 3, 1}, block);
    }
}

// Not every block: on cylinder2d's lattice (440 x 84, 129 blocks of 288) a block waits for the
// blocks over five rows around its own, at most 10 of the 129.
TEST(ResidentNeighbours, ABlockWaitsOnlyForBlocksNearIt) {
    const Dims d{440, 84, 1};
    const BlockNeighbours nb = resident_block_neighbours(d, 129, 288);
    for (std::uint32_t b = 0; b < 129; ++b)
        EXPECT_LE(nb.first[b + 1] - nb.first[b], 10u) << "block " << b;
    EXPECT_TRUE(lists(nb, 0, 128)) << "the y wrap joins the first and the last rows";
    EXPECT_FALSE(lists(nb, 0, 64));
}

} // namespace
} // namespace ll

// Halo copies gathered into whole sectors (solver/domain/sector_copies.hpp): a sector's copies
// become one run where they come from one place and the rest of the sector is spare and named
// by no copy; anything else stays element by element, and runs and elements together write
// what the copies name, and nothing that is not spare.
#include "solver/domain/sector_copies.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace ll {
namespace {

// Two tiles of one set: tile 0 holds 64 elements, none spare; tile 1 holds 80, of which
// elements 40 and up are spare (its halo), and sectors are 8 elements wide.
SectorRules rules() {
    SectorRules r;
    r.width = 8;
    r.stored = [](int tile, int) { return tile == 0 ? std::uint64_t(64) : std::uint64_t(80); };
    r.spare = [](int tile, int, std::uint64_t e) { return tile == 1 && e >= 40; };
    return r;
}

HaloCopy copy(int from_tile, std::uint64_t from, int to_tile, std::uint64_t to, int parity = 0) {
    return {from_tile, to_tile, 0, parity, from, to};
}

using Buffers = std::vector<std::vector<int>>;

Buffers buffers() {
    Buffers b{std::vector<int>(64), std::vector<int>(80)};
    for (std::size_t t = 0; t < b.size(); ++t)
        for (std::size_t e = 0; e < b[t].size(); ++e)
            b[t][e] = int(1000 * t + e);
    return b;
}

void apply(const std::vector<HaloCopy>& copies, std::uint32_t width, const Buffers& in,
           Buffers& out) {
    for (const HaloCopy& c : copies)
        for (std::uint32_t k = 0; k < width; ++k)
            out[std::size_t(c.to_tile)].at(c.to + k) = in[std::size_t(c.from_tile)].at(c.from + k);
}

// What the gathered copies write equals what the copies write, except in spare elements.
void expect_same_effect(const std::vector<HaloCopy>& copies, const HaloCopies& g) {
    const Buffers in = buffers();
    Buffers want = in, got = in;
    apply(copies, 1, in, want);
    apply(g.runs, g.width, in, got);
    apply(g.elements, 1, in, got);
    const SectorRules r = rules();
    for (int t = 0; t < 2; ++t)
        for (std::size_t e = 0; e < want[std::size_t(t)].size(); ++e)
            if (!r.spare(t, 0, e)) {
                EXPECT_EQ(got[std::size_t(t)][e], want[std::size_t(t)][e])
                    << "tile " << t << " element " << e;
            }
    for (const HaloCopy& c : copies)
        EXPECT_EQ(got[std::size_t(c.to_tile)][c.to], want[std::size_t(c.to_tile)][c.to])
            << "copy to element " << c.to << " of tile " << c.to_tile;
}

TEST(SectorCopies, AWholeSectorFromOnePlaceIsOneRun) {
    std::vector<HaloCopy> copies;
    for (std::uint64_t k = 0; k < 8; ++k)
        copies.push_back(copy(0, 3 + k, 1, 16 + k)); // the source need not start a sector
    const HaloCopies g = gather_sectors(copies, rules());
    ASSERT_EQ(g.runs.size(), 1u);
    EXPECT_EQ(g.runs[0].from, 3u);
    EXPECT_EQ(g.runs[0].to, 16u);
    EXPECT_TRUE(g.elements.empty());
    expect_same_effect(copies, g);
}

// An x face: one value in a sector of the receiver's halo takes its neighbours along.
TEST(SectorCopies, OneValueInASpareSectorTakesTheWholeSector) {
    const std::vector<HaloCopy> copies{copy(0, 23, 1, 47)};
    const HaloCopies g = gather_sectors(copies, rules());
    ASSERT_EQ(g.runs.size(), 1u);
    EXPECT_EQ(g.runs[0].from, 16u);
    EXPECT_EQ(g.runs[0].to, 40u);
    expect_same_effect(copies, g);
}

TEST(SectorCopies, WhatCannotBeARunStaysElementByElement) {
    const std::vector<HaloCopy> copies{
        copy(0, 15, 1, 31),                          // the rest of the sector is not spare
        copy(0, 1, 1, 49),    copy(0, 10, 1, 50),    // one sector, two distances
        copy(0, 3, 1, 59),    copy(1, 58, 0, 60),    // 58 is another copy's source
        copy(0, 60, 1, 64),                          // the source's sector runs past its buffer
        copy(0, 2, 1, 74, 1), copy(0, 30, 1, 75, 0), // spare, but named in the other parity
        copy(0, 1, 1, 41),    copy(0, 1, 1, 41),     // one element named twice
    };
    const HaloCopies g = gather_sectors(copies, rules());
    EXPECT_TRUE(g.runs.empty()) << g.runs.size() << " runs, the first to " << g.runs[0].to;
    EXPECT_EQ(g.elements.size(), copies.size());
    std::vector<HaloCopy> single(copies.begin(), copies.end() - 2);
    expect_same_effect(single, gather_sectors(single, rules()));
}

TEST(SectorCopies, ParitiesAreGatheredApart) {
    std::vector<HaloCopy> copies;
    for (std::uint64_t k = 0; k < 8; ++k) {
        copies.push_back(copy(0, k, 1, k, 0));
        copies.push_back(copy(0, 8 + k, 1, k, 1));
    }
    const HaloCopies g = gather_sectors(copies, rules());
    ASSERT_EQ(g.runs.size(), 2u);
    EXPECT_EQ(g.runs[0].parity, 0);
    EXPECT_EQ(g.runs[0].from, 0u);
    EXPECT_EQ(g.runs[1].parity, 1);
    EXPECT_EQ(g.runs[1].from, 8u);
}

TEST(SectorCopies, WidthOneLeavesTheCopiesAsTheyAre) {
    SectorRules r = rules();
    r.width = 1;
    const std::vector<HaloCopy> copies{copy(0, 23, 1, 47), copy(0, 1, 1, 2)};
    const HaloCopies g = gather_sectors(copies, r);
    EXPECT_TRUE(g.runs.empty());
    EXPECT_EQ(g.elements.size(), 2u);
}

} // namespace
} // namespace ll

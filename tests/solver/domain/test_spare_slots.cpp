// Which halo slots the device exchange may overwrite beside the ones it copies
// (solver/domain/spare_slots.hpp), asked of real engines: a halo node's slot is spare unless a
// node of the tile writes it. Split stores what a node sends at the node shifted in y and z
// only, so next to a wall in a tile one node thick the value sent towards the wall lies in a
// halo node's slot, where the node reads it back as its bounce-back, and no copy names it.
#include "solver/core/flags.hpp"
#include "solver/domain/spare_slots.hpp"

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <vector>

namespace ll {
namespace {

struct Tiled {
    std::vector<std::unique_ptr<Engine>> engines;
    std::vector<TileFrame> frames;
    std::unique_ptr<SpareSlots> spare;
};

// An 11 x 3 D2Q9 lattice in three tiles one node thick along y, with a wall node at (9, 0).
Tiled three_rows(Scheme scheme) {
    const Dims d{11, 3, 1};
    std::vector<std::uint8_t> flags(d.nodes(), kFluid);
    flags[9] = kSolid;
    const Tiles t{{1, 3, 1}};
    EngineConfig c;
    c.dims = d;
    c.model = ModelChoice{StencilKind::D2Q9, CollisionKind::BGK, scheme,
                          Layout::SoA,       Precision::FP32,    {}};
    Tiled r;
    std::vector<const Engine*> engines;
    std::vector<std::vector<std::uint8_t>> tile_flag_sets;
    for (int k = 0; k < t.count(); ++k) {
        r.frames.push_back(tile_frame(t, d, k, 1));
        EngineConfig sub = c;
        sub.dims = r.frames.back().local;
        sub.tile = r.frames.back().place(d);
        r.engines.push_back(make_cpu_engine(sub));
        engines.push_back(r.engines.back().get());
        tile_flag_sets.push_back(tile_flags(r.frames.back(), d, flags));
    }
    r.spare = std::make_unique<SpareSlots>(engines, r.frames, t, std::move(tile_flag_sets), 1,
                                           is_in_place(scheme) ? 2 : 1);
    return r;
}

int direction(const Engine& e, int cx, int cy) {
    const auto c = e.set_velocities(0);
    for (int i = 0; i < int(c.size()); ++i)
        if (c[std::size_t(i)] == std::array<int, 3>{cx, cy, 0}) return i;
    return -1;
}

TEST(SpareSlots, AHaloSlotTheTileWritesIsNotSpare) {
    for (Scheme scheme : {Scheme::Split, Scheme::Pull}) {
        const Tiled tiled = three_rows(scheme);
        const Engine& middle = *tiled.engines[1];
        const int down_left = direction(middle, -1, -1);
        ASSERT_GE(down_left, 0);
        // Node (10, 1) of the middle tile sends towards the wall at (9, 0). Split stores the
        // value at (10, 0), a halo node here; pull at (10, 1), its own.
        const node_t sender = tiled.frames[1].local_node({10, 1, 0});
        const std::uint64_t sent = middle.outgoing_element(0, sender, down_left, 0);
        const node_t below = tiled.frames[1].local_node({10, 0, 0});
        EXPECT_EQ(middle.element_node(0, sent), scheme == Scheme::Split ? below : sender);
        EXPECT_FALSE((*tiled.spare)(1, 0, sent)) << to_string(scheme);
        // The rest population of a halo node: no node of the tile writes or reads it.
        const std::uint64_t rest = middle.outgoing_element(0, below, direction(middle, 0, 0), 0);
        EXPECT_TRUE((*tiled.spare)(1, 0, rest)) << to_string(scheme);
    }
}

} // namespace
} // namespace ll

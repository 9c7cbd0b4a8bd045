// Which slots of its tiles' buffers the device exchange may overwrite beside the ones it copies
// (sector_copies.hpp): those of the nodes a tile neither updates nor reads (kHalo: its halo and
// padding), except the ones the tile's own nodes write. In some schemes a node stores what it
// sends into another node's slot (push, split, A-A's odd step); where that slot is a halo
// node's and no copy names it, the node may read it back: split's value sent towards a wall
// in the halo comes back as the bounce-back.
#pragma once
#include "halo_plan.hpp"
#include "solver/engine/engine.hpp"

#include <cstdint>
#include <vector>

namespace ll {

class SpareSlots {
public:
    // Per tile: its engine (null where another process holds it), frame and flags
    // (tile_flags). depth: the halo's; parities: 2 for the in-place schemes, else 1.
    SpareSlots(std::vector<const Engine*> engines, const std::vector<TileFrame>& frames,
               const Tiles& tiles, std::vector<std::vector<std::uint8_t>> flags,
               std::uint32_t depth, int parities);
    // Whether element e of tile t's set k may be overwritten.
    bool operator()(int tile, int set, std::uint64_t e) const;

    struct Outgoing {
        int set, i, parity;
    };

private:
    bool of_halo_node(int tile, int set, std::uint64_t e) const;

    std::vector<const Engine*> engines_;
    std::vector<std::vector<std::uint8_t>> flags_;
    std::vector<std::vector<std::vector<std::uint64_t>>> written_; // [tile][set]: halo slots
                                                                   // its nodes write, sorted
};

} // namespace ll

// Halo copies in whole sectors. A GPU moves global memory in sectors of 32 bytes, so a copy of
// one 4-byte population costs a whole sector read and, since only part of the sector it lands
// in is written, that sector's read as well. Every layout but AoS keeps x fastest, so the
// populations that cross an x cut lie one per row: the copy after a 2x2x2 step on one H200
// spent 134 us on 15 MB of halo values (docs/PERFORMANCE.md, sessions 16 and 18). Where the
// other slots of a sector are spare in the receiving tile (spare_slots.hpp: slots of its halo
// and padding nodes that none of its nodes writes) and no copy names them, the copy may take
// the whole sector from the same place in the sender: the values it brings along land where no
// node looks. Runs of whole sectors also read one index per sector, not one per value
// (docs/DESIGN.md, "The x faces").
#pragma once
#include "device_exchange.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace ll {

struct SectorRules {
    std::uint32_t width = 1; // elements per sector: 32 bytes over the element's size
    // The elements of tile t's set k (what a run may read or write).
    std::function<std::uint64_t(int tile, int set)> stored;
    // Whether element e of tile t's set k is spare (SpareSlots): a run may write anything
    // there that no copy names.
    std::function<bool(int tile, int set, std::uint64_t e)> spare;
};

// The copies gathered into runs of `width` elements that start on a multiple of `width` in
// the receiver, where a run copies each of its named elements from the place the copies name,
// and every other element of the run's span in the receiver is spare and named by no copy of
// either parity (as a source or a destination). What cannot be gathered stays element by
// element. The runs and elements together carry out every copy given.
HaloCopies gather_sectors(std::vector<HaloCopy> copies, const SectorRules& rules);

} // namespace ll

// Where population i of node n lives: the only code that knows the data layout (seed 004,
// Fig. 2). SoA keeps a warp's reads of one direction contiguous; AoS keeps a node's Q values
// together, which suits CPU caches but splits every GPU warp access into Q strided pieces.
// AoSoA keeps SoA's contiguous warp access inside tiles of 32 nodes and puts a tile's Q
// directions next to each other, so a step streams through memory in a few long runs instead
// of Q far-apart ones (docs/PERFORMANCE.md, session 12: the pull step's pattern alone reaches
// 97-98 % of the copy bandwidth on an H200 with it, 91-92 % with SoA).
#pragma once
#include "host_device.hpp"

namespace ll {

enum class Layout : std::uint8_t { SoA, AoS, AoSoA };

// Nodes per AoSoA tile: one warp, and a 128-byte line of FP32 values per direction.
inline constexpr node_t kAoSoATile = 32;

template <Layout L>
LL_HD offset_t population_index(node_t n, int i, node_t nodes, int q) {
    if constexpr (L == Layout::SoA)
        return offset_t(i) * nodes + n;
    else if constexpr (L == Layout::AoS)
        return offset_t(n) * q + i;
    else
        return offset_t(n / kAoSoATile) * (offset_t(q) * kAoSoATile) + offset_t(i) * kAoSoATile +
               n % kAoSoATile;
}

// Nodes a population array holds room for: AoSoA fills its last tile (counted in 64 bits: a
// lattice of nearly 2^32 nodes rounds up past node_t).
LL_HD constexpr offset_t stored_nodes(Layout l, node_t nodes) {
    const offset_t tile = kAoSoATile;
    return l == Layout::AoSoA ? (offset_t(nodes) + tile - 1) / tile * tile : offset_t(nodes);
}

} // namespace ll

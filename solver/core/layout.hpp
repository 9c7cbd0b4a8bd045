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

// SoA's distance from one population array to the next, in nodes: the lattice's nodes rounded
// up to an odd number of 32-node groups. With a power-of-two distance (128^3, 1024^2) every
// array's value for one node falls in the same cache sets, and a CPU's Q streams evict each
// other: D3Q19 FP32 on 2 cores ran 75 MLUPS at 128^3 against 152 at 130^3 (docs/PERFORMANCE.md,
// session 15). An odd number of groups spreads the arrays over the sets, and whole groups keep
// every array on a GPU's 128-byte lines.
LL_HD constexpr offset_t soa_stride(node_t nodes) {
    const offset_t groups = (offset_t(nodes) + kAoSoATile - 1) / kAoSoATile;
    return (groups | 1) * kAoSoATile;
}

template <Layout L>
LL_HD offset_t population_index(node_t n, int i, node_t nodes, int q) {
    if constexpr (L == Layout::SoA)
        return offset_t(i) * soa_stride(nodes) + n;
    else if constexpr (L == Layout::AoS)
        return offset_t(n) * q + i;
    else
        return offset_t(n / kAoSoATile) * (offset_t(q) * kAoSoATile) + offset_t(i) * kAoSoATile +
               n % kAoSoATile;
}

// Nodes a population array holds room for: SoA's stride, AoSoA fills its last tile (counted
// in 64 bits: a lattice of nearly 2^32 nodes rounds up past node_t).
LL_HD constexpr offset_t stored_nodes(Layout l, node_t nodes) {
    const offset_t tile = kAoSoATile;
    if (l == Layout::SoA) return soa_stride(nodes);
    return l == Layout::AoSoA ? (offset_t(nodes) + tile - 1) / tile * tile : offset_t(nodes);
}

} // namespace ll

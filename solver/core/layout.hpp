// Where population i of node n lives: the only code that knows the data layout (seed 004,
// Fig. 2). SoA keeps a warp's reads of one direction contiguous; AoS keeps a node's Q values
// together, which suits CPU caches but splits every GPU warp access into Q strided pieces.
// AoSoA keeps SoA's contiguous warp access inside tiles of 32 nodes and puts a tile's Q
// directions next to each other, so a step streams through memory in a few long runs instead
// of Q far-apart ones (docs/PERFORMANCE.md, session 12: the pull step's pattern alone reaches
// 97-98 % of the copy bandwidth on an H200 with it, 91-92 % with SoA).
#pragma once
#include "host_device.hpp"

#include <cstddef>

namespace ll {

enum class Layout : std::uint8_t { SoA, AoS, AoSoA };

// The unit in which a GPU's global memory is read and written (a sector of a 128-byte line): a
// store of part of one costs the DRAM a read as well, which is what tile rows and halo copies
// are shaped to avoid.
inline constexpr std::size_t kSectorBytes = 32;

// Nodes per AoSoA tile: one warp, and a 128-byte line of FP32 values per direction.
inline constexpr node_t kAoSoATile = 32;

// SoA's distance from one population array to the next (in nodes) where the back end pads it:
// the lattice's nodes rounded up to an odd number of 32-node groups. With a power-of-two
// distance (128^3, 1024^2) every array's value for one node falls in the same cache sets, and a
// CPU's Q streams evict each other: D3Q19 FP32 A-A on 2 cores ran 64-68 MLUPS at 128^3, 80-103
// padded (docs/PERFORMANCE.md, session 15). Only the CPU pads (EngineConfig::soa_padded): on an
// H200 a padded build was 1-2 % slower in FP32 SoA and 5-12 % in FP16S at 256^3, but it also
// computed a 64-bit stride in every index, so padding alone was not timed on a GPU.
LL_HD constexpr offset_t padded_soa_stride(node_t nodes) {
    const offset_t groups = (offset_t(nodes) + kAoSoATile - 1) / kAoSoATile;
    return (groups | 1) * kAoSoATile;
}

// Population i of a node n with q populations; `soa_stride` is SoA's distance between arrays
// (the lattice's nodes, or padded_soa_stride), which the other layouts do not need. It is 32
// bits wide: a 64-bit stride cost every index a wide multiply, and the 16-bit kernels, bound by
// their instructions, ran 2-5 % slower on an H200.
template <Layout L>
LL_HD offset_t population_index(node_t n, int i, node_t soa_stride, int q) {
    if constexpr (L == Layout::SoA)
        return offset_t(i) * soa_stride + n;
    else if constexpr (L == Layout::AoS)
        return offset_t(n) * q + i;
    else
        return offset_t(n / kAoSoATile) * (offset_t(q) * kAoSoATile) + offset_t(i) * kAoSoATile +
               n % kAoSoATile;
}

// The node whose population population_index<L> puts at element e (its inverse along the
// nodes; the direction is what is left). It may be past the lattice's nodes where the layout
// leaves room no node uses (SoA's padding, AoSoA's last tile). The halo exchange asks it to
// know which neighbours of a slot it copies are free to overwrite (domain/sector_copies.hpp).
template <Layout L>
LL_HD offset_t population_node(offset_t e, node_t soa_stride, int q) {
    if constexpr (L == Layout::SoA)
        return e % soa_stride;
    else if constexpr (L == Layout::AoS)
        return e / offset_t(q);
    else
        return e / (offset_t(q) * kAoSoATile) * kAoSoATile + e % kAoSoATile;
}

// Nodes a population array holds room for: SoA's stride, AoSoA fills its last tile (counted
// in 64 bits: a lattice of nearly 2^32 nodes rounds up past node_t).
LL_HD constexpr offset_t stored_nodes(Layout l, node_t nodes, node_t soa_stride) {
    const offset_t tile = kAoSoATile;
    if (l == Layout::SoA) return soa_stride;
    return l == Layout::AoSoA ? (offset_t(nodes) + tile - 1) / tile * tile : offset_t(nodes);
}

} // namespace ll

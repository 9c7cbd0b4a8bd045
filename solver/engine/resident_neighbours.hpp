// Which blocks of a resident launch (resident_steps.cuh) a block must wait for between two steps.
// A node's step reads only what nodes near it wrote the step before (and overwrites only what
// they read), so a block need not wait for the whole grid: only for the blocks holding nodes
// within reach of its own. Then no step waits for the slowest SM of the GPU, only for the
// slowest of a few neighbours, and no barrier counts every block on one address.
#pragma once
#include "solver/core/lattice.hpp"

#include <cstdint>
#include <vector>

namespace ll {

// For each block b, the other blocks it waits for: blocks[first[b]] .. blocks[first[b + 1] - 1],
// sorted. The relation is symmetric (a waits for b exactly when b waits for a), which is what
// makes it safe: no block overwrites a value before every block that reads it has read it.
struct BlockNeighbours {
    std::vector<std::uint32_t> first, blocks;
};

// How far apart, along each axis, two nodes that touch the same slot in consecutive steps may
// be: each reads and writes only slots of nodes within one of itself (streaming and every wall
// rule), so two nodes touching one slot are within two of each other.
inline constexpr int kResidentReach = 2;

// Block b of the launch updates nodes [b * block, (b + 1) * block) of a lattice of `dims` (x
// fastest). Its neighbours are the blocks holding a node of any x-row within kResidentReach
// rows of one of its own along y and z, with the periodic wrap; whole rows, so that every x
// offset and the x wrap are covered.
BlockNeighbours resident_block_neighbours(const Dims& dims, std::uint32_t grid,
                                          std::uint32_t block);

} // namespace ll

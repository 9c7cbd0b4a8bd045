// Wall ghosts: bounce-back walls without the near-wall list kernel (docs/DESIGN.md, "Wall
// ghosts").
//
// A near-wall node x streams population i from its source x - c_i. Where that source is a
// bounce-back wall (solid, or the moving lid), the list kernel replaces what the gather read by
// the reflection, f*_opp(i)(x) plus the lid's term. Before a pull step the engine can instead
// copy that reflection into the wall's slot the gather reads, (x - c_i, i); the bulk kernel
// then updates x like any other node, and its gather reads the very value the list kernel
// would have computed, so the state is the same bit for bit. The list kernel's rate at the x
// walls (one node per row, a chain of flag and reflection reads) held a 256^3 MRT cavity at
// 81.5 % of the copy bandwidth (H200, 2026-11-27); the copies move 2 values per wall link.
//
// Here: which nodes take ghosts (kWallGhostBit) and the (node, direction) links to copy, both
// from the flags on the host. The copy itself is Propagation::fill_wall_ghost.
#pragma once
#include "solver/core/flags.hpp"
#include "solver/core/lattice.hpp"
#include "solver/core/stencil.hpp"
#include "solver/options.hpp"

#include <cstdint>
#include <vector>

namespace ll {

// A link packs its node, whether its wall moves (the lid's term) and its direction (Q <= 27 <
// 32), so that the copy reads no flag.
struct WallGhostLink {
    node_t node;
    int direction;
    bool moving;
};
inline constexpr int kGhostDirectionBits = 5;
inline constexpr std::uint64_t kGhostMovingBit = std::uint64_t(1) << kGhostDirectionBits;
LL_HD constexpr std::uint64_t pack_wall_ghost(node_t n, int i, bool moving) {
    return (std::uint64_t(n) << (kGhostDirectionBits + 1)) | (moving ? kGhostMovingBit : 0) |
           std::uint64_t(i);
}
LL_HD constexpr WallGhostLink unpack_wall_ghost(std::uint64_t link) {
    return {node_t(link >> (kGhostDirectionBits + 1)), int(link & (kGhostMovingBit - 1)),
            (link & kGhostMovingBit) != 0};
}

// Whether a wall may be ghosted: a bounce-back, whose reflection is the node's own slot.
// A free-slip wall's reflection is another node's slot, chosen by the flags around.
LL_HD constexpr bool ghosted_wall(std::uint8_t flag) {
    return node_type(flag) == kSolid || node_type(flag) == kMovingWall;
}

// Sets kWallGhostBit on every updated near-wall node whose wall sources are all ghosted walls
// (mark_near_wall must have run); clears it on the others. The GPU updates such nodes after
// the copies, with the bulk's rule (Pass::Ghosted), beside the bulk kernel over the others.
void mark_wall_ghosts(StencilKind stencil, const Dims& dims, std::vector<std::uint8_t>& flags);

// The links of every wall_ghosted node whose source is a wall. Within each run of 32
// nodes they go direction by direction, so that the threads of a warp copying the walls of a
// row (a plane of y or z walls) touch consecutive slots of one direction.
std::vector<std::uint64_t> wall_ghost_links(StencilKind stencil, const Dims& dims,
                                            const std::vector<std::uint8_t>& flags);

} // namespace ll

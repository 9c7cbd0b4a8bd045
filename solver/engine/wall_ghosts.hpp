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
// 81.5 % of the copy bandwidth (H200, 2026-11-27); with the copies (2 values per wall link,
// 52 of its 720 us per step) it runs at 85.0-85.2 % (docs/PERFORMANCE.md, session 14).
// (Updating the ghosted nodes from a list beside the bulk, as the list kernel runs, was slower
// than the list itself: those nodes belong in the bulk kernel's own warps, docs/DESIGN.md.)
//
// Here: which nodes take ghosts (kWallGhostBit) and, for each, the walls to copy, both from the
// flags on the host. The copy itself is Propagation::fill_wall_ghosts (kernel:
// fill_wall_ghosts, a thread per node, before the bulk kernel on the engine's stream).
#pragma once
#include "solver/core/flags.hpp"
#include "solver/core/lattice.hpp"
#include "solver/core/stencil.hpp"
#include "solver/options.hpp"

#include <cstdint>
#include <vector>

namespace ll {

// A ghosted node and its walls: a bit per incoming direction whose source is a bounce-back
// wall, and a bit per such direction whose wall moves (the lid's term), so that the copies
// read no flag (D3Q27's 27 directions fit in 32 bits).
struct WallGhostNode {
    node_t node;
    std::uint32_t walls;
    std::uint32_t moving;
};

// Whether a wall may be ghosted: a bounce-back, whose reflection is the node's own slot.
// A free-slip wall's reflection is another node's slot, chosen by the flags around.
LL_HD constexpr bool ghosted_wall(std::uint8_t flag) {
    return is_bounce_back_wall(flag);
}

// Sets kWallGhostBit on every updated near-wall node whose wall sources are all ghosted walls
// (mark_near_wall must have run); clears it on the others.
void mark_wall_ghosts(StencilKind stencil, const Dims& dims, std::vector<std::uint8_t>& flags);

// Every updated node with kWallGhostBit and a wall among its sources, in node order (a warp's
// copies of a plane of y or z walls then read and write whole lines).
std::vector<WallGhostNode> wall_ghost_nodes(StencilKind stencil, const Dims& dims,
                                            const std::vector<std::uint8_t>& flags);

// Sets kWallGhostBit on every bounce-back wall that shares an aligned run of `group` nodes
// (nodes g * group ... g * group + group - 1: a 32-byte sector of an SoA or AoSoA population
// array, wall_sector_group) with an updated node, and clears it on the other walls; group < 2
// clears it on every wall. The GPU's bulk pull pass then stores such a wall's slots too
// (fills_wall_sector), so that the sector is written whole. Where one lane of a sector is
// never stored, the DRAM reads the sector before it writes it: the two x walls of every row
// of a 256^3 cavity cost 2.45 M sector reads a step, 6 % of the bulk kernel's (H200,
// docs/PERFORMANCE.md, session 26). In pull a wall's slots are read only where wall ghosts
// were copied before the step, or by readers that replace what they read there by the
// reflection (the list kernel, read_state, read_macro, field output: apply_walls), so the
// values stored are never used.
void mark_wall_sectors(std::size_t group, std::vector<std::uint8_t>& flags);

} // namespace ll

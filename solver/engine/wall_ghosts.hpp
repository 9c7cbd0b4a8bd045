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

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ll {

// A link packs its node and its direction (Q <= 27 < 32).
inline constexpr int kGhostDirectionBits = 5;
inline constexpr std::uint64_t wall_ghost_link(node_t n, int i) {
    return (std::uint64_t(n) << kGhostDirectionBits) | std::uint64_t(i);
}

// Whether a wall may be ghosted: a bounce-back, whose reflection is the node's own slot.
// A free-slip wall's reflection is another node's slot, chosen by the flags around.
constexpr bool ghosted_wall(std::uint8_t flag) {
    return node_type(flag) == kSolid || node_type(flag) == kMovingWall;
}

// Sets kWallGhostBit on every updated near-wall node whose wall sources are all ghosted walls
// (mark_near_wall must have run); clears it on the others.
template <class S>
void mark_wall_ghosts(const Dims& dims, std::vector<std::uint8_t>& flags) {
    const std::vector<std::uint8_t> before = flags; // a node's test reads its neighbours'
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < std::int64_t(dims.nodes()); ++k) {
        const node_t n = node_t(k);
        std::uint8_t f = before[n] & std::uint8_t(~kWallGhostBit);
        if (is_updated(f) && near_wall(f)) {
            const NodeFrame fr = make_frame(dims, n);
            bool all = true;
            for (int i = 1; i < S::Q; ++i) {
                const std::uint8_t sf =
                    before[fr.shift(-cvel<S>(i, 0), -cvel<S>(i, 1), -cvel<S>(i, 2))];
                all = all && (!is_halfway_wall(sf) || ghosted_wall(sf));
            }
            if (all) f |= kWallGhostBit;
        }
        flags[n] = f;
    }
}

// The links of every node with kWallGhostBit whose source is a wall. Within each run of 32
// nodes they go direction by direction, so that the threads of a warp copying the walls of a
// row (a plane of y or z walls) touch consecutive slots of one direction.
template <class S>
std::vector<std::uint64_t> wall_ghost_links(const Dims& dims,
                                            const std::vector<std::uint8_t>& flags) {
    const auto ghosted = [&](std::uint64_t n) {
        return is_updated(flags[n]) && (flags[n] & kWallGhostBit) != 0;
    };
    std::vector<std::uint64_t> links;
    const std::uint64_t nodes = dims.nodes();
    for (std::uint64_t run = 0; run < nodes; run += 32) {
        const std::uint64_t end = std::min(nodes, run + 32);
        bool any = false; // most runs hold no ghosted node: skip them at once
        for (std::uint64_t n = run; n < end; ++n)
            any = any || ghosted(n);
        if (!any) continue;
        for (int i = 1; i < S::Q; ++i)
            for (std::uint64_t n = run; n < end; ++n) {
                if (!ghosted(n)) continue;
                const NodeFrame fr = make_frame(dims, node_t(n));
                if (is_halfway_wall(
                        flags[fr.shift(-cvel<S>(i, 0), -cvel<S>(i, 1), -cvel<S>(i, 2))]))
                    links.push_back(wall_ghost_link(node_t(n), i));
            }
    }
    return links;
}

} // namespace ll

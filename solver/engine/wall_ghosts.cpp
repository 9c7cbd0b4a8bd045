#include "wall_ghosts.hpp"

#include "solver/dispatch.hpp"
#include "solver/engine/engine.hpp"

namespace ll {
namespace {

template <class S>
void mark_ghosts(const Dims& dims, std::vector<std::uint8_t>& flags) {
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

template <class S>
std::vector<WallGhostNode> ghost_nodes_of(const Dims& dims,
                                          const std::vector<std::uint8_t>& flags) {
    std::vector<WallGhostNode> out;
    for (node_t n = 0; n < dims.nodes(); ++n) {
        if (!is_updated(flags[n]) || !(flags[n] & kWallGhostBit) || !near_wall(flags[n])) continue;
        const NodeFrame fr = make_frame(dims, n);
        WallGhostNode g{n, 0, 0};
        for (int i = 1; i < S::Q; ++i) {
            const std::uint8_t sf = flags[fr.shift(-cvel<S>(i, 0), -cvel<S>(i, 1), -cvel<S>(i, 2))];
            if (!is_halfway_wall(sf)) continue;
            g.walls |= 1u << i;
            if (node_type(sf) == kMovingWall) g.moving |= 1u << i;
        }
        if (g.walls) out.push_back(g);
    }
    return out;
}

} // namespace

void mark_wall_ghosts(StencilKind stencil, const Dims& dims, std::vector<std::uint8_t>& flags) {
    with_stencil(stencil,
                 [&](auto tag) { mark_ghosts<typename decltype(tag)::type>(dims, flags); });
}

std::vector<WallGhostNode> wall_ghost_nodes(StencilKind stencil, const Dims& dims,
                                            const std::vector<std::uint8_t>& flags) {
    return with_stencil(stencil, [&](auto tag) {
        return ghost_nodes_of<typename decltype(tag)::type>(dims, flags);
    });
}

void mark_wall_sectors(std::size_t group, std::vector<std::uint8_t>& flags) {
    for_each_node_group(group, flags.size(), [&](std::size_t begin, std::size_t end) {
        bool updated = false;
        for (std::size_t n = begin; n < end; ++n)
            updated = updated || is_updated(flags[n]);
        const bool fill = group >= 2 && updated;
        for (std::size_t n = begin; n < end; ++n)
            if (is_bounce_back_wall(flags[n]))
                flags[n] =
                    std::uint8_t(fill ? flags[n] | kWallGhostBit : flags[n] & ~kWallGhostBit);
    });
}

} // namespace ll

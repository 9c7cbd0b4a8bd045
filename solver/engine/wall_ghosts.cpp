#include "wall_ghosts.hpp"

#include "solver/dispatch.hpp"

#include <algorithm>

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
std::vector<std::uint64_t> links_of(const Dims& dims, const std::vector<std::uint8_t>& flags) {
    const auto ghosted = [&](std::uint64_t n) {
        return is_updated(flags[n]) && wall_ghosted(flags[n]);
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
                const std::uint8_t sf =
                    flags[fr.shift(-cvel<S>(i, 0), -cvel<S>(i, 1), -cvel<S>(i, 2))];
                if (is_halfway_wall(sf))
                    links.push_back(pack_wall_ghost(node_t(n), i, node_type(sf) == kMovingWall));
            }
    }
    return links;
}

} // namespace

void mark_wall_ghosts(StencilKind stencil, const Dims& dims, std::vector<std::uint8_t>& flags) {
    with_stencil(stencil,
                 [&](auto tag) { mark_ghosts<typename decltype(tag)::type>(dims, flags); });
}

std::vector<std::uint64_t> wall_ghost_links(StencilKind stencil, const Dims& dims,
                                            const std::vector<std::uint8_t>& flags) {
    return with_stencil(
        stencil, [&](auto tag) { return links_of<typename decltype(tag)::type>(dims, flags); });
}

} // namespace ll

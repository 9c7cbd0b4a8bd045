#include "halo_plan.hpp"

#include "../core/flags.hpp"
#include "../dispatch.hpp"

#include <algorithm>
#include <set>

namespace ll {

namespace {

std::uint32_t wrap(std::int64_t v, std::uint32_t n) {
    return std::uint32_t((v % std::int64_t(n) + std::int64_t(n)) % std::int64_t(n));
}
node_t node_at(const Dims& d, const std::array<std::uint32_t, 3>& p) {
    return p[0] + node_t(d.nx) * (p[1] + node_t(d.ny) * p[2]);
}
std::array<std::uint32_t, 3> wrapped(const Dims& d, const std::array<std::int64_t, 3>& p) {
    return {wrap(p[0], d.nx), wrap(p[1], d.ny), wrap(p[2], d.nz)};
}
// Calls f(x, y, z) for the nodes of `b` within `depth` of a face of a cut axis (t.n[a] > 1), in
// z, y, x order: whole planes and rows where z or y is near a cut, else only the two ends
// of the row. The halo plan visits a lattice of hundreds of millions of nodes this way without
// walking its inside (every node of a 512³ tile took seconds).
template <class F>
void for_each_near_cut(const Box& b, const Tiles& t, std::uint32_t depth, F&& f) {
    const auto near = [&](int a, std::uint32_t c) {
        return t.n[a] > 1 && (c < b.lo[a] + depth || c + depth >= b.hi[a]);
    };
    const std::uint32_t left_end = std::min(b.hi[0], b.lo[0] + depth);
    const std::uint32_t right_start = std::max(left_end, b.hi[0] > depth ? b.hi[0] - depth : 0);
    for (std::uint32_t z = b.lo[2]; z < b.hi[2]; ++z)
        for (std::uint32_t y = b.lo[1]; y < b.hi[1]; ++y) {
            if (near(2, z) || near(1, y)) {
                for (std::uint32_t x = b.lo[0]; x < b.hi[0]; ++x)
                    f(x, y, z);
            } else if (t.n[0] > 1) {
                for (std::uint32_t x = b.lo[0]; x < left_end; ++x)
                    f(x, y, z);
                for (std::uint32_t x = right_start; x < b.hi[0]; ++x)
                    f(x, y, z);
            }
        }
}

} // namespace

void for_each_border_node(const TileFrame& f, const Tiles& t, std::uint32_t depth,
                          const std::function<void(node_t)>& visit) {
    for_each_near_cut(f.box, t, depth, [&](std::uint32_t x, std::uint32_t y, std::uint32_t z) {
        visit(f.local_node({x, y, z}));
    });
}

node_t TileFrame::local_node(const std::array<std::int64_t, 3>& global) const {
    std::uint32_t l[3];
    for (int a = 0; a < 3; ++a) {
        const std::uint32_t n = a == 0 ? local.nx : (a == 1 ? local.ny : local.nz);
        l[a] = wrap(global[a] - std::int64_t(box.lo[a]) + origin[a], n);
    }
    return l[0] + node_t(local.nx) * (l[1] + node_t(local.ny) * l[2]);
}

std::int64_t TileFrame::offset(int a, std::uint32_t l) const {
    const std::uint32_t n = a == 0 ? local.nx : (a == 1 ? local.ny : local.nz);
    const std::int64_t r = std::int64_t(l) - origin[a];
    return r >= std::int64_t(box.extent(a)) + halo[a] ? r - n : r;
}

node_t TileFrame::global_node(const Dims& d, node_t l) const {
    return global_node(d, {std::uint32_t(l % local.nx), std::uint32_t(l / local.nx % local.ny),
                           std::uint32_t(l / (node_t(local.nx) * local.ny))});
}

node_t TileFrame::global_node(const Dims& d, const std::array<std::uint32_t, 3>& c) const {
    std::array<std::int64_t, 3> g;
    for (int a = 0; a < 3; ++a)
        g[a] = std::int64_t(box.lo[a]) + offset(a, c[a]);
    return node_at(d, wrapped(d, g));
}

TilePlace TileFrame::place(const Dims& d) const {
    TilePlace p;
    p.whole = d;
    for (int a = 0; a < 3; ++a) {
        p.lo[a] = box.lo[a];
        p.hi[a] = box.hi[a];
        p.halo[a] = halo[a];
        p.origin[a] = origin[a];
    }
    p.x_faces = x_faces;
    return p;
}

TileFrame tile_frame(const Tiles& t, const Dims& d, int tile, std::uint32_t depth,
                     std::uint32_t row_align) {
    TileFrame f;
    f.box = tile_box(t, d, tile);
    std::uint32_t n[3];
    for (int a = 0; a < 3; ++a) {
        f.halo[a] = t.n[a] > 1 ? depth : 0;
        f.origin[a] = f.halo[a];
        n[a] = f.box.extent(a) + 2 * f.halo[a];
    }
    if (f.halo[0] > 0 && row_align > 1) {
        n[0] = (n[0] + row_align - 1) / row_align * row_align;
        f.origin[0] = 0;
    }
    f.local = {n[0], n[1], n[2]};
    return f;
}

std::vector<std::uint8_t> tile_flags(const TileFrame& f, const Dims& d,
                                     const std::vector<std::uint8_t>& flags) {
    std::vector<std::uint8_t> out(f.local.nodes());
    // Planes in parallel: a tile of a large lattice holds hundreds of millions of nodes.
#pragma omp parallel for schedule(static)
    for (std::int64_t z = 0; z < std::int64_t(f.local.nz); ++z)
        for (std::uint32_t y = 0; y < f.local.ny; ++y)
            for (std::uint32_t x = 0; x < f.local.nx; ++x) {
                const std::array<std::uint32_t, 3> c = {x, y, std::uint32_t(z)};
                bool owned = true, padding = false;
                for (int a = 0; a < 3; ++a) {
                    const std::int64_t r = f.offset(a, c[a]);
                    owned = owned && r >= 0 && r < std::int64_t(f.box.extent(a));
                    padding = padding || r < -std::int64_t(f.halo[a]);
                }
                const node_t l = x + node_t(f.local.nx) * (y + node_t(f.local.ny) * node_t(z));
                std::uint8_t flag = flags[f.global_node(d, c)];
                // Another tile's node is halo here, a wall stays a wall, padding is halo.
                if (padding || (is_updated(flag) && !owned)) flag = kHalo;
                out[l] = flag;
            }
    return out;
}

// A population that x sends into a wall node z = x + c_i is read back by the updated nodes
// whose wall rule points at z's slot: bounce-back at x itself, and a free-slip reflection at a
// node y next to z, one node from x along the wall (core/boundary.hpp). Where such a y lies in
// another tile, that tile needs x's slot too; x is then in its halo, seen from y. Tiles that
// do not read the slot get a copy no node of theirs writes or reads.
static void reflected_crossings(const std::vector<TileFrame>& frames, const Tiles& t, const Dims& d,
                                const std::vector<std::uint8_t>& flags, Crossing c,
                                const std::array<std::int64_t, 3>& x, const std::array<int, 3>& v,
                                const std::function<void(const Crossing&)>& f) {
    std::set<int> done;
    const int reach_z = d.nz > 1 ? 1 : 0;
    for (int ez = -reach_z; ez <= reach_z; ++ez)
        for (int ey = -1; ey <= 1; ++ey)
            for (int ex = -1; ex <= 1; ++ex) {
                const std::int64_t y[3] = {x[0] + v[0] + ex, x[1] + v[1] + ey, x[2] + v[2] + ez};
                bool near = true;
                for (int a = 0; a < 3; ++a)
                    near = near && y[a] - x[a] >= -1 && y[a] - x[a] <= 1;
                const auto yw = wrapped(d, {y[0], y[1], y[2]});
                if (!near || !is_updated(flags[node_at(d, yw)])) continue;
                const int to = tile_of(t, d, yw[0], yw[1], yw[2]);
                if (to == c.from || !done.insert(to).second) continue;
                c.to = to;
                c.x_to = frames[to].local_node({std::int64_t(yw[0]) + x[0] - y[0],
                                                std::int64_t(yw[1]) + x[1] - y[1],
                                                std::int64_t(yw[2]) + x[2] - y[2]});
                f(c);
            }
}

// Whether x + c stays in the lattice along the axes that do not wrap.
static bool inside_unwrapped(const Dims& d, const HaloReach& r,
                             const std::array<std::int64_t, 3>& x, const std::array<int, 3>& c) {
    const std::int64_t n[3] = {d.nx, d.ny, d.nz};
    for (int a = 0; a < 3; ++a)
        if (!r.wraps[a] && (x[a] + c[a] < 0 || x[a] + c[a] >= n[a])) return false;
    return true;
}

void for_each_crossing(const Tiles& t, const Dims& d, const std::vector<std::uint8_t>& flags,
                       const std::vector<std::vector<std::array<int, 3>>>& velocities,
                       const HaloReach& reach, const std::function<void(const Crossing&)>& f) {
    std::vector<TileFrame> frames;
    for (int k = 0; k < t.count(); ++k)
        frames.push_back(tile_frame(t, d, k, reach.depth, reach.row_align));
    const bool free_slip = std::any_of(flags.begin(), flags.end(),
                                       [](std::uint8_t f) { return node_type(f) == kFreeSlip; });
    for (int from = 0; from < t.count(); ++from) {
        const Box& b = frames[from].box;
        for_each_near_cut(
            b, t, reach.depth, [&](std::uint32_t x, std::uint32_t y, std::uint32_t z) {
                if (!is_updated(flags[node_at(d, {x, y, z})])) return;
                const std::array<std::int64_t, 3> xg = {x, y, z};
                const node_t x_from = frames[from].local_node(xg);
                for (int set = 0; set < int(velocities.size()); ++set)
                    for (int i = 0; i < int(velocities[set].size()); ++i) {
                        const auto& c = velocities[set][i];
                        if (!inside_unwrapped(d, reach, xg, c)) continue;
                        const auto yp = wrapped(d, {xg[0] + c[0], xg[1] + c[1], xg[2] + c[2]});
                        const std::uint8_t target = flags[node_at(d, yp)];
                        if (free_slip && is_halfway_wall(target))
                            reflected_crossings(frames, t, d, flags, {from, -1, set, i, x_from, 0},
                                                xg, c, f);
                        if (!is_updated(target)) continue;
                        const int to = tile_of(t, d, yp[0], yp[1], yp[2]);
                        if (to == from) continue;
                        // x as the receiver sees it: one step back from its own node x + c_i.
                        const node_t x_to = frames[to].local_node({std::int64_t(yp[0]) - c[0],
                                                                   std::int64_t(yp[1]) - c[1],
                                                                   std::int64_t(yp[2]) - c[2]});
                        f({from, to, set, i, x_from, x_to});
                    }
            });
    }
}

HaloShape halo_shape(StencilKind stencil) {
    return with_stencil(stencil,
                        [](auto tag) { return halo_shape_of<typename decltype(tag)::type>(); });
}

} // namespace ll

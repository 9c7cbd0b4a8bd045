// Where D2Q37 populations live, and the per-node steps of seed 004 that both back ends run:
// propagate (push and pull), bc, collide and the fused propagate+collide.
//
// [SECTION] Grid            sites with halos 3 deep, y fastest (seed 004, Fig. 3); SoA planes
//                           or AoS sites (Fig. 2)
// [SECTION] schemes         push / pull, separate kernels or fused; what each array holds
// [SECTION] halo steps      pbc (pull: copy edge columns out) and fold (push: copy them back);
//                           in a tile cut along x the halo exchange does both (Calore et al. 2016)
// [SECTION] node steps      gather, scatter, bc, collide
#pragma once
#include "model.hpp"
#include "solver/core/layout.hpp"

#include <cstddef>

namespace ll::thermal {

// ---- [SECTION] Grid ----
// An lx x ly lattice inside (lx + 2H) x (ly + 2H) sites, H = 3: x is periodic through the
// halo columns; the halo rows receive (push) or are read instead of (pull) what crosses the
// top and bottom walls, which the bc step then replaces. Sites run y fastest ("column-major
// in Y", seed 004), so that one x-halo column is contiguous; where a site's populations lie is
// the layout's (at<L>).
// A tile of a split lattice (solver/domain/) is such a grid of its own nodes, and its halo
// columns and rows hold the next tiles' border nodes: past a cut, nothing wraps (wrap_x false,
// no pbc or fold) and no wall lies (Rows), and the exchange fills the halo after each step.
struct Grid {
    static constexpr int H = D2Q37::kMaxHop;
    int lx = 0, ly = 0;
    bool wrap_x = true;                        // x is periodic in this grid (not cut)
    bool wall_below = true, wall_above = true; // walls below row 0, above row ly - 1

    LL_HD Rows rows() const { return {ly, wall_below, wall_above}; }
    // Column x of a hop's end: wrapped into 0..lx-1 where x is periodic, else as it is (a
    // halo column of a tile, -H..-1 or lx..lx+H-1). x is at most H outside 0..lx-1.
    LL_HD int wrapped_x(int x) const { return wrap_x ? (x + lx) % lx : x; }
    // The rows the fold covers (fold_site).
    LL_HD int fold_row0() const { return wall_below ? 0 : -H; }
    LL_HD int fold_rows() const { return ly + (wall_below ? 0 : H) + (wall_above ? 0 : H); }

    LL_HD int nx() const { return lx + 2 * H; }
    LL_HD int ny() const { return ly + 2 * H; }
    LL_HD std::size_t plane() const { return std::size_t(nx()) * std::size_t(ny()); }
    std::size_t populations() const { return plane() * D2Q37::Q; }
    // Site of (x, y), -H <= x < lx + H, -H <= y < ly + H.
    LL_HD std::size_t site(int x, int y) const {
        return std::size_t(x + H) * std::size_t(ny()) + std::size_t(y + H);
    }
    // Site offset of a hop by c.
    LL_HD std::ptrdiff_t hop(int cx, int cy) const { return std::ptrdiff_t(cx) * ny() + cy; }
    // Index of population i at a site in layout L. SoA (Calore et al. 2016's choice): one plane
    // per population, so consecutive threads along y read consecutive words. AoS: a site's 37
    // populations together, the layout their Fig. 2 sets SoA against. (core/layout.hpp's
    // population_index is the same rule over 32-bit nodes; D2Q37's planes are never padded.) The
    // steps below take L as a template argument and the grid by reference: a copy of the grid
    // beside the layout made nvcc keep collide's 37 addresses live, 254 registers instead of 128.
    template <Layout L>
    LL_HD std::size_t at(int i, std::size_t site) const {
        if constexpr (L == Layout::SoA)
            return std::size_t(i) * plane() + site;
        else
            return site * D2Q37::Q + std::size_t(i);
    }
    // Node number of (x, y) in host fields and the canonical state: x fastest.
    LL_HD std::size_t node(int x, int y) const {
        return std::size_t(y) * std::size_t(lx) + std::size_t(x);
    }
};

// ---- [SECTION] schemes ----
// Push reads aligned and writes misaligned, pull the opposite (seed 004 Fig. 4: "mraw" vs
// "armw"). Push keeps the pre-collision populations P_n (bc applied), pull the post-collision
// Q_{n-1}; the canonical state is always P_n (docs/DESIGN.md), and each scheme's passes are
// D2Q37Model::plan's (node_model.hpp).
enum class D2Q37Scheme : int { Push = 0, Pull = 1, PushFused = 2, PullFused = 3 };

constexpr bool is_pull(D2Q37Scheme s) {
    return s == D2Q37Scheme::Pull || s == D2Q37Scheme::PullFused;
}
constexpr const char* scheme_name(D2Q37Scheme s) {
    switch (s) {
    case D2Q37Scheme::Push:
        return "push";
    case D2Q37Scheme::Pull:
        return "pull";
    case D2Q37Scheme::PushFused:
        return "push-fused";
    default:
        return "pull-fused";
    }
}

// ---- [SECTION] halo steps ----
// pbc (seed 004's periodic boundary step, pull): copy population i of the edge column into
// the halo column d (1..H) on the other side. The whole column (contiguous in SoA), halo rows
// too: in a tile cut along y only, they hold the next tile's rows, which diagonal hops read.
template <Layout L>
LL_HD void pbc_site(const Grid& g, double* a, int i, int d, int y) {
    a[g.at<L>(i, g.site(-d, y))] = a[g.at<L>(i, g.site(g.lx - d, y))];
    a[g.at<L>(i, g.site(g.lx - 1 + d, y))] = a[g.at<L>(i, g.site(d - 1, y))];
}

// fold (push): what was pushed into halo column d belongs to the column on the other side.
// Only directions that reach that deep landed there; the rest of the halo is stale. It runs
// over the lattice's rows and, in a tile, the halo rows beyond a cut (Grid::fold_rows), where
// what crossed the cut and the periodic edge at once waits for the exchange.
template <Layout L>
LL_HD void fold_site(const Grid& g, double* b, int d, int y) {
    static_for<D2Q37::Q>([&](auto I) {
        constexpr int cx = D2Q37::c[I][0];
        if (cx <= -d) b[g.at<L>(I, g.site(g.lx - d, y))] = b[g.at<L>(I, g.site(-d, y))];
        if (cx >= d) b[g.at<L>(I, g.site(d - 1, y))] = b[g.at<L>(I, g.site(g.lx - 1 + d, y))];
    });
}

// ---- [SECTION] node steps ----
template <Layout L>
LL_HD void load(const Grid& g, const double* a, std::size_t s, double (&f)[D2Q37::Q]) {
    static_for<D2Q37::Q>([&](auto I) { f[I] = a[g.at<L>(I, s)]; });
}
template <Layout L>
LL_HD void store(const Grid& g, double* a, std::size_t s, const double (&f)[D2Q37::Q]) {
    static_for<D2Q37::Q>([&](auto I) { a[g.at<L>(I, s)] = f[I]; });
}

// Pull: the pre-collision populations of (x, y) from the post-collision array `a` (pbc done).
// Near a wall the directions through it come from the bc rule; `a` holds, at this node, what
// was sent into the wall (direction opp(I)).
template <bool kNearWall, Layout L>
LL_HD void gather(const Grid& g, const D2Q37Params& p, const double* a, int x, int y,
                  double (&f)[D2Q37::Q]) {
    const std::size_t s = g.site(x, y);
    static_for<D2Q37::Q>([&](auto I) {
        constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
        f[I] = a[g.at<L>(I, s - g.hop(cx, cy))];
    });
    if constexpr (kNearWall) {
        const auto out = [&](auto I) { return a[g.at<L>(opposite(I), s)]; };
        apply_wall(y, g.rows(), p, out, f);
    }
}

// Push: post-collision populations of site s into their destinations in `b`.
template <Layout L>
LL_HD void scatter(const Grid& g, double* b, std::size_t s, const double (&f)[D2Q37::Q]) {
    static_for<D2Q37::Q>([&](auto I) {
        constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
        b[g.at<L>(I, s + g.hop(cx, cy))] = f[I];
    });
}

// bc after a push into `b`: node (x, y) sent f_opp(I) to (x, y) - c_I, a halo-row site that
// nothing else writes, so the rule reads it there (no fold needed, no wrap).
template <Layout L>
LL_HD void bc_push(const Grid& g, const D2Q37Params& p, double* b, int x, int y) {
    const std::size_t s = g.site(x, y);
    double f[D2Q37::Q] = {}; // only the wall directions are set and used; {} quiets GCC 12 -O3
    const auto out = [&](auto I) {
        constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
        return b[g.at<L>(opposite(I), s - g.hop(cx, cy))];
    };
    apply_wall(y, g.rows(), p, out, f);
    static_for<D2Q37::Q>([&](auto I) {
        if (through_wall<I>(y, g.rows())) b[g.at<L>(I, s)] = f[I];
    });
}

// bc after a pull from `a` into `b`: what left (x, y) into the wall is still in `a` there.
template <Layout L>
LL_HD void bc_pull(const Grid& g, const D2Q37Params& p, const double* a, double* b, int x, int y) {
    const std::size_t s = g.site(x, y);
    double f[D2Q37::Q] = {}; // only the wall directions are set and used; {} quiets GCC 12 -O3
    const auto out = [&](auto I) { return a[g.at<L>(opposite(I), s)]; };
    apply_wall(y, g.rows(), p, out, f);
    static_for<D2Q37::Q>([&](auto I) {
        if (through_wall<I>(y, g.rows())) b[g.at<L>(I, s)] = f[I];
    });
}

// Propagate by pull of one node (without bc): b(x) <- a(x - c_I).
template <Layout L>
LL_HD void propagate_pull(const Grid& g, const double* a, double* b, int x, int y) {
    const std::size_t s = g.site(x, y);
    static_for<D2Q37::Q>([&](auto I) {
        constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
        b[g.at<L>(I, s)] = a[g.at<L>(I, s - g.hop(cx, cy))];
    });
}
// Propagate by push of one node: b(x + c_I) <- a(x).
template <Layout L>
LL_HD void propagate_push(const Grid& g, const double* a, double* b, int x, int y) {
    const std::size_t s = g.site(x, y);
    static_for<D2Q37::Q>([&](auto I) {
        constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
        b[g.at<L>(I, s + g.hop(cx, cy))] = a[g.at<L>(I, s)];
    });
}

// Collide one node in place.
template <Layout L>
LL_HD void collide_site(const Grid& g, const D2Q37Params& p, double* a, int x, int y) {
    double f[D2Q37::Q];
    const std::size_t s = g.site(x, y);
    load<L>(g, a, s, f);
    collide(p, f);
    store<L>(g, a, s, f);
}

// Fused pull: gather (+ bc near a wall), collide, write in place of the node in `b`.
template <bool kNearWall, Layout L>
LL_HD void pull_collide(const Grid& g, const D2Q37Params& p, const double* a, double* b, int x,
                        int y) {
    double f[D2Q37::Q];
    gather<kNearWall, L>(g, p, a, x, y, f);
    collide(p, f);
    store<L>(g, b, g.site(x, y), f);
}
// Fused push: load, collide, scatter into `b`.
template <Layout L>
LL_HD void collide_push(const Grid& g, const D2Q37Params& p, const double* a, double* b, int x,
                        int y) {
    double f[D2Q37::Q];
    const std::size_t s = g.site(x, y);
    load<L>(g, a, s, f);
    collide(p, f);
    scatter<L>(g, b, s, f);
}

} // namespace ll::thermal

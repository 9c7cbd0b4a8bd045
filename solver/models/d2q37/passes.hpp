// The D2Q37 model's step as passes (engine/step_plan.hpp): the arguments every pass reads and
// one op per kernel of Calore et al. 2016 (pbc, propagate, bc, collide, fold, the fused forms),
// each mapping its items to grid sites y fastest. D2Q37Model::plan (node_model.hpp) lists them.
//
// [SECTION] arguments    the grid, the physics, push or pull, fused; a tile's halo offset
// [SECTION] passes       one op per kernel of a step, for one data layout
#pragma once
#include "lattice.hpp"
#include "solver/core/step_args.hpp"

#include <cstdint>

namespace ll::thermal {

// ---- [SECTION] arguments ----
struct D2Q37Args {
    StepArgs<double, double> lat; // what the engine binds: dims, src, dst, flags, step
    Grid g;
    D2Q37Params p;
    bool fused = true; // one propagate+collide pass (pull) or collide+propagate (push)
    // A tile's lattice (EngineConfig::tile) starts with hx halo columns and hy halo rows: its
    // node (x, y) is the grid's site (x - hx, y - hy). 0 for a whole lattice.
    int hx = 0, hy = 0;
};

// Item i of a pass, or a node of the engine's lattice, as a site (x, y) of the grid.
struct Site {
    int x, y;
};

// ---- [SECTION] passes ----
namespace passes {

// The state array is the engine's src buffer: pbc and the in-place collision write it.
LL_HD double* state(const D2Q37Args& a) {
    return const_cast<double*>(a.lat.src);
}

// Item i of a pass over `rows` rows from y0 in every column: y fastest, so consecutive threads
// read consecutive sites of a plane (Calore et al. 2016, Fig. 3: threads along y).
LL_HD Site column_site(std::uint32_t i, int y0, int rows) {
    return {int(i / std::uint32_t(rows)), y0 + int(i % std::uint32_t(rows))};
}
// The rows next to a wall: H per wall, 2H in a whole lattice, fewer in a tile (Rows).
LL_HD int band_rows(const Grid& g) {
    return Grid::H * (int(g.wall_below) + int(g.wall_above));
}
// Item i of a pass over the H rows next to each wall: band_rows consecutive items per column
// (the bottom rows, then the top ones), so a 6-row band does not take a whole block per column.
LL_HD Site band_site(const Grid& g, std::uint32_t i) {
    const int rows = band_rows(g);
    const int r = int(i % std::uint32_t(rows));
    const bool below = g.wall_below && r < Grid::H;
    return {int(i / std::uint32_t(rows)), below ? r : g.ly - rows + r};
}
// The rows away from the walls (every row of a tile between two cuts).
LL_HD int bulk_row0(const Grid& g) {
    return g.wall_below ? Grid::H : 0;
}
inline std::uint32_t all_sites(const Grid& g) {
    return std::uint32_t(g.lx) * std::uint32_t(g.ly);
}
inline std::uint32_t band_sites(const Grid& g) {
    return std::uint32_t(band_rows(g)) * std::uint32_t(g.lx);
}
inline std::uint32_t bulk_sites(const Grid& g) {
    return std::uint32_t(g.ly - band_rows(g)) * std::uint32_t(g.lx);
}

template <Layout L>
struct Pbc {
    static constexpr const char* kName = "pbc";
    static std::uint32_t count(const Grid& g) { return std::uint32_t(D2Q37::Q * Grid::H * g.ny()); }
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const int ny = a.g.ny(), y = int(i % std::uint32_t(ny)) - Grid::H;
        const int rest = int(i / std::uint32_t(ny));
        pbc_site<L>(a.g, state(a), rest / Grid::H, rest % Grid::H + 1, y);
    }
};
template <Layout L>
struct PropagatePull {
    static constexpr const char* kName = "propagate-pull";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = column_site(i, 0, a.g.ly);
        propagate_pull<L>(a.g, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
template <Layout L>
struct BcPull {
    static constexpr const char* kName = "bc-pull";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = band_site(a.g, i);
        bc_pull<L>(a.g, a.p, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
// Pull collides what propagate brought into dst; push collides the state before pushing it.
template <Layout L, bool kPull>
struct Collide {
    static constexpr const char* kName = "collide";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = column_site(i, 0, a.g.ly);
        collide_site<L>(a.g, a.p, kPull ? a.lat.dst : state(a), s.x, s.y);
    }
};
// Fused pull: the bulk rows without wall code, then both wall bands with it.
template <Layout L, bool kNearWall>
struct PullFused {
    static constexpr const char* kName = "pull-fused";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s =
            kNearWall ? band_site(a.g, i) : column_site(i, bulk_row0(a.g), a.g.ly - band_rows(a.g));
        pull_collide<kNearWall, L>(a.g, a.p, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
template <Layout L>
struct PropagatePush {
    static constexpr const char* kName = "propagate-push";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = column_site(i, 0, a.g.ly);
        propagate_push<L>(a.g, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
template <Layout L>
struct PushFused {
    static constexpr const char* kName = "push-fused";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = column_site(i, 0, a.g.ly);
        collide_push<L>(a.g, a.p, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
template <Layout L>
struct Fold {
    static constexpr const char* kName = "fold";
    static std::uint32_t count(const Grid& g) { return std::uint32_t(Grid::H * g.fold_rows()); }
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const std::uint32_t rows = std::uint32_t(a.g.fold_rows());
        fold_site<L>(a.g, a.lat.dst, int(i / rows) + 1, a.g.fold_row0() + int(i % rows));
    }
};
template <Layout L>
struct BcPush {
    static constexpr const char* kName = "bc-push";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = band_site(a.g, i);
        bc_push<L>(a.g, a.p, a.lat.dst, s.x, s.y);
    }
};

} // namespace passes

} // namespace ll::thermal

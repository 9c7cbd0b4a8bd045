// The D2Q37 thermal model (Calore et al. 2016; Scagliarini et al. 2010) as a node model of the
// one engine (engine/node_model.hpp) with a step plan (engine/step_plan.hpp): its step is the
// list of passes of Calore et al. 2016 (pbc, propagate, bc, collide) or their fused forms,
// over SoA planes with halos 3 deep (lattice.hpp). One population set, fp64 only.
//
// [SECTION] arguments    what every pass reads: the grid, the physics, push or pull, fused
// [SECTION] passes       one op per kernel of a step; items map to sites y fastest
// [SECTION] model        the NodeModel: plan, canonical state, fields
#pragma once
#include "config.hpp"
#include "fields.hpp"
#include "lattice.hpp"
#include "solver/core/step_args.hpp"
#include "solver/dispatch.hpp"
#include "solver/engine/node_model.hpp"
#include "solver/engine/step_plan.hpp"

#include <type_traits>

namespace ll::thermal {

// ---- [SECTION] arguments ----
struct D2Q37Args {
    StepArgs<double, double> lat; // what the engine binds: dims, src, dst, flags, step
    Grid g;
    D2Q37Params p;
    bool fused = true; // one propagate+collide pass (pull) or collide+propagate (push)
};

// ---- [SECTION] passes ----
namespace passes {

// The state array is the engine's src buffer: pbc and the in-place collision write it.
LL_HD double* state(const D2Q37Args& a) {
    return const_cast<double*>(a.lat.src);
}

// Item i of a pass over `rows` rows from y0 in every column: y fastest, so consecutive threads
// read consecutive sites of a plane (Calore et al. 2016, Fig. 3: threads along y).
struct Site {
    int x, y;
};
LL_HD Site column_site(std::uint32_t i, int y0, int rows) {
    return {int(i / std::uint32_t(rows)), y0 + int(i % std::uint32_t(rows))};
}
// Item i of a pass over the H rows next to each wall: 2H consecutive items per column (the
// bottom rows, then the top ones), so a 6-row band does not take a whole block per column.
LL_HD Site band_site(const Grid& g, std::uint32_t i) {
    const int r = int(i % (2 * Grid::H));
    return {int(i / (2 * Grid::H)), r < Grid::H ? r : g.ly - 2 * Grid::H + r};
}
inline std::uint32_t all_sites(const Grid& g) {
    return std::uint32_t(g.lx) * std::uint32_t(g.ly);
}
inline std::uint32_t band_sites(const Grid& g) {
    return std::uint32_t(2 * Grid::H) * std::uint32_t(g.lx);
}

struct Pbc {
    static constexpr const char* kName = "pbc";
    static std::uint32_t count(const Grid& g) { return std::uint32_t(D2Q37::Q * Grid::H * g.ny()); }
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const int ny = a.g.ny(), y = int(i % std::uint32_t(ny)) - Grid::H;
        const int rest = int(i / std::uint32_t(ny));
        pbc_site(a.g, state(a), rest / Grid::H, rest % Grid::H + 1, y);
    }
};
struct PropagatePull {
    static constexpr const char* kName = "propagate-pull";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = column_site(i, 0, a.g.ly);
        propagate_pull(a.g, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
struct BcPull {
    static constexpr const char* kName = "bc-pull";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = band_site(a.g, i);
        bc_pull(a.g, a.p, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
// Pull collides what propagate brought into dst; push collides the state before pushing it.
template <bool kPull>
struct Collide {
    static constexpr const char* kName = "collide";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = column_site(i, 0, a.g.ly);
        collide_site(a.g, a.p, kPull ? a.lat.dst : state(a), s.x, s.y);
    }
};
// Fused pull: the bulk rows without wall code, then both wall bands with it.
template <bool kNearWall>
struct PullFused {
    static constexpr const char* kName = "pull-fused";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s =
            kNearWall ? band_site(a.g, i) : column_site(i, Grid::H, a.g.ly - 2 * Grid::H);
        pull_collide<kNearWall>(a.g, a.p, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
struct PropagatePush {
    static constexpr const char* kName = "propagate-push";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = column_site(i, 0, a.g.ly);
        propagate_push(a.g, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
struct PushFused {
    static constexpr const char* kName = "push-fused";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = column_site(i, 0, a.g.ly);
        collide_push(a.g, a.p, a.lat.src, a.lat.dst, s.x, s.y);
    }
};
struct Fold {
    static constexpr const char* kName = "fold";
    static std::uint32_t count(const Grid& g) { return std::uint32_t(Grid::H * g.ly); }
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        fold_site(a.g, a.lat.dst, int(i / std::uint32_t(a.g.ly)) + 1,
                  int(i % std::uint32_t(a.g.ly)));
    }
};
struct BcPush {
    static constexpr const char* kName = "bc-push";
    LL_HD void operator()(const D2Q37Args& a, std::uint32_t i) const {
        const Site s = band_site(a.g, i);
        bc_push(a.g, a.p, a.lat.dst, s.x, s.y);
    }
};

} // namespace passes

// ---- [SECTION] model ----
// P_n of node (x, y), whatever the scheme stores: pull reads its neighbours across the periodic
// edge directly (x wraps), so reading needs no pbc pass and writes nothing.
template <Scheme Sc>
LL_HD void read_node(const D2Q37Args& a, int x, int y, double (&f)[D2Q37::Q]) {
    const Grid& g = a.g;
    const double* s = a.lat.src;
    if constexpr (Sc == Scheme::Push) {
        load(g, s, g.site(x, y), f);
    } else {
        static_for<D2Q37::Q>([&](auto I) {
            constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
            f[I] = s[g.at(I, g.site((x - cx + g.lx) % g.lx, y - cy))];
        });
        if (!near_wall(y, g.ly)) return;
        const auto out = [&](auto I) { return s[g.at(opposite(I), g.site(x, y))]; };
        apply_wall(y, g.ly, a.p, out, f);
    }
}

template <Scheme Sc>
LL_HD Moments node_moments(const D2Q37Args& a, int x, int y) {
    double f[D2Q37::Q];
    read_node<Sc>(a, x, y, f);
    return hydrodynamic(moments(f), a.p);
}

struct D2Q37Model {
    using Real = double;
    using Store = double;
    using Args = D2Q37Args;
    static constexpr int kSets = 1;
    LL_HD static constexpr int set_q(int) { return D2Q37::Q; }
    static constexpr int kStateQ = D2Q37::Q;
    static constexpr bool kHasTemperature = true;
    static constexpr bool kPlanned = true;
    struct ShiftedBgk {}; // its one collision (model.hpp, collide)

    LL_HD static StepArgs<double, double>& lattice(Args& a) { return a.lat; }
    LL_HD static const StepArgs<double, double>& lattice(const Args& a) { return a.lat; }

    static std::size_t set_elements(int, const Dims& d) {
        return Grid{int(d.nx), int(d.ny)}.populations();
    }
    static Args make_args(const EngineConfig& c) {
        Args a{};
        a.lat.dims = c.dims;
        a.g = {int(c.dims.nx), int(c.dims.ny)};
        a.p = d2q37_params(c);
        a.fused = c.thermal.fused;
        return a;
    }
    static void bind(Args& a, const SetBuffers<Store, kSets>& b) {
        a.lat.src = b.src[0];
        a.lat.dst = b.dst[0];
    }
    static std::string flags_error(const std::vector<std::uint8_t>& flags) {
        return d2q37_flags_error(flags);
    }

    template <class F>
    static decltype(auto) with_layout_scheme(const ModelChoice& m, F&& f) {
        constexpr std::integral_constant<Layout, Layout::SoA> soa{};
        if (m.scheme == Scheme::Push) return f(soa, std::integral_constant<Scheme, Scheme::Push>{});
        return f(soa, std::integral_constant<Scheme, Scheme::Pull>{});
    }
    template <class F>
    static decltype(auto) with_step(const ModelChoice& m, F&& f) {
        return with_layout_scheme(m, [&](auto L, auto Sc) { return f(L, Sc, Tag<ShiftedBgk>{}); });
    }

    // Calore et al. 2016's order of kernels in one step (lattice.hpp, [SECTION] schemes).
    template <Layout, Scheme Sc, class, class Sweeps>
    static void plan(Sweeps& s, const Args& a) {
        using namespace passes;
        const Grid& g = a.g;
        if constexpr (Sc == Scheme::Pull) {
            s.sweep(Pbc{}, Pbc::count(g));
            if (a.fused) {
                s.sweep(PullFused<false>{},
                        std::uint32_t(g.lx) * std::uint32_t(g.ly - 2 * Grid::H));
                s.sweep(PullFused<true>{}, band_sites(g));
                return;
            }
            s.sweep(PropagatePull{}, all_sites(g));
            s.sweep(BcPull{}, band_sites(g));
            s.sweep(Collide<true>{}, all_sites(g));
        } else {
            if (a.fused) {
                s.sweep(PushFused{}, all_sites(g));
            } else {
                s.sweep(Collide<false>{}, all_sites(g));
                s.sweep(PropagatePush{}, all_sites(g));
            }
            s.sweep(Fold{}, Fold::count(g));
            s.sweep(BcPush{}, band_sites(g));
        }
    }

    template <Layout, Scheme Sc>
    LL_HD static void read_state(const Args& a, node_t n, double (&v)[kStateQ]) {
        read_node<Sc>(a, int(n % a.lat.dims.nx), int(n / a.lat.dims.nx), v);
    }
    // The wall rule first (the canonical state's wall directions stand for what the node
    // returns); then push stores P_n at the node, and pull stores each value where the next
    // propagate fetches it: at x - c_i, or, for a direction that came through a wall, as the
    // outgoing opp(i) of the node itself. Every slot has one writer.
    template <Layout, Scheme Sc>
    LL_HD static void write_state(const Args& a, node_t n, const double (&v)[kStateQ]) {
        const Grid& g = a.g;
        const int x = int(n % a.lat.dims.nx), y = int(n / a.lat.dims.nx);
        double r[D2Q37::Q];
        static_for<D2Q37::Q>([&](auto I) { r[I] = v[I]; });
        if (near_wall(y, g.ly))
            apply_wall(
                y, g.ly, a.p, [&](auto I) { return v[int(I)]; }, r);
        double* s = passes::state(a);
        if constexpr (Sc == Scheme::Push) {
            store(g, s, g.site(x, y), r);
        } else {
            static_for<D2Q37::Q>([&](auto I) {
                constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
                if (through_wall<I>(y, g.ly))
                    s[g.at(opposite(I), g.site(x, y))] = r[I];
                else
                    s[g.at(I, g.site((x - cx + g.lx) % g.lx, y - cy))] = r[I];
            });
        }
    }
    template <Layout, Scheme Sc>
    LL_HD static NodeMacro<double> macro(const Args& a, node_t n) {
        const Moments m = node_moments<Sc>(a, int(n % a.lat.dims.nx), int(n / a.lat.dims.nx));
        return {m.rho, {m.ux, m.uy, 0.0}, m.T};
    }
    template <Layout, Scheme Sc>
    LL_HD static float field(const Args& a, node_t n, const FieldRequest& req) {
        const auto at = [&a](int x, int y) { return node_moments<Sc>(a, x, y); };
        return field_value(req.kind, int(n % a.lat.dims.nx), int(n / a.lat.dims.nx), a.g.lx, a.g.ly,
                           at);
    }
    template <Layout, Scheme Sc>
    LL_HD static bool finite(const Args& a, node_t n) {
        return finite_node(node_moments<Sc>(a, int(n % a.lat.dims.nx), int(n / a.lat.dims.nx)));
    }
};

} // namespace ll::thermal

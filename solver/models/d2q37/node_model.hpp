// The D2Q37 thermal model (Calore et al. 2016; Scagliarini et al. 2010) as a node model of the
// one engine (engine/node_model.hpp) with a step plan (engine/step_plan.hpp): its step is the
// list of passes of Calore et al. 2016 (pbc, propagate, bc, collide) or their fused forms
// (passes.hpp), over sites with halos 3 deep, SoA or AoS (lattice.hpp). One population set, fp64
// only.
//
// [SECTION] nodes        the engine's nodes as grid sites; P_n of a node
// [SECTION] model        the NodeModel: plan, canonical state, fields, halo slots
#pragma once
#include "config.hpp"
#include "fields.hpp"
#include "passes.hpp"
#include "solver/dispatch.hpp"
#include "solver/engine/node_model.hpp"
#include "solver/engine/step_plan.hpp"

#include <array>
#include <type_traits>
#include <vector>

namespace ll::thermal {

// ---- [SECTION] nodes ----
// Node n of the engine's lattice as a grid site: a tile's halo nodes lie in the grid's halo.
LL_HD Site node_site(const D2Q37Args& a, node_t n) {
    return {int(n % a.lat.dims.nx) - a.hx, int(n / a.lat.dims.nx) - a.hy};
}
// A node this engine updates: not a halo node of a tile, whose values only the exchange brings.
LL_HD bool own_site(const Grid& g, Site s) {
    return s.x >= 0 && s.x < g.lx && s.y >= 0 && s.y < g.ly;
}

// The site a population of (x, y) in direction c is fetched from (pull) or stored for the next
// fetch: (x, y) - c, across the periodic edge where x wraps, else in a tile's halo.
LL_HD std::size_t fetch_site(const Grid& g, int x, int y, int cx, int cy) {
    return g.site(g.wrapped_x(x - cx), y - cy);
}

// P_n of node (x, y), whatever the scheme stores: pull reads its neighbours across the periodic
// edge directly (x wraps), so reading needs no pbc pass and writes nothing.
template <Layout L, Scheme Sc>
LL_HD void read_node(const D2Q37Args& a, int x, int y, double (&f)[D2Q37::Q]) {
    const Grid& g = a.g;
    const double* s = a.lat.src;
    if constexpr (Sc == Scheme::Push) {
        load<L>(g, s, g.site(x, y), f);
    } else {
        static_for<D2Q37::Q>([&](auto I) {
            constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
            f[I] = s[g.at<L>(I, fetch_site(g, x, y, cx, cy))];
        });
        if (!near_wall(y, g.rows())) return;
        const auto out = [&](auto I) { return s[g.at<L>(opposite(I), g.site(x, y))]; };
        apply_wall(y, g.rows(), a.p, out, f);
    }
}

// The hydrodynamic fields of a node; zeros at a tile's halo node (its owner reports it).
template <Layout L, Scheme Sc>
LL_HD Moments node_moments(const D2Q37Args& a, int x, int y) {
    if (!own_site(a.g, {x, y})) return {0, 0, 0, 0};
    double f[D2Q37::Q];
    read_node<L, Sc>(a, x, y, f);
    return hydrodynamic(moments(f), a.p);
}

// ---- [SECTION] model ----
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

    static std::size_t set_elements(int, const EngineConfig& c) {
        return d2q37_grid(c).populations();
    }
    static Args make_args(const EngineConfig& c) {
        Args a{};
        a.lat.dims = c.dims;
        a.g = d2q37_grid(c);
        a.p = d2q37_params(c);
        a.fused = c.thermal.fused;
        a.hx = int(c.tile.halo[0]);
        a.hy = int(c.tile.halo[1]);
        return a;
    }
    static void bind(Args& a, const SetBuffers<Store, kSets>& b) {
        a.lat.src = b.src[0];
        a.lat.dst = b.dst[0];
    }
    static std::string flags_error(const std::vector<std::uint8_t>& flags) {
        return d2q37_flags_error(flags);
    }
    // The start state of a node from its hydrodynamic fields (EquilibriumFromFields).
    LL_HD static void equilibrium_values(const Args& a, double rho, const double (&u)[3], double T,
                                         double (&v)[kStateQ]) {
        start_equilibrium({rho, u[0], u[1], T}, a.p, v);
    }

    template <class F>
    static decltype(auto) with_layout_scheme(const ModelChoice& m, F&& f) {
        return with_layout(m.layout, [&](auto L) {
            if (m.scheme == Scheme::Push)
                return f(L, std::integral_constant<Scheme, Scheme::Push>{});
            return f(L, std::integral_constant<Scheme, Scheme::Pull>{});
        });
    }
    template <class F>
    static decltype(auto) with_step(const ModelChoice& m, F&& f) {
        return with_layout_scheme(m, [&](auto L, auto Sc) { return f(L, Sc, Tag<ShiftedBgk>{}); });
    }

    // Calore et al. 2016's order of kernels in one step (lattice.hpp, [SECTION] schemes). In a
    // tile cut along x the exchange after the step replaces pbc and fold; a tile with fewer
    // walls has a smaller wall band, none between two cuts (a pass of no items is left out).
    template <Layout L, Scheme Sc, class, class Sweeps>
    static void plan(Sweeps& s, const Args& a) {
        using namespace passes;
        const Grid& g = a.g;
        const auto sweep = [&s](const auto& op, std::uint32_t count) {
            if (count) s.sweep(op, count);
        };
        if constexpr (Sc == Scheme::Pull) {
            if (g.wrap_x) sweep(Pbc<L>{}, Pbc<L>::count(g));
            if (a.fused) {
                sweep(PullFused<L, false>{}, bulk_sites(g));
                sweep(PullFused<L, true>{}, band_sites(g));
                return;
            }
            sweep(PropagatePull<L>{}, all_sites(g));
            sweep(BcPull<L>{}, band_sites(g));
            sweep(Collide<L, true>{}, all_sites(g));
        } else {
            if (a.fused) {
                sweep(PushFused<L>{}, all_sites(g));
            } else {
                sweep(Collide<L, false>{}, all_sites(g));
                sweep(PropagatePush<L>{}, all_sites(g));
            }
            if (g.wrap_x) sweep(Fold<L>{}, Fold<L>::count(g));
            sweep(BcPush<L>{}, band_sites(g));
        }
    }

    // A tile's halo nodes read as zeros (export_state skips them; the GPU's export reads all).
    template <Layout L, Scheme Sc>
    LL_HD static void read_state(const Args& a, node_t n, double (&v)[kStateQ]) {
        const Site s = node_site(a, n);
        if (own_site(a.g, s))
            read_node<L, Sc>(a, s.x, s.y, v);
        else
            static_for<kStateQ>([&](auto I) { v[I] = 0; });
    }
    // The wall rule first (the canonical state's wall directions stand for what the node
    // returns); then push stores P_n at the node, and pull stores each value where the next
    // propagate fetches it: at x - c_i, or, for a direction that came through a wall, as the
    // outgoing opp(i) of the node itself. Every slot has one writer. Only updated nodes (not a
    // tile's halo) are written.
    template <Layout L, Scheme Sc>
    LL_HD static void write_state(const Args& a, node_t n, const double (&v)[kStateQ]) {
        const Grid& g = a.g;
        const Site at = node_site(a, n);
        const int x = at.x, y = at.y;
        double r[D2Q37::Q];
        static_for<D2Q37::Q>([&](auto I) { r[I] = v[I]; });
        if (near_wall(y, g.rows()))
            apply_wall(
                y, g.rows(), a.p, [&](auto I) { return v[int(I)]; }, r);
        double* s = passes::state(a);
        if constexpr (Sc == Scheme::Push) {
            store<L>(g, s, g.site(x, y), r);
        } else {
            static_for<D2Q37::Q>([&](auto I) {
                constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
                if (through_wall<I>(y, g.rows()))
                    s[g.at<L>(opposite(I), g.site(x, y))] = r[I];
                else
                    s[g.at<L>(I, fetch_site(g, x, y, cx, cy))] = r[I];
            });
        }
    }
    template <Layout L, Scheme Sc>
    LL_HD static NodeMacro<double> macro(const Args& a, node_t n) {
        const Site s = node_site(a, n);
        const Moments m = node_moments<L, Sc>(a, s.x, s.y);
        return {m.rho, {m.ux, m.uy, 0.0}, m.T};
    }
    template <Layout L, Scheme Sc>
    LL_HD static float field(const Args& a, node_t n, const FieldRequest& req) {
        const auto at = [&a](int x, int y) { return node_moments<L, Sc>(a, x, y); };
        const Site s = node_site(a, n);
        return field_value(req.kind, s.x, s.y, a.g.lx, a.g.ly, at);
    }
    template <Layout L, Scheme Sc>
    LL_HD static bool finite(const Args& a, node_t n) {
        const Site s = node_site(a, n);
        return !own_site(a.g, s) || finite_node(node_moments<L, Sc>(a, s.x, s.y));
    }

    // ---- the halo exchange (engine/population_sets.hpp, OwnHaloModel) ----
    static std::vector<std::array<int, 3>> halo_velocities(int) {
        std::vector<std::array<int, 3>> c(D2Q37::Q);
        for (int i = 0; i < D2Q37::Q; ++i)
            c[std::size_t(i)] = {D2Q37::c[i][0], D2Q37::c[i][1], 0};
        return c;
    }
    // Where node n's post-collision population i waits after a step for the next one's reader
    // at n + c_i: pull keeps it at n (the next pbc or the exchange spreads it); push has sent it
    // to n + c_i, in a tile's halo beyond a cut or, across the periodic edge, folded into the
    // column on the other side. Either is the slot the exchange copies from the tile that
    // updates n to the one that updates n + c_i.
    static std::uint64_t outgoing_element(const EngineConfig& c, int, node_t n, int i, int) {
        const Args a = make_args(c);
        const Site s = node_site(a, n);
        const int cx = D2Q37::c[i][0], cy = D2Q37::c[i][1];
        const std::size_t site = c.model.scheme != Scheme::Push
                                     ? a.g.site(s.x, s.y)
                                     : fetch_site(a.g, s.x, s.y, -cx, -cy);
        return with_layout(c.model.layout, [&](auto L) { return a.g.at<L()>(i, site); });
    }
};

} // namespace ll::thermal

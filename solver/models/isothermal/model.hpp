// The isothermal DdQq model (D2Q9, D3Q19, D3Q27) as a node model of the one engine
// (engine/node_model.hpp): the core's update_node, state access and fields on one population
// set, in every storage format.
#pragma once
#include "solver/core/field_at.hpp"
#include "solver/dispatch.hpp"
#include "solver/engine/engine.hpp"
#include "solver/engine/node_model.hpp"
#include "solver/engine/wall_ghosts.hpp"

#include <type_traits>

namespace ll {

template <class S, class RealT, class StoreT = RealT>
struct IsothermalModel {
    using Stencil = S;
    template <int k>
    using SetStencil = S; // the halo exchange's view (population_sets.hpp)
    using Real = RealT;
    using Store = StoreT;
    using Args = StepArgs<Real, Store>;
    static constexpr int kSets = 1;
    LL_HD static constexpr int set_q(int) { return S::Q; } // velocities of set k
    static constexpr int kStateQ = S::Q;
    static constexpr bool kHasTemperature = false;

    LL_HD static Args& lattice(Args& a) { return a; }
    LL_HD static const Args& lattice(const Args& a) { return a; }

    static Args make_args(const EngineConfig& c) {
        Args a{};
        fill_step_args<S, Real>(a, c.dims, c.flow);
        a.soa_stride = population_stride(c);
        a.faces = x_faces_of(c, S::Q);
        return a;
    }
    // A pull tile cut along x keeps its x faces (core/x_faces.hpp): every slot goes through
    // the core's Propagation, and the CPU's rows stop short of the x-edge nodes (cpu_rows.hpp).
    static constexpr bool kXFaces = true;
    static void bind(Args& a, const SetBuffers<Store, kSets>& b) {
        a.src = b.src[0];
        a.dst = b.dst[0];
    }
    static std::string flags_error(const std::vector<std::uint8_t>&) { return ""; }

    // Register-capped variants of the bulk kernel (engine/register_caps.hpp): for the kernels of
    // the lab's registers study (Bailey et al. 2009, Fig. 7: D3Q19 BGK and MRT, pull and A-A),
    // their D2Q9 and FP64 counterparts, and no others, so that the CUDA build grows little.
    template <Layout L, Scheme Sc, class C>
    static constexpr bool has_register_caps() {
        constexpr bool stencil = std::is_same_v<S, D2Q9> || std::is_same_v<S, D3Q19>;
        constexpr bool collision = std::is_same_v<C, Bgk> || std::is_same_v<C, Mrt>;
        constexpr bool scheme = Sc == Scheme::Pull || Sc == Scheme::AA;
        constexpr bool stored_as_computed = std::is_same_v<Real, Store>; // not the 16-bit stores
        return stencil && collision && scheme && L == Layout::SoA && stored_as_computed;
    }

    // layout = aosoa, for the choices aosoa_offered() names (the registry refuses the others
    // before an engine is made): its kernels exist for values stored as computed only.
    static constexpr bool kAoSoA = std::is_same_v<Real, Store>;
    template <class F>
    static decltype(auto) with_step(const ModelChoice& m, F&& f) {
        return with_layout_scheme(m, [&](auto L, auto Sc) {
            return with_collision<S>(m.collision, [&](auto C) { return f(L, Sc, C); });
        });
    }
    template <class F>
    static decltype(auto) with_layout_scheme(const ModelChoice& m, F&& f) {
        if constexpr (kAoSoA) {
            if (m.layout == Layout::AoSoA)
                return with_aosoa_scheme(m.scheme, [&](auto Sc) {
                    return f(std::integral_constant<Layout, Layout::AoSoA>{}, Sc);
                });
        }
        return with_addressing(m, f);
    }

    // F: how a pull node finds its x faces (core/node_update.hpp, FacePath); the GPU's kernels
    // are built for a lattice with faces or without.
    template <Layout L, Scheme Sc, class C, Pass P, FacePath F = FacePath::Runtime>
    LL_HD static void update(const Args& a, node_t n) {
        update_node<S, L, Sc, C, Real, P, Store, F>(a, n);
    }
    // Wall ghosts (engine/wall_ghosts.hpp) copy reflections exactly only where values are
    // stored as computed: a 16-bit store would round them a second time.
    static constexpr bool kWallGhosts = std::is_same_v<Real, Store>;
    template <Layout L, Scheme Sc>
    LL_HD static void fill_wall_ghosts(const Args& a, const WallGhostNode& g) {
        Propagation<S, L, Sc, Real, Store>::fill_wall_ghosts(a, make_frame(a.dims, g.node), g.walls,
                                                             g.moving);
    }
    template <Layout L, Scheme Sc>
    LL_HD static void read_state(const Args& a, node_t n, Real (&v)[kStateQ]) {
        Propagation<S, L, Sc, Real, Store>::read_state(a, make_frame(a.dims, n), v);
    }
    template <Layout L, Scheme Sc>
    LL_HD static void write_state(const Args& a, node_t n, const Real (&v)[kStateQ]) {
        Propagation<S, L, Sc, Real, Store>::write_state(a, make_frame(a.dims, n), v);
    }
    // The start state of a node (EquilibriumFromFields): evaluated in double, as the host's
    // equilibrium_state is, then rounded to Real.
    LL_HD static void equilibrium_values(const Args&, double rho, const double (&u)[3], double,
                                         Real (&v)[kStateQ]) {
        for (int i = 0; i < S::Q; ++i)
            v[i] = Real(equilibrium<S>(i, rho, u));
    }
    template <Layout L, Scheme Sc>
    LL_HD static NodeMacro<Real> macro(const Args& a, node_t n) {
        const Macro<Real> m = read_macro<S, L, Sc>(a, n);
        return {m.rho, {m.u[0], m.u[1], m.u[2]}, Real(0)};
    }
    template <Layout L, Scheme Sc>
    LL_HD static float field(const Args& a, node_t n, const FieldRequest& req) {
        return field_at<S, L, Sc>(a, n, req);
    }
    template <Layout L, Scheme Sc>
    LL_HD static bool finite(const Args& a, node_t n) {
        return node_is_finite<S, L, Sc>(a, n);
    }
};

} // namespace ll

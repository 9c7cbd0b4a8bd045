// The Boussinesq double-population model as a node model of the one engine
// (engine/node_model.hpp): set 0 is the flow on SF (D2Q9 | D3Q19), set 1 the temperature on ST
// (D2Q5 | D3Q7, or SF itself), both with the same scheme, layout and parity (node_update.hpp).
//
// [SECTION] choices     runtime choices -> instantiations: stencil pair, schemes, collisions
// [SECTION] parameters  Args of an EngineConfig
// [SECTION] model       BoussinesqModel<SF, ST, Real>
#pragma once
#include "config.hpp"
#include "node_update.hpp"
#include "solver/dispatch.hpp"
#include "solver/engine/engine.hpp"
#include "solver/engine/node_model.hpp"

namespace ll::thermal::boussinesq {

// ---- [SECTION] choices ----
// Every scheme but shared_x, whose shared-memory x-shift is written for one population
// (model_error() refuses it). Its addressing is pull's, so mapping it to pull here keeps it
// from being instantiated at all.
template <class F>
decltype(auto) with_bq_addressing(const ModelChoice& m, F&& f) {
    return with_addressing(m, [&](auto L, auto Sc) {
        if constexpr (Sc() == Scheme::SharedX)
            return f(L, std::integral_constant<Scheme, Scheme::Pull>{});
        else
            return f(L, Sc);
    });
}

// f(Tag<SF>, Tag<ST>): the stencil pair of a flow stencil and temperature stencil choice
// (model_error() refuses the other flow stencils).
template <class F>
decltype(auto) with_stencils(StencilKind flow, TemperatureStencil t, F&& f) {
    const bool same = t == TemperatureStencil::Flow;
    if (flow == StencilKind::D3Q19)
        return same ? f(Tag<D3Q19>{}, Tag<D3Q19>{}) : f(Tag<D3Q19>{}, Tag<D3Q7>{});
    return same ? f(Tag<D2Q9>{}, Tag<D2Q9>{}) : f(Tag<D2Q9>{}, Tag<D2Q5>{});
}
template <class F>
decltype(auto) with_stencils(const Config& c, F&& f) {
    return with_stencils(c.model.stencil, c.temperature, f);
}

// ---- [SECTION] parameters ----
// Step arguments without buffers (the engine binds its own).
template <class SF, class Real>
Args<Real> make_args(const Dims& dims, const FlowParams& flow, const ThermalSettings& t) {
    Args<Real> a{};
    fill_step_args<SF, Real>(a.flow, dims, flow);
    a.thermal.omega_t = Real(1.0 / t.tau_t);
    for (int k = 0; k < 3; ++k)
        a.thermal.buoyancy[k] = Real(-t.g_beta * t.gravity_dir[k]);
    for (int k = 0; k < kWallClasses; ++k)
        a.thermal.wall_theta[k] = Real(k == 0 ? 0.0 : t.wall_theta[k]);
    return a;
}

// ---- [SECTION] model ----
template <class SF, class ST, class RealT>
struct BoussinesqModel {
    using Stencil = SF; // the flow's: CudaEngine names it for shared_x, which this model refuses
    template <int k>
    using SetStencil = std::conditional_t<k == 0, SF, ST>; // population_sets.hpp
    using Real = RealT;
    using Store = RealT; // 16-bit storage is refused (model_error)
    using Args = boussinesq::Args<Real>;
    static constexpr int kSets = 2;
    LL_HD static constexpr int set_q(int k) { return k == 0 ? SF::Q : ST::Q; }
    static constexpr int kStateQ = SF::Q + ST::Q;
    static constexpr bool kHasTemperature = true;

    LL_HD static StepArgs<Real>& lattice(Args& a) { return a.flow; }
    LL_HD static const StepArgs<Real>& lattice(const Args& a) { return a.flow; }

    static Args make_args(const EngineConfig& c) {
        Args a = boussinesq::make_args<SF, Real>(c.dims, c.flow, c.boussinesq.settings);
        a.flow.soa_stride = population_stride(c); // the temperature set's too (temperature_view)
        return a;
    }
    static void bind(Args& a, const SetBuffers<Store, kSets>& b) {
        a.flow.src = b.src[0];
        a.flow.dst = b.dst[0];
        a.t_src = b.src[1];
        a.t_dst = b.dst[1];
    }
    static std::string flags_error(const std::vector<std::uint8_t>& flags) {
        return boussinesq::flags_error(flags);
    }

    template <class F>
    static decltype(auto) with_step(const ModelChoice& m, F&& f) {
        return with_bq_addressing(m, [&](auto L, auto Sc) {
            return with_collision<SF>(m.collision, [&](auto C) { return f(L, Sc, C); });
        });
    }
    template <class F>
    static decltype(auto) with_layout_scheme(const ModelChoice& m, F&& f) {
        return with_bq_addressing(m, f);
    }

    template <Layout L, Scheme Sc, class C, Pass P>
    LL_HD static void update(const Args& a, node_t n) {
        update_node<SF, ST, L, Sc, C, Real, P>(a, n);
    }
    template <Layout L, Scheme Sc>
    LL_HD static void read_state(const Args& a, node_t n, Real (&v)[kStateQ]) {
        Real f[SF::Q], g[ST::Q];
        boussinesq::read_state<SF, ST, L, Sc>(a, n, f, g);
        for (int i = 0; i < SF::Q; ++i)
            v[i] = f[i];
        for (int i = 0; i < ST::Q; ++i)
            v[SF::Q + i] = g[i];
    }
    template <Layout L, Scheme Sc>
    LL_HD static void write_state(const Args& a, node_t n, const Real (&v)[kStateQ]) {
        Real f[SF::Q], g[ST::Q];
        for (int i = 0; i < SF::Q; ++i)
            f[i] = v[i];
        for (int i = 0; i < ST::Q; ++i)
            g[i] = v[SF::Q + i];
        boussinesq::write_state<SF, ST, L, Sc>(a, n, f, g);
    }
    template <Layout L, Scheme Sc>
    LL_HD static NodeMacro<Real> macro(const Args& a, node_t n) {
        const NodeFields<Real> m = node_fields<SF, ST, L, Sc>(a, n);
        return {m.rho, {m.u[0], m.u[1], m.u[2]}, m.theta};
    }
    template <Layout L, Scheme Sc>
    LL_HD static float field(const Args& a, node_t n, const FieldRequest& req) {
        return field_at<SF, ST, L, Sc>(a, n, req);
    }
    template <Layout L, Scheme Sc>
    LL_HD static bool finite(const Args& a, node_t n) {
        return node_is_finite<SF, ST, L, Sc>(a, n);
    }
};

} // namespace ll::thermal::boussinesq

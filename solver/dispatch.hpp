// Maps runtime choices to template instantiations. Each helper turns one enum into a type or
// constant and calls f with it; nesting them generates the instantiation table from code.
#pragma once
#include "core/collision.hpp"
#include "core/step_args.hpp"
#include "options.hpp"

#include <type_traits>

namespace ll {

template <class T>
struct Tag {
    using type = T;
};

template <class F>
decltype(auto) with_stencil(StencilKind s, F&& f) {
    switch (s) {
    case StencilKind::D3Q19:
        return f(Tag<D3Q19>{});
    case StencilKind::D3Q27:
        return f(Tag<D3Q27>{});
    default:
        return f(Tag<D2Q9>{});
    }
}
// SoA and AoS; a model that builds AoSoA dispatches it first (IsothermalModel), and
// compatible() refuses it for the others, so reaching it here is a bug, not a choice.
template <class F>
decltype(auto) with_layout(Layout l, F&& f) {
    if (l == Layout::AoSoA) throw ConfigError("layout = aosoa: not built for this model");
    if (l == Layout::AoS) return f(std::integral_constant<Layout, Layout::AoS>{});
    return f(std::integral_constant<Layout, Layout::SoA>{});
}
template <class F>
decltype(auto) with_scheme(Scheme s, F&& f) {
    using S = Scheme;
    switch (s) {
    case S::Push:
        return f(std::integral_constant<S, S::Push>{});
    case S::Split:
        return f(std::integral_constant<S, S::Split>{});
    case S::AA:
        return f(std::integral_constant<S, S::AA>{});
    case S::Esoteric:
        return f(std::integral_constant<S, S::Esoteric>{});
    case S::SharedX:
        return f(std::integral_constant<S, S::SharedX>{});
    default:
        return f(std::integral_constant<S, S::Pull>{});
    }
}
// The schemes layout = aosoa is built for (aosoa_scheme); compatibility_error() rejects the
// rest first.
template <class F>
decltype(auto) with_aosoa_scheme(Scheme s, F&& f) {
    using S = Scheme;
    if (!aosoa_scheme(s)) throw ConfigError("layout = aosoa: not built for this scheme");
    if (s == S::AA) return f(std::integral_constant<S, S::AA>{});
    if (s == S::Esoteric) return f(std::integral_constant<S, S::Esoteric>{});
    return f(std::integral_constant<S, S::Pull>{});
}
// MRT exists only for stencils with a basis; compatibility_error() rejects the rest first.
template <class S, class F>
decltype(auto) with_collision(CollisionKind c, F&& f) {
    if (c == CollisionKind::TRT) return f(Tag<Trt>{});
    if constexpr (has_mrt_basis<S>) {
        if (c == CollisionKind::MRT) return f(Tag<Mrt>{});
    }
    return f(Tag<Bgk>{});
}

// f(layout, scheme): the two choices that decide where populations live.
template <class F>
decltype(auto) with_addressing(const ModelChoice& m, F&& f) {
    return with_layout(
        m.layout, [&](auto L) { return with_scheme(m.scheme, [&](auto Sc) { return f(L, Sc); }); });
}

// Collision parameters of the chosen model from the physical ones.
template <class S, class Real>
CollisionParams<Real> make_collision_params(const FlowParams& flow) {
    CollisionParams<Real> p{};
    const double omega = 1.0 / flow.tau;
    p.omega = Real(omega);
    // Lambda = (1/omega+ - 1/2)(1/omega- - 1/2)  (Ginzburg et al. 2008)
    p.omega_minus = Real(1.0 / (flow.trt_lambda / (flow.tau - 0.5) + 0.5));
    if constexpr (has_mrt_basis<S>)
        p.mrt = MrtBasis<S>::template rates<Real>(omega, flow.mrt_bgk_equivalent);
    return p;
}

template <class S, class Real, class Store>
void fill_step_args(StepArgs<Real, Store>& a, const Dims& dims, const FlowParams& flow) {
    a.dims = dims;
    a.soa_stride = dims.nodes();
    a.coll = make_collision_params<S, Real>(flow);
    for (int k = 0; k < 3; ++k) {
        a.force[k] = Real(flow.force[k]);
        a.wall_u[k] = Real(flow.wall_u[k]);
        a.inlet_u[k] = Real(flow.inlet_u[k]);
    }
    a.outlet_rho = Real(flow.outlet_rho);
    a.inlet_rho = Real(flow.inlet_rho);
    a.pressure_ends = flow.pressure_ends;
}

} // namespace ll

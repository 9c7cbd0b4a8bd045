// Runtime choices of the double-population model to template instantiations, built on the
// core's helpers (solver/dispatch.hpp). Shared by the CPU and CUDA engines.
#pragma once
#include "engine.hpp"
#include "node_update.hpp"
#include "solver/dispatch.hpp"

namespace ll::thermal::boussinesq {

// The schemes that fit: every one but shared_x, whose shared-memory x-shift is written for
// one population (validate() refuses it). Its addressing is pull's, so mapping it to pull
// here keeps it from being instantiated at all.
template <class F>
decltype(auto) with_bq_addressing(const ModelChoice& m, F&& f) {
    return with_addressing(m, [&](auto L, auto Sc) {
        if constexpr (Sc() == Scheme::SharedX)
            return f(L, std::integral_constant<Scheme, Scheme::Pull>{});
        else
            return f(L, Sc);
    });
}
template <class SF, class F>
decltype(auto) with_bq_model(const ModelChoice& m, F&& f) {
    return with_bq_addressing(m, [&](auto L, auto Sc) {
        return with_collision<SF>(m.collision, [&](auto C) { return f(L, Sc, C); });
    });
}

// f(Tag<SF>, Tag<ST>): the stencil pair of the config (validate() refuses the others).
template <class F>
decltype(auto) with_stencils(const Config& c, F&& f) {
    const bool same = c.temperature == TemperatureStencil::Flow;
    if (c.model.stencil == StencilKind::D3Q19)
        return same ? f(Tag<D3Q19>{}, Tag<D3Q19>{}) : f(Tag<D3Q19>{}, Tag<D3Q7>{});
    return same ? f(Tag<D2Q9>{}, Tag<D2Q9>{}) : f(Tag<D2Q9>{}, Tag<D2Q5>{});
}

// Step arguments of the config without buffers (the engines add theirs).
template <class SF, class Real>
Args<Real> make_args(const Config& c) {
    Args<Real> a{};
    fill_step_args<SF, Real>(a.flow, c.dims, c.flow);
    a.thermal.omega_t = Real(1.0 / c.thermal.tau_t);
    for (int k = 0; k < 3; ++k)
        a.thermal.buoyancy[k] = Real(-c.thermal.g_beta * c.thermal.gravity_dir[k]);
    for (int k = 0; k < kWallClasses; ++k)
        a.thermal.wall_theta[k] = Real(k == 0 ? 0.0 : c.thermal.wall_theta[k]);
    return a;
}

// The step arguments with an engine's buffers: A-B schemes read a and write b, in-place ones
// read and write a (b is then empty).
template <class Real>
Args<Real> with_buffers(Args<Real> a, Real* fa, Real* fb, Real* ga, Real* gb,
                        const std::uint8_t* flags, int parity, bool in_place) {
    a.flow.src = fa;
    a.flow.dst = in_place ? fa : fb;
    a.flow.flags = flags;
    a.flow.parity = parity;
    a.t_src = ga;
    a.t_dst = in_place ? ga : gb;
    return a;
}

} // namespace ll::thermal::boussinesq

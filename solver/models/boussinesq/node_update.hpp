// The per-node step of the double-population model, composed from the core's Propagation
// (scheme addressing + layout) once for the flow stencil SF and once for the temperature
// stencil ST, and run unchanged by the CPU loop and the CUDA kernels.
//
// [SECTION] Args              both populations' buffers and parameters, passed by value
// [SECTION] temperature walls the out-of-line wall path for the temperature population
// [SECTION] update_node       gather both, walls, buoyancy, collide both, scatter both
// [SECTION] state and fields  canonical state exchange, (rho, u, theta) of one node, the
//                             derived fields and the finiteness check
//
// Both populations use the same scheme and parity, so A-A and esoteric run both in place.
#pragma once
#include "model.hpp"
#include "solver/core/field_at.hpp"
#include "solver/core/node_update.hpp"

namespace ll::thermal::boussinesq {

// ---- [SECTION] Args ----
template <class Real>
struct Args {
    StepArgs<Real> flow;         // flow buffers, flags, collision, uniform force, wall velocity
    const Real* t_src = nullptr; // temperature: incoming slots
    Real* t_dst = nullptr;       // temperature: outgoing slots (== t_src in place)
    ThermalParams<Real> thermal{};
};

// The core's addressing needs a StepArgs; the temperature one shares dims, flags and parity.
template <class Real>
LL_HD StepArgs<Real> temperature_view(const Args<Real>& a) {
    StepArgs<Real> t{};
    t.dims = a.flow.dims;
    t.soa_stride = a.flow.soa_stride;
    t.src = a.t_src;
    t.dst = a.t_dst;
    t.flags = a.flow.flags;
    t.parity = a.flow.parity;
    return t;
}

template <class SF, class ST, Layout L, Scheme Sc, class Real>
struct DoublePopulation {
    using PF = Propagation<SF, L, Sc, Real>;
    using PT = Propagation<ST, L, Sc, Real>;

    // ---- [SECTION] temperature walls ----
    // Passed by value for the same reason as the core's WallLookup (node_update.hpp).
    struct WallLookup {
        Real* mem;
        const std::uint8_t* flags;
        Dims dims;
        node_t soa_stride;
        int parity;
        node_t n;
        ThermalParams<Real> p;
    };
    LL_HD static WallLookup wall_lookup(const StepArgs<Real>& t, const ThermalParams<Real>& p,
                                        node_t n) {
        return {const_cast<Real*>(t.src), t.flags, t.dims, t.soa_stride, t.parity, n, p};
    }
    // Where g*_opp(i)(x) waits: the incoming slot of opp(i) at the wall node x - c_i.
    LL_HD static Real* reflection_slot(const WallLookup& w, int i) {
        StepArgs<Real> t{};
        t.dims = w.dims;
        t.soa_stride = w.soa_stride;
        t.parity = w.parity;
        const NodeFrame fr = make_frame(w.dims, w.n);
        const Redirect<Real> r = bounce_back_redirect<ST, Sc>(t, i, false);
        return w.mem + PT::index(t, PT::resolve(t, fr, r.d), r.dir);
    }
    // In the caller's code for Pass::Resident (core/node_update.hpp), else out of line.
    LL_HD static Real reflected_inline(const WallLookup& w, int i, std::uint8_t wall_flag) {
        return temperature_wall_rule<ST>(w.p, i, wall_flag, *reflection_slot(w, i));
    }
    LL_HD_NOINLINE static Real reflected(WallLookup w, int i, std::uint8_t wall_flag) {
        return reflected_inline(w, i, wall_flag);
    }
    // Stores what reflected() reads back as `value` (the rule is an involution).
    LL_HD_NOINLINE static void store_reflected(WallLookup w, int i, std::uint8_t wall_flag,
                                               Real value) {
        *reflection_slot(w, i) = temperature_wall_rule<ST>(w.p, i, wall_flag, value);
    }
    template <bool kInline = false>
    LL_HD static void apply_temperature_walls(const StepArgs<Real>& t, const ThermalParams<Real>& p,
                                              const NodeFrame& fr, Real (&g)[ST::Q]) {
        LL_UNROLL
        for (int i = 1; i < ST::Q; ++i) {
            const std::uint8_t sf =
                t.flags[fr.shift(-cvel<ST>(i, 0), -cvel<ST>(i, 1), -cvel<ST>(i, 2))];
            if (!is_halfway_wall(sf)) continue;
            if constexpr (kInline)
                g[i] = reflected_inline(wall_lookup(t, p, fr.n), i, sf);
            else
                g[i] = reflected(wall_lookup(t, p, fr.n), i, sf);
        }
    }

    // Both populations of node n as the next step sees them (walls applied); f is shifted
    // (f_i - w_i, equilibrium.hpp), g carries theta. The model keeps no x faces
    // (FacePath::None): its kernels carry no face test.
    LL_HD static void gather(const Args<Real>& a, const NodeFrame& fr, bool walls, Real (&f)[SF::Q],
                             Real (&g)[ST::Q]) {
        PF::template gather<FacePath::None>(a.flow, fr, f);
        PT::template gather<FacePath::None>(temperature_view(a), fr, g);
        if (walls) apply_walls(a, fr, f, g);
    }
    // kInline: Pass::Resident (core/node_update.hpp).
    template <bool kInline = false>
    LL_HD static void apply_walls(const Args<Real>& a, const NodeFrame& fr, Real (&f)[SF::Q],
                                  Real (&g)[ST::Q]) {
        PF::template apply_walls<kInline>(a.flow, fr, f);
        apply_temperature_walls<kInline>(temperature_view(a), a.thermal, fr, g);
    }
};

// ---- [SECTION] update_node ----
// Pass as in the core: the GPU runs a bulk kernel without wall code and a near-wall list, or
// one resident kernel that reads every node's populations before its tests.
// Node types other than fluid and half-way walls are refused by validate() (engine.cpp).
template <class SF, class ST, Layout L, Scheme Sc, class C, class Real, Pass kPass = Pass::All>
LL_HD void update_node(const Args<Real>& a, node_t n) {
    using DP = DoublePopulation<SF, ST, L, Sc, Real>;
    const std::uint8_t flag = a.flow.flags[n];
    constexpr bool resident = kPass == Pass::Resident;
    if (!resident && skipped_by<kPass>(flag)) return;
    const NodeFrame fr = make_frame(a.flow.dims, n);
    Real f[SF::Q], g[ST::Q];
    DP::gather(a, fr, false, f, g);
    if (resident && skipped_by<kPass>(flag)) return;
    if (kPass != Pass::Bulk && near_wall(flag)) DP::template apply_walls<resident>(a, fr, f, g);
    const Real theta = temperature_of<ST>(g);
    Real force[3];
    buoyancy_force(a.flow.force, a.thermal, theta, force);
    const Macro<Real> m = C::template collide<SF>(a.flow.coll, f, force);
    relax_temperature<ST>(a.thermal.omega_t, theta, m.u, g);
    DP::PF::template scatter<FacePath::None>(a.flow, fr, f);
    DP::PT::template scatter<FacePath::None>(temperature_view(a), fr, g);
}

// ---- [SECTION] state and fields ----
// Canonical state of node n: f_i (unshifted) and g_i, pre-collision, walls applied.
template <class SF, class ST, Layout L, Scheme Sc, class Real>
LL_HD void read_state(const Args<Real>& a, node_t n, Real (&f)[SF::Q], Real (&g)[ST::Q]) {
    using DP = DoublePopulation<SF, ST, L, Sc, Real>;
    DP::PF::read_state(a.flow, make_frame(a.flow.dims, n), f);
    const NodeFrame fr = make_frame(a.flow.dims, n);
    const StepArgs<Real> t = temperature_view(a);
    DP::PT::gather(t, fr, g);
    if (near_wall(a.flow.flags[n])) DP::apply_temperature_walls(t, a.thermal, fr, g);
}

// The inverse of read_state; writes into the incoming slots (flow.src, t_src).
template <class SF, class ST, Layout L, Scheme Sc, class Real>
LL_HD void write_state(const Args<Real>& a, node_t n, const Real (&f)[SF::Q],
                       const Real (&g)[ST::Q]) {
    using DP = DoublePopulation<SF, ST, L, Sc, Real>;
    const NodeFrame fr = make_frame(a.flow.dims, n);
    DP::PF::write_state(a.flow, fr, f);
    const StepArgs<Real> t = temperature_view(a);
    Real* mem = const_cast<Real*>(a.t_src);
    const bool walls = near_wall(a.flow.flags[n]);
    for (int i = 0; i < ST::Q; ++i) {
        const std::uint8_t sf =
            walls ? a.flow.flags[fr.shift(-cvel<ST>(i, 0), -cvel<ST>(i, 1), -cvel<ST>(i, 2))] : 0;
        if (i > 0 && is_halfway_wall(sf))
            DP::store_reflected(DP::wall_lookup(t, a.thermal, n), i, sf, g[i]);
        else
            mem[DP::PT::incoming_index(t, fr, i)] = g[i];
    }
}

template <class Real>
struct NodeFields {
    Real rho, u[3], theta;
};

// Density, force-corrected velocity and theta of node n; half-way walls report rho = 1,
// u = 0 and their fixed theta (0 for adiabatic walls).
template <class SF, class ST, Layout L, Scheme Sc, class Real>
LL_HD_NOINLINE NodeFields<Real> node_fields(const Args<Real>& a, node_t n) {
    using DP = DoublePopulation<SF, ST, L, Sc, Real>;
    const std::uint8_t flag = a.flow.flags[n];
    if (!is_updated(flag)) return {Real(1), {0, 0, 0}, a.thermal.wall_theta[thermal_class(flag)]};
    Real f[SF::Q], g[ST::Q], force[3], drho;
    DP::gather(a, make_frame(a.flow.dims, n), near_wall(flag), f, g);
    const Real theta = temperature_of<ST>(g);
    buoyancy_force(a.flow.force, a.thermal, theta, force);
    const Macro<Real> m = shifted_moments<SF>(f, force, drho);
    return {m.rho, {m.u[0], m.u[1], m.u[2]}, theta};
}

// One derived field at node n, as ll::field_at for the flow; FieldKind::Temperature is theta
// (walls: their own theta, NaN with mask_walls like every field).
template <class SF, class ST, Layout L, Scheme Sc, class Real>
LL_HD float field_at(const Args<Real>& a, node_t n, const FieldRequest& req) {
    if (req.mask_walls && is_halfway_wall(a.flow.flags[n]))
        return std::numeric_limits<float>::quiet_NaN();
    const auto at = [a](node_t m) { return node_fields<SF, ST, L, Sc>(a, m); };
    if (req.kind == FieldKind::Temperature) return float(at(n).theta);
    return velocity_field(at, a.flow.dims, n, req);
}

// Walls always are finite.
template <class SF, class ST, Layout L, Scheme Sc, class Real>
LL_HD bool node_is_finite(const Args<Real>& a, node_t n) {
    if (!is_updated(a.flow.flags[n])) return true;
    const NodeFields<Real> m = node_fields<SF, ST, L, Sc>(a, n);
    return moments_are_finite(m) && is_finite_value(m.theta);
}

} // namespace ll::thermal::boussinesq

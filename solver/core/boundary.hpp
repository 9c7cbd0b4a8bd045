// Boundary rules, each a per-link rule that works with every propagation scheme (docs/DESIGN.md,
// "Walls as per-link rules"): half-way walls redirect the read of an incoming slot (bounce-back
// and moving wall after Ladd 1994, free slip by specular reflection); on-grid bounce-back,
// inlets and outlets are updated nodes whose rule replaces the collision.
#pragma once
#include "flags.hpp"
#include "scheme.hpp"
#include "step_args.hpp"

namespace ll {

// Where a redirected population lives, relative to the node being updated, plus what the
// wall adds to it.
template <class Real>
struct Redirect {
    int d[3];
    int dir;
    Real add;
};

template <class S>
LL_HD int direction_of(int cx, int cy, int cz) {
    for (int i = 0; i < S::Q; ++i)
        if (cvel<S>(i, 0) == cx && cvel<S>(i, 1) == cy && cvel<S>(i, 2) == cz) return i;
    return -1;
}

template <class S, Scheme Sc, class Real, class Store>
LL_HD Redirect<Real> bounce_back_redirect(const StepArgs<Real, Store>& a, int i, bool moving) {
    const Slot s = Addressing<S, Sc>::incoming(opposite(i), a.parity);
    Real add = 0;
    if (moving) add = Real(6.0 * weight<S>(i)) * dot_c<S>(i, a.wall_u);
    return {{s.d[0] - cvel<S>(i, 0), s.d[1] - cvel<S>(i, 1), s.d[2] - cvel<S>(i, 2)}, s.dir, add};
}

template <class S, Scheme Sc, class Real, class Store>
LL_HD Redirect<Real> free_slip_redirect(const StepArgs<Real, Store>& a, const NodeFrame& fr,
                                        int i) {
    int normal[3] = {0, 0, 0}, tangent[3] = {0, 0, 0};
    bool any = false;
    for (int ax = 0; ax < 3; ++ax) {
        const int c = cvel<S>(i, ax);
        if (c == 0) continue;
        const int step[3] = {ax == 0 ? -c : 0, ax == 1 ? -c : 0, ax == 2 ? -c : 0};
        if (is_halfway_wall(a.flags[fr.shift(step[0], step[1], step[2])])) {
            normal[ax] = c;
            any = true;
        } else {
            tangent[ax] = c;
        }
    }
    // A link that only grazes a wall edge has no plane to reflect in: bounce it back.
    const bool tangent_source_is_wall =
        is_halfway_wall(a.flags[fr.shift(-tangent[0], -tangent[1], -tangent[2])]);
    if (!any || tangent_source_is_wall) return bounce_back_redirect<S, Sc>(a, i, false);
    const int r =
        direction_of<S>(tangent[0] - normal[0], tangent[1] - normal[1], tangent[2] - normal[2]);
    const Slot s = Addressing<S, Sc>::incoming(r, a.parity);
    return {{s.d[0] - normal[0], s.d[1] - normal[1], s.d[2] - normal[2]}, s.dir, Real(0)};
}

template <class S, Scheme Sc, class Real, class Store>
LL_HD Redirect<Real> wall_redirect(const StepArgs<Real, Store>& a, const NodeFrame& fr, int i,
                                   std::uint8_t source_flag) {
    switch (node_type(source_flag)) {
    case kMovingWall:
        return bounce_back_redirect<S, Sc>(a, i, true);
    case kFreeSlip:
        return free_slip_redirect<S, Sc>(a, fr, i);
    default:
        return bounce_back_redirect<S, Sc>(a, i, false);
    }
}

// ---- pressure ends (FlowParams::pressure_ends) ----
// Zou & He, Phys. Fluids 9, 1591 (1997): an inlet or outlet node held at density rho_b. After
// streaming, the populations leaving the domain through the node's open face are known, those
// entering through it (c_x = kSide, the inward normal: +1 at an inlet on x = 0, -1 at an outlet
// on x = nx - 1) are not: they arrived across the periodic wrap from the other end. Mass gives
// the normal momentum, j_n = rho_b - sum_{c_x=0} f - 2 sum_{c_x=-kSide} f; the unknowns take
// the bounce-back of the known non-equilibrium parts, f_i = f_opp(i) + 6 w_i j_n; then the
// transverse momentum they leave is removed, spread over the unknowns by their transverse
// components (Hecht & Harting, J. Stat. Mech. P01018 (2010), for D3Q19; the same conditions
// hold the rule for D2Q9 and D3Q27). The density and a zero transverse velocity (Guo's half
// force included) hold exactly; the node then collides. Shifted populations change nothing:
// w_i = w_opp(i), and the c_x = 0 set's weights plus twice the leaving set's sum to 1 (the two
// open-face sets weigh the same), so j_n = rho_b - 1 - sum_{c_x=0} g - 2 sum_{c_x=-kSide} g.
template <class S, int kSide>
LL_HD constexpr int transverse_links(int axis) {
    int n = 0;
    for (int i = 1; i < S::Q; ++i)
        n += cvel<S>(i, 0) == kSide && cvel<S>(i, axis) != 0 ? 1 : 0;
    return n;
}

template <class S, int kSide, class Real>
LL_HD void complete_pressure_node(Real (&f)[S::Q], Real rho, const Real (&force)[3]) {
    Real rest = 0, leaving = 0;
    LL_UNROLL
    for (int i = 0; i < S::Q; ++i) {
        if (cvel<S>(i, 0) == 0) rest += f[i];
        if (cvel<S>(i, 0) == -kSide) leaving += f[i];
    }
    const Real jn = rho - Real(1) - rest - Real(2) * leaving;
    LL_UNROLL
    for (int i = 1; i < S::Q; ++i)
        if (cvel<S>(i, 0) == kSide) f[i] = f[opposite(i)] + Real(6.0 * weight<S>(i)) * jn;
    Real drho, j[3];
    raw_moments<S>(f, drho, j);
    LL_UNROLL
    for (int a = 1; a < S::D; ++a) {
        const Real excess = (j[a] + Real(0.5) * force[a]) / Real(transverse_links<S, kSide>(a));
        LL_UNROLL
        for (int i = 1; i < S::Q; ++i)
            if (cvel<S>(i, 0) == kSide && cvel<S>(i, a) != 0)
                f[i] = cvel<S>(i, a) > 0 ? f[i] - excess : f[i] + excess;
    }
}

// Completes an inlet or outlet node of a run with pressure ends; false for any other node.
template <class S, class Real, class Store>
LL_HD bool complete_pressure_end(const StepArgs<Real, Store>& a, NodeType t, Real (&f)[S::Q]) {
    if (!a.pressure_ends) return false;
    if (t == kInlet) {
        complete_pressure_node<S, 1>(f, a.inlet_rho, a.force);
        return true;
    }
    if (t == kOutlet) {
        complete_pressure_node<S, -1>(f, a.outlet_rho, a.force);
        return true;
    }
    return false;
}

// Boundary-node rules, on shifted populations f_i - w_i (the redirects above need no change
// for them: w_i equals the weight of opposite(i) and of the reflected direction). True when
// the rule replaced the collision; false for nodes that collide: plain fluid, and the inlets
// and outlets of pressure ends, whose rule only completes the populations.
template <class S, class Real, class Store>
LL_HD bool apply_node_rule(const StepArgs<Real, Store>& a, NodeType t, Real (&f)[S::Q]) {
    if (t == kWallOnGrid) {
        LL_UNROLL
        for (int i = 1; i < S::Q; i += 2) {
            const Real tmp = f[i];
            f[i] = f[i + 1];
            f[i + 1] = tmp;
        }
        return true;
    }
    if (complete_pressure_end<S>(a, t, f)) return false;
    if (t == kInlet) {
        Real drho = 0;
        for (int i = 0; i < S::Q; ++i)
            drho += f[i];
        for (int i = 0; i < S::Q; ++i)
            f[i] = shifted_equilibrium<S>(i, drho, Real(1) + drho, a.inlet_u);
        return true;
    }
    if (t == kOutlet) {
        const Real no_force[3] = {0, 0, 0};
        Real drho;
        const Macro<Real> m = shifted_moments<S>(f, no_force, drho);
        for (int i = 0; i < S::Q; ++i)
            f[i] = shifted_equilibrium<S>(i, a.outlet_rho - Real(1), a.outlet_rho, m.u);
        return true;
    }
    return false;
}

} // namespace ll

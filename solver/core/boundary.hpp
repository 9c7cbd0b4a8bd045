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

// Boundary-node rules applied instead of the collision, on shifted populations f_i - w_i (the
// redirects above need no change for them: w_i equals the weight of opposite(i) and of the
// reflected direction). Returns false for plain fluid nodes.
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

// The D2Q37 thermal compressible model of seed 004 at one node, for CPU and GPU alike:
// equilibrium, moments, the shifted-field collision and the wall rule.
//
// [SECTION] parameters       relaxation time, gravity, the two walls
// [SECTION] equilibrium      fourth-order Hermite projection of the Maxwellian
// [SECTION] moments          rho, u, T of the populations; the hydrodynamic fields
// [SECTION] collision        BGK towards the equilibrium at the shifted u and T
// [SECTION] walls            thermal (diffuse) and adiabatic (bounce-back) top/bottom rows
//
// Units: velocities xi_i = 1.19698 c_i (velocity_set.hpp), so c_s = 1 and T0 = 1; one time
// step is the unit of time and one lattice spacing is D2Q37::kScale units of length.
#pragma once
#include "velocity_set.hpp"

namespace ll::thermal {

// ---- [SECTION] parameters ----
enum class WallKind : int {
    Thermal = 0,   // fixed temperature, zero velocity: seed 004's bc (diffuse reflection)
    Adiabatic = 1, // no heat and no mass through the wall: bounce-back
};

struct Wall {
    WallKind kind = WallKind::Thermal;
    double T = 1.0; // wall temperature (Thermal only)
};

struct D2Q37Params {
    double tau = 0.6;                    // relaxation time: nu = tau - 1/2 (c_s = 1); kappa follows
    double gravity = 0.0;                // |g|, pointing to -y (model units per step^2)
    Wall bottom{WallKind::Thermal, 1.0}; // row y = 0 side
    Wall top{WallKind::Thermal, 1.0};    // row y = ly - 1 side
};

// ---- [SECTION] equilibrium ----
// The local state an equilibrium is evaluated at; theta = T - 1.
struct EqState {
    double rho, ux, uy, theta;
};

// f_eq of direction I: the Maxwellian projected on Hermite polynomials up to fourth order
// (Sbragaglia et al. 2009; Scagliarini et al., Phys. Fluids 22, 055101 (2010), as written
// in thermal_models.md). D = 2. The velocity set integrates degree 8 exactly, so the
// moments up to fourth order are the Maxwellian's
// (tests/solver/models/d2q37/test_d2q37_equilibrium.cpp).
template <int I>
LL_HD double equilibrium(const EqState& s) {
    constexpr double D = D2Q37::D;
    constexpr double xx = D2Q37::xi(I, 0), xy = D2Q37::xi(I, 1);
    constexpr double x2 = xx * xx + xy * xy;
    constexpr double w = D2Q37::w[I];
    // Constant parts of the temperature Hermite terms fold at compile time.
    constexpr double k2 = x2 - D, k3 = 3 * (x2 - D - 2), k4a = 6 * (x2 - D - 4),
                     k4b = 6 * (D + 2 - x2), k4c = 3 * (x2 * x2 - 2 * (D + 2) * x2 + D * (D + 2));
    const double u2 = s.ux * s.ux + s.uy * s.uy;
    const double xu = xx * s.ux + xy * s.uy;
    const double xu2 = xu * xu;
    const double th = s.theta;
    const double h2 = xu2 - u2 + th * k2;
    const double h3 = xu * (xu2 - 3 * u2 + th * k3);
    const double h4 =
        xu2 * xu2 - 6 * xu2 * u2 + 3 * u2 * u2 + th * (k4a * xu2 + k4b * u2) + th * th * k4c;
    return w * s.rho * (1 + xu + h2 * (1.0 / 2) + h3 * (1.0 / 6) + h4 * (1.0 / 24));
}

// ---- [SECTION] moments ----
// rho = sum f, rho u = sum xi f, D rho T = sum |xi - u|^2 f (seed 004, Sec. 2).
struct Moments {
    double rho, ux, uy, T;
};

LL_HD Moments moments(const double (&f)[D2Q37::Q]) {
    double rho = 0, jx = 0, jy = 0, e = 0;
    static_for<D2Q37::Q>([&](auto I) {
        constexpr double xx = D2Q37::xi(I, 0), xy = D2Q37::xi(I, 1);
        rho += f[I];
        jx += xx * f[I];
        jy += xy * f[I];
        e += (xx * xx + xy * xy) * f[I];
    });
    const double inv = 1 / rho;
    const double ux = jx * inv, uy = jy * inv;
    return {rho, ux, uy, (e * inv - ux * ux - uy * uy) / D2Q37::D};
}

// The lattice-corrected hydrodynamic fields u_H = u + g/2 and T_H = T + g^2/(4D) (Scagliarini
// et al. 2010, as quoted in thermal_models.md), from the pre-collision moments.
LL_HD Moments hydrodynamic(const Moments& m, const D2Q37Params& p) {
    return {m.rho, m.ux, m.uy - 0.5 * p.gravity, m.T + p.gravity * p.gravity / (4.0 * D2Q37::D)};
}
// The inverse, for starting from hydrodynamic fields.
LL_HD Moments bare(const Moments& h, const D2Q37Params& p) {
    return {h.rho, h.ux, h.uy + 0.5 * p.gravity, h.T - p.gravity * p.gravity / (4.0 * D2Q37::D)};
}
// The populations at the equilibrium of hydrodynamic fields h: the start state of a node.
LL_HD void start_equilibrium(const Moments& h, const D2Q37Params& p, double (&f)[D2Q37::Q]) {
    const Moments m = bare(h, p);
    const EqState s{m.rho, m.ux, m.uy, m.T - 1};
    static_for<D2Q37::Q>([&](auto I) { f[I] = equilibrium<I>(s); });
}

// ---- [SECTION] collision ----
// f <- f - (f - f_eq(rho, u_bar, T_bar)) / tau with u_bar = u + tau g (seed 004 eqs. 4-6)
// and the discrete-time temperature shift T_bar = T + tau (1 - tau) g^2 / D (Sbragaglia et
// al., J. Fluid Mech. 628, 299 (2009)): the collision adds exactly gravity's work, where seed
// 004's continuum shift cooled an adiabatic box at rest (docs/DESIGN.md; test_d2q37_dynamics,
// D2Q37Hydrostatic.AdiabaticAtmosphereKeepsItsTemperature).
LL_HD void collide(const D2Q37Params& p, double (&f)[D2Q37::Q]) {
    const Moments m = moments(f);
    const double tau = p.tau, omega = 1 / p.tau;
    const EqState s{m.rho, m.ux, m.uy - tau * p.gravity,
                    m.T - 1 + tau * (1 - tau) * p.gravity * p.gravity / D2Q37::D};
    static_for<D2Q37::Q>([&](auto I) { f[I] += omega * (equilibrium<I>(s) - f[I]); });
}

// ---- [SECTION] walls ----
// The lattice has ly rows, y = 0 (bottom) .. ly - 1 (top); beyond them are walls. A
// population of row y arriving in direction I comes from row y - c_Iy; when that row is
// outside, the bc step (seed 004: rows 0..2 and ly-3..ly-1, after propagate) supplies it.
// A tile of a split lattice (solver/domain/) has a wall only on the side where it touches the
// whole lattice's bottom or top; across its other y edges populations come from the next tile.
struct Rows {
    int ly = 0;
    bool wall_below = true, wall_above = true;
};
template <int I>
LL_HD bool through_wall(int y, const Rows& r) {
    constexpr int cy = D2Q37::c[I][1];
    return (cy > 0 && r.wall_below && y - cy < 0) || (cy < 0 && r.wall_above && y - cy >= r.ly);
}
LL_HD bool near_wall(int y, const Rows& r) {
    return (r.wall_below && y < D2Q37::kMaxHop) || (r.wall_above && y >= r.ly - D2Q37::kMaxHop);
}

// Fills f[I] for every I entering row y through a wall. out(I) is the post-collision value
// this node sent into the wall in direction opp(I) at the previous step (the two schemes find
// it in different places). Both rules give back exactly the mass that left the node:
//  - Adiabatic: bounce-back, f_I = out_I; |xi| is kept, so no energy crosses the wall.
//  - Thermal: diffuse reflection (Ansumali & Karlin, Phys. Rev. E 66, 026311 (2002)): the
//    returning populations are the wall's equilibrium (rho_w, u = 0, T_wall), with rho_w such
//    that the returned mass equals the mass that left. This fixes the temperature and the
//    velocity of what the wall emits, as seed 004's bc does, without a mass leak.
// Row y is near a wall (near_wall); a lattice with both walls has ly >= 12 rows, so a row is
// near one wall only: the bottom one within kMaxHop rows of it.
template <class Out>
LL_HD void apply_wall(int y, const Rows& r, const D2Q37Params& p, const Out& out,
                      double (&f)[D2Q37::Q]) {
    // Scalars chosen one by one: a reference to p.bottom or p.top would take the address of
    // a kernel parameter and make nvcc copy the whole struct into local memory (80 B stack).
    const bool bottom = r.wall_below && y < D2Q37::kMaxHop;
    const WallKind kind = bottom ? p.bottom.kind : p.top.kind;
    const double wall_T = bottom ? p.bottom.T : p.top.T;
    if (kind == WallKind::Adiabatic) {
        static_for<D2Q37::Q>([&](auto I) {
            if (through_wall<I>(y, r)) f[I] = out(I);
        });
        return;
    }
    const EqState at_wall{1.0, 0.0, 0.0, wall_T - 1};
    double left = 0, emitted = 0;
    static_for<D2Q37::Q>([&](auto I) {
        if (!through_wall<I>(y, r)) return;
        left += out(I);
        emitted += equilibrium<I>(at_wall);
    });
    const double rho_w = left / emitted;
    static_for<D2Q37::Q>([&](auto I) {
        if (through_wall<I>(y, r)) f[I] = rho_w * equilibrium<I>(at_wall);
    });
}

} // namespace ll::thermal

// The D2Q37 velocity set of seed 004 (Philippi et al., Phys. Rev. E 73, 056702 (2006); used by
// Sbragaglia et al., J. Fluid Mech. 628 (2009) and Calore et al., Parallel Computing 2016).
// One definition for the CPU reference and the CUDA kernels.
//
// Integer hops c_i (up to 3 sites) and weights from ../shared/reference/d2q37_velocity_set.csv.
// The csv gives c_s^2 = 1/1.19697977...^2 for the integer velocities, so the velocities that
// make c_s = 1 (and T0 = 1) are xi_i = 1.19697977... * c_i: the scale multiplies. (The csv's
// "dividing velocities by 1.19698" would give c_s^2 = 0.487; the isotropy checks below pin
// the right direction.) One lattice spacing is therefore kScale length units of the model.
//
// Ordering rule as in solver/core/stencil.hpp: 0 is rest, (i, i+1) for odd i are opposite.
#pragma once
#include "solver/core/stencil.hpp" // LL_HD, static_for

namespace ll::thermal {

struct D2Q37 {
    static constexpr int D = 2;
    static constexpr int Q = 37;
    static constexpr int kMaxHop = 3; // halos are this deep (seed 004, Sec. 4)
    static constexpr double kScale = 1.19697977039307435897239;
    static constexpr int c[Q][2] = {
        {0, 0},                                                                   // |c|^2 = 0
        {1, 0}, {-1, 0},  {0, 1},  {0, -1},                                       // 1
        {1, 1}, {-1, -1}, {1, -1}, {-1, 1},                                       // 2
        {2, 0}, {-2, 0},  {0, 2},  {0, -2},                                       // 4
        {1, 2}, {-1, -2}, {2, 1},  {-2, -1}, {1, -2}, {-1, 2}, {2, -1}, {-2, 1},  // 5
        {2, 2}, {-2, -2}, {2, -2}, {-2, 2},                                       // 8
        {3, 0}, {-3, 0},  {0, 3},  {0, -3},                                       // 9
        {1, 3}, {-1, -3}, {3, 1},  {-3, -1}, {1, -3}, {-1, 3}, {3, -1}, {-3, 1}}; // 10

    // Weight of a velocity of squared length c2 (csv, 23 digits).
    static constexpr double weight_of(int c2) {
        switch (c2) {
        case 0:
            return 0.23315066913235250228650;
        case 1:
            return 0.10730609154221900241246;
        case 2:
            return 0.05766785988879488203006;
        case 4:
            return 0.01420821615845075026469;
        case 5:
            return 0.00535304900051377523273;
        case 8:
            return 0.00101193759267357547541;
        case 9:
            return 0.00024530102775771734547;
        case 10:
            return 0.00028341425299419821740;
        default:
            return 0;
        }
    }
    static constexpr int c2(int i) { return c[i][0] * c[i][0] + c[i][1] * c[i][1]; }
    static constexpr double w(int i) { return weight_of(c2(i)); }
    static constexpr double xi(int i, int a) { return kScale * c[i][a]; }
    static constexpr int opposite(int i) { return i == 0 ? 0 : ((i & 1) ? i + 1 : i - 1); }
};

// ---- compile-time checks: the quadrature is what makes the fourth-order equilibrium exact ----
namespace d2q37_check {
constexpr double gaussian_moment(int p) { // E[Z^p] for a standard normal: (p-1)!! or 0
    if (p % 2) return 0;
    double m = 1;
    for (int k = p - 1; k > 1; k -= 2)
        m *= k;
    return m;
}
constexpr double power(double x, int p) {
    double r = 1;
    for (int k = 0; k < p; ++k)
        r *= x;
    return r;
}
// sum_i w_i xi_x^p xi_y^q equals the moment of the unit Gaussian for every p + q <= 9: the
// equilibrium's moments up to fourth order need degree 4 + 4 = 8 (Philippi et al. 2006).
constexpr bool isotropic_to_order(int order) {
    for (int p = 0; p <= order; ++p)
        for (int q = 0; p + q <= order; ++q) {
            double s = 0;
            for (int i = 0; i < D2Q37::Q; ++i)
                s += D2Q37::w(i) * power(D2Q37::xi(i, 0), p) * power(D2Q37::xi(i, 1), q);
            const double want = gaussian_moment(p) * gaussian_moment(q);
            const double err = s - want, tol = 1e-13 * (want > 1 ? want : 1);
            if (err > tol || -err > tol) return false;
        }
    return true;
}
constexpr bool opposite_pairs() {
    for (int i = 0; i < D2Q37::Q; ++i)
        for (int a = 0; a < 2; ++a)
            if (D2Q37::c[D2Q37::opposite(i)][a] != -D2Q37::c[i][a]) return false;
    return true;
}
constexpr bool all_weighted() {
    for (int i = 0; i < D2Q37::Q; ++i)
        if (D2Q37::w(i) <= 0) return false;
    return true;
}
constexpr bool distinct() {
    for (int i = 0; i < D2Q37::Q; ++i)
        for (int j = 0; j < i; ++j)
            if (D2Q37::c[i][0] == D2Q37::c[j][0] && D2Q37::c[i][1] == D2Q37::c[j][1]) return false;
    return true;
}
} // namespace d2q37_check

static_assert(d2q37_check::opposite_pairs(), "D2Q37: (i, i+1) must be opposite velocities");
static_assert(d2q37_check::all_weighted() && d2q37_check::distinct(),
              "D2Q37: a velocity is repeated or has no weight in the csv table");
static_assert(d2q37_check::isotropic_to_order(9),
              "D2Q37: weights or scale do not integrate the Gaussian exactly up to order 9");
static_assert(!d2q37_check::isotropic_to_order(10),
              "D2Q37: a 37-velocity rule cannot be exact at order 10; the check is broken");

} // namespace ll::thermal

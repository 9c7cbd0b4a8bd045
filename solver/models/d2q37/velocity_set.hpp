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
// The same stencil form as solver/core/stencil.hpp (c[Q][3], w[Q]; 0 is rest, (i, i+1) for odd i
// are opposite) and the same checks, plus isotropy to order 9. Its hops reach 3 sites, beyond
// what the core's packed cvel()/weight() hold, so the D2Q37 code reads c and w directly.
#pragma once
#include "solver/core/stencil.hpp" // LL_HD, static_for, stencil_check

namespace ll::thermal {

// Weights by |c|^2 (csv, 23 digits).
struct D2Q37Weights {
    static constexpr double w0 = 0.23315066913235250228650, w1 = 0.10730609154221900241246,
                            w2 = 0.05766785988879488203006, w4 = 0.01420821615845075026469,
                            w5 = 0.00535304900051377523273, w8 = 0.00101193759267357547541,
                            w9 = 0.00024530102775771734547, w10 = 0.00028341425299419821740;
};

struct D2Q37 : D2Q37Weights {
    static constexpr int D = 2;
    static constexpr int Q = 37;
    static constexpr const char* name = "D2Q37";
    static constexpr int kMaxHop = 3; // halos are this deep (seed 004, Sec. 4)
    static constexpr double kScale = 1.19697977039307435897239;
    static constexpr double cs2 = 1 / (kScale * kScale); // of the integer hops c; 1 for xi
    static constexpr int c[Q][3] = {{0, 0, 0},           // |c|^2 = 0
                                    {1, 0, 0},  {-1, 0, 0},  {0, 1, 0},  {0, -1, 0},  // 1
                                    {1, 1, 0},  {-1, -1, 0}, {1, -1, 0}, {-1, 1, 0},  // 2
                                    {2, 0, 0},  {-2, 0, 0},  {0, 2, 0},  {0, -2, 0},  // 4
                                    {1, 2, 0},  {-1, -2, 0}, {2, 1, 0},  {-2, -1, 0}, // 5
                                    {1, -2, 0}, {-1, 2, 0},  {2, -1, 0}, {-2, 1, 0},  //
                                    {2, 2, 0},  {-2, -2, 0}, {2, -2, 0}, {-2, 2, 0},  // 8
                                    {3, 0, 0},  {-3, 0, 0},  {0, 3, 0},  {0, -3, 0},  // 9
                                    {1, 3, 0},  {-1, -3, 0}, {3, 1, 0},  {-3, -1, 0}, // 10
                                    {1, -3, 0}, {-1, 3, 0},  {3, -1, 0}, {-3, 1, 0}}; //
    static constexpr double w[Q] = {w0, w1, w1, w1,  w1,  w2,  w2,  w2,  w2,  w4,  w4, w4, w4,
                                    w5, w5, w5, w5,  w5,  w5,  w5,  w5,  w8,  w8,  w8, w8, w9,
                                    w9, w9, w9, w10, w10, w10, w10, w10, w10, w10, w10};
    static constexpr double xi(int i, int a) { return kScale * c[i][a]; }
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
                s += D2Q37::w[i] * power(D2Q37::xi(i, 0), p) * power(D2Q37::xi(i, 1), q);
            const double want = gaussian_moment(p) * gaussian_moment(q);
            const double err = s - want, tol = 1e-13 * (want > 1 ? want : 1);
            if (err > tol || -err > tol) return false;
        }
    return true;
}
constexpr bool distinct() {
    for (int i = 0; i < D2Q37::Q; ++i)
        for (int j = 0; j < i; ++j)
            if (D2Q37::c[i][0] == D2Q37::c[j][0] && D2Q37::c[i][1] == D2Q37::c[j][1]) return false;
    return true;
}
} // namespace d2q37_check

static_assert(stencil_check::valid<D2Q37>() && d2q37_check::distinct(),
              "D2Q37: the table is inconsistent or repeats a velocity");
static_assert(d2q37_check::isotropic_to_order(9),
              "D2Q37: weights or scale do not integrate the Gaussian exactly up to order 9");
static_assert(!d2q37_check::isotropic_to_order(10),
              "D2Q37: a 37-velocity rule cannot be exact at order 10; the check is broken");

} // namespace ll::thermal

// D2Q37 equilibrium (solver/models/d2q37/model.hpp) against the Maxwellian.
// Source: thermal_models.md ("Test it, don't trust it"): for random (rho, u, T) the discrete
// moments sum_l f_eq_l xi_x^p xi_y^q, p + q <= 4, equal the continuous Maxwellian's
// rho E[(u_x + sqrt(T) Z)^p] E[(u_y + sqrt(T) Z)^q] (Z standard normal) to rounding.
// Lattice: one node (no tau). Tolerance: 1e-13 relative to the largest term of the moment.
#include "solver/models/d2q37/model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace ll::thermal {
namespace {

double binomial(int n, int k) {
    double r = 1;
    for (int j = 1; j <= k; ++j)
        r = r * (n - k + j) / j;
    return r;
}
// E[(a + s Z)^n], and the same sum over |terms| as the rounding scale.
double shifted_gaussian_moment(double a, double s, int n, double* scale) {
    double m = 0, sc = 0;
    for (int k = 0; k <= n; k += 2) { // odd moments of Z vanish
        const double t =
            binomial(n, k) * std::pow(a, n - k) * std::pow(s, k) * d2q37_check::gaussian_moment(k);
        m += t;
        sc += std::fabs(t);
    }
    *scale = sc;
    return m;
}

TEST(D2Q37Equilibrium, MomentsUpToFourthOrderAreTheMaxwellians) {
    std::mt19937_64 rng(37);
    std::uniform_real_distribution<double> rho_d(0.2, 3.0), u_d(-0.5, 0.5), t_d(0.5, 1.6);
    for (int trial = 0; trial < 200; ++trial) {
        const EqState s{rho_d(rng), u_d(rng), u_d(rng), t_d(rng) - 1};
        double f[D2Q37::Q];
        static_for<D2Q37::Q>([&](auto I) { f[I] = equilibrium<I>(s); });
        for (int p = 0; p <= 4; ++p)
            for (int q = 0; p + q <= 4; ++q) {
                double discrete = 0, magnitude = 0;
                for (int i = 0; i < D2Q37::Q; ++i) {
                    const double t =
                        f[i] * std::pow(D2Q37::xi(i, 0), p) * std::pow(D2Q37::xi(i, 1), q);
                    discrete += t;
                    magnitude += std::fabs(t);
                }
                double sx, sy;
                const double sqrt_t = std::sqrt(s.theta + 1);
                const double want = s.rho * shifted_gaussian_moment(s.ux, sqrt_t, p, &sx) *
                                    shifted_gaussian_moment(s.uy, sqrt_t, q, &sy);
                const double scale = std::max(magnitude, s.rho * sx * sy);
                EXPECT_NEAR(discrete, want, 1e-13 * scale)
                    << "moment x^" << p << " y^" << q << " at rho " << s.rho << ", u (" << s.ux
                    << ", " << s.uy << "), T " << s.theta + 1;
            }
    }
}

// The moments the solver reads back are the ones the equilibrium was built from.
TEST(D2Q37Equilibrium, MomentsFunctionInvertsTheEquilibrium) {
    const EqState s{1.3, 0.12, -0.07, 0.08};
    double f[D2Q37::Q];
    static_for<D2Q37::Q>([&](auto I) { f[I] = equilibrium<I>(s); });
    const Moments m = moments(f);
    EXPECT_NEAR(m.rho, s.rho, 1e-14);
    EXPECT_NEAR(m.ux, s.ux, 1e-14);
    EXPECT_NEAR(m.uy, s.uy, 1e-14);
    EXPECT_NEAR(m.T, s.theta + 1, 1e-14);
}

} // namespace
} // namespace ll::thermal

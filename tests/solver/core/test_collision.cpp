// Unit tests of the velocity sets and the collision operators on single nodes.
//   Stencil moments: Qian, d'Humieres & Lallemand (1992); the lattice tensors of D2Q9, D3Q19
//   and D3Q27 are isotropic up to 4th order, sum w c_a c_b c_c c_d = cs2^2 (d_ab d_cd + d_ac
//   d_bd + d_ad d_bc), cs2 = 1/3; odd moments vanish. Checked to 1e-15.
//   Guo forcing: Guo, Zheng & Shi, PRE 65, 046308 (2002): a collision adds exactly F to the
//   momentum, sum_i c_i f_i* = sum_i c_i f_i + F.
//   MRT with every rate 1/tau and the BGK-equivalent constants (shared/reference/README.md,
//   d'Humieres et al. 2002) is BGK; TRT with omega- = omega+ is BGK (Ginzburg et al. 2008).
// Random near-equilibrium populations, tau in {0.55, 0.8, 1.7}; tolerances are rounding
// (1e-13 relative in double).
#include "solver/core/collision.hpp"
#include "solver/dispatch.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace ll {
namespace {

constexpr double kRound = 1e-13;

template <class S>
double moment(std::initializer_list<int> axes) {
    double s = 0;
    for (int i = 0; i < S::Q; ++i) {
        double p = S::w[i];
        for (int a : axes)
            p *= S::c[i][a];
        s += p;
    }
    return s;
}

int delta(int a, int b) {
    return a == b ? 1 : 0;
}

template <class S>
void check_stencil() {
    SCOPED_TRACE(S::name);
    // The packed device accessors reproduce the tables; opposite() reverses the velocity.
    for (int i = 0; i < S::Q; ++i) {
        EXPECT_EQ(weight<S>(i), S::w[i]) << "i = " << i;
        for (int a = 0; a < 3; ++a) {
            EXPECT_EQ(cvel<S>(i, a), S::c[i][a]) << "i = " << i;
            EXPECT_EQ(S::c[opposite(i)][a], -S::c[i][a]) << "i = " << i;
        }
    }
    EXPECT_NEAR(moment<S>({}), 1.0, 1e-15);
    const int D = S::D;
    for (int a = 0; a < D; ++a) {
        EXPECT_NEAR(moment<S>({a}), 0.0, 1e-15);
        for (int b = 0; b < D; ++b) {
            EXPECT_NEAR(moment<S>({a, b}), cs2 * delta(a, b), 1e-15);
            for (int c = 0; c < D; ++c) {
                EXPECT_NEAR(moment<S>({a, b, c}), 0.0, 1e-15);
                for (int d = 0; d < D; ++d) {
                    const double want = cs2 * cs2 *
                                        (delta(a, b) * delta(c, d) + delta(a, c) * delta(b, d) +
                                         delta(a, d) * delta(b, c));
                    EXPECT_NEAR(moment<S>({a, b, c, d}), want, 1e-15)
                        << "4th moment " << a << b << c << d;
                    for (int e = 0; e < D; ++e)
                        EXPECT_NEAR(moment<S>({a, b, c, d, e}), 0.0, 1e-15);
                }
            }
        }
    }
}

TEST(Stencil, SymmetricAndIsotropicToFourthOrder) {
    check_stencil<D2Q9>();
    check_stencil<D3Q19>();
    check_stencil<D3Q27>();
}

// The equilibrium has the Navier-Stokes moments: rho, rho u, rho cs2 delta + rho u u.
template <class S>
void check_equilibrium_moments() {
    SCOPED_TRACE(S::name);
    const double rho = 1.07, u[3] = {0.05, -0.03, S::D == 3 ? 0.02 : 0.0};
    double m0 = 0, m1[3] = {}, m2[3][3] = {};
    for (int i = 0; i < S::Q; ++i) {
        const double feq = equilibrium<S>(i, rho, u);
        m0 += feq;
        for (int a = 0; a < 3; ++a) {
            m1[a] += S::c[i][a] * feq;
            for (int b = 0; b < 3; ++b)
                m2[a][b] += S::c[i][a] * S::c[i][b] * feq;
        }
    }
    EXPECT_NEAR(m0, rho, kRound);
    for (int a = 0; a < S::D; ++a) {
        EXPECT_NEAR(m1[a], rho * u[a], kRound);
        for (int b = 0; b < S::D; ++b)
            EXPECT_NEAR(m2[a][b], rho * cs2 * delta(a, b) + rho * u[a] * u[b], kRound);
    }
}

TEST(Equilibrium, HasNavierStokesMoments) {
    check_equilibrium_moments<D2Q9>();
    check_equilibrium_moments<D3Q19>();
    check_equilibrium_moments<D3Q27>();
}

// Equilibrium at a random velocity plus a 5 % random non-equilibrium part, shifted by the rest
// weights as the collisions take them (g_i = f_i - w_i, equilibrium.hpp).
template <class S>
void random_populations(std::mt19937& rng, double (&g)[S::Q]) {
    std::uniform_real_distribution<double> uni(-1.0, 1.0);
    const double u[3] = {0.08 * uni(rng), 0.08 * uni(rng), S::D == 3 ? 0.08 * uni(rng) : 0.0};
    const double rho = 1.0 + 0.05 * uni(rng);
    for (int i = 0; i < S::Q; ++i)
        g[i] = equilibrium<S>(i, rho, u) * (1.0 + 0.05 * uni(rng)) - S::w[i];
}

TEST(Equilibrium, ShiftedFormsMatchTheUnshifted) {
    std::mt19937 rng(11);
    double g[19];
    random_populations<D3Q19>(rng, g);
    const double force[3] = {1e-4, 2e-4, -3e-4};
    double f[19];
    for (int i = 0; i < 19; ++i)
        f[i] = g[i] + D3Q19::w[i];
    double drho;
    const Macro<double> ms = shifted_moments<D3Q19>(g, force, drho);
    const Macro<double> mf = moments<D3Q19>(f, force);
    EXPECT_NEAR(ms.rho, mf.rho, kRound);
    EXPECT_NEAR(drho, mf.rho - 1.0, kRound);
    for (int a = 0; a < 3; ++a)
        EXPECT_NEAR(ms.u[a], mf.u[a], kRound);
    for (int i = 0; i < 19; ++i)
        EXPECT_NEAR(shifted_equilibrium<D3Q19>(i, drho, ms.rho, ms.u) + D3Q19::w[i],
                    equilibrium<D3Q19>(i, mf.rho, mf.u), kRound);
}

template <class S>
void sums(const double (&f)[S::Q], double& rho, double (&j)[3]) {
    rho = 0;
    j[0] = j[1] = j[2] = 0;
    for (int i = 0; i < S::Q; ++i) {
        rho += f[i];
        for (int a = 0; a < 3; ++a)
            j[a] += S::c[i][a] * f[i];
    }
}

template <class S, class C>
void check_conservation(bool bgk_equivalent_mrt) {
    SCOPED_TRACE(std::string(S::name) + " " + C::name);
    std::mt19937 rng(42);
    const double forces[2][3] = {{0, 0, 0}, {2e-4, -1e-4, S::D == 3 ? 3e-4 : 0.0}};
    for (double tau : {0.55, 0.8, 1.7}) {
        FlowParams flow;
        flow.tau = tau;
        flow.mrt_bgk_equivalent = bgk_equivalent_mrt;
        const CollisionParams<double> p = make_collision_params<S, double>(flow);
        for (const auto& force : forces)
            for (int trial = 0; trial < 20; ++trial) {
                double f[S::Q];
                random_populations<S>(rng, f);
                double rho0, j0[3], rho1, j1[3];
                sums<S>(f, rho0, j0);
                C::template collide<S>(p, f, force);
                sums<S>(f, rho1, j1);
                EXPECT_NEAR(rho1, rho0, kRound) << "tau " << tau;
                for (int a = 0; a < 3; ++a)
                    EXPECT_NEAR(j1[a], j0[a] + force[a], kRound) << "tau " << tau << " axis " << a;
            }
    }
}

TEST(Collision, ConservesMassAndGainsExactlyTheForce) {
    check_conservation<D2Q9, Bgk>(false);
    check_conservation<D3Q19, Bgk>(false);
    check_conservation<D3Q27, Bgk>(false);
    check_conservation<D2Q9, Trt>(false);
    check_conservation<D3Q19, Trt>(false);
    check_conservation<D3Q27, Trt>(false);
    check_conservation<D2Q9, Mrt>(false);
    check_conservation<D3Q19, Mrt>(false);
    check_conservation<D2Q9, Mrt>(true);
    check_conservation<D3Q19, Mrt>(true);
}

// Collides the same random populations with A (params pa) and B (params pb); they must agree.
template <class S, class A, class B>
void check_same(const CollisionParams<double>& pa, const CollisionParams<double>& pb,
                const char* what) {
    SCOPED_TRACE(std::string(S::name) + " " + what);
    std::mt19937 rng(7);
    const double forces[2][3] = {{0, 0, 0}, {3e-4, 2e-4, S::D == 3 ? -1e-4 : 0.0}};
    for (const auto& force : forces)
        for (int trial = 0; trial < 50; ++trial) {
            double fa[S::Q], fb[S::Q];
            random_populations<S>(rng, fa);
            for (int i = 0; i < S::Q; ++i)
                fb[i] = fa[i];
            A::template collide<S>(pa, fa, force);
            B::template collide<S>(pb, fb, force);
            for (int i = 0; i < S::Q; ++i)
                ASSERT_NEAR(fa[i], fb[i], kRound)
                    << "i = " << i << " trial " << trial << " forced " << (force[0] != 0);
        }
}

template <class S>
void check_mrt_is_bgk(double tau) {
    FlowParams flow;
    flow.tau = tau;
    flow.mrt_bgk_equivalent = true;
    const CollisionParams<double> p = make_collision_params<S, double>(flow);
    // The rates the public API gives for this case are all 1/tau.
    const MrtRates<double> r = MrtBasis<S>::template rates<double>(1.0 / tau, true);
    for (int k = 0; k < S::Q; ++k)
        EXPECT_EQ(p.mrt.s[k], r.s[k]);
    check_same<S, Mrt, Bgk>(p, p, "mrt(bgk-equivalent) vs bgk");
}

TEST(Collision, MrtWithBgkEquivalentRatesIsBgk) {
    for (double tau : {0.52, 0.8, 1.3}) {
        SCOPED_TRACE(tau);
        check_mrt_is_bgk<D2Q9>(tau);
        check_mrt_is_bgk<D3Q19>(tau);
    }
}

template <class S>
void check_trt_is_bgk(double tau) {
    FlowParams flow;
    flow.tau = tau;
    CollisionParams<double> p = make_collision_params<S, double>(flow);
    p.omega_minus = p.omega;
    check_same<S, Trt, Bgk>(p, p, "trt(omega- = omega+) vs bgk");
    // The same through the magic parameter: Lambda = (tau - 1/2)^2 gives omega- = omega+.
    flow.trt_lambda = (tau - 0.5) * (tau - 0.5);
    const CollisionParams<double> q = make_collision_params<S, double>(flow);
    EXPECT_NEAR(q.omega_minus, q.omega, 1e-15);
}

TEST(Collision, TrtWithEqualRatesIsBgk) {
    for (double tau : {0.52, 0.8, 1.3}) {
        SCOPED_TRACE(tau);
        check_trt_is_bgk<D2Q9>(tau);
        check_trt_is_bgk<D3Q19>(tau);
        check_trt_is_bgk<D3Q27>(tau);
    }
}

// BGK relaxes the non-equilibrium part by exactly (1 - omega): nu = cs2 (tau - 1/2).
TEST(Collision, BgkRelaxesNonEquilibriumAtOmega) {
    std::mt19937 rng(3);
    FlowParams flow;
    flow.tau = 0.8;
    const CollisionParams<double> p = make_collision_params<D2Q9, double>(flow);
    EXPECT_DOUBLE_EQ(p.omega, 1.0 / 0.8);
    double g[9], f[9];
    random_populations<D2Q9>(rng, g);
    for (int i = 0; i < 9; ++i)
        f[i] = g[i] + D2Q9::w[i];
    const double no_force[3] = {0, 0, 0};
    const Macro<double> m = moments<D2Q9>(f, no_force);
    Bgk::collide<D2Q9>(p, g, no_force);
    for (int i = 0; i < 9; ++i) {
        const double feq = equilibrium<D2Q9>(i, m.rho, m.u);
        EXPECT_NEAR(g[i] + D2Q9::w[i] - feq, (1.0 - 1.0 / 0.8) * (f[i] - feq), kRound);
    }
}

} // namespace
} // namespace ll

// The sparse MRT collision (collision.hpp, Mrt) against the textbook dense form on single nodes:
//   f* = f + M^-1 [ -S (M f - m_eq) + (I - S/2) M F ],
// F_i = w_i [3 (c_i - u) + 9 (c_i.u) c_i] . F Guo's source, u = (j + F/2) / rho (Guo, Zheng & Shi
// 2002), M the published bases: D2Q9 (Lallemand & Luo 2000), D3Q19 (d'Humieres et al. 2002,
// equilibria as in shared/reference/README.md with rho in the quadratic terms). The reference
// works on f itself, not on the shifted f - w the collision takes, and inverts M by Gauss-Jordan
// elimination rather than through the orthogonality of its rows.
// Random near-equilibrium populations (5 % non-equilibrium, |u| < 0.14), the published rates and
// random rates in [0.5, 1.95] for every moment (conserved ones included: they must not matter),
// with and without a force. Tolerance: 1e-13 of rho in double; 2e-7 in float, where the worst
// seen is 5e-8 (FP32 rounding of the shifted input, two transforms and the unshifted output).
#include "solver/core/collision.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <utility>

namespace ll {
namespace {

constexpr double kTolDouble = 1e-13;
constexpr double kTolFloat = 2e-7;

template <int Q>
using Matrix = std::array<std::array<double, Q>, Q>;

template <int Q>
Matrix<Q> basis_matrix(const MomentMatrix<Q>& m) {
    Matrix<Q> r{};
    for (int k = 0; k < Q; ++k)
        for (int i = 0; i < Q; ++i)
            r[k][i] = m.v[k][i];
    return r;
}

// Gauss-Jordan elimination with partial pivoting.
template <int Q>
Matrix<Q> inverse(Matrix<Q> a) {
    Matrix<Q> inv{};
    for (int i = 0; i < Q; ++i)
        inv[i][i] = 1;
    for (int col = 0; col < Q; ++col) {
        int pivot = col;
        for (int r = col + 1; r < Q; ++r)
            if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
        std::swap(a[col], a[pivot]);
        std::swap(inv[col], inv[pivot]);
        const double d = a[col][col];
        for (int c = 0; c < Q; ++c) {
            a[col][c] /= d;
            inv[col][c] /= d;
        }
        for (int r = 0; r < Q; ++r) {
            if (r == col) continue;
            const double x = a[r][col];
            for (int c = 0; c < Q; ++c) {
                a[r][c] -= x * a[col][c];
                inv[r][c] -= x * inv[col][c];
            }
        }
    }
    return inv;
}

// Unshifted equilibrium moments of density rho and momentum j, in each basis' order.
void equilibrium_moments(D2Q9, const MrtRates<double>&, double rho, const double (&j)[3],
                         double (&eq)[9]) {
    const double j2 = (j[0] * j[0] + j[1] * j[1]) / rho;
    const double values[9] = {rho,
                              -2 * rho + 3 * j2,
                              rho - 3 * j2,
                              j[0],
                              -j[0],
                              j[1],
                              -j[1],
                              (j[0] * j[0] - j[1] * j[1]) / rho,
                              j[0] * j[1] / rho};
    for (int k = 0; k < 9; ++k)
        eq[k] = values[k];
}
void equilibrium_moments(D3Q19, const MrtRates<double>& r, double rho, const double (&j)[3],
                         double (&eq)[19]) {
    const double j2 = (j[0] * j[0] + j[1] * j[1] + j[2] * j[2]) / rho;
    const double pxx3 = (2 * j[0] * j[0] - j[1] * j[1] - j[2] * j[2]) / rho;
    const double pww = (j[1] * j[1] - j[2] * j[2]) / rho;
    const double values[19] = {rho,
                               -11 * rho + 19 * j2,
                               r.w_eps * rho + r.w_epsj * j2,
                               j[0],
                               -2.0 / 3.0 * j[0],
                               j[1],
                               -2.0 / 3.0 * j[1],
                               j[2],
                               -2.0 / 3.0 * j[2],
                               pxx3,
                               r.w_xx * pxx3,
                               pww,
                               r.w_xx * pww,
                               j[0] * j[1] / rho,
                               j[1] * j[2] / rho,
                               j[0] * j[2] / rho,
                               0,
                               0,
                               0};
    for (int k = 0; k < 19; ++k)
        eq[k] = values[k];
}

// The dense textbook collision of unshifted populations f.
template <class S>
void reference_collide(const MrtRates<double>& r, double (&f)[S::Q], const double (&force)[3]) {
    constexpr int Q = S::Q;
    static const Matrix<Q> M = basis_matrix(MrtBasis<S>::M);
    static const Matrix<Q> Minv = inverse<Q>(M);
    double rho = 0, j[3] = {};
    for (int i = 0; i < Q; ++i) {
        rho += f[i];
        for (int a = 0; a < 3; ++a)
            j[a] += S::c[i][a] * f[i];
    }
    double u[3], j_eq[3];
    for (int a = 0; a < 3; ++a) {
        u[a] = (j[a] + 0.5 * force[a]) / rho;
        j_eq[a] = rho * u[a];
    }
    double source[Q];
    for (int i = 0; i < Q; ++i) {
        double cu = 0, cf = 0, uf = 0;
        for (int a = 0; a < 3; ++a) {
            cu += S::c[i][a] * u[a];
            cf += S::c[i][a] * force[a];
            uf += u[a] * force[a];
        }
        source[i] = S::w[i] * (3 * (cf - uf) + 9 * cu * cf);
    }
    double eq[Q], change[Q];
    equilibrium_moments(S{}, r, rho, j_eq, eq);
    for (int k = 0; k < Q; ++k) {
        double m = 0, ms = 0;
        for (int i = 0; i < Q; ++i) {
            m += M[k][i] * f[i];
            ms += M[k][i] * source[i];
        }
        change[k] = -r.s[k] * (m - eq[k]) + (1 - 0.5 * r.s[k]) * ms;
    }
    double out[Q];
    for (int i = 0; i < Q; ++i) {
        out[i] = f[i];
        for (int k = 0; k < Q; ++k)
            out[i] += Minv[i][k] * change[k];
    }
    for (int i = 0; i < Q; ++i)
        f[i] = out[i];
}

// Equilibrium at a random velocity plus a 5 % random non-equilibrium part (unshifted).
template <class S>
void random_populations(std::mt19937& rng, double (&f)[S::Q]) {
    std::uniform_real_distribution<double> uni(-1.0, 1.0);
    const double u[3] = {0.08 * uni(rng), 0.08 * uni(rng), S::D == 3 ? 0.08 * uni(rng) : 0.0};
    const double rho = 1.0 + 0.05 * uni(rng);
    for (int i = 0; i < S::Q; ++i)
        f[i] = equilibrium<S>(i, rho, u) * (1.0 + 0.05 * uni(rng));
}

template <class S>
MrtRates<double> random_rates(std::mt19937& rng, const MrtRates<double>& constants) {
    std::uniform_real_distribution<double> rate(0.5, 1.95);
    MrtRates<double> r = constants;
    for (int k = 0; k < S::Q; ++k)
        r.s[k] = rate(rng);
    return r;
}

// Mrt::collide in Real on f - w, returned unshifted in double.
template <class S, class Real>
void sparse_collide(const MrtRates<double>& r, double (&f)[S::Q], const double (&force)[3]) {
    CollisionParams<Real> p{};
    for (int k = 0; k < S::Q; ++k)
        p.mrt.s[k] = Real(r.s[k]);
    p.mrt.w_eps = Real(r.w_eps);
    p.mrt.w_epsj = Real(r.w_epsj);
    p.mrt.w_xx = Real(r.w_xx);
    Real g[S::Q];
    for (int i = 0; i < S::Q; ++i)
        g[i] = Real(f[i] - S::w[i]);
    const Real fr[3] = {Real(force[0]), Real(force[1]), Real(force[2])};
    Mrt::collide<S>(p, g, fr);
    for (int i = 0; i < S::Q; ++i)
        f[i] = double(g[i]) + S::w[i];
}

template <class S, class Real>
void check_against_dense(double tol) {
    SCOPED_TRACE(std::string(S::name) + (sizeof(Real) == 8 ? " double" : " float"));
    std::mt19937 rng(2024);
    const double forces[2][3] = {{0, 0, 0}, {3e-4, -2e-4, S::D == 3 ? 1e-4 : 0.0}};
    for (bool published : {true, false})
        for (const auto& force : forces)
            for (int trial = 0; trial < 40; ++trial) {
                const MrtRates<double> base = MrtBasis<S>::template rates<double>(1 / 0.7, false);
                const MrtRates<double> r = published ? base : random_rates<S>(rng, base);
                double want[S::Q], got[S::Q];
                random_populations<S>(rng, want);
                for (int i = 0; i < S::Q; ++i)
                    got[i] = want[i];
                reference_collide<S>(r, want, force);
                sparse_collide<S, Real>(r, got, force);
                for (int i = 0; i < S::Q; ++i)
                    ASSERT_NEAR(got[i], want[i], tol)
                        << "i = " << i << " trial " << trial << " forced " << (force[0] != 0)
                        << " published rates " << published;
            }
}

TEST(MrtCollision, SparseMatchesDenseReferenceInDouble) {
    check_against_dense<D2Q9, double>(kTolDouble);
    check_against_dense<D3Q19, double>(kTolDouble);
}

TEST(MrtCollision, SparseMatchesDenseReferenceInFloat) {
    check_against_dense<D2Q9, float>(kTolFloat);
    check_against_dense<D3Q19, float>(kTolFloat);
}

// The comparisons above can fail: on such populations, changing any one non-conserved rate by
// 0.2 moves the reference by more than 10 times even the float tolerance, so a collision that
// relaxed one moment at a wrong rate is caught. A conserved moment's rate changes nothing.
template <class S>
void check_every_rate_matters() {
    SCOPED_TRACE(S::name);
    std::mt19937 rng(5);
    const double force[3] = {3e-4, -2e-4, S::D == 3 ? 1e-4 : 0.0};
    const MrtRates<double> r = MrtBasis<S>::template rates<double>(1 / 0.7, false);
    double f0[S::Q];
    random_populations<S>(rng, f0);
    double base[S::Q];
    for (int i = 0; i < S::Q; ++i)
        base[i] = f0[i];
    reference_collide<S>(r, base, force);
    for (int k = 0; k < S::Q; ++k) {
        MrtRates<double> changed = r;
        changed.s[k] += 0.2;
        double f[S::Q];
        for (int i = 0; i < S::Q; ++i)
            f[i] = f0[i];
        reference_collide<S>(changed, f, force);
        double diff = 0;
        for (int i = 0; i < S::Q; ++i)
            diff = std::max(diff, std::abs(f[i] - base[i]));
        if (MrtTables<S>::rows.role[k] == MrtRow::Free)
            EXPECT_GT(diff, 10 * kTolFloat) << "moment " << k;
        else
            EXPECT_LT(diff, kTolDouble) << "conserved moment " << k;
    }
}

TEST(MrtCollision, EveryRateMovesTheResult) {
    check_every_rate_matters<D2Q9>();
    check_every_rate_matters<D3Q19>();
}

} // namespace
} // namespace ll

// Moment bases for the MRT collision. The transform M is built at compile time from the row
// formulas, so the table is never typed by hand; M^-1 = M^T diag(1/|row|^2) since rows are
// orthogonal (checked by static_assert).
//   D2Q9:  Lallemand & Luo, Phys. Rev. E 61, 6546 (2000)
//   D3Q19: d'Humieres et al., Phil. Trans. R. Soc. A 360, 437 (2002);
//          shared/reference/README.md gives its rows, equilibria, constants and rates.
// Equilibria use rho (not rho0) in the quadratic terms, so that with every rate = 1/tau and the
// "BGK-equivalent" constants the model reproduces BGK to rounding (a test checks this).
// The collision works on shifted populations g = f - w (equilibrium.hpp), so the equilibrium
// moments here are shifted too: m_eq(rho, j) - M w, with the rest moments M w written out in
// terms of drho = rho - 1 (static_asserts check the constants against M w).
// MrtTables<S> derives from M what the collision's sparse transform needs (collision.hpp):
// each row's parity and role, M^-1 with the norms folded in, and the moments of Guo's source.
#pragma once
#include "equilibrium.hpp"

#include <array>
#include <cstddef>

namespace ll {

template <class Real>
struct MrtRates {
    Real s[27] = {}; // relaxation rate of each moment, in basis order
    Real w_eps = 0;  // D3Q19 equilibrium constants (ignored by D2Q9)
    Real w_epsj = 0;
    Real w_xx = 0;
};

template <int Q>
struct MomentMatrix {
    double v[Q][Q] = {};
    constexpr const double* operator[](int k) const { return v[k]; }
};

template <class S>
struct MrtBasis; // defined for stencils that have a published MRT basis

template <class S>
inline constexpr bool has_mrt_basis = false;

namespace mrt_detail {
template <class S, class RowFn>
constexpr MomentMatrix<S::Q> build(RowFn row) {
    MomentMatrix<S::Q> m{};
    for (int k = 0; k < S::Q; ++k)
        for (int i = 0; i < S::Q; ++i)
            m.v[k][i] = row(k, cvel<S>(i, 0), cvel<S>(i, 1), cvel<S>(i, 2));
    return m;
}
template <int Q>
constexpr bool rows_orthogonal(const MomentMatrix<Q>& m) {
    for (int a = 0; a < Q; ++a)
        for (int b = a + 1; b < Q; ++b) {
            double s = 0;
            for (int i = 0; i < Q; ++i)
                s += m.v[a][i] * m.v[b][i];
            if (s != 0) return false;
        }
    return true;
}
// Moments of the fluid at rest, M w.
template <class S>
constexpr std::array<double, S::Q> rest_moments(const MomentMatrix<S::Q>& m) {
    std::array<double, S::Q> r{};
    for (int k = 0; k < S::Q; ++k)
        for (int i = 0; i < S::Q; ++i)
            r[k] += m.v[k][i] * S::w[i];
    return r;
}
// True when M w is `lead` in the first moments and zero in all others (to 1e-14).
template <class S, std::size_t N>
constexpr bool rest_moments_are(const MomentMatrix<S::Q>& m, const double (&lead)[N]) {
    const std::array<double, S::Q> r = rest_moments<S>(m);
    for (int k = 0; k < S::Q; ++k) {
        const double want = std::size_t(k) < N ? lead[k] : 0.0;
        if (r[k] - want > 1e-14 || want - r[k] > 1e-14) return false;
    }
    return true;
}
template <int Q>
struct InvNorms {
    double v[Q] = {};
    constexpr double operator[](int k) const { return v[k]; }
};
template <int Q>
constexpr InvNorms<Q> inverse_norms(const MomentMatrix<Q>& m) {
    InvNorms<Q> r{};
    for (int k = 0; k < Q; ++k) {
        double s = 0;
        for (int i = 0; i < Q; ++i)
            s += m.v[k][i] * m.v[k][i];
        r.v[k] = 1.0 / s;
    }
    return r;
}
} // namespace mrt_detail

// ---------------------------------------------------------------- D2Q9 (Lallemand & Luo 2000)
// Moment order: rho, e, eps, jx, qx, jy, qy, pxx, pxy.
constexpr double d2q9_mrt_row(int k, int cx, int cy, int) {
    const double c2 = cx * cx + cy * cy;
    // One row per line, as published.
    // clang-format off
    switch (k) {
    case 0: return 1;
    case 1: return -4 + 3 * c2;
    case 2: return 4 - 10.5 * c2 + 4.5 * c2 * c2;
    case 3: return cx;
    case 4: return (-5 + 3 * c2) * cx;
    case 5: return cy;
    case 6: return (-5 + 3 * c2) * cy;
    case 7: return cx * cx - cy * cy;
    default: return cx * cy;
    }
    // clang-format on
}

template <>
struct MrtBasis<D2Q9> {
    static constexpr MomentMatrix<9> M = mrt_detail::build<D2Q9>(d2q9_mrt_row);
    static constexpr mrt_detail::InvNorms<9> inv_norm = mrt_detail::inverse_norms(M);
    static_assert(mrt_detail::rows_orthogonal(M), "D2Q9 MRT rows must be orthogonal");
    static constexpr double kRest[3] = {1, -2, 1}; // M w: rho, e, eps at rest
    static_assert(mrt_detail::rest_moments_are<D2Q9>(M, kRest), "D2Q9 rest moments");

    // Shifted equilibrium moments m_eq - M w of density rho = 1 + drho and momentum j = rho u;
    // inv_rho = 1 / rho.
    template <class Real>
    LL_HD static void equilibrium_moments(const MrtRates<Real>&, Real drho, Real inv_rho,
                                          const Real (&j)[3], Real (&eq)[9]) {
        const Real jx = j[0], jy = j[1];
        const Real j2 = (jx * jx + jy * jy) * inv_rho;
        eq[0] = drho;
        eq[1] = Real(-2) * drho + Real(3) * j2;
        eq[2] = drho - Real(3) * j2;
        eq[3] = jx;
        eq[4] = -jx;
        eq[5] = jy;
        eq[6] = -jy;
        eq[7] = (jx * jx - jy * jy) * inv_rho;
        eq[8] = jx * jy * inv_rho;
    }
    // Rates of Lallemand & Luo (2000): s_e = 1.64, s_eps = 1.54, s_q = 1.9, shear = omega.
    template <class Real>
    static MrtRates<Real> rates(double omega, bool bgk_equivalent) {
        MrtRates<Real> r{};
        const double s[9] = {0, 1.64, 1.54, 0, 1.9, 0, 1.9, omega, omega};
        for (int k = 0; k < 9; ++k)
            r.s[k] = Real(bgk_equivalent ? omega : s[k]);
        return r;
    }
};
template <>
inline constexpr bool has_mrt_basis<D2Q9> = true;

// ---------------------------------------------------------------- D3Q19 (d'Humieres 2002)
// Moment order: rho, e, eps, jx, qx, jy, qy, jz, qz, 3pxx, 3pixx, pww, piww, pxy, pyz, pxz,
// mx, my, mz.
constexpr double d3q19_mrt_row(int k, int cx, int cy, int cz) {
    const double c2 = cx * cx + cy * cy + cz * cz;
    // One row per line, as published.
    // clang-format off
    switch (k) {
    case 0: return 1;
    case 1: return 19 * c2 - 30;
    case 2: return (21 * c2 * c2 - 53 * c2 + 24) / 2;
    case 3: return cx;
    case 4: return (5 * c2 - 9) * cx;
    case 5: return cy;
    case 6: return (5 * c2 - 9) * cy;
    case 7: return cz;
    case 8: return (5 * c2 - 9) * cz;
    case 9: return 3 * cx * cx - c2;
    case 10: return (3 * c2 - 5) * (3 * cx * cx - c2);
    case 11: return cy * cy - cz * cz;
    case 12: return (3 * c2 - 5) * (cy * cy - cz * cz);
    case 13: return cx * cy;
    case 14: return cy * cz;
    case 15: return cx * cz;
    case 16: return (cy * cy - cz * cz) * cx;
    case 17: return (cz * cz - cx * cx) * cy;
    default: return (cx * cx - cy * cy) * cz;
    }
    // clang-format on
}

template <>
struct MrtBasis<D3Q19> {
    static constexpr MomentMatrix<19> M = mrt_detail::build<D3Q19>(d3q19_mrt_row);
    static constexpr mrt_detail::InvNorms<19> inv_norm = mrt_detail::inverse_norms(M);
    static_assert(mrt_detail::rows_orthogonal(M), "D3Q19 MRT rows must be orthogonal");
    static constexpr double kRest[3] = {1, -11, 3}; // M w: rho, e, eps at rest
    static_assert(mrt_detail::rest_moments_are<D3Q19>(M, kRest), "D3Q19 rest moments");

    // Shifted equilibrium moments m_eq - M w of density rho = 1 + drho and momentum j = rho u;
    // inv = 1 / rho.
    template <class Real>
    LL_HD static void equilibrium_moments(const MrtRates<Real>& r, Real drho, Real inv,
                                          const Real (&j)[3], Real (&eq)[19]) {
        const Real jx = j[0], jy = j[1], jz = j[2];
        const Real j2 = (jx * jx + jy * jy + jz * jz) * inv;
        const Real pxx3 = (Real(2) * jx * jx - jy * jy - jz * jz) * inv;
        const Real pww = (jy * jy - jz * jz) * inv;
        eq[0] = drho;
        eq[1] = Real(-11) * drho + Real(19) * j2;
        eq[2] = r.w_eps * drho + (r.w_eps - Real(3)) + r.w_epsj * j2;
        eq[3] = jx;
        eq[4] = Real(-2.0 / 3.0) * jx;
        eq[5] = jy;
        eq[6] = Real(-2.0 / 3.0) * jy;
        eq[7] = jz;
        eq[8] = Real(-2.0 / 3.0) * jz;
        eq[9] = pxx3;
        eq[10] = r.w_xx * pxx3;
        eq[11] = pww;
        eq[12] = r.w_xx * pww;
        eq[13] = jx * jy * inv;
        eq[14] = jy * jz * inv;
        eq[15] = jx * jz * inv;
        eq[16] = eq[17] = eq[18] = 0;
    }
    // Stability-optimised rates and constants of d'Humieres et al. (2002); the BGK-equivalent
    // set (every rate = omega, w_eps = 3, w_epsj = -11/2, w_xx = -1/2) reproduces BGK.
    template <class Real>
    static MrtRates<Real> rates(double omega, bool bgk_equivalent) {
        MrtRates<Real> r{};
        const double w = omega;
        const double s[19] = {0,   1.19, 1.4, 0, 1.2, 0, 1.2,  0,    1.2, w,
                              1.4, w,    1.4, w, w,   w, 1.98, 1.98, 1.98};
        for (int k = 0; k < 19; ++k)
            r.s[k] = Real(bgk_equivalent ? omega : s[k]);
        r.w_eps = Real(bgk_equivalent ? 3.0 : 0.0);
        r.w_epsj = Real(bgk_equivalent ? -5.5 : -475.0 / 63.0);
        r.w_xx = Real(bgk_equivalent ? -0.5 : 0.0);
        return r;
    }
};
template <>
inline constexpr bool has_mrt_basis<D3Q19> = true;

// ---------------------------------------------------------------- tables derived from M
// What the collision's transform needs (collision.hpp, Mrt), derived from M at compile time.
// Parity: every published row is even in c (M_ki = M_k,opp(i)) or odd (M_ki = -M_k,opp(i)), so
// an even moment reads only the pair sums f_i + f_opp and an odd one only the differences,
// which halves the transform. Role: the rows the collision conserves, mass (all ones) and
// momentum (c_a). Source: the moments of Guo's source S_i = w_i [3 c.F - 3 u.F + 9 (c.u)(c.F)]
// (equilibrium.hpp) are 3 T1_k.F - 3 T0_k (u.F) + 9 u.T2_k.F with the lattice sums
// T0_k = sum_i M_ki w_i, T1_ka = sum_i M_ki w_i c_ia, T2_kab = sum_i M_ki w_i c_ia c_ib, so the
// source is never formed per direction.
enum class MrtRow : int { Free, Mass, MomentumX, MomentumY, MomentumZ };

template <int Q>
struct MrtRowInfo {
    int parity[Q] = {};  // +1 even, -1 odd, 0 neither
    MrtRow role[Q] = {}; // Free unless the row is 1 or c_a
};

template <int Q>
struct MrtSourceSums {
    double t0[Q] = {};
    double t1[Q][3] = {};
    double t2[Q][3][3] = {};
};

namespace mrt_detail {
template <class S>
constexpr MrtRowInfo<S::Q> row_info(const MomentMatrix<S::Q>& m) {
    MrtRowInfo<S::Q> r{};
    for (int k = 0; k < S::Q; ++k) {
        bool even = true, odd = true, ones = true, axis[3] = {true, true, true};
        for (int i = 0; i < S::Q; ++i) {
            const double v = m.v[k][i], mirror = m.v[k][opposite(i)];
            even = even && v == mirror;
            odd = odd && v == -mirror;
            ones = ones && v == 1;
            for (int a = 0; a < 3; ++a)
                axis[a] = axis[a] && v == cvel<S>(i, a);
        }
        r.parity[k] = even ? 1 : odd ? -1 : 0;
        r.role[k] = ones ? MrtRow::Mass : MrtRow::Free;
        for (int a = 0; a < S::D; ++a)
            if (axis[a]) r.role[k] = MrtRow(int(MrtRow::MomentumX) + a);
    }
    return r;
}
template <class S>
constexpr bool rows_have_parity(const MrtRowInfo<S::Q>& r) {
    for (int k = 0; k < S::Q; ++k)
        if (r.parity[k] == 0) return false;
    return true;
}
// One mass row and one momentum row per dimension: what the collision keeps unrelaxed.
template <class S>
constexpr bool conserved_rows_complete(const MrtRowInfo<S::Q>& r) {
    int count[5] = {};
    for (int k = 0; k < S::Q; ++k)
        ++count[int(r.role[k])];
    bool ok = count[int(MrtRow::Mass)] == 1;
    for (int a = 0; a < 3; ++a)
        ok = ok && count[int(MrtRow::MomentumX) + a] == (a < S::D ? 1 : 0);
    return ok;
}
// M^-1 = M^T diag(1/|row|^2), stored as inverse.v[i][k].
template <int Q>
constexpr MomentMatrix<Q> inverse(const MomentMatrix<Q>& m) {
    const InvNorms<Q> n = inverse_norms(m);
    MomentMatrix<Q> r{};
    for (int i = 0; i < Q; ++i)
        for (int k = 0; k < Q; ++k)
            r.v[i][k] = m.v[k][i] * n.v[k];
    return r;
}
// A lattice sum that cancels to zero may round to 1e-17: it must be an exact zero, so that its
// term vanishes at compile time.
constexpr double snap_zero(double v) {
    return v > -1e-12 && v < 1e-12 ? 0.0 : v;
}
template <class S>
constexpr MrtSourceSums<S::Q> source_sums(const MomentMatrix<S::Q>& m) {
    MrtSourceSums<S::Q> r{};
    for (int k = 0; k < S::Q; ++k) {
        for (int i = 0; i < S::Q; ++i) {
            const double mw = m.v[k][i] * S::w[i];
            r.t0[k] += mw;
            for (int a = 0; a < 3; ++a) {
                r.t1[k][a] += mw * cvel<S>(i, a);
                for (int b = 0; b < 3; ++b)
                    r.t2[k][a][b] += mw * cvel<S>(i, a) * cvel<S>(i, b);
            }
        }
        r.t0[k] = snap_zero(r.t0[k]);
        for (int a = 0; a < 3; ++a) {
            r.t1[k][a] = snap_zero(r.t1[k][a]);
            for (int b = 0; b < 3; ++b)
                r.t2[k][a][b] = snap_zero(r.t2[k][a][b]);
        }
    }
    return r;
}
} // namespace mrt_detail

template <class S>
struct MrtTables {
    static constexpr MomentMatrix<S::Q> M = MrtBasis<S>::M;
    static constexpr MrtRowInfo<S::Q> rows = mrt_detail::row_info<S>(M);
    static constexpr MomentMatrix<S::Q> inverse = mrt_detail::inverse(M);
    static constexpr MrtSourceSums<S::Q> source = mrt_detail::source_sums<S>(M);
    static_assert(mrt_detail::rows_have_parity<S>(rows), "MRT rows must be even or odd in c");
    static_assert(mrt_detail::conserved_rows_complete<S>(rows),
                  "MRT basis needs one mass row and one momentum row per dimension");
};

} // namespace ll

// Moment bases for the MRT collision. The transform M is built at compile time from the row
// formulas, so the table is never typed by hand; M^-1 = M^T diag(1/|row|^2) since rows are
// orthogonal (checked by static_assert). The collision applies M and M^-1 in a factored form,
// to_moments and from_moments, which static_asserts check against M, column by column.
//   D2Q9:  Lallemand & Luo, Phys. Rev. E 61, 6546 (2000)
//   D3Q19: d'Humieres et al., Phil. Trans. R. Soc. A 360, 437 (2002);
//          shared/reference/README.md gives its rows, equilibria, constants and rates.
// Equilibria use rho (not rho0) in the quadratic terms, so that with every rate = 1/tau and the
// "BGK-equivalent" constants the model reproduces BGK to rounding (a test checks this).
// The collision works on shifted populations g = f - w (equilibrium.hpp), so the equilibrium
// moments here are shifted too: m_eq(rho, j) - M w, with the rest moments M w written out in
// terms of drho = rho - 1 (static_asserts check the constants against M w).
// MrtTables<S> derives from M which rows are conserved and the lattice sums that give the
// moments of Guo's source.
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
// The factored transforms are M and M^-1: to_moments maps each unit vector to its column of M
// (exactly: the entries are small integers and halves), from_moments maps that back (to 1e-14).
template <class S, class B>
constexpr bool transforms_match(const MomentMatrix<S::Q>& m) {
    for (int i = 0; i < S::Q; ++i) {
        double unit[S::Q] = {}, moments[S::Q] = {}, back[S::Q] = {};
        unit[i] = 1;
        B::to_moments(unit, moments);
        B::from_moments(moments, back);
        for (int k = 0; k < S::Q; ++k) {
            const double err = back[k] - unit[k];
            if (moments[k] != m.v[k][i] || err > 1e-14 || err < -1e-14) return false;
        }
    }
    return true;
}

// Building blocks of the factored transforms. Opposite directions are pairs (i, i + 1)
// (stencil.hpp); an even row of M sees a pair through its sum, an odd row through its
// difference. The two diagonal pairs of a plane, (1, 1) at i and (1, -1) at j in the plane's
// axes (a, b), combine once more: their sums into the fourth-order sum k and the shear p, their
// differences into the momentum along a and along b.
template <class Real>
struct PlanePairs {
    Real k, p, a, b;
};
template <class Real, int Q>
LL_HD constexpr PlanePairs<Real> plane_pairs(const Real (&f)[Q], int i, int j) {
    const Real si = f[i] + f[i + 1], sj = f[j] + f[j + 1];
    const Real di = f[i] - f[i + 1], dj = f[j] - f[j + 1];
    return {si + sj, si - sj, di + dj, di - dj};
}
// The inverses: pair i from its even part e and odd part o, a plane from the even part e
// shared by its four directions, the shear part p and the momentum parts a, b.
template <class Real, int Q>
LL_HD constexpr void set_pair(Real (&f)[Q], int i, Real e, Real o) {
    f[i] = e + o;
    f[i + 1] = e - o;
}
template <class Real, int Q>
LL_HD constexpr void set_plane(Real (&f)[Q], int i, int j, Real e, Real p, Real a, Real b) {
    set_pair(f, i, e + p, a + b);
    set_pair(f, j, e - p, a - b);
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
    static_assert(mrt_detail::rows_orthogonal(M), "D2Q9 MRT rows must be orthogonal");
    static constexpr double kRest[3] = {1, -2, 1}; // M w: rho, e, eps at rest
    static_assert(mrt_detail::rest_moments_are<D2Q9>(M, kRest), "D2Q9 rest moments");

    // m = M f: 19 operations where the dense product took 81 multiplies and 72 adds.
    template <class Real>
    LL_HD static constexpr void to_moments(const Real (&f)[9], Real (&m)[9]) {
        const Real sx = f[1] + f[2], sy = f[3] + f[4], dx = f[1] - f[2], dy = f[3] - f[4];
        const auto d = mrt_detail::plane_pairs(f, 5, 7); // (1, 1) and (1, -1)
        const Real axes = sx + sy;
        m[0] = f[0] + axes + d.k;
        m[1] = Real(-4) * f[0] - axes + Real(2) * d.k;
        m[2] = Real(4) * f[0] - Real(2) * axes + d.k;
        m[3] = dx + d.a;
        m[4] = Real(-2) * dx + d.a;
        m[5] = dy + d.b;
        m[6] = Real(-2) * dy + d.b;
        m[7] = sx - sy;
        m[8] = d.p;
    }
    // f = M^T diag(1/|row|^2) m, |row|^2 = 9, 36, 36, 6, 12, 6, 12, 4, 4: per direction class
    // (rest, axis, diagonal) the even part, per axis the odd part.
    template <class Real>
    LL_HD static constexpr void from_moments(const Real (&m)[9], Real (&f)[9]) {
        const Real rho = Real(1.0 / 9) * m[0];
        const Real axis = rho - Real(1.0 / 36) * m[1] - Real(1.0 / 18) * m[2];
        const Real diag = rho + Real(1.0 / 18) * m[1] + Real(1.0 / 36) * m[2];
        const Real jx = Real(1.0 / 6) * m[3], jy = Real(1.0 / 6) * m[5];
        const Real pxx = Real(0.25) * m[7];
        f[0] = rho + Real(1.0 / 9) * (m[2] - m[1]);
        mrt_detail::set_pair(f, 1, axis + pxx, jx - Real(1.0 / 6) * m[4]);
        mrt_detail::set_pair(f, 3, axis - pxx, jy - Real(1.0 / 6) * m[6]);
        mrt_detail::set_plane(f, 5, 7, diag, Real(0.25) * m[8], jx + Real(1.0 / 12) * m[4],
                              jy + Real(1.0 / 12) * m[6]);
    }

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
static_assert(mrt_detail::transforms_match<D2Q9, MrtBasis<D2Q9>>(MrtBasis<D2Q9>::M),
              "D2Q9 factored MRT transforms must be M and its inverse");

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
    static_assert(mrt_detail::rows_orthogonal(M), "D3Q19 MRT rows must be orthogonal");
    static constexpr double kRest[3] = {1, -11, 3}; // M w: rho, e, eps at rest
    static_assert(mrt_detail::rest_moments_are<D3Q19>(M, kRest), "D3Q19 rest moments");

    // m = M f: about 65 operations where the dense product took 361 multiplies and 342 adds. The
    // planes xy, xz, yz hold the diagonal pairs (7, 13), (9, 15), (11, 17).
    template <class Real>
    LL_HD static constexpr void to_moments(const Real (&f)[19], Real (&m)[19]) {
        const Real sx = f[1] + f[2], sy = f[3] + f[4], sz = f[5] + f[6];
        const Real dx = f[1] - f[2], dy = f[3] - f[4], dz = f[5] - f[6];
        const auto xy = mrt_detail::plane_pairs(f, 7, 13), xz = mrt_detail::plane_pairs(f, 9, 15),
                   yz = mrt_detail::plane_pairs(f, 11, 17);
        const Real axes = sx + sy + sz, diags = xy.k + xz.k + yz.k;
        // 3 cx^2 - c^2 and cy^2 - cz^2 over the axis pairs and over the diagonal ones
        const Real xx_axes = (sx - sy) + (sx - sz), xx_diags = (xy.k + xz.k) - Real(2) * yz.k;
        const Real ww_axes = sy - sz, ww_diags = xy.k - xz.k;
        // momentum of the diagonal pairs along x, y, z
        const Real jx_diags = xy.a + xz.a, jy_diags = xy.b + yz.a, jz_diags = xz.b + yz.b;
        m[0] = f[0] + axes + diags;
        m[1] = Real(-30) * f[0] - Real(11) * axes + Real(8) * diags;
        m[2] = Real(12) * f[0] - Real(4) * axes + diags;
        m[3] = dx + jx_diags;
        m[4] = Real(-4) * dx + jx_diags;
        m[5] = dy + jy_diags;
        m[6] = Real(-4) * dy + jy_diags;
        m[7] = dz + jz_diags;
        m[8] = Real(-4) * dz + jz_diags;
        m[9] = xx_axes + xx_diags;
        m[10] = Real(-2) * xx_axes + xx_diags;
        m[11] = ww_axes + ww_diags;
        m[12] = Real(-2) * ww_axes + ww_diags;
        m[13] = xy.p;
        m[14] = yz.p;
        m[15] = xz.p;
        m[16] = xy.a - xz.a;
        m[17] = yz.a - xy.b;
        m[18] = xz.b - yz.b;
    }
    // f = M^T diag(1/|row|^2) m, |row|^2 = 19, 2394, 252, (10, 40) for j and q, 36, 72, 12, 24,
    // 4 for the shears, 8 for m: per direction class (rest, axis, diagonal) the even part, then
    // the anisotropic parts per axis and per plane, the odd parts per axis and per plane.
    template <class Real>
    LL_HD static constexpr void from_moments(const Real (&m)[19], Real (&f)[19]) {
        const Real rho = Real(1.0 / 19) * m[0];
        const Real axis = rho - Real(11.0 / 2394) * m[1] - Real(4.0 / 252) * m[2];
        const Real diag = rho + Real(8.0 / 2394) * m[1] + Real(1.0 / 252) * m[2];
        const Real xx_axes = Real(1.0 / 36) * (m[9] - m[10]);
        const Real ww_axes = Real(1.0 / 12) * (m[11] - m[12]);
        const Real xx_diags = Real(1.0 / 72) * (Real(2) * m[9] + m[10]);
        const Real ww_diags = Real(1.0 / 24) * (Real(2) * m[11] + m[12]);
        const Real jx = Real(0.1) * m[3], jy = Real(0.1) * m[5], jz = Real(0.1) * m[7];
        const Real jx_diag = jx + Real(1.0 / 40) * m[4], jy_diag = jy + Real(1.0 / 40) * m[6],
                   jz_diag = jz + Real(1.0 / 40) * m[8];
        const Real mx = Real(0.125) * m[16], my = Real(0.125) * m[17], mz = Real(0.125) * m[18];
        f[0] = rho - Real(30.0 / 2394) * m[1] + Real(12.0 / 252) * m[2];
        mrt_detail::set_pair(f, 1, axis + Real(2) * xx_axes, jx - Real(0.1) * m[4]);
        mrt_detail::set_pair(f, 3, axis - xx_axes + ww_axes, jy - Real(0.1) * m[6]);
        mrt_detail::set_pair(f, 5, axis - xx_axes - ww_axes, jz - Real(0.1) * m[8]);
        mrt_detail::set_plane(f, 7, 13, diag + xx_diags + ww_diags, Real(0.25) * m[13],
                              jx_diag + mx, jy_diag - my);
        mrt_detail::set_plane(f, 9, 15, diag + xx_diags - ww_diags, Real(0.25) * m[15],
                              jx_diag - mx, jz_diag + mz);
        mrt_detail::set_plane(f, 11, 17, diag - Real(2) * xx_diags, Real(0.25) * m[14],
                              jy_diag + my, jz_diag - mz);
    }

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
static_assert(mrt_detail::transforms_match<D3Q19, MrtBasis<D3Q19>>(MrtBasis<D3Q19>::M),
              "D3Q19 factored MRT transforms must be M and its inverse");

// ---------------------------------------------------------------- tables derived from M
// What the collision needs beyond the transforms (collision.hpp, Mrt), derived from M at compile
// time. Role: the rows the collision conserves, mass (all ones) and momentum (c_a). Source: the
// moments of Guo's source S_i = w_i [3 c.F - 3 u.F + 9 (c.u)(c.F)] (equilibrium.hpp) are
// 3 T1_k.F - 3 T0_k (u.F) + 9 u.T2_k.F with the lattice sums T0_k = sum_i M_ki w_i,
// T1_ka = sum_i M_ki w_i c_ia, T2_kab = sum_i M_ki w_i c_ia c_ib, so the source is never
// formed per direction.
enum class MrtRow : int { Free, Mass, MomentumX, MomentumY, MomentumZ };

template <int Q>
struct MrtRoles {
    MrtRow role[Q] = {};            // Free unless the row is 1 or c_a
    int momentum[3] = {-1, -1, -1}; // the row of j_a, -1 where the stencil has no axis a
};

template <int Q>
struct MrtSourceSums {
    double t0[Q] = {};
    double t1[Q][3] = {};
    double t2[Q][3][3] = {};
};

namespace mrt_detail {
template <class S>
constexpr MrtRoles<S::Q> row_roles(const MomentMatrix<S::Q>& m) {
    MrtRoles<S::Q> r{};
    for (int k = 0; k < S::Q; ++k) {
        bool ones = true, axis[3] = {true, true, true};
        for (int i = 0; i < S::Q; ++i) {
            ones = ones && m.v[k][i] == 1;
            for (int a = 0; a < 3; ++a)
                axis[a] = axis[a] && m.v[k][i] == cvel<S>(i, a);
        }
        if (ones) r.role[k] = MrtRow::Mass;
        for (int a = 0; a < S::D; ++a)
            if (axis[a]) {
                r.role[k] = MrtRow(int(MrtRow::MomentumX) + a);
                r.momentum[a] = k;
            }
    }
    return r;
}
// Row 0 is mass, and every axis of the stencil has one momentum row.
template <class S>
constexpr bool conserved_rows_complete(const MrtRoles<S::Q>& r) {
    int count[5] = {};
    for (int k = 0; k < S::Q; ++k)
        ++count[int(r.role[k])];
    bool ok = r.role[0] == MrtRow::Mass && count[int(MrtRow::Mass)] == 1;
    for (int a = 0; a < 3; ++a)
        ok = ok && count[int(MrtRow::MomentumX) + a] == (a < S::D ? 1 : 0);
    return ok;
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
    static constexpr MrtRoles<S::Q> rows = mrt_detail::row_roles<S>(M);
    static constexpr MrtSourceSums<S::Q> source = mrt_detail::source_sums<S>(M);
    static_assert(mrt_detail::conserved_rows_complete<S>(rows),
                  "MRT basis needs mass as row 0 and one momentum row per dimension");
};

} // namespace ll

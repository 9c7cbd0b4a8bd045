// Collision models as small functors on one node's populations f[Q], shifted by the rest
// weights (f[i] holds f_i - w_i, equilibrium.hpp). They know nothing about memory layout or
// streaming: the propagation scheme hands them f and stores what they return.
//   Bgk  single relaxation time (Qian, d'Humieres & Lallemand 1992)
//   Trt  two relaxation times, omega- from the magic parameter Lambda (Ginzburg et al. 2008)
//   Mrt  multiple relaxation times in the basis of mrt_basis.hpp
#pragma once
#include "equilibrium.hpp"
#include "mrt_basis.hpp"

namespace ll {

// Runtime parameters of every model, passed by value into kernels.
template <class Real>
struct CollisionParams {
    Real omega = 1;       // 1/tau: relaxes the shear stress, sets nu = cs2 (tau - 1/2)
    Real omega_minus = 1; // TRT odd-moment rate
    MrtRates<Real> mrt{}; // MRT rates and equilibrium constants
};

struct Bgk {
    static constexpr const char* name = "bgk";
    // f*_i = (1 - omega) f_i + omega (f_eq_i - w_i) + (1 - omega/2) F_i, written per opposite
    // pair (i, i + 1) as (1 - omega) f + (sym +- anti), where sym and anti are the parts of the
    // equilibrium and of Guo's source that are even and odd in c_i (c_{i+1} = -c_i):
    //   omega (f_eq - w)  = C_k + B_k (c.u)^2  +-  A_k c.u
    //   (1 - omega/2) F_i = w_k (9 (c.u)(c.G) - 3 u.G)  +-  3 w_k c.G,   G = (1 - omega/2) F
    // with C_k = w_k omega (drho - 1.5 rho u.u), B_k = 4.5 w_k omega rho, A_k = 3 w_k omega rho
    // per weight class k (the compiler merges the pairs of one weight). About 11 operations per
    // pair without a force and 18 with one, where the per-direction textbook form cost 26 and
    // about 45. The same function, any stencil, FP32 or FP64, on the CPU and the GPU.
    template <class S, class Real>
    LL_HD static Macro<Real> collide(const CollisionParams<Real>& p, Real (&f)[S::Q],
                                     const Real (&force)[3]) {
        Real drho, j[3];
        raw_moments<S>(f, drho, j);
        const Real rho = Real(1) + drho, inv = Real(1) / rho;
        Macro<Real> m{rho, {}};
        // The force is uniform, so this branch is too: without one, u = j / rho directly and
        // none of the source's terms (j + F/2 would add zeros that IEEE arithmetic may not drop).
        if (has_force(force)) {
            LL_UNROLL
            for (int a = 0; a < 3; ++a)
                m.u[a] = (j[a] + Real(0.5) * force[a]) * inv;
            relax<S, true>(p, f, drho, m, force);
        } else {
            LL_UNROLL
            for (int a = 0; a < 3; ++a)
                m.u[a] = j[a] * inv;
            relax<S, false>(p, f, drho, m, force);
        }
        return m;
    }

private:
    template <class S, bool kForced, class Real>
    LL_HD static void relax(const CollisionParams<Real>& p, Real (&f)[S::Q], Real drho,
                            const Macro<Real>& m, const Real (&force)[3]) {
        const Real omega = p.omega, keep = Real(1) - omega, orho = omega * m.rho;
        const Real uu = m.u[0] * m.u[0] + m.u[1] * m.u[1] + m.u[2] * m.u[2];
        const Real base = omega * (drho - Real(1.5) * m.rho * uu);
        Real g[3] = {0, 0, 0}, ug = 0; // G = (1 - omega/2) F and u.G
        if constexpr (kForced) {
            const Real scale = Real(1) - Real(0.5) * omega;
            LL_UNROLL
            for (int a = 0; a < 3; ++a)
                g[a] = scale * force[a];
            ug = m.u[0] * g[0] + m.u[1] * g[1] + m.u[2] * g[2];
        }
        const Real w0 = Real(weight<S>(0));
        f[0] = keep * f[0] + (kForced ? w0 * base - (Real(3) * w0) * ug : w0 * base);
        LL_UNROLL
        for (int i = 1; i < S::Q; i += 2) {
            const Real w = Real(weight<S>(i));
            const Real cu = dot_c<S>(i, m.u);
            Real sym = w * base + (Real(4.5) * w * orho) * (cu * cu);
            Real anti = (Real(3) * w * orho) * cu;
            if constexpr (kForced) {
                const Real cg = dot_c<S>(i, g);
                sym += (Real(9) * w) * (cu * cg) - (Real(3) * w) * ug;
                anti += (Real(3) * w) * cg;
            }
            f[i] = keep * f[i] + (sym + anti);
            f[i + 1] = keep * f[i + 1] + (sym - anti);
        }
    }
};

struct Trt {
    static constexpr const char* name = "trt";
    template <class S, class Real>
    LL_HD static Macro<Real> collide(const CollisionParams<Real>& p, Real (&f)[S::Q],
                                     const Real (&force)[3]) {
        Real drho;
        const Macro<Real> m = shifted_moments<S>(f, force, drho);
        const bool forced = has_force(force);
        const Real wp = p.omega, wm = p.omega_minus;
        const Real feq0 = shifted_equilibrium<S>(0, drho, m.rho, m.u);
        Real out[S::Q];
        out[0] = f[0] + wp * (feq0 - f[0]);
        if (forced) out[0] += (Real(1) - Real(0.5) * wp) * guo_source<S>(0, m.u, force);
        LL_UNROLL
        for (int i = 1; i < S::Q; i += 2) {
            const int o = i + 1; // opposite pair (stencil.hpp ordering rule)
            const Real fe_i = shifted_equilibrium<S>(i, drho, m.rho, m.u),
                       fe_o = shifted_equilibrium<S>(o, drho, m.rho, m.u);
            const Real sym = Real(0.5) * (f[i] + f[o] - fe_i - fe_o);
            const Real anti = Real(0.5) * (f[i] - f[o] - fe_i + fe_o);
            out[i] = f[i] - wp * sym - wm * anti;
            out[o] = f[o] - wp * sym + wm * anti;
            if (forced) {
                const Real s_i = guo_source<S>(i, m.u, force), s_o = guo_source<S>(o, m.u, force);
                const Real ssym = Real(0.5) * (s_i + s_o), santi = Real(0.5) * (s_i - s_o);
                out[i] += (Real(1) - Real(0.5) * wp) * ssym + (Real(1) - Real(0.5) * wm) * santi;
                out[o] += (Real(1) - Real(0.5) * wp) * ssym - (Real(1) - Real(0.5) * wm) * santi;
            }
        }
        LL_UNROLL
        for (int i = 0; i < S::Q; ++i)
            f[i] = out[i];
        return m;
    }
};

// A sum of terms c * x whose coefficients c are compile-time constants (after inlining): a zero
// term vanishes, c = +-1 costs no multiply, and the sum starts at its first term, since IEEE
// arithmetic forbids folding 0 + x (x = -0). Empty, it is 0.
template <class Real>
struct ConstantSum {
    Real v = 0;
    bool started = false;
    LL_HD void add(double c, Real x) {
        if (c == 0) return;
        const Real term = c == 1 ? x : c == -1 ? -x : Real(c) * x;
        v = started ? v + term : term;
        started = true;
    }
};

// Multiple relaxation times (d'Humieres et al. 2002): the moments m = M f relax one by one,
//   m*_k = m_k + s_k (m_eq_k - m_k) + (1 - s_k / 2) S_k,   f* = M^-1 m*,
// with S_k the moments of Guo's source. M and M^-1 are applied in the basis' factored form
// (mrt_basis.hpp: about 65 and 75 operations for D3Q19 where dense products cost 700 each),
// which also yields drho and j. The conserved moments are not relaxed: mass stays drho,
// momentum becomes j + F. The values go f -> m -> m* -> f in place, never holding m, m_eq and
// the change side by side (which cost the GPU kernels 64 to 115 registers), and S_k comes from
// lattice sums (MrtTables), not from a per-direction source.
struct Mrt {
    static constexpr const char* name = "mrt";
    template <class S, class Real>
    LL_HD static Macro<Real> collide(const CollisionParams<Real>& p, Real (&f)[S::Q],
                                     const Real (&force)[3]) {
        using T = MrtTables<S>;
        Real m[S::Q];
        MrtBasis<S>::to_moments(f, m);
        const Real drho = m[0], rho = Real(1) + drho, inv = Real(1) / rho;
        Real j[3];
        static_for<3>([&](auto a) {
            constexpr int row = T::rows.momentum[a];
            if constexpr (row >= 0)
                j[a] = m[row];
            else
                j[a] = 0; // no such axis (D2Q9's z)
        });
        Macro<Real> mac{rho, {}};
        // As in Bgk, the uniform force makes this branch uniform, and without a force no
        // source term is formed at all.
        if (has_force(force)) {
            Real j_eq[3]; // rho u = j + F/2 (Guo)
            LL_UNROLL
            for (int a = 0; a < 3; ++a) {
                j_eq[a] = j[a] + Real(0.5) * force[a];
                mac.u[a] = j_eq[a] * inv;
            }
            relax<S, true>(p, m, drho, inv, j_eq, force);
        } else {
            LL_UNROLL
            for (int a = 0; a < 3; ++a)
                mac.u[a] = j[a] * inv;
            relax<S, false>(p, m, drho, inv, j, force);
        }
        MrtBasis<S>::from_moments(m, f);
        return mac;
    }

private:
    // m holds M f on entry and m* on return; j_eq = rho u is the equilibrium's momentum, j + F/2
    // with a force (Guo).
    template <class S, bool kForced, class Real>
    LL_HD static void relax(const CollisionParams<Real>& p, Real (&m)[S::Q], Real drho, Real inv,
                            const Real (&j_eq)[3], const Real (&force)[3]) {
        using T = MrtTables<S>;
        Real eq[S::Q];
        MrtBasis<S>::equilibrium_moments(p.mrt, drho, inv, j_eq, eq);
        static_for<S::Q>([&](auto k) {
            constexpr MrtRow role = T::rows.role[k];
            if constexpr (role == MrtRow::Free) {
                const Real s = p.mrt.s[k];
                m[k] += s * (eq[k] - m[k]);
                if constexpr (kForced)
                    m[k] += (Real(1) - Real(0.5) * s) * source_moment<S, k>(j_eq, inv, force);
            } else if constexpr (kForced && role != MrtRow::Mass) {
                constexpr int a = int(role) - int(MrtRow::MomentumX);
                m[k] += force[a]; // momentum j + F
            }
        });
    }

    // (M S)_k = 3 T1_k.F - 3 T0_k (u.F) + 9 u.T2_k.F (MrtTables::source), with u = j_eq / rho:
    // the quadratic part is inv * K_k.j_eq, K_ka = 9 T2_kab F_b - 3 T0_k F_a uniform over the
    // lattice, so it needs no value beyond those the equilibrium holds.
    template <class S, int k, class Real>
    LL_HD static Real source_moment(const Real (&j_eq)[3], Real inv, const Real (&force)[3]) {
        using T = MrtTables<S>;
        ConstantSum<Real> linear; // 3 T1_k.F
        Real quad = 0;            // K_k.j_eq
        bool has_quad = false;
        static_for<3>([&](auto a) {
            constexpr double c1 = 3 * T::source.t1[k][a], c0 = -3 * T::source.t0[k];
            linear.add(c1, force[a]);
            ConstantSum<Real> coef;
            coef.add(c0, force[a]);
            static_for<3>([&](auto b) {
                constexpr double c2 = 9 * T::source.t2[k][a][b];
                coef.add(c2, force[b]);
            });
            if (!coef.started) return;
            quad = has_quad ? quad + coef.v * j_eq[a] : coef.v * j_eq[a];
            has_quad = true;
        });
        if (!has_quad) return linear.v;
        return linear.started ? linear.v + inv * quad : inv * quad;
    }
};

} // namespace ll

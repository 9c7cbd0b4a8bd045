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
    template <class S, class Real>
    LL_HD static Macro<Real> collide(const CollisionParams<Real>& p, Real (&f)[S::Q],
                                     const Real (&force)[3]) {
        Real drho;
        const Macro<Real> m = shifted_moments<S>(f, force, drho);
        const bool forced = has_force(force);
        const Real source_scale = Real(1) - Real(0.5) * p.omega;
LL_UNROLL
        for (int i = 0; i < S::Q; ++i) {
            f[i] += p.omega * (shifted_equilibrium<S>(i, drho, m.rho, m.u) - f[i]);
            if (forced) f[i] += source_scale * guo_source<S>(i, m.u, force);
        }
        return m;
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
        for (int i = 0; i < S::Q; ++i) f[i] = out[i];
        return m;
    }
};

struct Mrt {
    static constexpr const char* name = "mrt";
    // Indices come from static_for so M's entries are constant expressions: zero entries
    // vanish at compile time and device code never indexes a host table.
    template <class S, class Real>
    LL_HD static Macro<Real> collide(const CollisionParams<Real>& p, Real (&f)[S::Q],
                                     const Real (&force)[3]) {
        using B = MrtBasis<S>;
        constexpr int Q = S::Q;
        Real drho;
        const Macro<Real> mac = shifted_moments<S>(f, force, drho);
        const bool forced = has_force(force);
        Real m[Q], meq[Q], source[Q], dm[Q];
        static_for<Q>([&](auto k) {
            Real s = 0;
            static_for<Q>([&](auto i) {
                constexpr double mki = B::M.v[k][i];
                if constexpr (mki != 0) s += Real(mki) * f[i];
            });
            m[k] = s;
        });
        B::equilibrium_moments(p.mrt, mac, drho, meq);
        if (forced) {
            LL_UNROLL
            for (int i = 0; i < Q; ++i) source[i] = guo_source<S>(i, mac.u, force);
        }
        // Relax in moment space, then map the change back: f += M^-1 dm, M^-1 = M^T diag(1/|row|^2).
        static_for<Q>([&](auto k) {
            const Real s = p.mrt.s[k];
            Real d = -s * (m[k] - meq[k]);
            if (forced) {
                Real sk = 0;
                static_for<Q>([&](auto i) {
                    constexpr double mki = B::M.v[k][i];
                    if constexpr (mki != 0) sk += Real(mki) * source[i];
                });
                d += (Real(1) - Real(0.5) * s) * sk;
            }
            constexpr double inv_norm = B::inv_norm.v[k];
            dm[k] = d * Real(inv_norm);
        });
        static_for<Q>([&](auto i) {
            Real s = 0;
            static_for<Q>([&](auto k) {
                constexpr double mki = B::M.v[k][i];
                if constexpr (mki != 0) s += Real(mki) * dm[k];
            });
            f[i] += s;
        });
        return mac;
    }
};

} // namespace ll

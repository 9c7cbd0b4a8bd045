// D2Q37 dynamics on the CPU engine (solver/models/d2q37): schemes, conservation, the
// hydrostatic rest state and the mirror symmetry of Rayleigh-Taylor.
// Source: seed 004 (Calore et al. 2016) for the kernels and their order; thermal_models.md
// and Scagliarini et al., Phys. Fluids 22, 055101 (2010) for the model and the RT set-up.
// Each test names its lattice, tau and tolerance.
//
// [SECTION] helpers
// [SECTION] push == pull == fused
// [SECTION] conservation in a closed box
// [SECTION] hydrostatic rest
// [SECTION] Rayleigh-Taylor mirror symmetry
#include "solver/models/d2q37/rt2d.hpp"
#include "support/d2q37_run.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ll::thermal {
namespace {

// ---- [SECTION] helpers ----
// max that keeps a NaN (std::max drops it), so a blown-up flow fails every bound.
double worse(double a, double b) {
    return std::isnan(b) || b > a ? b : a;
}

constexpr D2Q37Scheme kSchemes[] = {D2Q37Scheme::Push, D2Q37Scheme::Pull, D2Q37Scheme::PushFused,
                                    D2Q37Scheme::PullFused};

std::unique_ptr<test::D2Q37Run> start(D2Q37Config cfg, D2Q37Scheme scheme,
                                      const ThermalFields& init) {
    cfg.scheme = scheme;
    auto e = test::d2q37_cpu(cfg);
    e->init(init);
    return e;
}

// Total mass and total energy sum_i |xi_i|^2 f_i / 2 of a canonical state.
struct Totals {
    double mass = 0, energy = 0;
};
Totals totals(const std::vector<double>& f) {
    Totals t;
    for (std::size_t k = 0; k < f.size(); ++k) {
        const int i = int(k % D2Q37::Q);
        const double x = D2Q37::xi(i, 0), y = D2Q37::xi(i, 1);
        t.mass += f[k];
        t.energy += 0.5 * (x * x + y * y) * f[k];
    }
    return t;
}

// A small RT run with a large perturbation, so that a few hundred steps move everything.
Rt2dSetup small_rt(int lx, int ly) {
    Rt2dOptions o;
    o.lx = lx;
    o.ly = ly;
    o.gravity = 1e-3;
    o.amplitude = 0.05;
    o.tau = 0.6;
    return rt2d(o);
}

// ---- [SECTION] push == pull == fused ----
// RT, 32 x 64, tau 0.6, g 1e-3, thermal walls, 300 steps. The four schemes do the same
// arithmetic per node in the same order, so the canonical states agree to 1e-14 (absolute;
// populations are O(0.2)).
TEST(D2Q37Schemes, PushPullAndFusedAgreeToRounding) {
    const Rt2dSetup rt = small_rt(32, 64);
    std::vector<double> ref, f;
    for (D2Q37Scheme s : kSchemes) {
        auto e = start(rt.config, s, rt.initial);
        e->step(300);
        if (ref.empty()) {
            e->export_state(ref);
            continue;
        }
        e->export_state(f);
        double worst = 0;
        for (std::size_t k = 0; k < f.size(); ++k)
            worst = worse(worst, std::fabs(f[k] - ref[k]));
        EXPECT_LT(worst, 1e-14) << scheme_name(s) << " differs from push";
    }
    // And the run did something: the interface moved.
    ThermalFields h;
    start(rt.config, D2Q37Scheme::Pull, rt.initial)->read_fields(h);
    EXPECT_GT(*std::max_element(h.uy.begin(), h.uy.end()), 0.0);
}

// export -> import is the identity on a state the engine produced.
TEST(D2Q37Schemes, ExportImportRoundTrip) {
    const Rt2dSetup rt = small_rt(16, 32);
    for (D2Q37Scheme s : kSchemes) {
        auto e = start(rt.config, s, rt.initial);
        e->step(20);
        std::vector<double> a, b;
        e->export_state(a);
        e->import_state(a);
        e->export_state(b);
        double worst = 0;
        for (std::size_t k = 0; k < a.size(); ++k)
            worst = worse(worst, std::fabs(a[k] - b[k]));
        EXPECT_LT(worst, 1e-15) << scheme_name(s);
    }
}

// ---- [SECTION] conservation in a closed box ----
// 24 x 48, tau 0.7, g = 0, adiabatic (bounce-back) walls, a warm blob and a shear flow:
// nothing crosses the walls, so mass and energy stay to 1e-10 relative over 2000 steps.
TEST(D2Q37Conservation, MassAndEnergyInAClosedBox) {
    D2Q37Config cfg;
    cfg.lx = 24;
    cfg.ly = 48;
    cfg.params.tau = 0.7;
    cfg.params.bottom = {WallKind::Adiabatic, 1.0};
    cfg.params.top = {WallKind::Adiabatic, 1.0};
    ThermalFields h;
    h.resize(cfg.lx, cfg.ly);
    for (int y = 0; y < cfg.ly; ++y)
        for (int x = 0; x < cfg.lx; ++x) {
            const std::size_t k = std::size_t(y * cfg.lx + x);
            const double r2 = std::pow(x - 10.0, 2) + std::pow(y - 20.0, 2);
            h.rho[k] = 1.0 + 0.05 * std::sin(2 * std::numbers::pi * x / cfg.lx);
            h.T[k] = 1.0 + 0.2 * std::exp(-r2 / 20);
            h.ux[k] = 0.05 * std::sin(std::numbers::pi * y / cfg.ly);
            h.uy[k] = 0.02 * std::cos(2 * std::numbers::pi * x / cfg.lx);
        }
    for (D2Q37Scheme s : {D2Q37Scheme::Push, D2Q37Scheme::PullFused}) {
        auto e = start(cfg, s, h);
        std::vector<double> f;
        e->export_state(f);
        const Totals t0 = totals(f);
        e->step(2000);
        e->export_state(f);
        const Totals t1 = totals(f);
        EXPECT_LT(std::fabs(t1.mass / t0.mass - 1), 1e-10) << scheme_name(s);
        EXPECT_LT(std::fabs(t1.energy / t0.energy - 1), 1e-10) << scheme_name(s);
    }
}

// Thermal walls give back the mass they receive: RT (32 x 64, tau 0.6, g 1e-3) keeps its mass
// to 1e-10 relative over 1000 steps while heat flows through the walls.
TEST(D2Q37Conservation, ThermalWallsKeepTheMass) {
    const Rt2dSetup rt = small_rt(32, 64);
    auto e = start(rt.config, D2Q37Scheme::PullFused, rt.initial);
    std::vector<double> f;
    e->export_state(f);
    const double m0 = totals(f).mass;
    e->step(1000);
    e->export_state(f);
    EXPECT_LT(std::fabs(totals(f).mass / m0 - 1), 1e-10);
}

// ---- [SECTION] hydrostatic rest ----
// An isothermal atmosphere rho = exp(-kScale g y / T) between two walls at its temperature:
// 8 x 64, tau 0.6, g 1e-4, T 1. Velocities u_H stay below 1e-6 for 10 000 steps.
// An 8-wide lattice for an atmosphere at T = 1 between two walls of one kind.
D2Q37Config atmosphere(int ly, double tau, double gravity, WallKind walls) {
    D2Q37Config cfg;
    cfg.lx = 8;
    cfg.ly = ly;
    cfg.params.tau = tau;
    cfg.params.gravity = gravity;
    cfg.params.bottom = {walls, 1.0};
    cfg.params.top = {walls, 1.0};
    return cfg;
}

TEST(D2Q37Hydrostatic, IsothermalAtmosphereStaysAtRest) {
    const D2Q37Config cfg = atmosphere(64, 0.6, 1e-4, WallKind::Thermal);
    auto e = start(cfg, D2Q37Scheme::PullFused, isothermal_atmosphere(cfg.lx, cfg.ly, 1.0, 1e-4));
    ThermalFields h;
    double worst = 0;
    for (int chunk = 0; chunk < 20; ++chunk) {
        e->step(500);
        e->read_fields(h);
        for (std::size_t k = 0; k < h.ux.size(); ++k)
            worst = worse(worse(worst, std::fabs(h.ux[k])), std::fabs(h.uy[k]));
    }
    std::printf("max |u_H| over 10000 steps: %.3e\n", worst);
    EXPECT_LT(worst, 1e-6);
}

// The collision's temperature shift must make the gravity's work exact (model.hpp): an
// isothermal atmosphere (8 x 32, tau 0.8, g 1e-3, T 1) between adiabatic walls keeps its mean
// temperature to 1e-9 over 10 000 steps. The continuum shift T - tau^2 g^2 / D of seed 004
// cools it by g^2 / D per step: 5e-3 after 10 000 steps.
TEST(D2Q37Hydrostatic, AdiabaticAtmosphereKeepsItsTemperature) {
    const D2Q37Config cfg = atmosphere(32, 0.8, 1e-3, WallKind::Adiabatic);
    auto e = start(cfg, D2Q37Scheme::PullFused, isothermal_atmosphere(cfg.lx, cfg.ly, 1.0, 1e-3));
    e->step(10000);
    ThermalFields h;
    e->read_fields(h);
    double mass = 0, heat = 0;
    for (std::size_t k = 0; k < h.rho.size(); ++k) {
        mass += h.rho[k];
        heat += h.rho[k] * h.T[k];
    }
    std::printf("mean temperature - 1 after 10000 steps: %.3e\n", heat / mass - 1);
    EXPECT_LT(std::fabs(heat / mass - 1), 1e-9);
}

// ---- [SECTION] Rayleigh-Taylor mirror symmetry ----
// RT, 32 x 64, tau 0.6, g 1e-3, a cosine mode symmetric about x = (lx - 1)/2, 600 steps:
// rho, T, u_y even and u_x odd under the mirror, to 1e-8 in FP64.
TEST(D2Q37Symmetry, RayleighTaylorStaysMirrorSymmetric) {
    const Rt2dSetup rt = small_rt(32, 64);
    auto e = start(rt.config, D2Q37Scheme::PullFused, rt.initial);
    e->step(600);
    ThermalFields h;
    e->read_fields(h);
    double worst = 0, motion = 0;
    for (int y = 0; y < h.ly; ++y)
        for (int x = 0; x < h.lx; ++x) {
            const std::size_t k = std::size_t(y * h.lx + x),
                              m = std::size_t(y * h.lx + h.lx - 1 - x);
            for (double d :
                 {h.rho[k] - h.rho[m], h.T[k] - h.T[m], h.uy[k] - h.uy[m], h.ux[k] + h.ux[m]})
                worst = worse(worst, std::fabs(d));
            motion = std::max(motion, std::fabs(h.ux[k]));
        }
    std::printf("mirror asymmetry %.3e, max |u_x| %.3e\n", worst, motion);
    EXPECT_LT(worst, 1e-8);
    EXPECT_GT(motion, 1e-4) << "the flow must move for the symmetry to mean something";
}

} // namespace
} // namespace ll::thermal

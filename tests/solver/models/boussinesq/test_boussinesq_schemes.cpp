// Boussinesq double-population model: every propagation scheme and layout runs the same
// per-node arithmetic with different addressing (solver/core/scheme.hpp), so each must give
// the reference's state (pull + SoA) to rounding; plus conservation, and NaN that must fail
// every check the physics tests make.
// Box: D2Q9 22 x 14 and D3Q19 10 x 9 x 6, periodic in x (and z); bottom wall hot on one half
// and free-slip adiabatic on the other, top wall a cold moving lid, an obstacle at a third
// fixed temperature; random-ish initial u and theta; tau = 0.7, tau_T = 0.8, g beta = 1e-3;
// 60 and 61 steps (both parities of the in-place schemes). Tolerance on the canonical state:
// 1e-13 (FP64) and 1e-6 (FP32), absolute, on populations of O(0.1).
#include "solver/models/boussinesq/model.hpp"
#include "solver/models/boussinesq/scenarios.hpp"
#include "support/boussinesq_run.hpp"
#include "support/flow_checks.hpp"
#include "support/flow_fields.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace ll::thermal::boussinesq {
namespace {

const int kThreads = test::use_threads(1);
constexpr Scheme kSchemes[] = {Scheme::Push, Scheme::Pull, Scheme::Split, Scheme::AA,
                               Scheme::Esoteric};
constexpr Layout kLayouts[] = {Layout::SoA, Layout::AoS};

Scenario mixed_box(StencilKind stencil, TemperatureStencil temperature, CollisionKind coll,
                   Precision precision) {
    const bool three_d = stencil == StencilKind::D3Q19;
    const Dims d = three_d ? Dims{10, 9, 6} : Dims{22, 14, 1};
    Scenario s;
    Config& c = s.config;
    c.dims = d;
    c.model = {stencil, coll, Scheme::Pull, Layout::SoA, precision, {}};
    c.temperature = temperature;
    c.flow.tau = 0.7;
    c.flow.trt_lambda = 0.25;
    c.flow.wall_u[0] = 0.03;
    c.thermal.tau_t = 0.8;
    c.thermal.g_beta = 1e-3;
    c.thermal.wall_theta[1] = 0.5;
    c.thermal.wall_theta[2] = -0.5;
    c.thermal.wall_theta[3] = 0.2;
    c.flags.assign(d.nodes(), kFluid);
    s.initial.resize(d.nodes());
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const std::size_t n = x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
                std::uint8_t f = kFluid;
                if (y == 0) f = x < d.nx / 2 ? thermal_wall(kSolid, 1) : thermal_wall(kFreeSlip, 0);
                if (y == d.ny - 1) f = thermal_wall(kMovingWall, 2);
                if (x >= 3 && x <= 4 && y >= 4 && y <= 5 && z <= 2) f = thermal_wall(kSolid, 3);
                c.flags[n] = f;
                s.initial.rho[n] = 1 + 0.01 * std::sin(0.7 * x + 1.3 * y);
                s.initial.ux[n] = 0.02 * std::sin(0.5 * y + 0.3 * z);
                s.initial.uy[n] = 0.01 * std::cos(0.4 * x);
                s.initial.uz[n] = three_d ? 0.01 * std::sin(0.6 * x + 0.2 * y) : 0.0;
                s.initial.theta[n] = 0.4 * std::sin(0.9 * x + 0.5 * y + 0.4 * z);
            }
    return s;
}

struct State {
    std::vector<double> f, g;
};

State run(Config c, const Fields& initial, Scheme scheme, Layout layout, int steps) {
    c.model.scheme = scheme;
    c.model.layout = layout;
    auto engine = make_cpu_engine(c);
    engine->init(initial);
    engine->step(steps);
    State st;
    engine->export_state(st.f, st.g);
    return st;
}

struct Combo {
    StencilKind stencil;
    TemperatureStencil temperature;
    CollisionKind collision;
    Precision precision;
};

class SchemeEquivalence : public ::testing::TestWithParam<Combo> {};

TEST_P(SchemeEquivalence, EverySchemeAndLayoutMatchesPullSoA) {
    const Combo p = GetParam();
    const Scenario s = mixed_box(p.stencil, p.temperature, p.collision, p.precision);
    const double tol = p.precision == Precision::FP64 ? 1e-13 : 1e-6;
    double worst = 0;
    for (int steps : {60, 61}) {
        const State ref = run(s.config, s.initial, Scheme::Pull, Layout::SoA, steps);
        ASSERT_LT(max_abs(ref.g), 1.0) << "reference state is not finite";
        for (Scheme sc : kSchemes)
            for (Layout l : kLayouts) {
                const State st = run(s.config, s.initial, sc, l, steps);
                const double df = max_abs_difference(st.f, ref.f);
                const double dg = max_abs_difference(st.g, ref.g);
                worst = std::max({worst, df, dg}); // both are +inf for a NaN
                EXPECT_LE(df, tol)
                    << ll::to_string(sc) << " layout " << int(l) << " after " << steps << " steps";
                EXPECT_LE(dg, tol)
                    << ll::to_string(sc) << " layout " << int(l) << " after " << steps << " steps";
            }
    }
    std::printf("worst difference to pull/SoA over 5 schemes x 2 layouts: %.3e\n", worst);
}

INSTANTIATE_TEST_SUITE_P(
    Boussinesq, SchemeEquivalence,
    ::testing::Values(
        Combo{StencilKind::D2Q9, TemperatureStencil::Reduced, CollisionKind::BGK, Precision::FP64},
        Combo{StencilKind::D2Q9, TemperatureStencil::Reduced, CollisionKind::TRT, Precision::FP32},
        Combo{StencilKind::D2Q9, TemperatureStencil::Flow, CollisionKind::MRT, Precision::FP64},
        Combo{StencilKind::D3Q19, TemperatureStencil::Reduced, CollisionKind::TRT, Precision::FP64},
        Combo{StencilKind::D3Q19, TemperatureStencil::Flow, CollisionKind::MRT, Precision::FP32},
        Combo{StencilKind::D3Q19, TemperatureStencil::Flow, CollisionKind::TRT, Precision::FP64}));

// The 3D set-up of the GPU comparison (test_gpu_boussinesq.cpp, gpu_case(); keep the two in
// step) on the CPU: Rayleigh-Benard, Ra 5000, H = 8, seed 0.05, kappa = 1/24 on either
// temperature stencil, FP64, 201 steps. A GPU-CPU comparison of a run that leaves the model's
// range compares two blow-ups: with tau_T = 1 (kappa = 1/6 on D3Q19, g beta = 0.19) BGK
// reached |u| = 0.95 and rho in [0.26, 3.2], and TRT went non-finite at step 144.
TEST(BoussinesqGpuSetUp, ThreeDRayleighBenardStaysSubsonic) {
    for (TemperatureStencil t : {TemperatureStencil::Reduced, TemperatureStencil::Flow})
        for (CollisionKind coll : {CollisionKind::BGK, CollisionKind::TRT, CollisionKind::MRT}) {
            RayleighBenardOptions o;
            o.rayleigh = 5000;
            o.height = 8;
            o.amplitude = 0.05;
            const double cs2_t =
                t == TemperatureStencil::Flow ? lattice_cs2<D3Q19>() : lattice_cs2<D3Q7>();
            o.tau_t = 0.5 + (1.0 / 24) / cs2_t;
            o.model.model = {StencilKind::D3Q19, coll, Scheme::Push, Layout::AoS,
                             Precision::FP64,    {}};
            o.model.temperature = t;
            const Scenario s = rayleigh_benard3d(o);
            auto engine = make_cpu_engine(s.config);
            engine->init(s.initial);
            double u_max = 0, rho_dev = 0;
            Fields f;
            for (int chunk = 0; chunk < 3; ++chunk) {
                engine->step(67);
                engine->read_fields(f);
                u_max = std::max({u_max, max_abs(f.ux), max_abs(f.uy), max_abs(f.uz)});
                std::vector<double> drho(f.rho.size());
                for (std::size_t n = 0; n < drho.size(); ++n)
                    drho[n] = f.rho[n] - 1;
                rho_dev = std::max(rho_dev, max_abs(drho));
            }
            std::printf("%s temperature, %s: max |u| %.3f, max |rho - 1| %.3f\n",
                        t == TemperatureStencil::Flow ? "d3q19" : "d3q7",
                        std::string(ll::to_string(coll)).c_str(), u_max, rho_dev);
            // max_abs is +inf for a NaN, so a blow-up fails both.
            EXPECT_LT(u_max, 0.1) << "Mach < 0.2";
            EXPECT_LT(rho_dev, 0.1);
            EXPECT_GT(max_abs(f.uy), 1e-5) << "the flow must move";
        }
}

// Adiabatic closed box: mass sum(rho) and heat sum(theta) are invariants of the scheme
// (bounce-back returns what left, collisions conserve both) to rounding.
TEST(BoussinesqConservation, MassAndHeatInAnAdiabaticBox) {
    Scenario s = mixed_box(StencilKind::D2Q9, TemperatureStencil::Reduced, CollisionKind::TRT,
                           Precision::FP64);
    for (auto& f : s.config.flags)
        if (is_halfway_wall(f)) f = kSolid; // every wall adiabatic, at rest
    s.config.flow.wall_u[0] = 0;
    for (Scheme sc : {Scheme::Pull, Scheme::Esoteric}) {
        s.config.model.scheme = sc;
        auto engine = make_cpu_engine(s.config);
        engine->init(s.initial);
        Fields before, after;
        engine->read_fields(before);
        engine->step(500);
        engine->read_fields(after);
        double m0 = 0, m1 = 0, h0 = 0, h1 = 0;
        for (std::size_t n = 0; n < s.config.flags.size(); ++n) {
            if (!is_updated(s.config.flags[n])) continue;
            m0 += before.rho[n];
            m1 += after.rho[n];
            h0 += before.theta[n];
            h1 += after.theta[n];
        }
        EXPECT_LE(std::abs(m1 - m0), 1e-10 * m0) << "mass";
        EXPECT_LE(std::abs(h1 - h0), 1e-11) << "heat";
        EXPECT_GT(max_abs(after.uy), 1e-5) << "the flow must move";
    }
}

// std::max(m, NaN) is m: a blown-up run would pass a running-maximum check. Every check the
// Boussinesq tests make must fail on a NaN field.
TEST(BoussinesqNaN, FailsEveryCheck) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> clean{0.1, 0.2, 0.3}, dirty{0.1, nan, 0.3};
    EXPECT_FALSE(max_abs_difference(dirty, clean) <= 1.0);
    EXPECT_FALSE(max_abs_difference(clean, dirty) <= 1.0);
    EXPECT_FALSE(max_abs(dirty) < 1.0);
    EXPECT_FALSE(within_relative(nan, 1.0, 0.5));
    EXPECT_FALSE(log_slope({0, 1, 2}, {1, nan, 3}) > 0);
    EXPECT_FALSE(log_slope({0, 1, 2}, {3, nan, 1}) < 0);

    // A NaN in the state spreads through a real run and fails the physics checks.
    const Scenario s = mixed_box(StencilKind::D2Q9, TemperatureStencil::Reduced, CollisionKind::BGK,
                                 Precision::FP64);
    auto engine = make_cpu_engine(s.config);
    engine->init(s.initial);
    State st;
    engine->export_state(st.f, st.g);
    const std::size_t fluid = 5 + std::size_t(s.config.dims.nx) * 7;
    st.g[fluid * 5 + 1] = nan;
    engine->import_state(st.f, st.g);
    engine->step(20);
    Fields f;
    engine->read_fields(f);
    const State clean_run = run(s.config, s.initial, Scheme::Pull, Layout::SoA, 20);
    State dirty_run;
    engine->export_state(dirty_run.f, dirty_run.g);
    EXPECT_FALSE(max_abs_difference(dirty_run.f, clean_run.f) <= 1.0);
    EXPECT_FALSE(max_abs_difference(dirty_run.g, clean_run.g) <= 1.0);
    const double nu = average_nusselt(s.config, f, 20, 1);
    EXPECT_FALSE(within_relative(nu, 1.118, 0.01)) << "Nusselt check";
    const double e = kinetic_energy(s.config, f);
    EXPECT_FALSE(e < 1e300 || e > 0) << "energy comparisons";
}

} // namespace
} // namespace ll::thermal::boussinesq

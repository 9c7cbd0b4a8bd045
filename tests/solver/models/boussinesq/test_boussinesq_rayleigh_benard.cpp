// Rayleigh-Benard onset with the Boussinesq double-population model: rigid plates at fixed
// temperatures, periodic sides one critical wavelength apart. Linear theory (Chandrasekhar,
// Hydrodynamic and Hydromagnetic Stability, 1961): Ra_c = 1707.76 at a_c = 3.117, so a seeded
// mode decays at Ra = 0.9 Ra_c and grows at Ra = 1.1 Ra_c. Near onset its rate is
// sigma = eps / tau_0, eps = Ra / Ra_c - 1, tau_0 = (Pr + 0.5117) / (19.65 Pr) H^2 / kappa
// (Cross & Hohenberg, Rev. Mod. Phys. 65, 851 (1993), rigid-rigid amplitude equation).
// Lattice: D2Q9 TRT (Lambda 3/16) + D2Q5 BGK, pull, SoA, FP64; H = 32 fluid rows between
// half-way anti-bounce-back plates, period 64 (a = 3.14); Pr = 0.71, tau_T = 1 (kappa = 1/6),
// tau = 0.855. The rate of the amplitude, sqrt(kinetic energy), is fitted over t = 0.5 .. 2
// H^2/kappa, after the faster modes of the seed have died out.
// Tolerances: the sign (issue 4), and |sigma tau_0 / eps - 1| <= 0.1. Measured: -1.111 and
// +1.185 kappa/H^2 against -/+1.142 (-2.7 %, +3.8 %: both shifted up by 0.04, as if the
// lattice's Ra_c were 0.3 % low).
#include "solver/models/boussinesq/scenarios.hpp"
#include "support/boussinesq_run.hpp"
#include "support/flow_checks.hpp"
#include "support/flow_fields.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace ll::thermal::boussinesq {
namespace {

const int kThreads = test::use_threads(1);
constexpr double kRac = 1707.76, kPrandtl = 0.71;

// Growth rate of the amplitude in units of kappa / H^2.
double growth_rate(double eps) {
    RayleighBenardOptions o;
    o.rayleigh = (1 + eps) * kRac;
    o.prandtl = kPrandtl;
    o.height = 32;
    o.tau_t = 1.0;
    const Scenario s = rayleigh_benard2d(o);
    auto engine = make_cpu_engine(s.config);
    engine->init(s.initial);
    const double t_diff = s.height * s.height / s.units.kappa; // steps per H^2 / kappa
    const int chunk = int(std::lround(t_diff / 8));
    engine->step(4 * chunk);
    std::vector<double> t, amplitude;
    Fields f;
    for (int k = 4; k <= 16; ++k) {
        engine->read_fields(f);
        t.push_back(k / 8.0);
        amplitude.push_back(std::sqrt(kinetic_energy(s.config, f)));
        if (k < 16) engine->step(chunk);
    }
    return log_slope(t, amplitude);
}

double predicted(double eps) {
    const double tau0 = (kPrandtl + 0.5117) / (19.65 * kPrandtl);
    return eps / tau0;
}

TEST(RayleighBenard, DecaysBelowOnset) {
    const double rate = growth_rate(-0.1);
    std::printf("Ra = 0.9 Ra_c: rate %.4f kappa/H^2 (linear theory %.4f)\n", rate, predicted(-0.1));
    EXPECT_LT(rate, 0.0);
    EXPECT_TRUE(within_relative(rate, predicted(-0.1), 0.1)) << rate;
}

TEST(RayleighBenard, GrowsAboveOnset) {
    const double rate = growth_rate(0.1);
    std::printf("Ra = 1.1 Ra_c: rate %.4f kappa/H^2 (linear theory %.4f)\n", rate, predicted(0.1));
    EXPECT_GT(rate, 0.0);
    EXPECT_TRUE(within_relative(rate, predicted(0.1), 0.1)) << rate;
}

} // namespace
} // namespace ll::thermal::boussinesq

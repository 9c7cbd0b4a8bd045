// Boussinesq Rayleigh-Taylor instability, linear regime: cold (heavy) fluid above hot (light)
// fluid, the interface displaced by one cosine mode of wavenumber k. The mode grows at
// sigma = sqrt(A g k + nu^2 k^4) - nu k^2, A = beta dT / 2 (thermal_models.md; the viscous
// form is Mikaelian's approximation, Phys. Rev. E 47, 375 (1993), for equal viscosities).
// Lattice: D2Q9 TRT (Lambda 3/16) + D2Q5 BGK, pull, SoA, FP64; 256 x 256 fluid nodes (one
// wavelength, k = 2 pi / 256; adiabatic walls a half wavelength from the interface, which
// slows the mode by tanh(k h)^(1/2) = 0.998); A g = 1.6e-4, nu = 0.002 (tau = 0.506), kappa
// = 1e-4 (tau_T = 0.5003), interface theta = -tanh((y - eta) / 1.0) / 2, eta_0 = 0.01. The
// rate is fitted to the amplitude of the mode in u_y on the two rows at the interface, over
// sigma t = 2 .. 6 (the decaying partner of the growing mode is down to e^-4 by then, and
// k eta stays below 0.05).
// Tolerance 5 % (issue 4). Measured: 0.984 sigma (15 s on 2 free threads, 1 thread here); what is
// left is the interface's finite width (k delta = 0.025, plus diffusion) and viscous start-up, each
// about 1 %.
#include "solver/models/boussinesq/scenarios.hpp"
#include "support/boussinesq_run.hpp"
#include "support/flow_checks.hpp"
#include "support/flow_fields.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

namespace ll::thermal::boussinesq {
namespace {

const int kThreads = test::use_threads(1);

TEST(BoussinesqRayleighTaylor, LinearGrowthRateMatchesTheory) {
    RtOptions o;
    o.width = 256;
    o.height = 256;
    o.atwood_g = 1.6e-4;
    o.nu = 0.002;
    o.kappa = 1e-4;
    o.interface_width = 1.0;
    o.amplitude = 0.01;
    const Scenario s = rt2d_boussinesq(o);
    const double k = 2 * std::numbers::pi / o.width;
    const double sigma = rt_growth_rate(o.atwood_g, o.nu, k);
    auto engine = make_cpu_engine(s.config);
    engine->init(s.initial);

    const int chunk = int(std::lround(0.25 / sigma));
    const std::uint32_t mid = s.config.dims.ny / 2; // rows mid - 1 and mid hold the interface
    engine->step(8 * chunk);
    std::vector<double> t, amplitude;
    Fields f;
    for (int c = 8; c <= 24; ++c) {
        engine->read_fields(f);
        t.push_back(c * chunk);
        amplitude.push_back(0.5 * (mode_amplitude(s.config.dims, f.uy, mid - 1, 0, 1) +
                                   mode_amplitude(s.config.dims, f.uy, mid, 0, 1)));
        if (c < 24) engine->step(chunk);
    }
    const double rate = log_slope(t, amplitude);
    // Inviscid start from rest: eta = eta_0 cosh(sigma t).
    std::printf("RT (%d threads): measured %.4e per step, sigma %.4e, ratio %.4f; final k eta "
                "%.3f\n",
                kThreads, rate, sigma, rate / sigma, k * o.amplitude * std::cosh(sigma * t.back()));
    EXPECT_TRUE(within_relative(rate, sigma, 0.05)) << "rate / sigma = " << rate / sigma;
}

} // namespace
} // namespace ll::thermal::boussinesq

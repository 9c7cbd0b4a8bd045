// Decaying Taylor-Green vortices (shared/reference/README.md): u = u0 cos x sin y e^{-2 nu t},
// so the kinetic energy decays as e^{-4 nu k^2 t}, k = 2 pi / N in lattice units. The viscosity
// measured from the decay must be nu = (tau - 1/2)/3 within 1 % (Qian et al. 1992).
// Scenario taylor_green2d, D2Q9 BGK, N = 64, u0 = 0.05, FP64, tau = 0.6, 0.8, 1.2. The fit
// starts at t = 100 (the equilibrium start lacks the non-equilibrium part) and ends when the
// energy has dropped by e^2.
#include "support/flow_fields.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);

double kinetic_energy(Simulation& sim) {
    return test::sum_over_fluid(test::flow_field(sim), [](double rho, const double* u) {
        return 0.5 * rho * (u[0] * u[0] + u[1] * u[1]);
    });
}

class TaylorGreen : public testing::TestWithParam<double> {};

TEST_P(TaylorGreen, EnergyDecayGivesTheViscosity) {
    const double tau = GetParam();
    const int n = 64;
    auto sim = test::cpu_run(
        "taylor_green2d",
        {{"size", std::to_string(n)}, {"tau", std::to_string(tau)}, {"precision", "fp64"}});
    const double nu = (tau - 0.5) / 3.0, k = 2 * std::numbers::pi / n;
    const int t1 = 100, span = int(std::lround(2.0 / (4 * nu * k * k)));
    sim->step(t1);
    const double e1 = kinetic_energy(*sim);
    sim->step(span);
    const double e2 = kinetic_energy(*sim);
    ASSERT_GT(e2, 0);
    const double nu_measured = std::log(e1 / e2) / (4 * k * k * span);
    std::printf("tau %.2f: nu measured %.6f, expected %.6f, relative error %.2e\n", tau,
                nu_measured, nu, nu_measured / nu - 1);
    EXPECT_NEAR(nu_measured / nu, 1.0, 0.01);
}

INSTANTIATE_TEST_SUITE_P(Tau, TaylorGreen, testing::Values(0.6, 0.8, 1.2),
                         [](const testing::TestParamInfo<double>& i) {
                             return "tau_" + std::to_string(int(std::lround(i.param * 10)));
                         });

} // namespace
} // namespace ll

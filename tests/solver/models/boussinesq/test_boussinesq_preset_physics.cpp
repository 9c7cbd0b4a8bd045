// The heated cavity through the path a user takes (preset keys -> build_scenario -> Simulation
// on the CPU -> its Nusselt number, diagnostics/heat_transfer.hpp) against de Vahl Davis, Int. J.
// Numer. Meth. Fluids 3, 249 (1983): Ra 1e3, Pr 0.71, average Nu 1.118
// (test_boussinesq_cavity.cpp checks the engine itself at 64 nodes per side). Here 32 nodes per
// side, buoyancy velocity 0.1 (the preset's defaults otherwise: D2Q9 TRT + D2Q5, pull, SoA,
// FP64): tau = 0.755, tau_T = 0.861, H^2 / kappa = 8500 steps. Run until Nu changes by < 1e-6
// over 1000 steps. Tolerance 1 % (issue 4).
#include "solver/diagnostics/heat_transfer.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/flow_checks.hpp"
#include "support/flow_fields.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace ll {
namespace {

namespace bq = thermal::boussinesq;

const int kThreads = test::use_threads(1);

TEST(BoussinesqPresetPhysics, HeatedCavityNusseltMatchesDeVahlDavis) {
    constexpr int kSize = 32;
    constexpr double kReference = 1.118;
    auto sim = Simulation::create(
        build_scenario("heated_cavity2d", {{"size", std::to_string(kSize)}, {"ra", "1e3"}}),
        BackendKind::Cpu);
    // The run's own Nusselt number (diagnostics/heat_transfer.hpp), as the CLI and the visualiser
    // report it: Nu = 1 + H <u_x theta> / (kappa dT), H, kappa and dT from the setup.
    const HeatTransfer h = heat_transfer(sim->setup());
    ASSERT_TRUE(h.available) << h.why;
    ASSERT_EQ(h.height, kSize);
    double nu = 0, previous = -1;
    for (int chunk = 0; chunk < 80 && !(std::abs(nu - previous) < 1e-6); ++chunk) {
        previous = nu;
        sim->step(1000);
        nu = nusselt(*sim, h);
    }
    std::printf("heated_cavity2d Ra 1e3, %d^2 (%d thread(s)): %llu steps, Nu %.5f (de Vahl "
                "Davis %.3f, %+.2f %%)\n",
                kSize, kThreads, (unsigned long long)sim->time_step(), nu, kReference,
                100 * (nu / kReference - 1));
    EXPECT_TRUE(bq::within_relative(nu, kReference, 0.01)) << "Nu = " << nu;
    EXPECT_LT(std::abs(nu - previous), 1e-6) << "not steady after 80 000 steps";
}

} // namespace
} // namespace ll

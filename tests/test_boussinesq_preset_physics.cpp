// The heated cavity through the path a user takes (preset keys -> build_scenario -> Simulation
// on the CPU -> read_macro) against de Vahl Davis, Int. J. Numer. Meth. Fluids 3, 249 (1983):
// Ra 1e3, Pr 0.71, average Nu 1.118 (test_boussinesq_cavity.cpp checks the engine itself at 64
// nodes per side). Here 32 nodes per side, buoyancy velocity 0.1 (the preset's defaults
// otherwise: D2Q9 TRT + D2Q5, pull, SoA, FP64): tau = 0.755, tau_T = 0.861, H^2 / kappa = 8500
// steps. Run until Nu changes by < 1e-6 over 1000 steps. Tolerance 1 % (issue 4).
#include "solver/scenario/scenario.hpp"
#include "solver/thermal/boussinesq/boussinesq_engine_adapter.hpp"
#include "solver/thermal/boussinesq/diagnostics.hpp"
#include "support/flow_fields.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace ll {
namespace {

namespace bq = thermal::boussinesq;

const int kThreads = test::use_threads(1);

// Nu = 1 + H <u_x theta> / (kappa dT) over the fluid nodes (bq::average_nusselt), from the
// fields Simulation reports: theta is the temperature field itself, dT = 1.
double nusselt(Simulation& sim, int size) {
    const SimulationSetup& s = sim.setup();
    MacroField m;
    sim.read_macro(m);
    bq::Fields f;
    f.resize(m.rho.size());
    for (std::size_t n = 0; n < m.rho.size(); ++n) {
        f.ux[n] = m.ux[n];
        f.theta[n] = m.T[n];
    }
    const EngineConfig cfg{s.dims, s.model, s.flow, s.launch, s.thermal, s.boussinesq};
    return bq::average_nusselt(boussinesq_config(cfg, s.flags), f, size, 1.0);
}

TEST(BoussinesqPresetPhysics, HeatedCavityNusseltMatchesDeVahlDavis) {
    constexpr int kSize = 32;
    constexpr double kReference = 1.118;
    auto sim = Simulation::create(
        build_scenario("heated_cavity2d", {{"size", std::to_string(kSize)}, {"ra", "1e3"}}),
        BackendKind::Cpu);
    double nu = 0, previous = -1;
    for (int chunk = 0; chunk < 80 && !(std::abs(nu - previous) < 1e-6); ++chunk) {
        previous = nu;
        sim->step(1000);
        nu = nusselt(*sim, kSize);
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

// The Nusselt number of a convection run: how much more heat crosses the fluid between its
// hot and its cold wall than conduction alone would carry (Nu = 1: the fluid is at rest).
// One definition for the CLI (`--probe nusselt`, the summary, the JSON record), the
// visualiser's panel and the tests.
//
// Which runs have one is read from the setup, not from the preset's name: the Boussinesq
// model with fixed-temperature walls at the two ends of ThermalSettings::heated_axis, hot at
// the low end (heated_cavity2d: x, de Vahl Davis 1983; rayleigh_benard2d/3d: y, hot bottom).
#pragma once
#include "solver/simulation.hpp"

#include <string>

namespace ll {

// How heat crosses a run, from its setup (the current tau and tau_t included).
struct HeatTransfer {
    bool available = false; // false: `why` says what the run lacks
    std::string why;
    int axis = 0;        // the heat crosses x (0: side-heated cavity) or y (1: Rayleigh-Benard)
    double height = 0;   // H: fluid nodes between the heated walls
    double kappa = 0;    // thermal diffusivity (lattice units)
    double dT = 0;       // theta of the hot wall minus that of the cold one
    double rayleigh = 0; // g beta dT H^3 / (nu kappa)
    double prandtl = 0;  // nu / kappa
    // The time heat takes to diffuse across, H^2 / kappa, in steps: the unit of the probe's
    // time column.
    double diffusion_time() const { return height * height / kappa; }
};
HeatTransfer heat_transfer(const SimulationSetup& s);

// Nu = 1 + H <u_a theta> / (kappa dT), the mean over the fluid nodes of the velocity along the
// heated axis times theta (thermal::boussinesq::average_nusselt). u_axis and theta hold one
// value per node of the lattice (x fastest); NaN when `h` is not available.
template <class Real> // float (field reads) or double (MacroField)
double nusselt(const SimulationSetup& s, const HeatTransfer& h, const Real* u_axis,
               const Real* theta);
// The same from the fields Simulation::read_macro returns.
double nusselt(const SimulationSetup& s, const HeatTransfer& h, const MacroField& m);
// The same from the running simulation: two whole-lattice field reads (the velocity along the
// axis and theta), so a caller should not ask every step.
double nusselt(Simulation& sim, const HeatTransfer& h);

// The measured value, with the published one where it applies: "2.237 (de Vahl Davis 1983:
// 2.243 at Ra 1e4)" for the square side-heated cavity at Pr 0.71 and Ra 1e3, 1e4, 1e5 or 1e6,
// else "2.237".
std::string nusselt_text(double nu, const SimulationSetup& s, const HeatTransfer& h);

} // namespace ll

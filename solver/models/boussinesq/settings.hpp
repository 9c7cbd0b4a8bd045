// The Boussinesq model's own choices, apart from the flow's: the temperature stencil and the
// thermal parameters. Plain data, so that solver/engine.hpp can carry them in EngineConfig
// without the engine interface (engine.hpp).
#pragma once
#include <cstdint>

namespace ll::thermal::boussinesq {

// The temperature population's stencil: D2Q5 / D3Q7, or the flow stencil (seed 001).
enum class TemperatureStencil : std::uint8_t { Reduced, Flow };

// Physical parameters of the temperature population, in lattice units.
struct ThermalSettings {
    double tau_t = 1.0;                  // kappa = cs2_T (tau_T - 1/2), cs2_T of the stencil
    double g_beta = 0;                   // g * beta: buoyancy per unit theta (rho0 = 1)
    double gravity_dir[3] = {0, -1, 0};  // unit vector along g
    double wall_theta[4] = {0, 0, 0, 0}; // theta = T - T0 of wall classes 1..3 (0: adiabatic)
    // The axis whose two end planes are the fixed-temperature walls that drive the heat
    // through the fluid (0 x: the side-heated cavity, 1 y: Rayleigh-Benard), -1 when none do.
    // The engines ignore it; the Nusselt number (diagnostics/heat_transfer.hpp) reads it.
    int heated_axis = -1;
};

} // namespace ll::thermal::boussinesq

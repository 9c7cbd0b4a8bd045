// ll::Engine around the Boussinesq double-population engines (CPU and CUDA), so that
// Simulation, the CLI and the visualiser run the heated cavity, Rayleigh-Benard and
// Rayleigh-Taylor presets like any other flow: EngineConfig::boussinesq.enabled, the flow
// stencil d2q9 | d3q19 in the ModelChoice, temperature as one more field.
//
// Canonical state: the flow part f[n * QF + i] (the engine's: unshifted, pre-collision, walls
// applied), then the temperature part g[n * QT + i], nodes * (QF + QT) values. The flow part
// sits where an isothermal state of the same stencil would, so Simulation's scheme, layout,
// precision and collision switches and its obstacle edits work on it unchanged; the zero g of
// a node that becomes fluid is the temperature equilibrium at theta = 0.
//
// Temperature (FieldKind::Temperature, MacroField::T) is theta = T - T0, the engine's own
// variable, in units of the scenario's temperature difference dT (every preset: hot walls or
// layers +1/2, cold -1/2), not an absolute T: the model has no T0 of its own, and a map over
// [min, max] (inferno) shows theta as it shows the D2Q37 model's T / T0.
//
// Compiled into latticelab_solver (not latticelab_boussinesq), like the D2Q37 adapter: it
// implements ll::Engine, while the model's library stays below the solver.
#pragma once
#include "engine.hpp"
#include "solver/engine.hpp"

#include <memory>
#include <string>
#include <vector>

namespace ll {

std::unique_ptr<Engine> make_boussinesq_cpu_adapter(const EngineConfig& cfg);
// nullptr with `why` when CUDA is not compiled in or no GPU is usable.
std::unique_ptr<Engine> make_boussinesq_cuda_adapter(const EngineConfig& cfg, std::string& why);

// Empty when the model can run `m` on `d` (its own limits and the solver's); otherwise a
// message naming the key and the allowed values.
std::string boussinesq_compatibility_error(const ModelChoice& m, const Dims& d);

// The engine's configuration for `cfg` and node flags (wall classes included); ConfigError for
// what the model cannot run.
thermal::boussinesq::Config boussinesq_config(const EngineConfig& cfg,
                                              const std::vector<std::uint8_t>& flags);

// Values per node of the temperature population: 5 | 7 (reduced) or the flow stencil's Q.
int boussinesq_temperature_velocities(const EngineConfig& cfg);

// Canonical state (f, then g) at the equilibrium of rho, u (3 per node) and theta.
std::vector<double> boussinesq_equilibrium_state(const EngineConfig& cfg,
                                                 const std::vector<std::uint8_t>& flags,
                                                 const std::vector<double>& rho,
                                                 const std::vector<double>& u,
                                                 const std::vector<double>& theta);

} // namespace ll

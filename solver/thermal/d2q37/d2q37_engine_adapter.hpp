// ll::Engine around the D2Q37 thermal engines (CPU and CUDA), so that Simulation, the CLI and
// the visualiser drive seed 004's Rayleigh-Taylor run like any other flow: stencil d2q37 in
// the ModelChoice, the thermal inputs in EngineConfig::thermal, temperature as one more field.
//
// Mapping of the runtime choices: scheme push|pull with ThermalParams::fused picking the
// fused propagate+collide kernel or seed 004's separate kernels; BGK, SoA, FP64 only
// (compatibility_error() refuses the rest). The canonical state is the D2Q37 engine's own:
// pre-collision populations with the bc applied, f[n * 37 + i], node x + nx * y.
//
// Compiled into latticelab_solver (not latticelab_thermal): it implements ll::Engine and uses
// the solver's errors and bandwidth probes, while the thermal library stays below the solver.
#pragma once
#include "engine.hpp"
#include "solver/engine/engine.hpp"

#include <memory>
#include <string>
#include <vector>

namespace ll {

std::unique_ptr<Engine> make_d2q37_cpu_adapter(const EngineConfig& cfg);
// nullptr with `why` when CUDA is not compiled in or no GPU is usable.
std::unique_ptr<Engine> make_d2q37_cuda_adapter(const EngineConfig& cfg, std::string& why);

// The D2Q37 engine's configuration for `cfg`; ConfigError for what the model cannot run.
thermal::D2Q37Config d2q37_config(const EngineConfig& cfg);

// Canonical state at the local equilibrium of hydrodynamic fields (rho, u: 3 per node, T).
std::vector<double> d2q37_equilibrium_state(const EngineConfig& cfg, const std::vector<double>& rho,
                                            const std::vector<double>& u,
                                            const std::vector<double>& T);

} // namespace ll

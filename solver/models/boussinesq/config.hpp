// A Boussinesq run's configuration as the scenario builders (scenarios.hpp) and the tests
// describe it: the flow choices, the temperature stencil, the thermal settings and the flags
// with their thermal wall classes. engine_config() turns it into the one engine's EngineConfig;
// the run itself is an ll::Engine like every other model's.
#pragma once
#include "settings.hpp"
#include "solver/engine/engine.hpp"
#include "solver/field_types.hpp"
#include "solver/options.hpp"

#include <memory>
#include <string>
#include <vector>

namespace ll::thermal::boussinesq {

struct Config {
    Dims dims;
    ModelChoice model; // flow stencil D2Q9 | D3Q19, collision, scheme, layout, precision
    TemperatureStencil temperature = TemperatureStencil::Reduced;
    FlowParams flow; // tau, TRT Lambda, MRT choice, uniform force, moving-wall velocity
    ThermalSettings thermal;
    // NodeType per node, half-way walls carrying their thermal class (model.hpp,
    // thermal_wall(), core/flags.hpp); the engines add the near-wall bits.
    std::vector<std::uint8_t> flags;
    int block_size = 256; // CUDA threads per block
};

// Node n = x + nx (y + ny z). Walls hold rho = 1, u = 0 and their theta.
struct Fields {
    std::vector<double> rho, ux, uy, uz, theta;
    void resize(std::size_t nodes);
};

// Empty when the model runs `m` on a lattice of `d`; otherwise a message naming the key and
// what it allows (stencil d2q9 | d3q19 by dimension, every scheme but shared_x).
std::string model_error(const ModelChoice& m, const Dims& d);
// Empty when the model runs every node type of `flags` (fluid and half-way walls).
std::string flags_error(const std::vector<std::uint8_t>& flags);
// Throws ConfigError naming the field and its range when the config cannot run.
void validate(const Config& cfg);
// Q of the flow and of the temperature population for this config.
int flow_velocities(const Config& cfg);
int temperature_velocities(const Config& cfg);
// Diffusivity of the config: cs2_T (tau_T - 1/2).
double kappa_of(const Config& cfg);
// Canonical equilibrium state of the fields.
void equilibrium_state(const Config& cfg, const Fields& fields, std::vector<double>& f,
                       std::vector<double>& g);

// The one engine's configuration of this model (EngineConfig::boussinesq enabled), and back.
EngineConfig engine_config(const Config& cfg);
Config config_of(const EngineConfig& cfg, const std::vector<std::uint8_t>& flags);

} // namespace ll::thermal::boussinesq

// The Boussinesq double-population engine: interface, configuration and factories. Its calls
// mirror ll::Engine's (step, export/import of a canonical state, fields); the adapter in
// boussinesq_engine_adapter.hpp puts it behind ll::Engine for Simulation.
#pragma once
#include "settings.hpp"
#include "solver/engine.hpp"
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

class Engine {
public:
    virtual ~Engine() = default;
    // Advances `steps` time steps; returns the seconds they took (GPU: CUDA events).
    virtual double step(int steps) = 0;
    // Canonical state, pre-collision with walls applied, in double: f[n * QF + i]
    // (unshifted) and g[n * QT + i]; wall nodes hold zeros.
    virtual void export_state(std::vector<double>& f, std::vector<double>& g) = 0;
    virtual void import_state(const std::vector<double>& f, const std::vector<double>& g) = 0;
    virtual void read_fields(Fields& out) = 0;
    // One derived field over a region into `out` (region_size() floats), computed where the
    // populations live: FieldKind::Temperature is theta, the rest as ll::field_at. The CPU
    // engine writes host memory only; the CUDA engine writes device memory directly or stages
    // through it for a host `out`. Complete when it returns.
    virtual void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                            MemorySpace space) = 0;
    // Updated nodes whose rho, u or theta is NaN or infinite.
    virtual std::uint64_t count_nonfinite() = 0;
    virtual const Config& config() const = 0;
    virtual std::string device() const = 0; // "cpu: N OpenMP threads" or the GPU's name
    // Registers, blocks per SM and occupancy of the bulk step kernel (CUDA); zeros on the CPU.
    virtual LaunchReport launch_report() const { return {}; }

    // Starts from both equilibria of the given fields (rho, u, theta per node).
    void init(const Fields& fields);
    std::uint64_t steps_done() const { return steps_; }

protected:
    std::uint64_t steps_ = 0;
};

// Empty when the model runs `m` on a lattice of `d`; otherwise a message naming the key and
// what it allows (stencil d2q9 | d3q19 by dimension, every scheme but shared_x).
std::string model_error(const ModelChoice& m, const Dims& d);
// Throws ConfigError naming the field and its range when the config cannot run.
void validate(const Config& cfg);
// Q of the flow and of the temperature population for this config.
int flow_velocities(const Config& cfg);
int temperature_velocities(const Config& cfg);
// Diffusivity of the config: cs2_T (tau_T - 1/2).
double kappa_of(const Config& cfg);
// Flags with the near-wall bits of the flow stencil (which covers the temperature stencil).
std::vector<std::uint8_t> with_near_wall_bits(const Config& cfg);
// Canonical equilibrium state of the fields.
void equilibrium_state(const Config& cfg, const Fields& fields, std::vector<double>& f,
                       std::vector<double>& g);

std::unique_ptr<Engine> make_cpu_engine(const Config& cfg);
// nullptr with `why` set when CUDA is not compiled in or no GPU is usable.
std::unique_ptr<Engine> make_cuda_engine(const Config& cfg, std::string& why);

} // namespace ll::thermal::boussinesq

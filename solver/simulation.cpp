#include "simulation.hpp"

#include "engine/register_caps.hpp"
#include "io/fields.hpp"
#include "io/host_memory.hpp"
#include "models/registry.hpp"
#include "scenario/scenario.hpp"

#include <algorithm>
#include <cmath>

namespace ll {

namespace {

std::uint64_t node_count(const Dims& d) {
    return std::uint64_t(d.nx) * d.ny * d.nz;
}

std::string lattice_text(const Dims& d) {
    return "lattice " + std::to_string(d.nx) + " x " + std::to_string(d.ny) + " x " +
           std::to_string(d.nz);
}

// The CPU back end allocates in host RAM: refuse a lattice that cannot fit before the engine
// tries (an oversized allocation would otherwise end in the OOM killer, not an error).
void check_cpu_memory(const SimulationSetup& s) {
    const int tq = temperature_velocities(s);
    const double needed = cpu_run_bytes(s.model, s.dims, tq);
    const double have = physical_memory_bytes();
    if (have <= 0 || needed <= have) return;
    const double lattice = lattice_bytes(s.model, s.dims, tq);
    const auto size = s.keys.find("size");
    if (size == s.keys.end()) {
        check_host_memory(needed, lattice, lattice_text(s.dims), 0);
        return;
    }
    // Memory grows like size^k, k = the number of axes longer than a wall pair; counting a
    // fixed axis too only makes the suggestion more conservative.
    int k = 0;
    for (std::uint32_t n : {s.dims.nx, s.dims.ny, s.dims.nz})
        k += n > 2 ? 1 : 0;
    // A box (size = NXxNYxNZ) by its longest side, as the pre-flight checks it.
    const std::optional<std::vector<long>> sides = read_sides(size->second);
    const long n = sides ? *std::max_element(sides->begin(), sides->end()) : 0;
    const long fit = long(double(n) * std::pow(have / needed, 1.0 / std::max(k, 1)));
    const std::string longest = sides && sides->size() > 1 ? " (its longest side)" : "";
    check_host_memory(needed, lattice, "size = " + size->second + longest, std::max(fit, 1L));
}

} // namespace

double mlups_of(std::uint64_t nodes, Measurement m) {
    return m.seconds > 0 ? double(nodes) * double(m.steps) / m.seconds / 1e6 : 0;
}

Performance performance_of(const SimulationSetup& setup, Measurement m, double copy_bandwidth) {
    Performance p;
    p.steps = m.steps;
    p.seconds = m.seconds;
    p.mlups = mlups_of(setup.dims.nodes(), m);
    p.bytes_per_second = p.mlups * 1e6 * bytes_per_node_update(setup);
    p.copy_bandwidth = copy_bandwidth;
    p.fraction_of_copy = copy_bandwidth > 0 ? p.bytes_per_second / copy_bandwidth : 0;
    return p;
}

EngineConfig engine_config(const SimulationSetup& s) {
    return {s.dims, s.model, s.flow, s.launch, s.thermal, s.boussinesq};
}

int temperature_velocities(const SimulationSetup& s) {
    return temperature_velocities(engine_config(s));
}

double bytes_per_node_update(const SimulationSetup& s) {
    return bytes_per_node_update(engine_config(s));
}

bool has_temperature(const SimulationSetup& s) {
    return model_traits(engine_config(s)).has_temperature;
}

void validate(const SimulationSetup& s) {
    if (node_count(s.dims) >= (std::uint64_t(1) << 32))
        throw ConfigError("size: the " + lattice_text(s.dims) + " has " +
                          std::to_string(node_count(s.dims)) +
                          " nodes; at most 2^32 - 1 are supported");
    if (!(s.flow.tau > 0.5))
        throw ConfigError("tau = " + std::to_string(s.flow.tau) +
                          ": must be greater than 0.5 (viscosity nu = (tau - 1/2)/3 must be "
                          "positive)");
    if (s.launch.block_size < 32 || s.launch.block_size > 1024 || s.launch.block_size % 32 != 0)
        throw ConfigError("block_size = " + std::to_string(s.launch.block_size) +
                          ": must be a multiple of 32 between 32 and 1024");
    if (s.launch.blocks_per_sm_cap < 0 || s.launch.blocks_per_sm_cap > 64)
        throw ConfigError("occupancy = " + std::to_string(s.launch.blocks_per_sm_cap) +
                          ": blocks per SM cap must be between 0 (no cap) and 64");
    // Which caps a kernel offers is the engine's to say (set_launch); this is the key's range.
    if (s.launch.register_cap < 0 || s.launch.register_cap > kMaxRegisterCap)
        throw ConfigError("register_cap = " + std::to_string(s.launch.register_cap) +
                          ": registers per thread must be between 0 (the compiler's choice) and " +
                          std::to_string(kMaxRegisterCap));
    if (s.model.collision == CollisionKind::TRT && !(s.flow.trt_lambda > 0))
        throw ConfigError("lambda: the TRT magic parameter must be positive");
    const std::string why = compatible(engine_config(s));
    if (!why.empty()) throw ConfigError(why);
    const std::size_t nodes = s.dims.nodes();
    if (s.flags.size() != nodes || s.rho.size() != nodes || s.u.size() != 3 * nodes)
        throw ConfigError("scenario: initial fields do not match the lattice size");
    if (has_temperature(s) && s.T.size() != nodes)
        throw ConfigError("scenario: a thermal model needs an initial temperature per node; " +
                          thermal_scenarios());
}

std::unique_ptr<Engine> Simulation::make_engine(const EngineConfig& cfg) {
    EngineMaker make = [this](const EngineConfig& c, int tile) -> std::unique_ptr<Engine> {
        if (backend_ == BackendKind::Cpu) return make_cpu_engine(c);
        const std::vector<int>& d = setup_.devices;
        const int device = d.empty() ? -1 : d[std::size_t(std::max(tile, 0)) % d.size()];
        std::string why;
        auto e = make_cuda_engine_on(c, device, why);
        if (!e) throw ConfigError("backend = cuda: " + why + "; use backend = auto|cpu");
        return e;
    };
    const bool several = setup_.tiles.count() > 1 || (setup_.ranks && setup_.ranks->size() > 1);
    if (!several) return make(cfg, 0);
    auto ranks = setup_.ranks ? setup_.ranks : std::make_shared<LocalCommunicator>();
    return std::make_unique<TiledEngine>(cfg, setup_.tiles, make, ranks, setup_.halo_transport);
}

std::string devices_error(const std::vector<int>& devices, BackendKind backend) {
    if (devices.empty()) return "";
    std::string list;
    for (int d : devices) {
        if (!list.empty()) list += ',';
        list += std::to_string(d);
    }
    std::string why;
    if (backend == BackendKind::Cpu || !cuda_device_present(why))
        return "--devices " + list + ": GPUs need the CUDA back end" +
               (why.empty() ? std::string(" (--backend cpu was asked)") : " (" + why + ")");
    const int count = cuda_device_count();
    for (std::size_t k = 0; k < devices.size(); ++k) {
        if (devices[k] < 0 || devices[k] >= count)
            return "--devices " + list + ": GPU " + std::to_string(devices[k]) +
                   " is not present; this machine has " + std::to_string(count) +
                   " GPU(s), numbered 0 to " + std::to_string(count - 1);
        for (std::size_t j = 0; j < k; ++j)
            if (devices[j] == devices[k])
                return "--devices " + list + ": GPU " + std::to_string(devices[k]) +
                       " is given twice; give each GPU once (--tiles may put several "
                       "subdomains on one GPU)";
    }
    return "";
}

HaloTraffic Simulation::halo_traffic() const {
    const auto* tiled = dynamic_cast<const TiledEngine*>(engine_.get());
    return tiled ? tiled->traffic() : HaloTraffic{};
}

std::vector<TimelineSpan> Simulation::trace_step() {
    auto* tiled = dynamic_cast<TiledEngine*>(engine_.get());
    if (!tiled) return {};
    auto spans = tiled->trace_step();
    ++time_step_;
    return spans;
}

std::unique_ptr<Simulation> Simulation::create(SimulationSetup setup, BackendKind backend) {
    validate(setup);
    if (const std::string why = devices_error(setup.devices, backend); !why.empty())
        throw ConfigError(why);
    std::unique_ptr<Simulation> sim(new Simulation());
    if (model_traits(ll::engine_config(setup)).near_wall_bits)
        mark_near_wall(setup.model.stencil, setup.dims, setup.flags);
    sim->setup_ = std::move(setup);
    sim->requested_ = backend;
    if (backend == BackendKind::Cpu) {
        sim->backend_ = BackendKind::Cpu;
        sim->backend_note_ = "CPU back end (requested)";
    } else {
        std::string why;
        if (cuda_device_present(why)) {
            sim->backend_ = BackendKind::Cuda;
        } else if (backend == BackendKind::Cuda) {
            throw ConfigError("backend = cuda: " + why + "; use backend = auto|cpu");
        } else {
            sim->backend_ = BackendKind::Cpu;
            sim->backend_note_ = "no usable NVIDIA GPU (" + why + "): running on the CPU back end";
        }
    }
    if (sim->backend_ == BackendKind::Cpu) check_cpu_memory(sim->setup_);
    sim->engine_ = sim->make_engine(ll::engine_config(sim->setup_));
    if (sim->backend_ == BackendKind::Cuda)
        sim->backend_note_ = "CUDA back end on " + sim->engine_->device().device;
    sim->engine_->set_flags(sim->setup_.flags);
    sim->engine_->set_launch(sim->setup_.launch);
    const SimulationSetup& s = sim->setup_;
    sim->engine_->import_equilibrium(engine_config(s), s.flags, s.rho, s.u, s.T);
    return sim;
}

void Simulation::step(int steps) {
    if (steps <= 0) return;
    const double seconds = engine_->step(steps);
    time_step_ += std::uint64_t(steps);
    perf_ = performance_of(setup_, {std::uint64_t(steps), seconds}, engine_->copy_bandwidth());
}

void Simulation::set_model(const ModelChoice& model) {
    if (model == setup_.model) return;
    SimulationSetup probe = setup_;
    probe.model = model;
    // The Boussinesq model keeps its flow stencil (the only one for its dimension): the
    // canonical state, temperature part included, carries over as it is.
    const std::string why = model_change_error(engine_config(setup_), ll::engine_config(probe));
    if (!why.empty()) throw ConfigError(why);
    std::vector<double> state;
    if (model.stencil == setup_.model.stencil) {
        engine_->export_state(state);
    } else {
        // A different velocity set cannot take the populations: restart from rho and u.
        MacroField m;
        engine_->read_macro(m);
        const std::size_t nodes = setup_.dims.nodes();
        std::vector<double> rho(nodes), u(3 * nodes);
        for (std::size_t n = 0; n < nodes; ++n) {
            rho[n] = m.rho[n];
            u[3 * n] = m.ux[n];
            u[3 * n + 1] = m.uy[n];
            u[3 * n + 2] = m.uz[n];
        }
        state = equilibrium_state(model.stencil, rho, u);
        mark_near_wall(model.stencil, setup_.dims, setup_.flags);
    }
    const ModelChoice old = setup_.model;
    setup_.model = model;
    rebuild_engine(state, [&] { setup_.model = old; });
}

void Simulation::rebuild_engine(const std::vector<double>& state,
                                const std::function<void()>& undo) {
    try {
        auto next = make_engine(engine_config(setup_));
        next->set_flags(setup_.flags);
        next->set_launch(setup_.launch);
        engine_.reset(); // free the old lattice first: both may not fit on the GPU together
        engine_ = std::move(next);
    } catch (...) {
        undo();
        throw;
    }
    engine_->import_state(state);
}

void Simulation::set_flow(const FlowParams& flow) {
    SimulationSetup probe = setup_;
    probe.flow = flow;
    validate(probe);
    setup_.flow = flow;
    engine_->set_flow(flow);
}

void Simulation::set_launch(const LaunchConfig& launch) {
    SimulationSetup probe = setup_;
    probe.launch = launch;
    validate(probe);
    engine_->set_launch(launch);
    setup_.launch = launch;
}

// Boussinesq runs: the state's flow part comes first (engine/node_model.hpp), a new
// wall is adiabatic (thermal class 0) and a new fluid node's zero temperature part is theta = 0
// at rest.
void Simulation::set_node_types(const std::vector<std::pair<node_t, NodeType>>& edits) {
    const EngineConfig config = engine_config(setup_);
    const ModelTraits& model = model_traits(config);
    if (!model.edits_obstacles)
        throw ConfigError("obstacles: the " + std::string(model.name) +
                          " model takes no obstacles (its walls are part of the model); draw "
                          "obstacles in an isothermal or a Boussinesq scenario");
    std::vector<double> state;
    engine_->export_state(state);
    const int q = velocities(setup_.model.stencil);
    const std::vector<double> rest = equilibrium_state(setup_.model.stencil, {1.0}, {0, 0, 0});
    std::vector<std::uint8_t> flags = setup_.flags;
    for (const auto& [n, type] : edits) {
        if (n >= setup_.dims.nodes()) continue;
        const bool was_updated = is_updated(flags[n]);
        flags[n] = std::uint8_t(type);
        if (!was_updated && is_updated(std::uint8_t(type)))
            for (int i = 0; i < q; ++i)
                state[std::size_t(n) * q + i] = rest[i];
    }
    mark_near_wall(setup_.model.stencil, setup_.dims, flags);
    engine_->set_flags(flags); // may refuse a node type the model lacks: nothing changed then
    setup_.flags = std::move(flags);
    engine_->import_state(state);
}

void Simulation::read_macro(MacroField& out) {
    engine_->read_macro(out);
}

std::string Simulation::instability_advice() const {
    return ll::instability_advice(engine_config(setup_), setup_.u_ref);
}

void Simulation::read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                            MemorySpace space) {
    if (!region.whole && region.index >= slice_count(setup_.dims, region.axis))
        throw ConfigError(
            "slice_index = " + std::to_string(region.index) + ": must be between 0 and " +
            std::to_string(slice_count(setup_.dims, region.axis) - 1) + " along this axis");
    if (req.kind == FieldKind::Vorticity &&
        (req.vorticity_component < -1 || req.vorticity_component > 2))
        throw ConfigError("vorticity component = " + std::to_string(req.vorticity_component) +
                          ": must be -1 (magnitude), 0 (x), 1 (y) or 2 (z)");
    if (req.kind == FieldKind::Temperature && !has_temperature())
        throw ConfigError(temperature_unavailable());
    if (space == MemorySpace::Device && !on_gpu())
        throw ConfigError("field output to device memory needs the CUDA back end; this run "
                          "uses the CPU (" +
                          backend_note_ + ")");
    engine_->read_field(req, region, out, space);
}

} // namespace ll

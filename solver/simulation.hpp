// The one interface the command line, the visualiser and the tests drive. It owns an Engine,
// picks the back end (CUDA when a GPU is usable, else the CPU, saying why), keeps the flow's
// state across scheme, layout, precision, collision and launch changes, and turns timings
// into MLUPS and bandwidth with the formulas of options.hpp.
#pragma once
#include "core/flags.hpp"
#include "domain/communicator.hpp"
#include "domain/tiled_engine.hpp"
#include "domain/tiling.hpp"
#include "engine/engine.hpp"

#include <functional>
#include <map>

namespace ll {

// Everything needed to start a run; scenarios (scenario/) build these.
struct SimulationSetup {
    std::string scenario;
    Dims dims;
    ModelChoice model;
    FlowParams flow;
    LaunchConfig launch;
    std::vector<std::uint8_t> flags; // NodeType per node (near-wall bits are added here)
    std::vector<double> rho;         // initial density per node
    std::vector<double> u;           // initial velocity, 3 per node
    // Thermal models only: initial temperature per node, T / T0 for d2q37 (with its gravity
    // and wall temperatures in `thermal`), theta = T - T0 for the Boussinesq model (with its
    // parameters in `boussinesq`). Empty / unused for the isothermal models.
    std::vector<double> T;
    ThermalParams thermal;
    BoussinesqParams boussinesq;
    // Physical placement for output files: node (i, j, k) sits at origin + spacing * (i, j, k).
    double origin[3] = {0, 0, 0};
    double spacing = 1;
    double u_ref = 0;                        // reference velocity (lattice units)
    double reynolds = 0;                     // based on u_ref and the reference length
    std::map<std::string, std::string> keys; // resolved scenario keys, for records
    // Subdomains (solver/domain/): 1x1x1 runs one engine; more split the lattice into tiles
    // with halo exchange, on the processes of `ranks` (one per tile when there are several).
    Tiles tiles;
    std::shared_ptr<Communicator> ranks;
    HaloTransport halo_transport = HaloTransport::Auto;
    // GPUs of this process (`--devices`): tile t runs on devices[t % size]; empty: the current
    // GPU. devices_error() says why a list cannot be used.
    std::vector<int> devices;
};

// Why `devices` cannot run on this machine and back end (empty when it can): an index that is
// not a GPU here, a repeat, or no CUDA back end.
std::string devices_error(const std::vector<int>& devices, BackendKind backend);

// The engine's configuration of a setup.
EngineConfig engine_config(const SimulationSetup& s);
// Whether the setup's model has a temperature (model_traits in models/registry.hpp).
bool has_temperature(const SimulationSetup& s);

// Values per node of the Boussinesq temperature population; 0 for every other model.
int temperature_velocities(const SimulationSetup& s);
// bytes_per_node_update (options.hpp) of the setup's model, temperature population included.
double bytes_per_node_update(const SimulationSetup& s);

struct Performance {
    std::uint64_t steps = 0;     // steps in the last measured batch
    double seconds = 0;          // their duration
    double mlups = 0;            // nodes * steps / seconds / 1e6
    double bytes_per_second = 0; // mlups * 1e6 * bytes_per_node_update
    double copy_bandwidth = 0;   // measured device-to-device copy bandwidth
    double fraction_of_copy = 0; // bytes_per_second / copy_bandwidth
};

// A measured batch of steps: MLUPS and bandwidth follow from nodes, steps and seconds.
struct Measurement {
    std::uint64_t steps = 0;
    double seconds = 0;
};

// Million node updates per second: nodes * steps / seconds / 1e6 (0 for no time).
double mlups_of(std::uint64_t nodes, Measurement m);

// Fills MLUPS = nodes * steps / seconds / 1e6, bytes/s = MLUPS * 1e6 * bytes_per_node_update
// (of the setup: the Boussinesq temperature population included), and the fraction of
// `copy_bandwidth` (bytes/s, read + write counted).
Performance performance_of(const SimulationSetup& setup, Measurement m, double copy_bandwidth);

// ---- subdomains (solver/domain/; simulation_subdomains.cpp) ----
// The tiling `text` names for `cfg`'s lattice: NxMxK (parse_tiles), or "auto": one subdomain
// per GPU of `gpus` (one for none), cut where the fewest halo values cross (choose_tiles); a
// model without a halo exchange runs as one domain. ConfigError naming --tiles otherwise.
Tiles resolve_tiles(const std::string& text, const EngineConfig& cfg, int gpus);
// Why s.tiles and s.devices cannot run s's lattice on `backend` (empty when they can), checked
// before anything is allocated: a split model that has no halo exchange, a tiling that does
// not fit the lattice (tiles_error names the axis and the largest factor that fits), a GPU
// that is not there (devices_error names the GPUs present).
std::string subdomains_error(const SimulationSetup& s, BackendKind backend);

// One GPU's share of a run's last batch (tile t runs on devices[t % n]): its subdomains, their
// nodes, and nodes * steps / seconds. The GPUs step in lockstep (every step ends with the halo
// exchange), so they share the batch's wall-clock seconds and their MLUPS add up to the whole
// lattice's. Without --devices one entry, device -1 (the current GPU, or the CPU).
struct DevicePerformance {
    int device = -1;
    int tiles = 0;
    std::uint64_t nodes = 0;
    double mlups = 0;
};
std::vector<DevicePerformance> device_performance(const SimulationSetup& s, const Performance& p);

class Simulation {
public:
    // Throws ConfigError with a user-readable message on bad input.
    static std::unique_ptr<Simulation> create(SimulationSetup setup, BackendKind backend);

    void step(int steps);
    std::uint64_t time_step() const { return time_step_; }

    // Switches keep the flow: state is exported, converted and imported. A stencil change
    // restarts from the current density and velocity at equilibrium.
    void set_model(const ModelChoice& model);
    void set_flow(const FlowParams& flow);
    void set_launch(const LaunchConfig& launch);
    // Splits the lattice into `tiles` on `devices` (SimulationSetup::tiles, devices; 1x1x1 and
    // none: one engine), keeping the flow's state and step count. A ConfigError
    // (subdomains_error) leaves the run as it was.
    void set_subdomains(const Tiles& tiles, const std::vector<int>& devices);
    // Changes node types (e.g. drawn obstacles); nodes that become fluid start at rest.
    void set_node_types(const std::vector<std::pair<node_t, NodeType>>& edits);

    void read_macro(MacroField& out);
    // Whether FieldKind::Temperature (and MacroField::T) is available: thermal models only.
    bool has_temperature() const { return ll::has_temperature(setup_); }
    // Nodes whose density or velocity is NaN or infinite: a nonzero count means the flow went
    // unstable (tau too close to 1/2, or a Mach number too high); instability_advice() says
    // what to try instead.
    std::uint64_t count_nonfinite() { return engine_->count_nonfinite(); }
    std::string instability_advice() const;
    // A derived field over a slice or the whole lattice into `out` (region_size() floats).
    // MemorySpace::Device needs the CUDA back end (on_gpu()); otherwise ConfigError. A slice
    // index outside the lattice is a ConfigError naming the range.
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space);
    void export_state(std::vector<double>& f) { engine_->export_state(f); }

    const SimulationSetup& setup() const { return setup_; }
    const DeviceInfo& device() const { return engine_->device(); }
    LaunchReport launch_report() const { return engine_->launch_report(); }
    // The register caps (LaunchConfig::register_cap) this run's kernel offers besides 0.
    std::vector<int> register_caps() const { return engine_->register_caps(); }
    Performance performance() const { return perf_; }
    // Why this back end was chosen, e.g. "no NVIDIA GPU (…): running on the CPU".
    const std::string& backend_note() const { return backend_note_; }
    bool on_gpu() const { return engine_->device().backend == "cuda"; }
    double copy_bandwidth() { return engine_->copy_bandwidth(); }
    // Probed again on the CPU, where a shared machine's bandwidth moves (the bench, per repeat).
    double copy_bandwidth_now() { return engine_->copy_bandwidth_now(); }
    // What the halo exchange moved since the start (zeros for one domain).
    HaloTraffic halo_traffic() const;
    // One step of a split lattice with the timeline of its updates and exchange
    // (domain/step_timeline.hpp); nothing for one domain.
    std::vector<TimelineSpan> trace_step();

private:
    Simulation() = default;
    std::unique_ptr<Engine> make_engine(const EngineConfig& cfg);
    // Replaces the engine by one built for setup_ as it is now and moves `state` into it; when
    // the build throws, `undo` restores setup_ and the old engine runs on.
    void rebuild_engine(const std::vector<double>& state, const std::function<void()>& undo);

    SimulationSetup setup_;
    BackendKind backend_ = BackendKind::Cpu;
    BackendKind requested_ = BackendKind::Auto; // what create() was asked for
    std::unique_ptr<Engine> engine_;
    std::uint64_t time_step_ = 0;
    Performance perf_;
    std::string backend_note_;
};

// Throws ConfigError naming the field and its range if the setup cannot run.
void validate(const SimulationSetup& setup);

} // namespace ll

// What crosses from the solver thread to the GUI: one published slice plus the solver state it
// came from (SolverSnapshot). It is plain data, filled on the solver thread by the parts that
// measure it (snapshot_publisher, flow_readings, blow_up_guard, launch_sweep) and handed
// over whole by SnapshotPublisher, so the GUI reads one consistent state without a lock.
#pragma once
#include "launch_sweep.hpp"
#include "solver/diagnostics/rt_fronts.hpp"
#include "solver/domain/region_pieces.hpp"
#include "solver/scenario/scenario.hpp"
#include "solver/simulation.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ll::gui {

// The Nusselt number of a convection run (solver/diagnostics/heat_transfer.hpp) as measured on
// the solver thread: the value, as text with the published value where one applies
// ("2.237 (de Vahl Davis 1983: 2.243 at Ra 1e4)"), and when (the step, and the time in
// diffusion times H^2 / kappa).
struct NusseltReading {
    double value = 0;
    std::string text;
    std::uint64_t step = 0;
    double time = 0;
};

// What the GUI draws and shows: one published slice plus the solver state it came from.
struct SolverSnapshot {
    std::uint64_t serial = 0; // increases with every publication
    std::vector<float> slice; // width x height, row 0 = y 0; NaN on solid nodes
    // True when the slice went to the device exchange (set_device_exchange) instead: `slice`
    // is then empty and the renderer takes the values from the exchange.
    bool on_device = false;
    std::uint32_t width = 0, height = 0;
    FieldKind field = FieldKind::Speed;
    bool has_temperature = false; // the model has a temperature field (thermal presets)
    // 2D thermal runs: the Rayleigh-Taylor fronts (rows; see solver/diagnostics/rt_fronts.hpp),
    // measured at most FlowReadings::kFrontsHz times a second on the whole lattice, and the
    // step they are of.
    Fronts fronts;
    std::uint64_t fronts_step = 0;
    bool has_fronts = false;
    // Why a run with heavy fluid above light has no fronts (a 3D lattice); empty otherwise.
    std::string fronts_note;
    // Convection runs (heated walls): the Nusselt number, at most FlowReadings::kNusseltHz
    // times a second.
    bool has_nusselt = false;
    NusseltReading nusselt;
    // Where the slice lies: normal to slice_axis at slice_index (2D lattices: z, 0).
    Axis slice_axis = Axis::Z;
    std::uint32_t slice_index = 0;
    std::uint64_t step = 0;
    double mlups = 0;
    Performance perf; // of the last measured batch
    // Subdomains: the tiling, the GPUs asked for (empty: the current one or the CPU), each
    // GPU's share of `perf` (one entry without --devices), and where the tiles meet on the
    // shown slice (columns u, rows v of the slice; empty for one domain).
    Tiles tiles;
    std::vector<int> devices;
    std::vector<DevicePerformance> device_perf;
    SliceCuts cuts;
    double bytes_per_node = 0;      // per node update (bytes_per_node_update of the setup)
    LaunchReport report;            // registers, blocks per SM, occupancy (GPU only)
    std::vector<int> register_caps; // what LaunchConfig::register_cap may be besides 0 now
    bool paused = false;
    ModelChoice model;
    LaunchConfig launch;
    double tau = 0;
    // The run's keys resolved (SimulationSetup::keys): defaults and derived values filled in
    // (tau from re, the length of a box duct), for the scenario panel's unset fields.
    KeyValues keys;
    Dims dims;
    std::string scenario, device, backend, backend_note;
    std::string error; // the last rejected change, for the UI
    // Warnings about the current parameters (thermal_warnings: tau near 1/2, Mach number,
    // damped growth), as `latticelab run` prints before it starts; empty when all is well.
    std::vector<std::string> warnings;
    // Non-empty once the flow went unstable (NaN/Inf): Simulation::instability_advice(). The
    // solver paused itself; a reset or a new scenario clears it.
    std::string instability;
    // The last live sweep (threads per block or occupancy cap, with the model beside each
    // point), or why there is none.
    SweepResult sweep;
    std::uint64_t blowups = 0; // counts the solver's own pauses, so the GUI sees each one
};

} // namespace ll::gui

// The JSON performance record written by `latticelab run --json` and by each row of
// `latticelab bench`. Bandwidth uses ll::bytes_per_node_update(), the one formula.
#pragma once
#include "../simulation.hpp"

#include <nlohmann/json.hpp>

namespace ll {

// A measured batch of steps: MLUPS and bandwidth follow from nodes, steps and seconds.
struct Measurement {
    std::uint64_t steps = 0;
    double seconds = 0;
};

// Fills MLUPS = nodes * steps / seconds / 1e6, bytes/s = MLUPS * 1e6 * bytes_per_node_update
// (of the setup: the Boussinesq temperature population included), and the fraction of
// `copy_bandwidth` (bytes/s, read + write counted).
Performance performance_of(const SimulationSetup& setup, Measurement m, double copy_bandwidth);

// One record: device, back end and its note, model, lattice, launch config and report, steps,
// seconds, MLUPS, bytes/s, GB/s, copy bandwidth and the ratio to it.
nlohmann::json perf_record(Simulation& sim, Measurement m);

// The device part alone (bench files state it once, beside the rows).
nlohmann::json device_record(Simulation& sim);

} // namespace ll

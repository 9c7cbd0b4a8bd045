// The JSON performance record written by `latticelab run --json` and by each row of
// `latticelab bench`. Bandwidth uses ll::bytes_per_node_update(), the one formula.
#pragma once
#include "../simulation.hpp"

#include <nlohmann/json.hpp>

namespace ll {

// One record: device, back end and its note, model, lattice, launch config and report, steps,
// seconds, MLUPS, bytes/s, GB/s, copy bandwidth and the ratio to it.
nlohmann::json perf_record(Simulation& sim, Measurement m);

// The device part alone (bench files state it once, beside the rows).
nlohmann::json device_record(Simulation& sim);

} // namespace ll

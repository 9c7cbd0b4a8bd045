#include "perf_record.hpp"

#include "solver/core/flags.hpp"

namespace ll {

nlohmann::json device_record(Simulation& sim) {
    const DeviceInfo& d = sim.device();
    return {{"backend", d.backend},
            {"backend_note", sim.backend_note()},
            {"device", d.device},
            {"device_memory_bytes", d.memory_bytes},
            {"copy_bandwidth_bytes_per_s", sim.copy_bandwidth()},
            {"copy_bandwidth_gb_per_s", sim.copy_bandwidth() / 1e9}};
}

nlohmann::json perf_record(Simulation& sim, Measurement m) {
    const SimulationSetup& s = sim.setup();
    const Performance p = performance_of(s, m, sim.copy_bandwidth());
    const LaunchReport r = sim.launch_report();
    nlohmann::json j = device_record(sim);
    j["scenario"] = s.scenario;
    j["model"] = {
        {"stencil", to_string(s.model.stencil)},     {"collision", to_string(s.model.collision)},
        {"scheme", to_string(s.model.scheme)},       {"layout", to_string(s.model.layout)},
        {"precision", to_string(s.model.precision)}, {"storage", to_string(stored_as(s.model))}};
    j["lattice"] = {
        {"nx", s.dims.nx}, {"ny", s.dims.ny}, {"nz", s.dims.nz}, {"nodes", s.dims.nodes()}};
    // The nodes that move data (solid ones move nothing), and of those the ones with no wall
    // among their neighbours, which the GPU's bulk kernel takes when the near-wall list is not
    // widened to whole sectors (LATTICELAB_WALL_SECTORS=0) and no wall is ghosted
    // (LATTICELAB_WALL_GHOSTS=0): what per-node counts of a profiler divide by (scripts/lab-flops
    // runs so).
    std::uint64_t updated = 0, bulk = 0;
    for (std::uint8_t f : s.flags)
        if (is_updated(f)) ++updated, bulk += !near_wall(f);
    j["lattice"]["updated_nodes"] = updated;
    j["lattice"]["bulk_nodes"] = bulk;
    j["launch"] = {{"block_size", s.launch.block_size},
                   {"blocks_per_sm_cap", s.launch.blocks_per_sm_cap},
                   {"register_cap", s.launch.register_cap}};
    j["launch_report"] = {{"block_size", r.block_size},
                          {"max_threads_per_block", r.max_threads_per_block},
                          {"registers_per_thread", r.registers_per_thread},
                          {"local_bytes_per_thread", r.local_bytes_per_thread},
                          {"blocks_per_sm", r.blocks_per_sm},
                          {"theoretical_occupancy", r.theoretical_occupancy},
                          {"dynamic_shared_bytes", r.dynamic_shared_bytes},
                          {"resident_blocks", r.resident_blocks},
                          {"resident_block_size", r.resident_block_size}};
    j["steps"] = p.steps;
    j["seconds"] = p.seconds;
    j["mlups"] = p.mlups;
    j["bytes_per_node_update"] = bytes_per_node_update(s);
    j["bytes_per_s"] = p.bytes_per_second;
    j["gb_per_s"] = p.bytes_per_second / 1e9;
    j["fraction_of_copy_bandwidth"] = p.fraction_of_copy;
    return j;
}

} // namespace ll

// Sizing of the solver thread's start-up run for its back end (see solver_start.hpp).
#include "solver_start.hpp"

#include <utility>

namespace ll::gui {

namespace {
// Cylinder diameters in nodes: the CPU lattice (352 x 66) shows a moving flow within seconds
// on two cores; a GPU takes a lattice sixteen times larger at interactive rates.
constexpr const char* kCpuSize = "16";
constexpr const char* kGpuSize = "64";
} // namespace

SolverStart sized_start(SolverStart start, bool on_gpu) {
    // The other presets' defaults are already small enough for two CPU cores (those with a
    // GPU-sized default pick ScenarioSpec::cpu_size themselves when no GPU is present;
    // cpu_sized covers a CPU run on a machine with one).
    if (start.scenario == "cylinder2d" && !start.keys.contains("size"))
        start.keys["size"] = on_gpu ? kGpuSize : kCpuSize;
    if (!on_gpu) start.keys = cpu_sized(start.scenario, std::move(start.keys));
    return start;
}

SimulationSetup start_setup(const SolverStart& start) {
    SimulationSetup s = build_scenario(start.scenario, start.keys);
    s.devices = start.devices;
    s.tiles = resolve_tiles(start.tiles, engine_config(s), int(s.devices.size()));
    return s;
}

std::string describe_subdomains(const Tiles& tiles, const std::vector<int>& devices) {
    std::string text = tiles.count() == 1 ? "one domain"
                                          : std::to_string(tiles.count()) + " subdomains (" +
                                                to_string(tiles) + ")";
    if (devices.empty()) return text;
    text += devices.size() == 1 ? " on GPU " : " on GPUs ";
    for (std::size_t k = 0; k < devices.size(); ++k) {
        if (k > 0) text += ", ";
        text += std::to_string(devices[k]);
    }
    return text;
}

std::string start_subdomains_error(const SolverStart& start) {
    return subdomains_error(start_setup(start), start.backend);
}

} // namespace ll::gui

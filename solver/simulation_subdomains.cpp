// A run's subdomains (SimulationSetup::tiles, devices): the tiling "auto" stands for, the checks
// made before anything is allocated, a live change of tiling that keeps the flow, and each
// GPU's share of the measured rate. The tiles themselves: domain/tiled_engine.hpp.
#include "domain/halo_plan.hpp"
#include "models/registry.hpp"
#include "simulation.hpp"

#include <algorithm>

namespace ll {

Tiles resolve_tiles(const std::string& text, const EngineConfig& cfg, int gpus) {
    if (text != "auto") return parse_tiles(text);
    if (gpus <= 1 || !model_traits(cfg).subdomains) return Tiles{};
    return choose_tiles(gpus, cfg.dims, halo_shape(cfg));
}

std::string subdomains_error(const SimulationSetup& s, BackendKind backend) {
    const EngineConfig cfg = engine_config(s);
    const ModelTraits& model = model_traits(cfg);
    if (s.tiles.count() > 1 && !model.subdomains)
        return "--tiles " + to_string(s.tiles) + ": the " + std::string(model.name) +
               " model runs as one domain (its engine has no halo exchange yet): give 1x1x1";
    if (s.tiles.count() > 1) {
        const std::string why = tiles_error(s.tiles, s.dims, halo_shape(cfg));
        if (!why.empty()) return why;
    }
    return devices_error(s.devices, backend);
}

void Simulation::set_subdomains(const Tiles& tiles, const std::vector<int>& devices) {
    if (tiles == setup_.tiles && devices == setup_.devices) return;
    if (setup_.ranks && setup_.ranks->size() > 1)
        throw ConfigError("--tiles " + to_string(tiles) +
                          ": under mpirun the tiling is fixed at the start, one subdomain "
                          "per rank");
    const Tiles old_tiles = setup_.tiles;
    const std::vector<int> old_devices = setup_.devices;
    const auto undo = [&] {
        setup_.tiles = old_tiles;
        setup_.devices = old_devices;
    };
    setup_.tiles = tiles;
    setup_.devices = devices;
    // The back end asked for: on a CPU run that fell back from auto, the reason is the GPU's.
    const BackendKind asked = backend_ == BackendKind::Cuda ? backend_ : requested_;
    if (const std::string why = subdomains_error(setup_, asked); !why.empty()) {
        undo();
        throw ConfigError(why);
    }
    std::vector<double> state;
    engine_->export_state(state);
    rebuild_engine(state, undo);
}

std::vector<DevicePerformance> device_performance(const SimulationSetup& s, const Performance& p) {
    const std::size_t n = std::max<std::size_t>(1, s.devices.size());
    std::vector<DevicePerformance> out(n);
    for (std::size_t k = 0; k < n; ++k)
        out[k].device = s.devices.empty() ? -1 : s.devices[k];
    for (int t = 0; t < s.tiles.count(); ++t) {
        const Box b = tile_box(s.tiles, s.dims, t);
        DevicePerformance& d = out[std::size_t(t) % n];
        ++d.tiles;
        d.nodes += std::uint64_t(b.extent(0)) * b.extent(1) * b.extent(2);
    }
    for (DevicePerformance& d : out)
        d.mlups = mlups_of(d.nodes, {p.steps, p.seconds});
    return out;
}

} // namespace ll

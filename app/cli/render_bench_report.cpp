#include "render_bench_report.hpp"

#include <cstdio>
#include <sstream>

namespace ll::cli {

nlohmann::json window_json(const RenderWindow& w, double reference_mlups) {
    return {{"window", w.name},
            {"seconds", w.seconds},
            {"steps", w.steps},
            {"mlups", w.mlups},
            {"frames", w.frames},
            {"fps", w.fps},
            {"fraction_of_solver_only", reference_mlups > 0 ? w.mlups / reference_mlups : 0.0}};
}

nlohmann::json subdomains_json(const SimulationSetup& s) {
    nlohmann::json out = nlohmann::json::array();
    for (const DevicePerformance& d : device_performance(s, {}))
        out.push_back({{"device", d.device}, {"tiles", d.tiles}, {"nodes", d.nodes}});
    return out;
}

std::string markdown(const std::vector<RenderWindow>& ws, const std::string& header) {
    std::ostringstream md;
    md << header << "\n\n| window | solver MLUPS | % of solver only | frames/s |\n"
       << "|---|---:|---:|---:|\n";
    char line[160];
    for (const RenderWindow& w : ws) {
        std::snprintf(line, sizeof line, "| %s | %.0f | %.1f %% | %s |\n", w.name.c_str(), w.mlups,
                      100.0 * w.mlups / ws.front().mlups,
                      w.frames ? std::to_string(int(w.fps + 0.5)).c_str() : "-");
        md << line;
    }
    return md.str();
}

} // namespace ll::cli

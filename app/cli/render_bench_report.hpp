// What `latticelab render-bench` writes: one JSON row per measurement window, the Markdown
// table, and where the run's subdomains ran.
#pragma once
#include "solver/simulation.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace ll::cli {

// One window of render-bench: solver MLUPS from the step counter over wall time, and frames.
struct RenderWindow {
    std::string name;
    double seconds = 0, mlups = 0, fps = 0;
    std::uint64_t steps = 0, frames = 0;
};

// A window as JSON, with its MLUPS as a fraction of the solver-only reference.
nlohmann::json window_json(const RenderWindow& w, double reference_mlups);
// The windows as a Markdown table under `header`; the first window is the reference.
std::string markdown(const std::vector<RenderWindow>& ws, const std::string& header);
// Each GPU's subdomains and nodes (device_performance): a window's MLUPS split by node share.
nlohmann::json subdomains_json(const SimulationSetup& s);

} // namespace ll::cli

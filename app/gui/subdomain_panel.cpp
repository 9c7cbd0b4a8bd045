// The subdomains section of the control panel (subdomain_panel.hpp; the actions: controls.hpp).
#include "subdomain_panel.hpp"
#include "controls.hpp"
#include "panel_widgets.hpp"
#include "solver/domain/halo_plan.hpp"
#include "solver/models/registry.hpp"

#include <algorithm>
#include <cstdio>

namespace ll::gui {

std::vector<std::string> tiling_choices(const Dims& dims) {
    std::vector<std::string> out = {"auto",  "1x1x1", "2x1x1", "1x2x1",
                                    "2x2x1", "4x1x1", "1x4x1", "4x2x1"};
    if (dims.nz > 1)
        for (const char* t : {"1x1x2", "1x2x2", "2x2x2", "1x1x4"})
            out.push_back(t);
    return out;
}

std::string tiling_tip(const std::string& tiles, const SolverSnapshot& snap, int gpus) {
    EngineConfig cfg;
    cfg.dims = snap.dims;
    cfg.model = snap.model;
    try {
        const Tiles t = resolve_tiles(tiles, cfg, gpus);
        const std::string name = tiles == "auto" ? "auto (" + to_string(t) + ")" : tiles;
        if (t.count() == 1) return name + ": one domain, no halo exchange.";
        const HaloShape shape = halo_shape(cfg); // the model's depth: 3 for D2Q37
        if (const std::string why = tiles_error(t, snap.dims, shape); !why.empty()) return why;
        const double values = double(halo_values_per_step(t, snap.dims, shape));
        const double bytes = values * bytes_per_value(stored_as(snap.model));
        char text[200];
        std::snprintf(text, sizeof text,
                      "%s: %d subdomains; the halo exchange moves about %.0f values (%.1f kB) "
                      "per step across the cuts.",
                      name.c_str(), t.count(), values, bytes / 1e3);
        return text;
    } catch (const ConfigError& e) {
        return e.what(); // a model without a halo exchange, or a tiling too fine for "auto"
    }
}

std::string subdomain_summary(const SolverSnapshot& snap) {
    const std::string text = describe_subdomains(snap.tiles, snap.devices);
    if (!snap.devices.empty() || snap.tiles.count() == 1) return text;
    return text + (snap.backend == "cuda" ? " on the current GPU" : " on the CPU");
}

void Controls::draw_subdomains(const SolverSnapshot& snap) {
    if (gpu_count_ < 0) gpu_count_ = cuda_device_count(); // once: GPUs do not come and go
    // Open from the start, so that the panel is sized for it; a user may fold it away.
    const bool open =
        ImGui::CollapsingHeader("subdomains and GPUs", ImGuiTreeNodeFlags_DefaultOpen);
    tooltip(tips::kSubdomains);
    if (!open) return;
    const std::string current = solver_.current_start().tiles;
    const std::vector<int>& devices = snap.devices;
    const int gpus = int(devices.size());
    std::string chosen = current;
    if (combo(
            "subdomains", tiling_choices(snap.dims), current, chosen,
            [](const std::string& t) { return t; },
            [&](const std::string& t) {
                return std::string(tips::kSubdomains) + "\n\n" + tiling_tip(t, snap, gpus);
            }))
        set_subdomains(chosen, devices);
    ImGui::TextWrapped("%s", subdomain_summary(snap).c_str());
    tooltip(tips::kSubdomains);

    const int present = gpu_count_;
    if (present == 0) {
        ImGui::TextDisabled("GPUs: none (CPU back end)");
        tooltip(tips::kNoGpus);
    }
    for (int g = 0; g < present; ++g) {
        bool on = std::find(devices.begin(), devices.end(), g) != devices.end();
        if (g > 0) ImGui::SameLine();
        if (ImGui::Checkbox(("GPU " + std::to_string(g)).c_str(), &on)) {
            std::vector<int> next;
            for (int k = 0; k < present; ++k)
                if (k == g ? on : std::find(devices.begin(), devices.end(), k) != devices.end())
                    next.push_back(k);
            set_subdomains(current, next);
        }
        tooltip(tips::kGpus);
    }
    ImGui::Checkbox("subdomain outlines", &view_.subdomain_outlines);
    tooltip(tips::kOutlines);
}

} // namespace ll::gui

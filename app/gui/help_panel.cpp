#include "help_panel.hpp"

#include "solver/core/stencil.hpp"
#include "solver/models/d2q37/velocity_set.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace ll::gui {

namespace {

template <class S>
std::vector<VelocityArrow> arrows_of() {
    // Oblique projection for 3D: z recedes up and to the right at half length, so that the
    // 19 or 27 tips stay distinct in a flat diagram.
    constexpr float kDepth = 0.45f;
    std::vector<VelocityArrow> out;
    for (int i = 0; i < S::Q; ++i) {
        VelocityArrow a{{cvel<S>(i, 0), cvel<S>(i, 1), cvel<S>(i, 2)}, 0, 0, weight<S>(i)};
        a.x = float(a.c[0]) + kDepth * float(a.c[2]);
        a.y = float(a.c[1]) + kDepth * float(a.c[2]);
        out.push_back(a);
    }
    return out;
}

// Seed 004's D2Q37: integer hops up to 3 sites (solver/models/d2q37/velocity_set.hpp).
std::vector<VelocityArrow> thermal_arrows() {
    using T = thermal::D2Q37;
    std::vector<VelocityArrow> out;
    for (int i = 0; i < T::Q; ++i)
        out.push_back({{T::c[i][0], T::c[i][1], 0}, float(T::c[i][0]), float(T::c[i][1]), T::w[i]});
    return out;
}

void draw_velocity_set(const SolverSnapshot& snap) {
    const StencilKind s = snap.model.stencil;
    const auto arrows = velocity_arrows(s);
    ImGui::Text("%s: %zu velocities c_i", std::string(to_string(s)).c_str(), arrows.size());
    // One link is 0.3 of the box for the nearest-neighbour sets (their oblique 3D tips reach
    // 1.45 links); longer hops (D2Q37's 3) shrink the link so every tip stays inside.
    float reach = 1.45f;
    for (const VelocityArrow& a : arrows)
        reach = std::max({reach, std::abs(a.x), std::abs(a.y)});
    const float size = 150, scale = size * 0.3f * 1.45f / reach;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 centre(origin.x + size / 2, origin.y + size / 2);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRect(origin, ImVec2(origin.x + size, origin.y + size), IM_COL32(90, 90, 90, 255));
    for (const VelocityArrow& a : arrows) {
        // Colour by speed class |c|^2: axis links, face diagonals, body diagonals.
        const int c2 = a.c[0] * a.c[0] + a.c[1] * a.c[1] + a.c[2] * a.c[2];
        const ImU32 colour = c2 == 1   ? IM_COL32(240, 200, 80, 255)
                             : c2 == 2 ? IM_COL32(110, 190, 250, 255)
                                       : IM_COL32(230, 110, 200, 255);
        const ImVec2 tip(centre.x + scale * a.x, centre.y - scale * a.y); // screen y is down
        if (c2 == 0) {
            draw->AddCircleFilled(centre, 4, IM_COL32(255, 255, 255, 255));
            continue;
        }
        draw->AddLine(centre, tip, colour, 1.5f);
        // The arrow head: a small triangle along the link's direction.
        const float dx = tip.x - centre.x, dy = tip.y - centre.y;
        const float len = std::sqrt(dx * dx + dy * dy), ux = dx / len, uy = dy / len;
        draw->AddTriangleFilled(tip, ImVec2(tip.x - 7 * ux - 3.5f * uy, tip.y - 7 * uy + 3.5f * ux),
                                ImVec2(tip.x - 7 * ux + 3.5f * uy, tip.y - 7 * uy - 3.5f * ux),
                                colour);
    }
    ImGui::Dummy(ImVec2(size, size));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Each population f_i moves one link along c_i per step. Yellow: axis "
                          "links (|c|^2 = 1), blue: face diagonals (2), pink: body diagonals "
                          "(3); white: the rest population. 3D sets are drawn with z receding "
                          "up and to the right.");
}

} // namespace

std::vector<VelocityArrow> velocity_arrows(StencilKind stencil) {
    switch (stencil) {
    case StencilKind::D2Q9:
        return arrows_of<D2Q9>();
    case StencilKind::D3Q19:
        return arrows_of<D3Q19>();
    case StencilKind::D3Q27:
        return arrows_of<D3Q27>();
    case StencilKind::D2Q37:
        return thermal_arrows();
    }
    return {};
}

bool draw_help_panel(const SolverSnapshot& snap) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x - 290, display.y - 8), ImGuiCond_Once, ImVec2(1, 1));
    ImGui::SetNextWindowBgAlpha(0.85f);
    ImGui::SetNextWindowCollapsed(true, ImGuiCond_Once);
    const bool open = ImGui::Begin("Help");
    if (open) {
        ImGui::TextUnformatted("Space run/pause  S step  R reset  Home fit view  F1 help\n"
                               "D draw  E erase  P probe  wheel zoom  right-drag pan\n"
                               "Ctrl+O open  Ctrl+S save scenario  Ctrl+Shift+R record\n"
                               "F11 full screen  (all shortcuts: Help > Keyboard shortcuts)");
        ImGui::Separator();
        draw_velocity_set(snap);
    }
    ImGui::End();
    return open;
}

} // namespace ll::gui

// The teaching panels: the active stencil's velocity set drawn as arrows (c_i from
// ll::cvel, 3D sets in an oblique projection).
#pragma once
#include "app/live/solver_thread.hpp"

#include <vector>

namespace ll::gui {

struct VelocityArrow {
    int c[3];      // the lattice velocity c_i
    float x, y;    // its tip in the diagram, in units of one lattice link (y up)
    double weight; // w_i
};

// One arrow per velocity of `stencil`, in the stencil's own order (0 = rest).
std::vector<VelocityArrow> velocity_arrows(StencilKind stencil);

// Draws the "Help" ImGui window: shortcuts and the velocity set. Returns
// whether it is expanded (not collapsed to its title bar).
bool draw_help_panel(const SolverSnapshot& snap);

} // namespace ll::gui

// Flows that tests/gui/test_gui_scenario starts and expects to keep running while it goes on,
// however many steps the machine takes meanwhile: the solver pauses itself when a flow blows
// up. Kept here so
// that a CPU test (tests/solver/engine/test_instability.cpp) checks that these very flows
// stay finite, without the visualiser and whatever the CPU back end's speed.
#pragma once
#include "solver/scenario/scenario.hpp"

namespace ll::test {

// Re = 100: tau = 0.548 on 16 fluid nodes. cavity3d's default Re = 1000 gives tau = 0.5048
// on so coarse a lattice: it goes non-finite near step 470 with D3Q27 and TRT (between 700
// and 1000 with the preset's own D3Q19 and MRT), per node and in the CPU's rows alike.
inline KeyValues gui_cavity3d_keys() {
    return {{"size", "16"}, {"stencil", "d3q27"}, {"collision", "trt"}, {"re", "100"}};
}
// The same cavity at the preset's Re = 1000: a flow that blows up, for the solver's pause.
inline KeyValues unstable_cavity3d_keys() {
    KeyValues keys = gui_cavity3d_keys();
    keys["re"] = "1000";
    return keys;
}

// Re = 40: tau = 0.575 around a cylinder of 10 nodes. At the preset's Re = 100 (tau = 0.53)
// it goes non-finite near step 500.
inline KeyValues gui_cylinder2d_keys() {
    return {{"size", "10"}, {"walls", "no_slip"}, {"re", "40"}};
}

} // namespace ll::test

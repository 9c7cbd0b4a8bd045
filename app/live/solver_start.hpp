// Which run the solver thread starts (a preset, the user's keys, the back end) and how its
// lattice is sized for the back end that runs it: a GPU-sized lattice would crawl on two CPU
// cores, and a CPU-sized one would waste a GPU. Kept apart from the thread so that the sizing
// rule reads in one place.
#pragma once
#include "solver/scenario/scenario.hpp"
#include "solver/simulation.hpp"

#include <string>

namespace ll::gui {

struct SolverStart {
    std::string scenario = "cylinder2d";
    KeyValues keys;
    BackendKind backend = BackendKind::Auto;
    // Steps per batch are adapted to about this long: a publication (a slice for the renderer)
    // follows every batch, and queued settings apply between batches.
    double batch_seconds = 0.03;
};

// `start` with the default lattice for a GPU (on_gpu) or the CPU picked where the user gave no
// size.
SolverStart sized_start(SolverStart start, bool on_gpu);

// The setup `start` describes (build_scenario; throws ConfigError).
SimulationSetup start_setup(const SolverStart& start);

} // namespace ll::gui

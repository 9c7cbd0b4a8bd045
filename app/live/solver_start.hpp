// Which run the solver thread starts (a preset, the user's keys, the back end) and how its
// lattice is sized for the back end that runs it: a GPU-sized lattice would crawl on two CPU
// cores, and a CPU-sized one would waste a GPU. Kept apart from the thread so that the sizing
// rule reads in one place.
#pragma once
#include "solver/scenario/scenario.hpp"
#include "solver/simulation.hpp"

#include <string>
#include <vector>

namespace ll::gui {

struct SolverStart {
    std::string scenario = "cylinder2d";
    KeyValues keys;
    BackendKind backend = BackendKind::Auto;
    // Subdomains (SimulationSetup::tiles, devices): "auto" (one per GPU listed) or NxMxK, and
    // the GPUs that run them (tile t on devices[t % n]; none: the current GPU or the CPU).
    std::string tiles = "auto";
    std::vector<int> devices = {};
    // Steps per batch are adapted to about this long: a publication (a slice for the renderer)
    // follows every batch, and queued settings apply between batches.
    double batch_seconds = 0.03;
};

// `start` with the default lattice for a GPU (on_gpu) or the CPU picked where the user gave no
// size.
SolverStart sized_start(SolverStart start, bool on_gpu);

// The setup `start` describes (build_scenario, its tiles resolved; throws ConfigError).
SimulationSetup start_setup(const SolverStart& start);
// "one domain" or "4 subdomains (2x2x1)", then " on GPU 1" / " on GPUs 0, 1" for `devices`.
std::string describe_subdomains(const Tiles& tiles, const std::vector<int>& devices);

// Why `start`'s subdomains cannot run (subdomains_error), checked before any lattice is
// allocated; empty when they can.
std::string start_subdomains_error(const SolverStart& start);

} // namespace ll::gui

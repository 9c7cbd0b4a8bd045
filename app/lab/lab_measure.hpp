// A lattice kernel's MLUPS as the lab measures it: the benchmark's box (cli::obstacle_box),
// a warm-up batch, then the median of `repeats` batches (as `latticelab bench` does).
#pragma once
#include "solver/simulation.hpp"

namespace ll::lab {

struct KernelRun {
    double mlups = 0, fraction_of_copy = 0;
    LaunchReport launch; // what the kernel reached: registers, blocks per SM, occupancy
};

KernelRun measure_kernel(Simulation& sim, int steps, int repeats);

} // namespace ll::lab

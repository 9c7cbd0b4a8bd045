#include "lab_measure.hpp"

#include <algorithm>
#include <vector>

namespace ll::lab {

KernelRun measure_kernel(Simulation& sim, int steps, int repeats) {
    sim.step(steps); // warm-up: clocks, caches, first-touch pages
    std::vector<Performance> runs;
    for (int r = 0; r < std::max(repeats, 1); ++r) {
        sim.step(steps);
        runs.push_back(sim.performance());
    }
    std::sort(runs.begin(), runs.end(),
              [](const Performance& a, const Performance& b) { return a.mlups < b.mlups; });
    const Performance& m = runs[runs.size() / 2];
    return {m.mlups, m.fraction_of_copy, sim.launch_report()};
}

} // namespace ll::lab

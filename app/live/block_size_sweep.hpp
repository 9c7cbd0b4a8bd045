// The threads-per-block sweep of the visualiser (seed 004, Fig. 5): the live lattice timed at
// block sizes 32..1024, then its launch restored. It runs as one queued command on the solver
// thread, so the flow simply pauses while it runs, and keeps its result for every later
// snapshot. Solver thread only.
#pragma once
#include "solver_snapshot.hpp"

#include <string>
#include <utility>
#include <vector>

namespace ll::gui {

class BlockSizeSweep {
public:
    // Times `sim` at each block size for about `batch_steps` steps (at least 10) a point. GPU
    // only: on the CPU back end the note says why there is no sweep.
    void run(Simulation& sim, int batch_steps);
    void write_to(SolverSnapshot& out) const;

private:
    std::vector<std::pair<int, double>> points_; // (block size, MLUPS)
    std::string note_;
};

} // namespace ll::gui

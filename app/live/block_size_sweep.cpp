// The threads-per-block sweep on the live lattice (see block_size_sweep.hpp).
#include "block_size_sweep.hpp"

#include <algorithm>

namespace ll::gui {

void BlockSizeSweep::run(Simulation& sim, int batch_steps) {
    points_.clear();
    if (!sim.on_gpu()) {
        note_ = "The threads-per-block sweep needs a GPU (CUDA back end): the CPU back end has "
                "no blocks, so the block size does not change its speed.";
        return;
    }
    const LaunchConfig keep = sim.setup().launch;
    // About as many steps as a ~30 ms batch, so each point takes a fraction of a second.
    const int steps = std::max(batch_steps, 10);
    for (int threads : {32, 64, 96, 128, 192, 256, 384, 512, 768, 1024}) {
        LaunchConfig at = keep; // the occupancy and register caps stay as chosen
        at.block_size = threads;
        try {
            sim.set_launch(at);
        } catch (const ConfigError&) {
            continue; // too many registers for this size: no point on the plot
        }
        sim.step(2); // first launch at this size
        sim.step(steps);
        points_.emplace_back(threads, sim.performance().mlups);
    }
    sim.set_launch(keep);
    note_ = "Sweep done on the live lattice; the launch is back to " +
            std::to_string(keep.block_size) + " threads per block.";
}

void BlockSizeSweep::write_to(SolverSnapshot& out) const {
    out.sweep = points_;
    out.sweep_note = note_;
}

} // namespace ll::gui

// The live sweeps on the running lattice (see launch_sweep.hpp).
#include "launch_sweep.hpp"

#include "solver/engine/register_caps.hpp"

#include <algorithm>

namespace ll::gui {

std::string sweep_setting_name(SweepSetting s) {
    switch (s) {
    case SweepSetting::BlockSize:
        return "threads per block";
    case SweepSetting::OccupancyCap:
        return "occupancy cap (blocks per SM)";
    case SweepSetting::RegisterCap:
        return "register cap (registers per thread)";
    }
    return "";
}

std::vector<int> LaunchSweep::values(const Simulation& sim, SweepSetting setting) const {
    if (setting == SweepSetting::BlockSize) return {32, 64, 96, 128, 192, 256, 384, 512, 768, 1024};
    if (setting == SweepSetting::RegisterCap) { // the compiler's choice, then each cap offered
        std::vector<int> caps = sim.register_caps();
        caps.insert(caps.begin(), 0);
        return caps;
    }
    // 1 .. the blocks per SM the kernel reaches uncapped at this block size.
    std::vector<int> caps;
    for (int cap = 1; cap <= std::max(sim.launch_report().blocks_per_sm, 1); ++cap)
        caps.push_back(cap);
    return caps;
}

void LaunchSweep::run(Simulation& sim, SweepSetting setting, int batch_steps,
                      const SweepModel& model) {
    const std::uint64_t serial = result_.serial + 1;
    result_ = SweepResult{setting, {}, {}, {}, serial};
    if (!sim.on_gpu()) {
        result_.note = "The " + sweep_setting_name(setting) +
                       " sweep needs a GPU (CUDA back end): the CPU back end has no blocks, so "
                       "the launch does not change its speed.";
        return;
    }
    const LaunchConfig keep = sim.setup().launch;
    if (setting == SweepSetting::RegisterCap && sim.register_caps().empty()) {
        result_.note = std::string("This kernel has no register-capped variants "
                                   "(register_cap): they exist for ") +
                       kRegisterCappedKernels + ".";
        return;
    }
    if (setting == SweepSetting::OccupancyCap) {
        LaunchConfig uncapped = keep;
        uncapped.blocks_per_sm_cap = 0;
        sim.set_launch(uncapped);
    }
    const std::vector<int> sweep = values(sim, setting);
    // About as many steps as a ~30 ms batch, so each point takes a fraction of a second.
    const int steps = std::max(batch_steps, 10);
    for (int value : sweep) {
        LaunchConfig at = keep; // the other settings stay as chosen
        if (setting == SweepSetting::BlockSize) at.block_size = value;
        if (setting == SweepSetting::OccupancyCap) at.blocks_per_sm_cap = value;
        if (setting == SweepSetting::RegisterCap) at.register_cap = value;
        try {
            sim.set_launch(at);
        } catch (const ConfigError&) {
            continue; // too many registers for this size: no point on the plot
        }
        sim.step(2); // first launch at this setting
        sim.step(steps);
        SweepPoint p{value, sim.performance().mlups};
        const LaunchReport r = sim.launch_report();
        p.warps_per_sm = r.blocks_per_sm * r.block_size / 32;
        p.registers = r.registers_per_thread;
        if (model) {
            std::string why;
            p.model_mlups = model(sim, why);
            if (!why.empty()) result_.model_note = why;
        }
        result_.points.push_back(p);
    }
    sim.set_launch(keep);
    result_.note = "Sweep done on the live lattice; the launch is back to " +
                   std::to_string(keep.block_size) + " threads per block" +
                   (keep.blocks_per_sm_cap
                        ? ", at most " + std::to_string(keep.blocks_per_sm_cap) + " blocks per SM."
                        : ".");
}

} // namespace ll::gui

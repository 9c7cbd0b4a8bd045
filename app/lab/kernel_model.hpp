// Obrecht et al. 2010's performance model of one lattice kernel, P = (K/T) F: T is the time for
// a wave of k warps per SM to read and write what one node update moves, measured by the memory
// probe with the kernel's own N, L, M (solver/lab/kernel_access.hpp), block and occupancy. Used
// by the model study (every kernel) and by the visualiser's live sweeps (the running flow's
// kernel at each launch setting). GPU only: the probe is a CUDA kernel.
#pragma once
#include "solver/lab/kernel_access.hpp"
#include "solver/simulation.hpp"

#include <cstdint>
#include <string>

namespace ll::lab {

struct KernelPrediction {
    double mlups = 0;     // the model's MLUPS, counted over every node as the benchmark counts
    double t_cycles = 0;  // T: one wave's cycles
    double k_threads = 0; // K: threads in one wave on every SM
    double clock_hz = 0;  // F: the SM clock during the probe
};

// The model for access pattern `a` at launch `lr`, over `updated` of `nodes` nodes (solid nodes
// move nothing). Throws std::invalid_argument where the probe cannot reach the launch's blocks
// per SM.
KernelPrediction predict_kernel(const KernelAccess& a, const LaunchReport& lr, std::uint64_t nodes,
                                std::uint64_t updated);

// The model for `sim`'s current kernel and launch; mlups = 0 with `why` set where the model does
// not describe it (kernel_access) or the probe cannot reach its launch.
KernelPrediction predict_kernel(const Simulation& sim, std::string& why);

// Why a kernel is more than 10 % from its model (empty within 10 %): the model counts memory
// time only. `error` = model / measured - 1.
std::string miss_reason(const ModelChoice& m, double error);

// What bounds a kernel measured at `measured` MLUPS with `warps_per_sm` warps per SM, given its
// model and the best model MLUPS over the launch settings tried (for the visualiser's tooltip):
// bandwidth, latency (too few warps in flight), or arithmetic and walls.
std::string kernel_bound(const ModelChoice& m, double measured, const KernelPrediction& model,
                         double best_model, int warps_per_sm);

} // namespace ll::lab

// P = (K/T) F for one kernel (see kernel_model.hpp). The probe runs as many threads as the
// kernel updates nodes, so T is one wave's share of a steady state and P is the probe's own
// node rate (the paper's one-wave decomposition T = l + T_R + T_W is the memory study's).
// MLUPS counts every node of the lattice, as the benchmark does, solid ones included, though
// only the updated ones move data: the model's MLUPS is (K/T) F x nodes / updated nodes.
// In-place schemes alternate two access patterns, so their T is the mean of both parities'.
#include "kernel_model.hpp"

#include "solver/core/flags.hpp"
#include "solver/lab/memory_probe.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace ll::lab {

KernelPrediction predict_kernel(const KernelAccess& a, const LaunchReport& lr, std::uint64_t nodes,
                                std::uint64_t updated) {
    MemoryProbeSpec s;
    s.words = a.words;
    s.word_bytes = a.word_bytes;
    s.block = lr.block_size;
    s.blocks_per_sm = std::max(lr.blocks_per_sm, 1);
    s.threads = std::int64_t(updated);
    s.time_warps = false;
    double seconds = 0;
    MemoryProbeResult last;
    for (int p = 0; p < a.parities; ++p) {
        s.misaligned_reads = a.misaligned_reads[p];
        s.misaligned_writes = a.misaligned_writes[p];
        last = run_memory_probe(s, 3);
        seconds += last.seconds / a.parities;
    }
    KernelPrediction out;
    out.clock_hz = last.sm_clock_hz;
    // K threads (one per node) fill one wave of k warps on every SM; T is one wave's cycles.
    out.k_threads = double(last.sms) * last.warps_per_sm * 32;
    const double waves = double(last.threads) / out.k_threads;
    out.t_cycles = seconds * out.clock_hz / waves;
    const double p = out.k_threads / out.t_cycles * out.clock_hz; // P = (K / T) F
    out.mlups = p * double(nodes) / double(std::max<std::uint64_t>(updated, 1)) / 1e6;
    return out;
}

KernelPrediction predict_kernel(const Simulation& sim, std::string& why) {
    why.clear();
    if (!sim.on_gpu()) {
        why = "the model's probe is a CUDA kernel: it needs the GPU back end";
        return {};
    }
    const KernelAccess a = kernel_access(sim.setup().model, why);
    if (!why.empty()) return {};
    const auto& flags = sim.setup().flags;
    const auto updated = std::uint64_t(
        std::count_if(flags.begin(), flags.end(), [](std::uint8_t f) { return is_updated(f); }));
    try {
        return predict_kernel(a, sim.launch_report(), sim.setup().dims.nodes(), updated);
    } catch (const std::invalid_argument& e) { // the probe cannot reach this launch
        why = std::string("the probe cannot run this launch: ") + e.what();
        return {};
    }
}

std::string miss_reason(const ModelChoice& m, double error) {
    if (std::abs(error) <= 0.10) return "";
    if (error < 0)
        return "faster than the probe's plain copy of the same words: this kernel streams them "
               "closer to the copy bandwidth";
    if (m.collision == CollisionKind::MRT)
        return "slower than its memory traffic: MRT's moment transform is arithmetic the model "
               "leaves out";
    if (m.storage)
        return "slower than its memory traffic: the 16-bit conversions and stochastic rounding "
               "are arithmetic the model leaves out";
    if (m.scheme == Scheme::SharedX)
        return "slower than its memory traffic: the shift through shared memory and its barrier";
    return "slower than its memory traffic: arithmetic, the flag byte or the wall list";
}

std::string kernel_bound(const ModelChoice& m, double measured, const KernelPrediction& model,
                         double best_model, int warps_per_sm) {
    char text[320];
    if (model.mlups <= 0 || measured <= 0) return "";
    const double error = model.mlups / measured - 1;
    if (error > 0.10) {
        std::snprintf(text, sizeof text,
                      "Arithmetic-bound: %.0f %% below what its memory traffic "
                      "allows (%s).",
                      100 * error / (1 + error), miss_reason(m, error).c_str());
        return text;
    }
    if (model.mlups < 0.9 * best_model) {
        std::snprintf(text, sizeof text,
                      "Latency-bound: with %d warps per SM too few loads are in flight to cover "
                      "the memory latency; even a plain copy of the same words reaches only %.0f "
                      "%% of the best setting's model.",
                      warps_per_sm, 100 * model.mlups / best_model);
        return text;
    }
    std::snprintf(text, sizeof text,
                  "Bandwidth-bound: it moves its words as fast as the probe's plain copy of them "
                  "(model within %.0f %%), misaligned accesses included; only fewer bytes per "
                  "node or a better access pattern would make it faster.",
                  100 * std::abs(error));
    return text;
}

} // namespace ll::lab

// The tuning readouts: what the launch looks like on the device (registers, blocks per SM,
// occupancy) and what the run achieves (MLUPS, GB/s, % of the copy bandwidth measured in this
// run). Plain strings, so that the ImGui panel and the tests read the very same text.
#pragma once
#include "app/live/solver_thread.hpp"

#include <string>
#include <vector>

namespace ll::gui {

struct TuningReadout {
    std::string registers, blocks_per_sm, occupancy; // "CPU back end: n/a" on the CPU
    std::string bytes_per_node, mlups, bandwidth, fraction_of_copy;
};

TuningReadout tuning_readout(const SolverSnapshot& snap);

// What the panel may change while the running preset flows. A preset that derives tau from
// its physics (Ra, Pr and the buoyancy velocity of the Boussinesq presets) has no tau key, so a
// live tau could be neither saved nor restarted: it is shown, not edited. Kernels built
// without a blocks-per-SM cap (the thermal models: occupancy range [0, 0]) take none. The
// notes say why, for the tooltip.
struct LiveEdits {
    bool tau = true, occupancy_cap = true;
    std::string tau_note, cap_note;
};
LiveEdits live_edits(const SolverSnapshot& snap);

// Why the register cap offers what it does now (the kernel's caps, none on the CPU back end or
// for a kernel without capped variants), for its tooltip; starts with a space.
std::string register_cap_note(const SolverSnapshot& snap);

// Tooltips that teach the concept behind each readout (shared by panel and docs).
namespace tips {
inline constexpr const char* kRegisters =
    "Registers per thread of the step kernel. An SM has 64 K registers: the more each thread "
    "needs, the fewer threads fit on the SM at once. Local memory is what did not fit in them "
    "(spills, under a register cap): it lives in global memory, behind the caches.";
inline constexpr const char* kRegisterCap =
    "Register cap: the bulk kernel built with at most this many registers per thread. Fewer "
    "registers -> more warps fit on an SM -> more memory loads in flight to hide the latency of "
    "global memory. But what no longer fits in registers spills to local memory, whose loads "
    "and stores take the same bandwidth the populations need. Bailey et al. 2009 capped theirs "
    "at 32 for 33 % occupancy on an 8800 GTX; `latticelab lab registers` measures the trade "
    "on this GPU.";
inline constexpr const char* kBlocksPerSm =
    "Blocks of this size that one SM runs at the same time, limited by registers, shared "
    "memory, the occupancy cap and the hardware's block limit.";
inline constexpr const char* kOccupancy =
    "Theoretical occupancy: active warps / the SM's maximum warps. LBM is memory bound: enough "
    "warps in flight hide the latency of global memory; beyond that more does not help.";
inline constexpr const char* kBytes =
    "Bytes moved per node update: every population read once and written once (2 x Q x bytes "
    "per value) plus the node's flag byte. Effective bandwidth = MLUPS x this.";
inline constexpr const char* kMlups =
    "Million lattice-node updates per second: nodes x steps / seconds / 1e6, over the last "
    "batch of steps.";
inline constexpr const char* kBandwidth =
    "Effective bandwidth: MLUPS x bytes per node update, and its share of the device-to-device "
    "copy bandwidth this program measured: the upper bound a streaming kernel can reach.";
} // namespace tips

} // namespace ll::gui

#include "tuning.hpp"

#include "solver/engine/register_caps.hpp"
#include "solver/scenario/keys.hpp"
#include "solver/scenario/scenario.hpp"

#include <cstdio>

namespace ll::gui {

namespace {
template <class... A>
std::string format(const char* fmt, A... args) {
    char buf[128];
    std::snprintf(buf, sizeof buf, fmt, args...);
    return buf;
}
} // namespace

TuningReadout tuning_readout(const SolverSnapshot& snap) {
    TuningReadout r;
    if (snap.backend == "cuda") {
        const int cap = snap.launch.register_cap;
        r.registers =
            format("registers/thread: %d (%s%s), %d B local", snap.report.registers_per_thread,
                   cap ? "cap " : "compiler's choice", cap ? std::to_string(cap).c_str() : "",
                   snap.report.local_bytes_per_thread);
        r.blocks_per_sm = format("blocks/SM: %d", snap.report.blocks_per_sm);
        r.occupancy =
            format("theoretical occupancy: %.0f %%", 100.0 * snap.report.theoretical_occupancy);
    } else {
        // The CPU engine has no registers or SMs to report: say so rather than show zeros.
        r.registers = "registers/thread: CPU back end: n/a";
        r.blocks_per_sm = "blocks/SM: CPU back end: n/a";
        r.occupancy = "theoretical occupancy: CPU back end: n/a";
    }
    r.bytes_per_node = format("bytes per node update: %.0f B", snap.bytes_per_node);
    r.mlups = format("MLUPS: %.2f", snap.perf.mlups);
    r.bandwidth = format("bandwidth: %.2f GB/s", snap.perf.bytes_per_second / 1e9);
    r.fraction_of_copy = format("%.1f %% of copy bandwidth (%.1f GB/s)",
                                100.0 * snap.perf.fraction_of_copy, snap.perf.copy_bandwidth / 1e9);
    return r;
}

LiveEdits live_edits(const SolverSnapshot& snap) {
    LiveEdits e;
    const ScenarioSpec* spec = find_scenario(snap.scenario);
    if (!spec) return e;
    if (!find_key(*spec, "tau")) {
        e.tau = false;
        e.tau_note = snap.scenario +
                     " sets tau from its physical keys (Rayleigh and Prandtl numbers, buoyancy "
                     "velocity); change those in the Scenario panel and restart.";
    }
    if (const KeySpec* cap = find_key(*spec, "occupancy"); cap && cap->max <= 0) {
        e.occupancy_cap = false;
        e.cap_note = "The " + snap.scenario +
                     " kernels are built without a blocks-per-SM cap; its occupancy follows from "
                     "the registers per thread and the block size alone.";
    }
    return e;
}

std::string register_cap_note(const SolverSnapshot& snap) {
    if (snap.backend != "cuda") return " The CPU back end has no GPU kernels to cap.";
    if (!snap.register_caps.empty())
        return " This kernel is built with caps of " + register_cap_list() + " registers.";
    return std::string(" This kernel has the compiler's registers only: capped variants are "
                       "built for ") +
           kRegisterCappedKernels + ".";
}

} // namespace ll::gui

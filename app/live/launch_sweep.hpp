// The visualiser's live sweeps (the Lab dock): the running lattice timed at each value of one
// launch setting, each point beside the performance model's prediction for that launch, then
// the launch restored:
//   threads per block   Calore et al. 2016, Fig. 5 (32..1024)
//   occupancy cap       Bailey et al. 2009, Fig. 7: MLUPS against occupancy, here by capping the
//                       blocks per SM (1 .. what the registers allow) at this block size
//   register cap        the same figure through its cause: the kernel's capped variants
//                       (`register_cap`), each register budget giving its occupancy
// It runs as one queued command on the solver thread, so the flow simply pauses while it runs,
// and keeps its result for every later snapshot. Solver thread only. The model (Obrecht et al.
// 2010's P = (K/T) F, app/lab/kernel_model.hpp) is passed in, so that app/live needs no lab.
#pragma once
#include "solver/simulation.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ll::gui {

enum class SweepSetting : std::uint8_t { BlockSize, OccupancyCap, RegisterCap };

struct SweepPoint {
    int value = 0;          // threads per block, the cap on blocks per SM, or registers (0: none)
    double mlups = 0;       // measured on the live lattice
    double model_mlups = 0; // the model's prediction for this launch (0: none, see model_note)
    int warps_per_sm = 0;   // what the launch reached
    int registers = 0;      // per thread
};

struct SweepResult {
    SweepSetting setting = SweepSetting::BlockSize;
    std::vector<SweepPoint> points;
    std::string note;         // how it went, or why there is no sweep
    std::string model_note;   // why some points have no model (empty when all have one)
    std::uint64_t serial = 0; // counts the sweeps run, so a viewer sees each new one
};

// The model's MLUPS for the simulation's current kernel and launch, or 0 with `why` set.
using SweepModel = std::function<double(const Simulation&, std::string& why)>;

// "threads per block" / "occupancy cap (blocks per SM)": the setting's name in the UI.
std::string sweep_setting_name(SweepSetting s);

class LaunchSweep {
public:
    // Times `sim` at each value of `setting` for about `batch_steps` steps (at least 10) a
    // point, with `model` beside each if given. GPU only: on the CPU back end the note says why.
    void run(Simulation& sim, SweepSetting setting, int batch_steps, const SweepModel& model);
    const SweepResult& result() const { return result_; }

private:
    std::vector<int> values(const Simulation& sim, SweepSetting setting) const;
    SweepResult result_;
};

} // namespace ll::gui

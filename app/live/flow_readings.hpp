// What the visualiser reads off the running flow besides the slice: the Rayleigh-Taylor fronts,
// the Nusselt number and the warnings about the parameters. Which run has which is asked of the
// solver's diagnostics (front_levels, heat_transfer, thermal_warnings), never of the model or
// the preset's name. Each reading has its own rate: the fronts and the Nusselt number read
// whole-lattice fields, so they are taken a few times a second at most, and the warnings only
// when the setup they read may have changed (a new run or a new tau). The owner says when the
// run is replaced (new_run): a fresh Simulation may reuse the old one's address.
// Solver thread only, with the Simulation to itself.
#pragma once
#include "solver_snapshot.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace ll::gui {

class FlowReadings {
public:
    // The fronts read the whole temperature field back to the host: a few times a second.
    static constexpr double kFrontsHz = 4;
    // The Nusselt number reads two whole-lattice fields (velocity and temperature): once a
    // second, which is as fast as a reader follows a number.
    static constexpr double kNusseltHz = 1;

    using Clock = std::chrono::steady_clock;

    // Takes the readings that are due at `now` and writes the latest of each into `out`. (The
    // tests give the time, so that what is due does not depend on how fast the machine is.)
    void measure(Simulation& sim, SolverSnapshot& out, Clock::time_point now = Clock::now());
    // Forgets every reading: the next measure() takes each one at once, for the new run.
    void new_run();

private:
    void measure_fronts_now(Simulation& sim, Clock::time_point now);
    std::vector<float> temperature_; // whole-lattice read for the fronts
    Clock::time_point fronts_at_{};
    Fronts fronts_;
    std::uint64_t fronts_step_ = 0;
    bool has_fronts_ = false;
    std::string fronts_note_;

    // Measures nusselt_ when due, or at once for a new run or tau; false without heated walls.
    bool measure_nusselt_now(Simulation& sim, Clock::time_point now);
    NusseltReading nusselt_;
    bool has_nusselt_ = false;
    double nusselt_ra_ = 0; // the Rayleigh number the last value was measured at
    Clock::time_point nusselt_at_{};

    // thermal_warnings() of the setup they were computed for (a new run or a new tau).
    void update_warnings(const Simulation& sim);
    std::vector<std::string> warnings_;
    bool has_warnings_ = false;
    double warned_tau_ = 0;
};

} // namespace ll::gui

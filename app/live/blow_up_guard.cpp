// The NaN/Inf check of the running flow every kCheckEvery steps (see blow_up_guard.hpp).
#include "blow_up_guard.hpp"

#include <algorithm>

namespace ll::gui {

BlowUpGuard::Stepped BlowUpGuard::step(Simulation& sim, int steps) {
    Stepped result;
    while (result.done < steps) {
        // Checks fall every kCheckEvery steps however the batches are cut.
        const int chunk = std::min(kCheckEvery - steps_since_check_, steps - result.done);
        sim.step(chunk);
        result.done += chunk;
        steps_since_check_ += chunk;
        if (steps_since_check_ < kCheckEvery) continue;
        steps_since_check_ = 0;
        if (sim.count_nonfinite() == 0) continue;
        instability_ = sim.instability_advice();
        ++blowups_;
        result.blew_up = true;
        break;
    }
    return result;
}

void BlowUpGuard::write_to(SolverSnapshot& out) const {
    out.instability = instability_;
    out.blowups = blowups_;
}

} // namespace ll::gui

// Catches a flow that goes unstable (NaN/Inf) within kCheckEvery steps of its start, without
// checking every batch: a check reads the whole lattice once, which per short batch (60
// publications a second on a 256^3 lattice) would cost several percent of the solver's speed,
// so the checks fall every kCheckEvery steps counted across batches. On a blow-up it stops
// stepping and keeps the model's advice; the solver thread pauses itself. Solver thread only.
#pragma once
#include "solver_snapshot.hpp"

#include <cstdint>
#include <string>

namespace ll::gui {

class BlowUpGuard {
public:
    // The issue asks that a blow-up be caught within 100 steps of its start.
    static constexpr int kCheckEvery = 100;

    struct Stepped {
        int done = 0;         // steps taken (fewer than asked after a blow-up)
        bool blew_up = false; // the flow went non-finite: the caller pauses the run
    };
    // Steps `sim` `steps` times, checking for non-finite nodes whenever a check falls due.
    Stepped step(Simulation& sim, int steps);
    // A new run (reset, another scenario) starts without the old run's advice.
    void clear() { instability_.clear(); }
    void write_to(SolverSnapshot& out) const;

private:
    int steps_since_check_ = 0;
    std::string instability_;   // Simulation::instability_advice() of the last blow-up
    std::uint64_t blowups_ = 0; // counts them, so the GUI sees each one
};

} // namespace ll::gui

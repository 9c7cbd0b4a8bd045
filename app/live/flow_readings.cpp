// The fronts, the Nusselt number and the warnings of the running flow (see flow_readings.hpp).
#include "flow_readings.hpp"

#include "solver/diagnostics/heat_transfer.hpp"
#include "solver/diagnostics/rt_fronts.hpp"

namespace ll::gui {

namespace {
using Clock = FlowReadings::Clock;

// A whole-lattice reading taken at `last_step` at time `last_at` is still fresh when the flow
// has not moved since, or when less than 1 / hz seconds have passed.
bool still_fresh(std::uint64_t step, std::uint64_t last_step, Clock::time_point now,
                 Clock::time_point last_at, double hz) {
    return step == last_step || now - last_at < std::chrono::duration<double>(1.0 / hz);
}
} // namespace

void FlowReadings::measure(Simulation& sim, SolverSnapshot& out, Clock::time_point now) {
    measure_fronts_now(sim, now);
    out.fronts = fronts_;
    out.fronts_step = fronts_step_;
    out.has_fronts = has_fronts_;
    out.fronts_note = fronts_note_;
    out.has_nusselt = measure_nusselt_now(sim, now);
    out.nusselt = nusselt_;
    update_warnings(sim);
    out.warnings = warnings_;
}

void FlowReadings::new_run() {
    has_fronts_ = false;
    has_nusselt_ = false;
    has_warnings_ = false;
}

void FlowReadings::measure_fronts_now(Simulation& sim, Clock::time_point now) {
    const Dims d = sim.setup().dims;
    if (has_fronts_ && still_fresh(sim.time_step(), fronts_step_, now, fronts_at_, kFrontsHz))
        return;
    // The diagnostic says which runs have fronts (none without a temperature, at once).
    const FrontLevels levels = front_levels(sim.setup());
    // A layered run without fronts (3D) says why; one without layers (a heated cavity) has
    // nothing for the plot.
    fronts_note_ = levels.layered && !levels.measurable ? levels.why : "";
    if (!levels.measurable) {
        has_fronts_ = false;
        return;
    }
    temperature_.resize(d.nodes());
    // Walls masked (NaN): measure_fronts skips them.
    sim.read_field(FieldRequest{FieldKind::Temperature, -1, true}, FieldRegion{true},
                   temperature_.data(), MemorySpace::Host);
    fronts_ =
        measure_fronts(temperature_.data(), int(d.nx), int(d.ny), levels.T_hot, levels.T_cold);
    fronts_step_ = sim.time_step();
    fronts_at_ = now;
    has_fronts_ = true;
}

bool FlowReadings::measure_nusselt_now(Simulation& sim, Clock::time_point now) {
    // From the setup alone (cheap): a run without heated walls drops the line at once.
    const HeatTransfer h = heat_transfer(sim.setup());
    if (!h.available) return false;
    // A new run or a new tau (Ra and Pr follow it) is measured at once, since the text names
    // the published value for the run's Ra; otherwise once per 1 / kNusseltHz of a moving flow.
    const bool same_run = has_nusselt_ && h.rayleigh == nusselt_ra_;
    if (same_run && still_fresh(sim.time_step(), nusselt_.step, now, nusselt_at_, kNusseltHz))
        return true;
    has_nusselt_ = true;
    nusselt_ra_ = h.rayleigh;
    nusselt_at_ = now;
    nusselt_.value = nusselt(sim, h);
    nusselt_.text = nusselt_text(nusselt_.value, sim.setup(), h);
    nusselt_.step = sim.time_step();
    nusselt_.time = double(sim.time_step()) / h.diffusion_time();
    return true;
}

void FlowReadings::update_warnings(const Simulation& sim) {
    // The warnings read only the setup, but not every frame: only when it may have changed.
    if (has_warnings_ && sim.setup().flow.tau == warned_tau_) return;
    has_warnings_ = true;
    warned_tau_ = sim.setup().flow.tau;
    warnings_ = thermal_warnings(sim.setup());
}

} // namespace ll::gui

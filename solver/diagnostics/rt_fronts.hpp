// What a Rayleigh-Taylor run is watched by: the bubble and spike fronts of the mixing layer
// (CLI --probe fronts, the visualiser's mixing-width plot) and the warnings about thermal
// parameters that will not run well (both thermal models), given before the run starts.
//
// Fronts: the interface is the isotherm T_mid = (T_hot + T_cold) / 2 between the hot (light)
// gas below and the cold (heavy) gas above. The bubble front is its highest point (the
// highest node of any column still at T >= T_mid: hot gas risen that far), the spike front
// its lowest (the lowest node at T <= T_mid: cold gas fallen that far), both interpolated
// linearly between rows; the mixing width is bubble - spike. Heights are in rows, y = 0 the
// bottom row. The isotherm, unlike thresholds of the x-averaged profile, does not move when
// the interface merely diffuses (at tau = 0.6 on a 128-row lattice the 5 %-95 % width of the
// averaged profile grows from 6 to 31 rows in 600 steps without any perturbation), so a flat
// interface keeps a width near zero and the width measures the instability alone.
#pragma once
#include "solver/simulation.hpp"

#include <string>
#include <vector>

namespace ll {

struct Fronts {
    double bubble_y = 0, spike_y = 0, width = 0; // NaN without hot or without cold gas
};

// Fronts of an nx x ny temperature field (x fastest, y up); non-finite nodes (walls read with
// FieldRequest::mask_walls) are skipped.
Fronts measure_fronts(const float* temperature, int nx, int ny, double T_hot, double T_cold);

// Whether a run has an interface to measure, read from its initial fields whatever the model:
// gravity along -y and a mean initial temperature of the lowest fluid row (T_hot) above that of
// the highest (T_cold), i.e. heavy fluid on light. A heated cavity is not layered; a 3D
// lattice may be, but measure_fronts is 2D. `why` says what is missing when not measurable.
struct FrontLevels {
    bool layered = false;
    bool measurable = false; // layered, on a 2D lattice
    double T_hot = 0, T_cold = 0;
    std::string why;
};
FrontLevels front_levels(const SimulationSetup& s);

// The RT time unit sqrt(L / (A g)) in steps, L = the lattice width in model lengths (one
// wavelength of the initial perturbation); 0 without a layered temperature field.
double rt_time_scale(const SimulationSetup& s);

// Human-readable warnings for a thermal setup (empty when it looks fine, or isothermal):
// tau close to 1/2, and a Mach number of the expected bubble/spike velocities too high for
// the model. The CLI prints them; the visualiser can show them.
std::vector<std::string> thermal_warnings(const SimulationSetup& s);

} // namespace ll

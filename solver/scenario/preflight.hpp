// Checks that run before anything large is allocated: the scenario builders fill the initial
// fields (33 bytes per node) before Simulation::create can look at the lattice, so a
// mistyped size would otherwise end in the OOM killer instead of an error message.
#pragma once
#include "solver/scenario/scenario.hpp"

#include <functional>

namespace ll {

// Largest v in [lo, hi] with fits(v), assuming fits is monotone (true then false); lo - 1
// when none fits.
long largest_fitting(long lo, long hi, const std::function<bool(long)>& fits);

// Predicts the lattice of `scenario` with the user's keys from two small probe builds (every
// preset's extent along each axis is affine in `size`), then throws ConfigError naming
// `size` when it has too many nodes or does not fit in host memory. `cpu_lattice`: the
// populations will live in host memory too. Does nothing when a probe cannot be built; the
// exact check in Simulation::create still applies.
void preflight_scenario(const std::string& scenario, const KeyValues& user, bool cpu_lattice);

// The same limits for a lattice given directly (bench): nodes(size) and the worst model (with
// the Boussinesq temperature population's values per node, if any).
void check_lattice_fits(long size, const std::function<std::uint64_t(long)>& nodes,
                        const ModelChoice& worst, bool cpu_lattice, long min_size,
                        int temperature_velocities = 0);

} // namespace ll

// `latticelab run --probe fronts`: the bubble and spike fronts of a Rayleigh-Taylor run
// (solver/thermal/rt_diagnostics.hpp) sampled every --probe-every steps and written as CSV.
#pragma once
#include "commands.hpp"
#include "solver/simulation.hpp"

#include <string>
#include <vector>

namespace ll::cli {

// The --probe help text, with the definition of the fronts and the CSV columns.
std::string probe_help();

// Checks --probe / --probe-csv / --probe-every before anything runs (ConfigError naming the
// option and what it allows).
void check_probe_options(const RunOptions& o);

class FrontsProbe {
public:
    // ConfigError saying why when the run has no interface to measure (no temperature, no heavy
    // fluid above light, a 3D lattice).
    FrontsProbe(const Simulation& sim, std::int64_t every);
    std::int64_t every() const { return every_; }
    // Appends one row for the simulation's current step.
    void sample(Simulation& sim);
    // The CSV document: header and one row per sample.
    std::string csv() const;

private:
    std::int64_t every_;
    double time_scale_ = 0; // steps per RT time unit
    double T_hot_ = 1, T_cold_ = 1;
    std::vector<float> temperature_;
    std::string rows_;
};

} // namespace ll::cli

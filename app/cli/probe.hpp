// `latticelab run --probe NAME`: a quantity of the flow sampled every --probe-every steps (and
// at the start) and written as CSV at the end. fronts: the bubble and spike fronts of a
// Rayleigh-Taylor run (solver/diagnostics/rt_fronts.hpp); nusselt: the Nusselt number of a
// convection run (solver/diagnostics/heat_transfer.hpp).
#pragma once
#include "commands.hpp"
#include "solver/diagnostics/heat_transfer.hpp"
#include "solver/simulation.hpp"

#include <memory>
#include <string>
#include <vector>

namespace ll::cli {

// The --probe help text, with the definition of each probe and its CSV columns.
std::string probe_help();

// Checks --probe / --probe-csv / --probe-every before anything runs (ConfigError naming the
// option and what it allows).
void check_probe_options(const RunOptions& o);

// One probe: its CSV header and a row per sample.
class Probe {
public:
    virtual ~Probe() = default;
    std::int64_t every() const { return every_; }
    // Appends one row for the simulation's current step.
    virtual void sample(Simulation& sim) = 0;
    // The CSV document: header and one row per sample.
    std::string csv() const { return header_ + rows_; }

protected:
    Probe(std::int64_t every, std::string header) : every_(every), header_(std::move(header)) {}
    std::string rows_;

private:
    std::int64_t every_;
    std::string header_;
};

// The probe `name` (checked by check_probe_options) for this run; ConfigError naming --probe
// and saying why when the run has nothing for it to measure.
std::unique_ptr<Probe> make_probe(const std::string& name, const Simulation& sim,
                                  std::int64_t every);

class FrontsProbe : public Probe {
public:
    // ConfigError saying why when the run has no interface to measure (no temperature, no heavy
    // fluid above light, a 3D lattice).
    FrontsProbe(const Simulation& sim, std::int64_t every);
    void sample(Simulation& sim) override;

private:
    double time_scale_ = 0; // steps per RT time unit
    double T_hot_ = 1, T_cold_ = 1;
    std::vector<float> temperature_;
};

class NusseltProbe : public Probe {
public:
    // ConfigError saying why when the run has no heated walls (heat_transfer().why).
    NusseltProbe(const Simulation& sim, std::int64_t every);
    void sample(Simulation& sim) override;

private:
    HeatTransfer heat_;
};

} // namespace ll::cli

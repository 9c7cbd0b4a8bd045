#include "probe.hpp"

#include "solver/diagnostics/rt_fronts.hpp"

#include <cstdio>

namespace ll::cli {

namespace {
constexpr const char* kProbes = "fronts or nusselt";
} // namespace

std::string probe_help() {
    return "--probe fronts|nusselt samples the run every --probe-every steps (and at the start) "
           "into --probe-csv FILE, written with the other outputs at the end.\n"
           "fronts (2D thermal scenarios with heavy fluid above light: rt2d, "
           "rt2d_boussinesq, rayleigh_benard2d): the Rayleigh-Taylor mixing layer, with the "
           "columns step, time (step / sqrt(L / (A g)), L the "
           "lattice width in model lengths), bubble_y, spike_y, mixing_width. The fronts are the "
           "extremes of the interface, the isotherm T = (T_hot + T_cold) / 2 (the initial mean "
           "temperatures of the lowest and the highest fluid row): the bubble front "
           "is its highest point (hot gas risen), the spike front its lowest (cold gas fallen), "
           "interpolated between rows (y = 0 is the bottom row); mixing_width = bubble_y - "
           "spike_y (0 for a flat interface, however diffuse).\n"
           "nusselt (heated_cavity2d, rayleigh_benard2d, rayleigh_benard3d): the Nusselt "
           "number, the heat crossing the fluid from the hot to the cold wall in units of what "
           "conduction alone carries (1: fluid at rest), with the columns step, time (step / "
           "(H^2 / kappa), the time heat takes to diffuse across the H fluid nodes between the "
           "walls), nusselt = 1 + H <u theta> / (kappa dT), <u theta> the mean over the fluid of "
           "the velocity across the walls (u_x in the cavity, u_y between the plates) times "
           "theta. These runs also print the final Nu in the summary and write it to --json as "
           "\"nusselt\".";
}

void check_probe_options(const RunOptions& o) {
    if (o.probe.empty()) {
        const std::string needs = std::string(": needs --probe ") + kProbes;
        if (!o.probe_csv.empty()) throw ConfigError("--probe-csv" + needs);
        if (o.probe_every) throw ConfigError("--probe-every" + needs);
        return;
    }
    if (o.probe != "fronts" && o.probe != "nusselt")
        throw ConfigError("--probe '" + o.probe + "': must be " + kProbes);
    if (o.probe_csv.empty())
        throw ConfigError("--probe " + o.probe +
                          ": give the output file with --probe-csv FILE.csv");
}

std::unique_ptr<Probe> make_probe(const std::string& name, const Simulation& sim,
                                  std::int64_t every) {
    if (name == "nusselt") return std::make_unique<NusseltProbe>(sim, every);
    return std::make_unique<FrontsProbe>(sim, every);
}

FrontsProbe::FrontsProbe(const Simulation& sim, std::int64_t every)
    : Probe(every, "step,time,bubble_y,spike_y,mixing_width\n") {
    const SimulationSetup& s = sim.setup();
    const FrontLevels levels = front_levels(s);
    if (!levels.measurable) throw ConfigError("--probe fronts: " + levels.why);
    time_scale_ = rt_time_scale(s);
    T_hot_ = levels.T_hot;
    T_cold_ = levels.T_cold;
    temperature_.resize(s.dims.nodes());
}

void FrontsProbe::sample(Simulation& sim) {
    const Dims& d = sim.setup().dims;
    // Wall rows masked (NaN): measure_fronts skips them.
    sim.read_field({FieldKind::Temperature, -1, true}, {true, Axis::Z, 0}, temperature_.data(),
                   MemorySpace::Host);
    const Fronts f = measure_fronts(temperature_.data(), int(d.nx), int(d.ny), T_hot_, T_cold_);
    const double t = time_scale_ > 0 ? double(sim.time_step()) / time_scale_ : 0;
    char row[160];
    std::snprintf(row, sizeof row, "%llu,%.6g,%.6g,%.6g,%.6g\n",
                  (unsigned long long)sim.time_step(), t, f.bubble_y, f.spike_y, f.width);
    rows_ += row;
}

NusseltProbe::NusseltProbe(const Simulation& sim, std::int64_t every)
    : Probe(every, "step,time,nusselt\n"), heat_(heat_transfer(sim.setup())) {
    if (!heat_.available) throw ConfigError("--probe nusselt: " + heat_.why);
}

void NusseltProbe::sample(Simulation& sim) {
    char row[96];
    std::snprintf(row, sizeof row, "%llu,%.6g,%.7g\n", (unsigned long long)sim.time_step(),
                  double(sim.time_step()) / heat_.diffusion_time(), nusselt(sim, heat_));
    rows_ += row;
}

} // namespace ll::cli

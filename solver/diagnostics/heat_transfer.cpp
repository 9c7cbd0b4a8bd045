#include "heat_transfer.hpp"

#include "flow_diagnostics.hpp"
#include "solver/core/stencil.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

namespace ll {
namespace {

namespace bq = thermal::boussinesq;

constexpr const char* kWhichRuns = "the Nusselt number is measured between the hot and the cold "
                                   "wall of heated_cavity2d, rayleigh_benard2d and "
                                   "rayleigh_benard3d";

// theta of the fixed-temperature wall at the low (or high) end of `axis`, taken in the middle
// of that end plane; NaN when that node is no fixed-temperature wall.
double end_wall_theta(const SimulationSetup& s, int axis, bool high) {
    const Dims& d = s.dims;
    std::uint32_t c[3] = {d.nx / 2, d.ny / 2, d.nz / 2};
    c[axis] = high ? slice_count(d, Axis(axis)) - 1 : 0;
    const std::uint8_t flag = s.flags[c[0] + std::size_t(d.nx) * (c[1] + std::size_t(d.ny) * c[2])];
    const int cls = thermal_class(flag);
    if (is_updated(flag) || cls == 0) return std::numeric_limits<double>::quiet_NaN();
    return s.boussinesq.settings.wall_theta[cls];
}

double kappa_of(const SimulationSetup& s) {
    bq::Config c; // the temperature stencil and tau_t are all kappa_of reads
    c.model = s.model;
    c.temperature = s.boussinesq.temperature;
    c.thermal = s.boussinesq.settings;
    return bq::kappa_of(c);
}

// de Vahl Davis, Int. J. Numer. Meth. Fluids 3, 249 (1983), Table IV: the average Nusselt
// number of the square cavity at Pr 0.71, Ra 10^exponent.
struct Published {
    int exponent;
    double nusselt;
};
constexpr Published kDeVahlDavis[] = {{3, 1.118}, {4, 2.243}, {5, 4.519}, {6, 8.800}};

bool near(double value, double reference, double tolerance) {
    return std::abs(value / reference - 1) <= tolerance;
}

const Published* published(const SimulationSetup& s, const HeatTransfer& h) {
    const double* g = s.boussinesq.settings.gravity_dir;
    const bool square_cavity = h.available && h.axis == 0 && s.dims.nz == 1 &&
                               s.dims.nx == s.dims.ny && g[0] == 0 && g[1] < 0;
    // Ra and Pr follow the live tau and tau_t: a changed tau leaves the published case.
    if (!square_cavity || !near(h.prandtl, 0.71, 1e-3)) return nullptr;
    for (const Published& p : kDeVahlDavis)
        if (near(h.rayleigh, std::pow(10.0, p.exponent), 1e-6)) return &p;
    return nullptr;
}

} // namespace

HeatTransfer heat_transfer(const SimulationSetup& s) {
    HeatTransfer h;
    const std::string name = "scenario " + s.scenario;
    if (!has_temperature(s)) {
        h.why = name + " has no temperature; " + kWhichRuns;
        return h;
    }
    const int axis = s.boussinesq.settings.heated_axis;
    if (!s.boussinesq.enabled || axis < 0 || axis > 2) {
        h.why = name + " has no heated walls driving heat through it; " + kWhichRuns;
        return h;
    }
    if (s.flags.size() != s.dims.nodes() || slice_count(s.dims, Axis(axis)) < 3) {
        h.why = name + " has no fluid between its heated walls";
        return h;
    }
    const double hot = end_wall_theta(s, axis, false), cold = end_wall_theta(s, axis, true);
    if (!(hot > cold)) {
        h.why = name + ": the walls at the ends of axis " + "xyz"[axis] +
                " are not a hot (low end) and a cold (high end) wall";
        return h;
    }
    h.available = true;
    h.axis = axis;
    h.height = slice_count(s.dims, Axis(axis)) - 2;
    h.kappa = kappa_of(s);
    h.dT = hot - cold;
    const double nu = viscosity_of_tau(s.flow.tau);
    h.rayleigh = s.boussinesq.settings.g_beta * h.dT * std::pow(h.height, 3) / (nu * h.kappa);
    h.prandtl = nu / h.kappa;
    return h;
}

template <class Real>
double nusselt(const SimulationSetup& s, const HeatTransfer& h, const Real* u_axis,
               const Real* theta) {
    if (!h.available) return std::numeric_limits<double>::quiet_NaN();
    return bq::average_nusselt(s.flags, u_axis, theta, h.height, h.kappa, h.dT);
}
template double nusselt(const SimulationSetup&, const HeatTransfer&, const float*, const float*);
template double nusselt(const SimulationSetup&, const HeatTransfer&, const double*, const double*);

double nusselt(const SimulationSetup& s, const HeatTransfer& h, const MacroField& m) {
    const std::vector<double>& u = h.axis == 0 ? m.ux : h.axis == 1 ? m.uy : m.uz;
    return nusselt(s, h, u.data(), m.T.data());
}

double nusselt(Simulation& sim, const HeatTransfer& h) {
    if (!h.available) return std::numeric_limits<double>::quiet_NaN();
    const std::size_t nodes = sim.setup().dims.nodes();
    std::vector<float> u(nodes), theta(nodes);
    const FieldKind along[] = {FieldKind::Ux, FieldKind::Uy, FieldKind::Uz};
    sim.read_field({along[h.axis]}, {true}, u.data(), MemorySpace::Host);
    sim.read_field({FieldKind::Temperature}, {true}, theta.data(), MemorySpace::Host);
    return nusselt(sim.setup(), h, u.data(), theta.data());
}

std::string nusselt_text(double nu, const SimulationSetup& s, const HeatTransfer& h) {
    char buf[96];
    const Published* p = published(s, h);
    if (p)
        std::snprintf(buf, sizeof buf, "%.3f (de Vahl Davis 1983: %.3f at Ra 1e%d)", nu, p->nusselt,
                      p->exponent);
    else
        std::snprintf(buf, sizeof buf, "%.3f", nu);
    return buf;
}

} // namespace ll

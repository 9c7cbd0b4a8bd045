// Field helpers for the physics tests: velocities in double precision straight from the
// canonical state (export_state), so FP64 comparisons are not limited by MacroField's floats.
#pragma once
#include "solver/dispatch.hpp"
#include "solver/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <omp.h>
#include <vector>

namespace ll::test {

// ctest -j2 runs two test processes on the two cores: one OpenMP thread each avoids
// oversubscription (spinning OpenMP threads on a busy machine slow small lattices tenfold).
inline int use_threads(int n) {
    omp_set_num_threads(n);
    return n;
}

// Density and force-corrected velocity of every updated node; half-way wall nodes are marked
// not fluid and left at rho = 0, u = 0.
struct FlowField {
    std::vector<double> rho, u; // u: 3 per node
    std::vector<char> updated;
    double u_at(std::size_t n, int a) const { return u[3 * n + a]; }
};

inline FlowField flow_field(Simulation& sim) {
    const SimulationSetup& s = sim.setup();
    std::vector<double> f;
    sim.export_state(f);
    const std::size_t nodes = s.dims.nodes();
    FlowField out{std::vector<double>(nodes, 0.0), std::vector<double>(3 * nodes, 0.0),
                  std::vector<char>(nodes, 0)};
    with_stencil(s.model.stencil, [&](auto tag) {
        using S = typename decltype(tag)::type;
        for (std::size_t n = 0; n < nodes; ++n) {
            if (!is_updated(s.flags[n])) continue;
            double rho = 0, j[3] = {0, 0, 0};
            for (int i = 0; i < S::Q; ++i) {
                const double v = f[n * S::Q + i];
                rho += v;
                for (int a = 0; a < 3; ++a)
                    j[a] += cvel<S>(i, a) * v;
            }
            out.updated[n] = 1;
            out.rho[n] = rho;
            for (int a = 0; a < 3; ++a)
                out.u[3 * n + a] = (j[a] + 0.5 * s.flow.force[a]) / rho;
        }
    });
    return out;
}

// Sum of term(rho, u) over the updated nodes.
template <class Term>
double sum_over_fluid(const FlowField& f, Term term) {
    double s = 0;
    for (std::size_t n = 0; n < f.rho.size(); ++n)
        if (f.updated[n]) s += term(f.rho[n], &f.u[3 * n]);
    return s;
}

// Largest component difference over nodes updated in both fields (NaN counts as infinite).
inline double max_velocity_difference(const FlowField& a, const FlowField& b) {
    double m = 0;
    for (std::size_t n = 0; n < a.updated.size(); ++n) {
        if (!a.updated[n] || !b.updated[n]) continue;
        for (int k = 0; k < 3; ++k) {
            const double d = std::abs(a.u[3 * n + k] - b.u[3 * n + k]);
            m = std::isnan(d) ? INFINITY : std::max(m, d);
        }
    }
    return m;
}

// L2 norm of the velocity change between two fields, relative to the L2 norm of `now`.
inline double relative_change(const FlowField& before, const FlowField& now) {
    double num = 0, den = 0;
    for (std::size_t k = 0; k < now.u.size(); ++k) {
        num += (now.u[k] - before.u[k]) * (now.u[k] - before.u[k]);
        den += now.u[k] * now.u[k];
    }
    return den > 0 ? std::sqrt(num / den) : INFINITY;
}

// Steps in chunks until the relative velocity change over one chunk is below `tolerance`
// or `max_steps` is reached. Returns the last relative change.
inline double run_to_steady(Simulation& sim, int chunk, double tolerance, long max_steps) {
    FlowField prev = flow_field(sim);
    double change = INFINITY;
    for (long done = 0; done < max_steps && !(change < tolerance); done += chunk) {
        sim.step(chunk);
        FlowField now = flow_field(sim);
        change = relative_change(prev, now);
        prev = std::move(now);
    }
    return change;
}

} // namespace ll::test

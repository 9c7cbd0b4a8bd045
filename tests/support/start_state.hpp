// The start state an engine builds where its lattice lives (Engine::import_equilibrium from
// rho, u and T) against the host's path: the canonical equilibrium made on the host
// (equilibrium_state, models/registry.hpp) and imported (Engine's own import_equilibrium).
// Two engines of one back end, one per path; their exported states are compared.
#pragma once
#include "solver/models/registry.hpp"
#include "solver/scenario/scenario.hpp"
#include "solver/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ll::test {

struct StartCase {
    const char* scenario;
    KeyValues keys;
    // On a GPU the double formula may contract into other FMAs than on the host: at most one
    // rounding of the stored type apart (relative to the largest population).
    double gpu_tolerance;
};

// D2Q9 and D3Q19 in FP64, FP32 and 16-bit storage over the scheme families, walls and an
// obstacle; D2Q37 (its own equilibrium and gravity shift).
inline std::vector<StartCase> start_cases() {
    return {
        {"cavity2d", {{"size", "24"}, {"precision", "fp64"}, {"scheme", "aa"}}, 1e-14},
        {"cylinder2d", {{"size", "12"}, {"precision", "fp32"}, {"scheme", "esoteric"}}, 1.2e-7},
        {"cavity3d", {{"size", "12"}, {"storage", "fp16s"}, {"scheme", "pull"}}, 1e-3},
        {"rt2d", {{"size", "32"}, {"height", "64"}}, 1e-14},
    };
}

inline std::vector<double> started_state(const SimulationSetup& s, BackendKind backend,
                                         bool on_host) {
    const EngineConfig cfg = engine_config(s);
    std::string why;
    std::unique_ptr<Engine> e =
        backend == BackendKind::Cpu ? make_cpu_engine(cfg) : make_cuda_engine(cfg, why);
    if (!e) throw std::runtime_error("no engine: " + why);
    e->set_flags(s.flags);
    if (on_host)
        e->Engine::import_equilibrium(cfg, s.flags, s.rho, s.u, s.T);
    else
        e->import_equilibrium(cfg, s.flags, s.rho, s.u, s.T);
    std::vector<double> f;
    e->export_state(f);
    return f;
}

// The largest difference between the two paths' states, relative to the largest population.
inline double start_state_difference(const StartCase& c, BackendKind backend) {
    const SimulationSetup s = build_scenario(c.scenario, c.keys);
    const std::vector<double> host = started_state(s, backend, true);
    const std::vector<double> engine = started_state(s, backend, false);
    if (host.size() != engine.size()) return INFINITY;
    double worst = 0, scale = 0;
    for (std::size_t k = 0; k < host.size(); ++k) {
        worst = std::max(worst, std::fabs(engine[k] - host[k]));
        scale = std::max(scale, std::fabs(host[k]));
    }
    return scale > 0 ? worst / scale : INFINITY;
}

} // namespace ll::test

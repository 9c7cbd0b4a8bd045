#include "test_support.hpp"

#include "solver/dispatch.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ll::test {

std::unique_ptr<Simulation> cpu_run(const std::string& scenario, const KeyValues& keys) {
    return Simulation::create(build_scenario(scenario, keys), BackendKind::Cpu);
}

std::vector<std::vector<double>> read_csv(const std::string& file_name) {
    std::ifstream in(std::string(LATTICELAB_TEST_DATA) + "/" + file_name);
    if (!in) throw std::runtime_error("cannot open test data " + file_name);
    std::vector<std::vector<double>> rows;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (header) {
            header = false;
            continue;
        }
        std::vector<double> row;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ','))
            row.push_back(std::stod(cell));
        rows.push_back(row);
    }
    return rows;
}

std::vector<double> velocity_in_double(Simulation& sim) {
    std::vector<double> f;
    sim.export_state(f);
    const SimulationSetup& s = sim.setup();
    return with_stencil(s.model.stencil, [&](auto tag) {
        using S = typename decltype(tag)::type;
        const std::size_t nodes = s.dims.nodes();
        std::vector<double> u(3 * nodes, 0.0);
        for (std::size_t n = 0; n < nodes; ++n) {
            double rho = 0, j[3] = {0, 0, 0};
            for (int i = 0; i < S::Q; ++i) {
                const double v = f[n * S::Q + i];
                rho += v;
                for (int a = 0; a < 3; ++a)
                    j[a] += cvel<S>(i, a) * v;
            }
            if (rho <= 0) continue;
            for (int a = 0; a < 3; ++a)
                u[3 * n + a] = (j[a] + 0.5 * s.flow.force[a]) / rho;
        }
        return u;
    });
}

bool gpu_available(std::string* why) {
    std::string reason;
    if (!cuda_compiled_in()) {
        reason = "built without CUDA";
    } else {
        EngineConfig cfg;
        cfg.dims = {8, 8, 1};
        if (make_cuda_engine(cfg, reason)) return true;
    }
    if (why) *why = reason;
    return false;
}

} // namespace ll::test

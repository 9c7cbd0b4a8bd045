#include "test_support.hpp"

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

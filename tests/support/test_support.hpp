// Small helpers shared by the test executables.
#pragma once
#include "solver/scenario/scenario.hpp"

#include <string>
#include <vector>

namespace ll::test {

// Builds a preset and starts it on the CPU back end.
std::unique_ptr<Simulation> cpu_run(const std::string& scenario, const KeyValues& keys);
// Rows of a CSV file under tests/data, skipping '#' comment lines and the header.
std::vector<std::vector<double>> read_csv(const std::string& file_name);
// True when a CUDA device can run the solver (GPU tests skip otherwise, saying why).
bool gpu_available(std::string* why = nullptr);

} // namespace ll::test

// In a GPU test: skips it, saying why, when no GPU can run it.
#define LL_REQUIRE_GPU()                                                                           \
    do {                                                                                           \
        std::string why;                                                                           \
        if (!::ll::test::gpu_available(&why)) GTEST_SKIP() << "no usable GPU: " << why;            \
    } while (0)

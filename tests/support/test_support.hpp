// Small helpers shared by the test executables.
#pragma once
#include "solver/scenario/scenario.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace ll::test {

// Builds a preset and starts it on the CPU back end.
std::unique_ptr<Simulation> cpu_run(const std::string& scenario, const KeyValues& keys);
// Rows of a CSV file under tests/data, skipping '#' comment lines and the header.
std::vector<std::vector<double>> read_csv(const std::string& file_name);
// True when a CUDA device can run the solver (GPU tests skip otherwise, saying why).
bool gpu_available(std::string* why = nullptr);

// The message of the ConfigError that `action` throws, or "(accepted)" when it throws none.
std::string error_of(const auto& action) {
    try {
        action();
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(accepted)";
}

// Sets an environment variable for a scope (LATTICELAB_OVERLAP, LATTICELAB_CUDA_GRAPHS: read
// when an engine is made) and unsets it at the scope's end, also when a test throws.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
    ~ScopedEnv() { unsetenv(name_); }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* name_;
};

} // namespace ll::test

// In a GPU test: skips it, saying why, when no GPU can run it.
#define LL_REQUIRE_GPU()                                                                           \
    do {                                                                                           \
        std::string why;                                                                           \
        if (!::ll::test::gpu_available(&why)) GTEST_SKIP() << "no usable GPU: " << why;            \
    } while (0)

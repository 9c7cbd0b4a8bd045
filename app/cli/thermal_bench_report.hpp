// The output of `latticelab thermal-bench`: one JSON row per kernel or full step and block size
// with its rates, and the Markdown report, which is built from the JSON alone.
#pragma once
#include "app/cli/d2q37_kernel_work.hpp"
#include "solver/cuda/device_probes.hpp"
#include "solver/engine/engine.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace ll::cli {

// The run's denominators, measured on the device (device_probes.hpp).
struct Denominators {
    double copy_bandwidth = 0; // bytes/s
    cuda::Fp64Peak fp64;
    std::string device;
};

// One measurement: a kernel alone or a scheme's full step, at one block size.
struct BenchRow {
    std::string name; // kernel or scheme
    int block = 0;
    std::string refused; // why it cannot start at this block size; empty when it ran
    double seconds = 0;  // per launch or per step
    thermal::KernelWork work;
    std::vector<KernelResources> resources;
};

struct BenchRun {
    Denominators device;
    int lx = 0, ly = 0;
    double flops_per_site = 0;
    std::string flops_source; // where flops_per_site comes from
    std::string timing;       // how the rows were timed
    std::vector<BenchRow> kernels, steps;
};

// Empty when every function starts with `block` threads, else which one cannot and why.
std::string refusal(const std::vector<KernelResources>& rs, int block);

nlohmann::json thermal_bench_record(const BenchRun& run);
// The headline (best block size of each kernel and step), both sweeps, the CUDA functions.
std::string thermal_bench_markdown(const nlohmann::json& run);

} // namespace ll::cli

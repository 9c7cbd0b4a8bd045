// One translation unit per stencil keeps the CPU build parallel.
#include "cpu_engine.hpp"

namespace ll {
std::unique_ptr<Engine> make_cpu_engine_d3q19(const EngineConfig& cfg) {
    if (cfg.model.precision == Precision::FP64) return std::make_unique<CpuEngine<D3Q19, double>>(cfg);
    return std::make_unique<CpuEngine<D3Q19, float>>(cfg);
}
} // namespace ll

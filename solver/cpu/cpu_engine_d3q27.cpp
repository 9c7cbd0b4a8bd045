// One translation unit per stencil keeps the CPU build parallel.
#include "cpu_engine.hpp"

namespace ll {
std::unique_ptr<Engine> make_cpu_engine_d3q27(const EngineConfig& cfg) {
    if (cfg.model.precision == Precision::FP64) return std::make_unique<CpuEngine<D3Q27, double>>(cfg);
    return std::make_unique<CpuEngine<D3Q27, float>>(cfg);
}
} // namespace ll

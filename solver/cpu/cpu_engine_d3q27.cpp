// One translation unit per stencil keeps the CPU build parallel.
#include "cpu_engine.hpp"

namespace ll {
std::unique_ptr<Engine> make_cpu_engine_d3q27(const EngineConfig& cfg) {
    switch (stored_as(cfg.model)) {
    case Storage::FP64:
        return std::make_unique<CpuEngine<D3Q27, double>>(cfg);
    case Storage::FP16S:
        return std::make_unique<CpuEngine<D3Q27, float, Fp16s>>(cfg);
    case Storage::FP16C:
        return std::make_unique<CpuEngine<D3Q27, float, Fp16c>>(cfg);
    default:
        return std::make_unique<CpuEngine<D3Q27, float>>(cfg);
    }
}
} // namespace ll

// CPU engines for D3Q19 flow with a D3Q7 or D3Q19 temperature population, FP32 and FP64.
#include "cpu_engine.hpp"

namespace ll::thermal::boussinesq {

std::unique_ptr<Engine> make_cpu_engine_3d(const Config& cfg) {
    const bool fp64 = cfg.model.precision == Precision::FP64;
    if (cfg.temperature == TemperatureStencil::Flow) {
        if (fp64) return std::make_unique<CpuEngine<D3Q19, D3Q19, double>>(cfg);
        return std::make_unique<CpuEngine<D3Q19, D3Q19, float>>(cfg);
    }
    if (fp64) return std::make_unique<CpuEngine<D3Q19, D3Q7, double>>(cfg);
    return std::make_unique<CpuEngine<D3Q19, D3Q7, float>>(cfg);
}

} // namespace ll::thermal::boussinesq
